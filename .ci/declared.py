"""The project's declared dependencies, one requirement a line, for pip: ``lowest`` pins each at the lowest version
pyproject.toml allows (its ``>=`` bound), ``newest`` gives them as declared (pip takes the newest they allow).

A declared range is a tested range: .ci/run runs .ci/smoke.py with the newest (its own environment) and with the lowest,
installed in a fresh environment.
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
