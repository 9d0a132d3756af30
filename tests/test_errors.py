"""Golden error messages: each tests/errors/<case>.card holds one real author mistake; the first error it
produces, rendered, must equal tests/errors/<case>.err exactly.

Syntax cases (`// check: parse`) are parsed alone; the others are loaded as one more card of the dominion
game, from a temporary project copy, so the whole check path runs. Paths render as `errors/<case>.card`
wherever the checkout lives. The conventions and the regeneration command are in tools/regen_goldens.py:

    python tools/regen_goldens.py [CASE ...]     # then review the diff
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("regen_goldens", ROOT / "tools" / "regen_goldens.py")
goldens = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(goldens)

CASES = goldens.case_files()
PARSE_CASES = [c for c in CASES if goldens.read_markers(c.read_text(encoding="utf-8"), c.name)["check"] == "parse"]

# The mistakes the suite must cover (case names), so that none is dropped by accident.
REQUIRED = {
    "missing_semicolon", "unclosed_brace", "unknown_verb", "unknown_zone", "unknown_card", "unknown_type",
    "wrong_argument_type", "too_many_arguments", "duplicate_cost", "break_outside_loop", "unknown_property",
    "single_quotes", "unknown_event",
}


def test_cases_are_there():
    names = {c.stem for c in CASES}
    assert len(CASES) >= 12
    assert REQUIRED <= names, REQUIRED - names


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_case_has_its_golden_and_markers(case):
    markers = goldens.read_markers(case.read_text(encoding="utf-8"), case.name)
    assert markers["case"]
    assert goldens.golden_path(case).is_file(), f"run: python tools/regen_goldens.py {case.stem}"


def test_every_golden_has_a_case():
    orphans = [e.name for e in goldens.CASES.glob("*.err") if not e.with_suffix(".card").exists()]
    assert not orphans


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_first_error_matches_golden(case):
    expected = goldens.golden_path(case).read_text(encoding="utf-8")
    actual = goldens.render_case(case)
    assert actual == expected, f"regenerate with: python tools/regen_goldens.py {case.stem}"


@pytest.mark.parametrize("case", PARSE_CASES, ids=[c.stem for c in PARSE_CASES])
def test_syntax_case_reads_the_same_when_loaded(case):
    """A syntax mistake reads the same whether the file is parsed alone or loaded with its game."""
    assert goldens.render_case(case, mode="load") == goldens.render_case(case, mode="parse")


def test_render_leaves_environment_alone(monkeypatch):
    import os
    monkeypatch.setenv("CARDLANG_HOME", "/nonexistent-home")
    cwd = Path.cwd()
    goldens.render_case(CASES[0], mode="load")
    assert os.environ["CARDLANG_HOME"] == "/nonexistent-home"
    assert Path.cwd() == cwd
