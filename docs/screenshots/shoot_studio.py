"""The studio's before/after screenshots of issue 33 (docs/screenshots/studio-{before,after}-*.png): the workbench of the
code on ``PYTHONPATH`` served on a shipped family, a link opened in Debian's headless Chromium at 1,280 px, the PNG
reduced to a palette of 256 colours (text and flat colours: the page reads the same, the file is a fifth).

    PYTHONPATH=$PWD python3 docs/screenshots/shoot_studio.py after          # this checkout
    PYTHONPATH=/tmp/studio-before python3 docs/screenshots/shoot_studio.py before --root /tmp/studio-before
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
SHOTS = {  # name -> (family folder, the link opened): a blackjack game as opened, a poker game edited
    "blackjack": ("blackjack", "#path=6-decks-h17-das.yaml&beside=6-decks-s17-das.yaml"),
    "poker": ("three_card_poker", "#path=standard.yaml&edit=pair_plus|flush|3&rule=Dealer qualifies|J-high"
                                  "&beside=pair-plus-40-30-6-3-1.yaml&sweep=pair_plus|flush|1..6"),
}


def main() -> None:
    from PIL import Image
    from werkzeug.serving import make_server

    from casino_math.studio.server import create_app
    from casino_math.studio.workbench import Workbench

    asked = argparse.ArgumentParser()
    asked.add_argument("when", choices=("before", "after"))
    asked.add_argument("--root", type=Path, default=HERE.parent.parent, help="the checkout whose paytables/ are served")
    asked.add_argument("--only", choices=tuple(SHOTS))
    args = asked.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    assert chromium, "no chromium here (Debian's package: apt-get install chromium)"
    for name, (family, link) in SHOTS.items():
        if args.only and name != args.only:
            continue
        workbench = Workbench(args.root / "paytables" / family)
        server = make_server("127.0.0.1", 0, create_app(workbench, "shot"), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        out = HERE / f"studio-{args.when}-{name}.png"
        with tempfile.TemporaryDirectory() as profile:
            subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                            "--hide-scrollbars", f"--user-data-dir={profile}", "--window-size=1280,2000",
                            "--virtual-time-budget=30000", f"--screenshot={out}",
                            f"http://127.0.0.1:{server.server_port}/?token=shot{link}"], check=True, capture_output=True, timeout=900)
        server.shutdown()
        workbench.solves.stop_all()
        Image.open(out).convert("RGB").quantize(256).save(out, optimize=True)
        print(f"wrote {out} ({out.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
