"""Hidden information in decisions (issue 9, section 2; docs/language.md section 11, `privately`): the siege
question is put to the attacker every round whatever the hand holds, so that being asked (or, at a shared
screen, being handed the screen) does not tell the defender whether the attacker holds two income cards.
Structural, as tests/games/fall_of_kingdoms/test_fok_secrecy.py: the same combat run against two hands that
differ only in a hidden card gives the other seat an identical view and puts identical questions."""
from __future__ import annotations

from pathlib import Path

from cardlang.compile import scenario as S
from cardlang.compile.scenario_script import ScenarioAgent
from cardlang.runtime.decisions import View

COMBAT = """
scenario "siege question" {{
  game warring_kingdom; players 2;
  p1.hand = [{hand}];
  p2.hand = [];
  put Warrior to p1.board column=3 row=1;
  put "Town Guard" to p2.board column=3 row=1;
  dice [3, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  answer none none {answers};
  note "the combat begins";
  combat p2;
}}
"""


DECIDE, EXECUTE = ScenarioAgent.decide, S._Runner.execute  # before any test wraps them


def run_combat(tmp_path: Path, monkeypatch, hand: str, answers: str):
    """Run one round of p1's attack on p2; the questions put (seat, tag, prompt, private) and the final state."""
    asked: list = []
    seen: dict = {}

    def recording(self, view, decision):
        asked.append((decision.player, decision.tag, decision.prompt, decision.private))
        return DECIDE(self, view, decision)

    def keeping(self):
        seen["state"] = self.state
        EXECUTE(self)
    monkeypatch.setattr(ScenarioAgent, "decide", recording)
    monkeypatch.setattr(S._Runner, "execute", keeping)
    path = tmp_path / "siege.scenario"
    path.write_text(COMBAT.format(hand=hand, answers=answers))
    [decl] = S.load_scenarios(path)
    result = S.run_scenario(decl)
    assert result.error is None, result.error
    return asked, seen["state"]


def combat_view(state, seat: int) -> list[str]:
    """What SEAT saw of the log from the combat on (its terminal and its agent read the same lines); the
    position written before it differs between the two hands by construction."""
    lines = View(state, seat).log_lines()
    start = next(i for i, line in enumerate(lines) if "the combat begins" in line)
    return lines[start:]


def test_the_siege_question_looks_the_same_whatever_the_attacker_holds(tmp_path, monkeypatch) -> None:
    # Two income cards: asked, and p1 declines. One income card and another card: asked with nothing to pick.
    can, state_can = run_combat(tmp_path, monkeypatch, "Copper, Silver", "no")
    cannot, state_cannot = run_combat(tmp_path, monkeypatch, "Copper, Tavern", "")
    siege = (0, "siege", "Continue the siege by discarding two income cards?", True)
    assert siege in can and siege in cannot
    assert can == cannot                                   # the same questions, in the same order
    assert combat_view(state_can, 1) == combat_view(state_cannot, 1)
    assert not any("siege" in line for line in combat_view(state_can, 1))
    # The attacker's own view says what happened: declined, or nothing it could choose.
    assert any("p1 chose nothing (siege)" in line for line in combat_view(state_cannot, 0))
