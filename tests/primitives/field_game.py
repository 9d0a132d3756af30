"""A small board game for the tests of grids, attachments, dice, per-card counters, modifiers and variants,
written to a temporary CARDLANG_HOME so no test depends on a real game.

    g = field(tmp_path, monkeypatch, probe="place this to board column=2 row=1;")
    s = g.state()
    k = g.put(s, "p1.hand", "Knight")
    g.run(s, "Probe")            # a Probe card on the table runs its `on play` as p1
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardlang.compile.game import CompiledGame, load_game
from cardlang.runtime import zones as Z
from cardlang.runtime.state import Ctx, GameState, Zone

GAME = """\
game field {
  title "Field";
  players 2 to 4;
  types Unit, Gear, Thing;
  tags Guard;
  property power = 0;
  property hp = 0;
  zone supply: shared, public, piles;
  zone hand: per player, owner;
  zone deck: per player, hidden;
  zone board: per player, public, grid 3 x 2, keeps attachments, shows power hurt;
  zone table: shared, public;
  zone fallen: per player, public, keeps attachments;
  zone discard: per player, public;
  counter hurt: per card, min 0, of hp;
  counter marks: per card, min 0, max 3;
  counter dice: per player, numbers;
  counter tally: per player;
%(extra)s
  setup { %(setup)s }
  turn { %(turn)s }
  verb use(c: cards) "use {c}" { trigger play c; }
}
"""

CARDS = {
    "Knight": "card Knight { types Unit; tags Guard; power 3; hp 5; }",
    "Squire": "card Squire { types Unit; power 1; hp 2; }",
    "Blade": "card Blade { types Gear; power 1; }",
    "Shield": "card Shield { types Gear; hp 2; }",
    "Coin": "card Coin { types Thing; }",
}


@dataclass
class Field:
    game: CompiledGame

    def state(self, players: int = 2, seed: int = 1, variants=()) -> GameState:
        s = self.game.new_state(players, seed, log=True)
        s.variants = frozenset(variants)
        return s

    def zone(self, s: GameState, where: str) -> Zone:
        if "." in where:
            player, name = where.split(".")
            return s.zones[s.zone_slot[name]][int(player[1:]) - 1]
        return s.zones[s.zone_slot[where]][0]

    def put(self, s: GameState, where: str, name: str, cell: tuple[int, int] | None = None) -> int:
        table = self.zone(s, "table")
        cid = s.new_card(s.def_by_name[name], table)
        Z.move(s, cid, self.zone(s, where), cell=cell)
        return cid

    def run(self, s: GameState, card: str = "Probe", player: int = 1) -> int:
        cid = s.new_card(s.def_by_name[card], self.zone(s, "table"))
        self.game.abilities.run_ability(Ctx(s, player - 1), cid, "play")
        return cid

    def names(self, s: GameState, where: str) -> list[str]:
        return [s.card_def[c].name for c in self.zone(s, where).cards]

    def at(self, s: GameState, where: str) -> dict[tuple[int, int], str]:
        return {cell: s.card_def[c].name for cell, c in (self.zone(s, where).cells or {}).items()}

    def events(self, s: GameState, kind: str) -> list:
        return [e for e in s.log if e.kind == kind]

    def text(self, card: str) -> list[str]:
        return self.game.defs_by_name[card].text


def write(home: Path, probe: str | None = None, *, cards: dict[str, str] | None = None, extra: str = "",
          setup: str = "", turn: str = "win you;") -> None:
    games, card_dir = home / "games" / "field", home / "cards" / "field"
    games.mkdir(parents=True, exist_ok=True)
    card_dir.mkdir(parents=True, exist_ok=True)
    for old in card_dir.glob("*.card"):
        old.unlink()
    (games / "game.cl").write_text(GAME % {"extra": extra, "setup": setup, "turn": turn}, encoding="utf-8")
    all_cards = {**CARDS, **(cards or {})}
    if probe is not None:
        all_cards["Probe"] = f"card Probe {{\n  types Thing;\n  on play {{\n    {probe}\n  }}\n}}\n"
    for name, text in all_cards.items():
        (card_dir / f"{name.lower()}.card").write_text(text, encoding="utf-8")


def field(home: Path, monkeypatch, probe: str | None = None, **kw) -> Field:
    write(home, probe, **kw)
    monkeypatch.setenv("CARDLANG_HOME", str(home))
    monkeypatch.chdir(home)
    return Field(load_game("field"))


def field_errors(home: Path, monkeypatch, probe: str | None = None, **kw) -> list:
    from cardlang.errors import ErrorList
    write(home, probe, **kw)
    monkeypatch.setenv("CARDLANG_HOME", str(home))
    monkeypatch.chdir(home)
    try:
        load_game("field")
    except ErrorList as e:
        return e.errors
    return []
