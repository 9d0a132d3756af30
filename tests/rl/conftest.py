"""The RL environment's tests need the optional extra cardlang[rl] (in the test extra, so CI has it)."""
from __future__ import annotations

import pytest

for _name in ("numpy", "gymnasium", "pettingzoo"):
    pytest.importorskip(_name, reason="the optional extra cardlang[rl] is not installed (pip install '.[rl]')")
