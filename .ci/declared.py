"""The project's declared dependencies, one requirement a line, for pip: ``lowest`` pins each at the lowest version
pyproject.toml allows (its ``>=`` bound), ``newest`` gives them as declared (pip takes the newest they allow).

A declared range is a tested range: .ci/run installs each set in a fresh environment and runs .ci/smoke.py there.
"""

import re
import sys
import tomllib
from pathlib import Path

declared = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())["project"]["dependencies"]
for requirement in declared:
    if sys.argv[1:] == ["lowest"]:
        name, low = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)>=([0-9.]+)(,.*)?", requirement.replace(" ", "")).group(1, 2)
        print(f"{name}=={low}")
    else:
        print(requirement)
