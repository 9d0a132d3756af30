"""Without the optional extra, importing cardlang.rl says which extra to install (not a bare ModuleNotFoundError
from deep inside)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_import_without_the_extra_names_it() -> None:
    # a None in sys.modules makes `import pettingzoo` fail as if it were not installed
    code = "import sys; sys.modules['pettingzoo'] = None; import cardlang.rl"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert got.returncode == 1
    assert "ImportError: cardlang.rl needs the optional extra 'rl'" in got.stderr
    assert "pip install 'cardlang[rl]'" in got.stderr
