"""Every .scenario file of the project, one test per scenario (named after it), run against the real game.

Scenarios under a `known_failures/` folder document a card or engine bug that is not fixed yet: they are
expected to fail (strict), so the suite goes red the day the bug is fixed and the file should move out.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from cardlang.compile.scenario import collect, load_scenarios, run_scenario
from cardlang.errors import CardLangError

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
SEARCH = [HERE] + ([ROOT / "examples"] if (ROOT / "examples").is_dir() else [])
KNOWN_FAILURES = "known_failures"

_CACHE: dict = {}  # compiled games, shared by all scenarios of this module


def _rel(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def _params() -> list:
    out = []
    for path, item in collect(SEARCH):
        known = KNOWN_FAILURES in path.parts
        marks = [pytest.mark.xfail(strict=True, reason=f"known failure, see {_rel(path)}")] if known else []
        test_id = item.name if not isinstance(item, CardLangError) else f"{_rel(path)} (does not load)"
        out.append(pytest.param(path, item, id=test_id, marks=marks))
    return out


PARAMS = _params()


def _run(decl):
    return run_scenario(decl, cache=_CACHE)


@pytest.mark.parametrize(("path", "item"), PARAMS)
def test_scenario(path: Path, item) -> None:
    if isinstance(item, CardLangError):
        pytest.fail(item.render(), pytrace=False)
    result = _run(item)
    if not result.passed:
        pytest.fail(f"{_rel(path)}: {item.name}\n{result.error.render()}", pytrace=False)


def test_scenarios_are_found() -> None:
    names = {p.values[1].name for p in PARAMS if not isinstance(p.values[1], CardLangError)}
    assert len(names) > 100
    dominion = HERE / "dominion"
    cards = sorted(f.stem for f in (ROOT / "cards" / "dominion").glob("*.card"))
    assert len(cards) == 32
    missing = [c for c in cards if not (dominion / f"{c}.scenario").is_file()]
    assert not missing, f"cards without a scenario file: {missing}"


def test_scenario_names_are_unique() -> None:
    seen: dict[str, str] = {}
    dupes = []
    for p in PARAMS:
        path, item = p.values
        if isinstance(item, CardLangError):
            continue
        if item.name in seen:
            dupes.append(f"{item.name!r}: {seen[item.name]} and {_rel(path)}")
        seen[item.name] = _rel(path)
    assert not dupes, "scenario names are test ids and must be unique:\n" + "\n".join(dupes)


# ---- the scenario runner itself: failures that must be reported, not passed ---------------------------

def _one(tmp_path: Path, text: str):
    f = tmp_path / "probe.scenario"
    f.write_text(text, encoding="utf-8")
    (decl,) = load_scenarios(f)
    return _run(decl)


def test_missing_answer_fails_as_unscripted(tmp_path: Path) -> None:
    r = _one(tmp_path, """
scenario "Militia with p2's answer missing" {
  game dominion; players 2;
  p1.hand = [Militia];
  p2.hand = [Copper, Copper, Estate, Estate, Silver];
  play Militia in hand;
  expect count(p2.hand) == 3;
}
""")
    assert not r.passed
    assert "unscripted" in r.error.message
    assert "discard_down" in r.error.message


def test_missing_yes_no_answer_fails_as_unscripted(tmp_path: Path) -> None:
    r = _one(tmp_path, """
scenario "Chancellor without its answer" {
  game dominion; players 2;
  p1.hand = [Chancellor];
  play Chancellor in hand;
}
""")
    assert not r.passed
    assert "unscripted decision 'chancellor_discard_deck'" in r.error.message


def test_unused_answer_fails(tmp_path: Path) -> None:
    r = _one(tmp_path, """
scenario "Smithy asks nothing" {
  game dominion; players 2;
  p1.hand = [Smithy];
  answer yes;
  play Smithy in hand;
}
""")
    assert not r.passed
    assert "never asked for" in r.error.message


def test_false_expect_fails_with_its_line(tmp_path: Path) -> None:
    r = _one(tmp_path, """
scenario "Village gives two Actions, not three" {
  game dominion; players 2;
  p1.hand = [Village];
  play Village in hand;
  expect p1.actions == 3;
}
""")
    assert not r.passed
    assert r.error.span.line == 6
    assert "p1.actions is 2" in r.error.message


def test_missing_log_line_fails(tmp_path: Path) -> None:
    r = _one(tmp_path, """
scenario "No reshuffle with a full deck" {
  game dominion; players 2;
  p1.hand = [Smithy];
  p1.deck = [Copper, Copper, Copper, Copper];
  play Smithy in hand;
  expect_log "Refilled p1.deck";
}
""")
    assert not r.passed
    assert "no log line contains" in r.error.message


@pytest.mark.parametrize(("card", "hand", "answers", "illegal"), [
    ("Feast", "[Feast]", "Gold", "Gold"),                     # costs 6 > 5
    ("Workshop", "[Workshop]", "Duchy", "Duchy"),             # costs 5 > 4
    ("Mine", "[Mine, Copper, Silver]", "Copper Gold", "Gold"),        # 6 > 0 + 3
    ("Mine", "[Mine, Silver, Copper]", "Silver Duchy", "Duchy"),      # not a Treasure
    ("Remodel", "[Remodel, Estate, Copper]", "Estate Duchy", "Duchy"),  # 5 > 2 + 2
    ("Throne Room", '["Throne Room", Copper, Smithy, Village]', "Copper", "Copper"),  # not an Action
    # (with a single legal option the pick is taken without asking: two options make it a question)
])
def test_gain_limits_refuse_illegal_answers(tmp_path: Path, card, hand, answers, illegal) -> None:
    """An answer naming an option the card does not offer fails the scenario (the limit is enforced)."""
    r = _one(tmp_path, f"""
scenario "{card} refuses {illegal}" {{
  game dominion; players 2;
  kingdom [Feast, Workshop, Mine, Remodel, "Throne Room", Smithy, Village, Cellar, Moat, Militia];
  p1.hand = {hand};
  p1.deck = [Copper, Copper, Copper];
  answer {answers};
  play "{card}" in hand;
}}
""")
    assert not r.passed
    assert f"has no option '{illegal}'" in r.error.message


def test_no_scenario_outside_known_failures_calls_itself_a_known_failure() -> None:
    """A scenario that passes must not say it fails: a "KNOWN FAILURE" note belongs in known_failures/ only,
    where the strict xfail above turns red the day it passes."""
    stale = [_rel(f) for f in sorted(HERE.rglob("*.scenario"))
             if KNOWN_FAILURES not in f.parts and "KNOWN FAILURE" in f.read_text(encoding="utf-8").upper()]
    assert not stale, f"stale KNOWN FAILURE notes in passing scenarios: {stale}"
