"""A tiny game for the primitive tests, written to a temporary CARDLANG_HOME so no test depends on a real game.
The `tiny` fixture (conftest.py) hands out a TinyFactory:

    def test_something(tiny):
        g = tiny(probe="move top 2 of deck to hand;")   # the probe card's `on play` body
        state = g.state(players=2)
        g.put(state, "p1.deck", ["Gem", "Coin", "Land"])   # top card first, as in scenario files
        g.play(state)                                       # Probe onto the table, its `on play` run by p1
        assert g.names(state, "p1.hand") == ["Coin", "Gem"]

`tiny.errors(probe=...)` loads the same game and returns the compile errors instead. The probe's body sits
alone on line 4 of `cards/tiny/probe.card`, from column 5, so `probe_span(body, part)` gives the span of PART.
The working directory is the temporary home, so spans read `cards/tiny/probe.card`.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from cardlang.compile.game import CompiledGame, load_game
from cardlang.errors import CardLangError, ErrorList, Span
from cardlang.runtime.state import Ctx, GameState, Zone

PROBE_PATH = "cards/tiny/probe.card"
PROBE_LINE, PROBE_COL = 4, 5

GAME = """\
game tiny {
  title "Tiny";
  players 2 to 4;
  types Thing, Shield;
  property value = 0;
  zone supply: shared, public, piles;
  zone deck: per player, hidden;
  zone hand: per player, owner;
  zone discard: per player, top public;
  zone table: shared, public;
  counter marks: per player, min 0;
  setup {
%(setup)s
  }
  turn {
%(turn)s
  }
%(extra)s
  verb use(c: cards) "use {c}" { trigger play c; }
}
"""

CARDS = {
    "Coin": "card Coin { types Thing; value 1; }",
    "Gem": "card Gem { types Thing; value 3; }",
    "Land": "card Land { types Thing; }",
}


def probe_source(body: str) -> str:
    return f"card Probe {{\n  types Thing;\n  on play {{\n    {body}\n  }}\n}}\n"


def probe_span(body: str, part: str, nth: int = 0) -> Span:
    """The span of the NTH occurrence of PART in the probe's body, as the compiler reports it."""
    start = -1
    for _ in range(nth + 1):
        start = body.index(part, start + 1)
    col = PROBE_COL + start
    return Span(PROBE_PATH, PROBE_LINE, col, PROBE_LINE, col + len(part))


@dataclass
class Tiny:
    """A loaded tiny game, with helpers to set a position and run cards."""

    game: CompiledGame

    def state(self, players: int = 2, seed: int = 1, log: bool = True) -> GameState:
        return self.game.new_state(players, seed, log=log)

    def zone(self, state: GameState, where: str) -> Zone:
        """`p1.hand`, `table`, `supply` (the zone itself) or `supply[Coin]` (one pile)."""
        if "[" in where:
            name, pile = where[:-1].split("[")
            return state.pile(state.zone_slot[name], pile)
        if "." in where:
            player, name = where.split(".")
            return state.zones[state.zone_slot[name]][int(player[1:]) - 1]
        return state.zones[state.zone_slot[where]][0]

    def put(self, state: GameState, where: str, names: list[str]) -> list[int]:
        """Create cards into a zone, top card first; returns their ids in the same order."""
        zone = self.zone(state, where)
        ids = []
        for n in reversed(names):
            ids.append(state.new_card(state.def_by_name[n], zone))
        return ids[::-1]

    def names(self, state: GameState, where: str) -> list[str]:
        """Card names of a zone, top card first."""
        return [state.card_def[c].name for c in reversed(self.zone(state, where).cards)]

    def play(self, state: GameState, card: str = "Probe", player: int = 1, where: str = "table") -> int:
        """Put a new CARD into WHERE (default the shared table) and run its `on play` as that player."""
        (cid,) = self.put(state, where, [card])
        self.game.abilities.run_ability(Ctx(state, player - 1), cid, "play")
        return cid

    def marks(self, state: GameState, player: int = 1) -> int:
        """The value of the `marks` counter of a player (p1 = 1)."""
        return state.counters[self.game.spec.counters["marks"].slot][player - 1]

    def events(self, state: GameState, kind: str) -> list:
        return [e for e in state.log if e.kind == kind]

    def text(self, card: str = "Probe") -> list[str]:
        return self.game.defs_by_name[card].text



def play_scripted(tiny: "TinyFactory", body: str, answers: list, options) -> tuple[Tiny, GameState, dict, list]:
    """The probe BODY loaded with compile OPTIONS and played by p1 of three (two others: a choice of a player is
    put, not forced), p1's hand Coin, Gem, Land, each decision answered by the next of ANSWERS; returns the game,
    the state, the three zones a probe touches, and each decision as it was put (its seat, tag, prompt, kind,
    options, bounds, labels and privacy)."""
    from cardlang.runtime.decisions import ScriptedAgent
    tiny(body)
    g = Tiny(load_game("tiny", options=options))
    s = g.state(players=3)
    g.put(s, "p1.hand", ["Coin", "Gem", "Land"])
    seen: list = []
    script: list = []
    for a in answers:
        script += [lambda d: seen.append((d.player, d.tag, d.prompt, d.kind, list(d.options), d.min, d.max,
                                          list(d.labels), d.private)), a]
    s.agents = [ScriptedAgent(script)] * 3
    g.play(s)
    assert script == []  # every answer taken
    zones = {w: g.names(s, w) for w in ("p1.hand", "p1.discard", "table")}
    return g, s, zones, seen

class TinyFactory:
    def __init__(self, home: Path) -> None:
        self.home = home

    def write(self, probe: str | None, cards: dict[str, str] | None, setup: str, turn: str, extra: str) -> None:
        games, card_dir = self.home / "games" / "tiny", self.home / "cards" / "tiny"
        games.mkdir(parents=True, exist_ok=True)
        card_dir.mkdir(parents=True, exist_ok=True)
        for old in card_dir.glob("*.card"):
            old.unlink()
        (games / "game.cl").write_text(GAME % {"setup": setup, "turn": turn, "extra": extra}, encoding="utf-8")
        for name, text in {**CARDS, **(cards or {})}.items():
            (card_dir / f"{name.lower()}.card").write_text(text, encoding="utf-8")
        if probe is not None:
            (card_dir / "probe.card").write_text(probe_source(probe), encoding="utf-8")

    def __call__(self, probe: str | None = None, *, cards: dict[str, str] | None = None, setup: str = "",
                 turn: str = "", extra: str = "") -> Tiny:
        self.write(probe, cards, setup, turn, extra)
        try:
            return Tiny(load_game("tiny"))
        except ErrorList as e:
            raise AssertionError("the tiny game does not load:\n" + "\n".join(x.render() for x in e.errors))

    def errors(self, probe: str | None = None, *, cards: dict[str, str] | None = None, setup: str = "",
               turn: str = "", extra: str = "") -> list[CardLangError]:
        """Load the tiny game with these sources and return every error (the load must fail)."""
        self.write(probe, cards, setup, turn, extra)
        with pytest.raises(ErrorList) as caught:
            load_game("tiny")
        return caught.value.errors

    def error(self, probe: str, **kw) -> CardLangError:
        """The one error the probe body causes."""
        errs = self.errors(probe, **kw)
        assert len(errs) == 1, [e.render() for e in errs]
        return errs[0]

