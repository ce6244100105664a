"""placeholder"""
from __future__ import annotations
from typing import Any

def strategy_table(view: Any) -> Any:
    import pandas as pd
    return pd.DataFrame([])
