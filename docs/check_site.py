"""Checks of the built documentation site (CI, after ``python3 -m sphinx -W``): no internal link broken, and pages render.

    python3 docs/check_site.py build/docs                 # links, then the index and a family page in headless Chromium
    python3 docs/check_site.py build/docs --no-browser    # links only

Links: every ``href`` and ``src`` of every built page that stays on the site must name a file that was built, and its
``#fragment`` an ``id`` on that page. Rendering: Debian's ``chromium`` loads the index page and one family page
headless and prints the DOM once the page has run; each must hold its title and its text (the README's tour, the family's
published figures), and a screenshot of each is written beside the site (``build/docs-shots/``). Exit 1 on any failure.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

# What each rendered page must show: its path under the site, and texts its DOM must hold
PAGES = (
    ("index.html", ("casino-math", "A ten-minute tour", "Games shipped")),
    ("_generated/families/three_card_poker.html", ("Three Card Poker", "Published figures", "Wizard of Odds")),
)


class Page(HTMLParser):
    """The links and the ids of one HTML page."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("href", "src"):
                self.links.append(value)
            elif name in ("id", "name"):
                self.ids.add(value)


def parse(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8", errors="replace"))
    return page


def broken_links(site: Path) -> list[str]:
    """Every link of the site's pages to a page or file of the site that is not there, as ``page: link``."""
    pages = {path.resolve(): parse(path) for path in site.rglob("*.html")}
    broken = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith(("mailto:", "javascript:", "data:")):
                continue  # off the site: not checked (the build reaches no other site)
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            where = f"{path.relative_to(site.resolve())}: {link}"
            if not target.exists():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else parse(target).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no such anchor)")
    return broken


def browser() -> str | None:
    return next((shutil.which(name) for name in ("chromium", "chromium-browser", "google-chrome") if shutil.which(name)), None)


def rendered(chromium: str, page: Path, shot: Path) -> str:
    """The DOM of ``page`` once headless Chromium has run it, and its screenshot written to ``shot``."""
    with tempfile.TemporaryDirectory() as profile:
        common = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
                  f"--user-data-dir={profile}", "--virtual-time-budget=5000"]
        dom = subprocess.run([*common, "--dump-dom", page.as_uri()], capture_output=True, text=True, timeout=120, check=True).stdout
        subprocess.run([*common, "--window-size=1280,1600", f"--screenshot={shot}", page.as_uri()], capture_output=True,
                       timeout=120, check=True)
    return dom


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site (sphinx -b html's output folder)")
    parser.add_argument("--no-browser", action="store_true", help="check the links only")
    args = parser.parse_args(argv)
    site: Path = args.site.resolve()
    if not (site / "index.html").is_file():
        print(f"{site}: no index.html: build the site first", file=sys.stderr)
        return 1
    failures = broken_links(site)
    checked = sum(1 for _ in site.rglob("*.html"))
    print(f"links: {checked} pages checked, {len(failures)} broken")
    if not args.no_browser:
        chromium = browser()
        if chromium is None:
            failures.append("chromium: not installed (apt-get install chromium), pages not rendered")
        else:
            shots = site.parent / f"{site.name}-shots"
            shots.mkdir(parents=True, exist_ok=True)
            for name, texts in PAGES:
                dom = rendered(chromium, site / name, shots / (Path(name).stem + ".png"))
                missing = [text for text in texts if text not in dom]
                size = (shots / (Path(name).stem + ".png")).stat().st_size if (shots / (Path(name).stem + ".png")).exists() else 0
                print(f"rendered {name}: {len(dom):,} characters of DOM, screenshot {size:,} bytes"
                      + (f", missing {missing}" if missing else ""))
                if missing or not size:
                    failures.append(f"{name}: rendered without {missing or 'a screenshot'}")
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
