"""The screenshot of the studio in docs/studio.md (docs/studio.png): the workbench served on the shipped Three Card Poker, a pay of
two tables edited, a small search run, shot by Debian's headless Chromium at a fixed window size.

    python3 docs/screenshot.py            # writes docs/studio.png (the counts kept as usual: run it twice for warm figures)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LINK = ("#path=standard.yaml&edit=ante_bonus|straight|2&edit=pair_plus|flush|3"
        "&search=pair_plus|flush=3..5,straight=4..7|2%..6%")


def main() -> None:
    from werkzeug.serving import make_server

    from casino_math.studio.server import create_app
    from casino_math.studio.workbench import Workbench

    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium here (Debian's package: apt-get install chromium)")
    server = make_server("127.0.0.1", 0, create_app(Workbench(ROOT / "paytables" / "three_card_poker")), threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    out = ROOT / "docs" / "studio.png"
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--hide-scrollbars",
                        f"--user-data-dir={profile}", "--window-size=1400,1500", "--virtual-time-budget=30000", f"--screenshot={out}",
                        f"http://127.0.0.1:{server.server_port}/{LINK}"], check=True, capture_output=True, timeout=300)
    server.shutdown()
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
