"""The documentation site's checks can fail (docs/check_site.py, run by CI after the build): a link to a page or an
anchor that is not there is found, one off the site is left alone."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.helpers.paths import ROOT

spec = importlib.util.spec_from_file_location("check_site", ROOT / "docs" / "check_site.py")
assert spec is not None and spec.loader is not None
check_site = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_site)


def test_broken_links_are_found(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "page.html").write_text('<h1 id="here">Page</h1><a href="../index.html#top">up</a>', encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<p id="top"><a href="sub/page.html#here">fine</a> <a href="sub/page.html#gone">no anchor</a> '
        '<a href="missing.html">no page</a> <img src="_static/logo.png"> <a href="https://example.org/x.html">off</a> '
        '<a href="#top">self</a></p>', encoding="utf-8")
    broken = check_site.broken_links(tmp_path)
    assert broken == ["index.html: sub/page.html#gone (no such anchor)", "index.html: missing.html (no such file)",
                      "index.html: _static/logo.png (no such file)"]
    assert check_site.main([str(tmp_path), "--no-browser"]) == 1
    (tmp_path / "_static").mkdir()
    (tmp_path / "_static" / "logo.png").write_bytes(b"")
    (tmp_path / "index.html").write_text('<p id="top"><a href="sub/page.html#here">fine</a></p>', encoding="utf-8")
    assert check_site.broken_links(tmp_path) == [] and check_site.main([str(tmp_path), "--no-browser"]) == 0
