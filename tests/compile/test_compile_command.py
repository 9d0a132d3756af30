"""`cardlang compile GAME [--card NAME]` prints the generated Python of a game's rules or of one card: valid
Python, headed by what each module was made for; an unknown card is a usage error with a suggestion."""
from __future__ import annotations

import ast as py
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardlang", "compile", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def test_one_card_prints_its_generated_python():
    r = run("dominion", "--card", "Militia")
    assert r.returncode == 0, r.stderr
    assert "\"card 'Militia': on play\" at 'cards/dominion/militia.card:" in r.stdout
    assert "def run_block(ctx):" in r.stdout
    py.parse(r.stdout)  # what it prints is Python (the headers are comments)
    assert "Smithy" not in r.stdout


def test_unknown_card_is_a_usage_error_with_a_hint():
    r = run("dominion", "--card", "Militi")
    assert r.returncode == 2
    assert r.stderr.strip() == "error: dominion has no card 'Militi'; did you mean 'Militia'?"
    assert "Traceback" not in r.stderr
