"""The README's RL snippet prints what the README says it prints (the section's code block, run as a script)."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_snippet_prints_its_output() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## The RL environment", 1)[1].split("\n## ", 1)[0]
    code, printed = re.findall(r"```(?:python)?\n(.*?)```", section, re.S)[:2]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert got.returncode == 0, got.stderr
    assert got.stdout == printed
