"""Golden transcripts of `cardlang play` (a person's seat via --input, and bots only) for every game, and what
no line of any of them may show: an internal tag, a `p1.hand -> p1.discard` move, a zone or counter name the
game did not give players, a line over 80 columns, another player's hand in a person's view.

Regenerate with `python tools/regen_goldens.py transcripts` and review the diff.
"""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("transcripts", ROOT / "tools" / "transcripts.py")
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)  # type: ignore[union-attr]

CASES = [(g, k) for g in T.GAMES for k in ("seat", "bots")]


def _game(gid: str):
    from cardlang.compile.game import load_game
    return load_game(gid)


@pytest.mark.parametrize("gid,kind", CASES)
def test_transcript_matches_its_golden(gid: str, kind: str) -> None:
    golden = T.golden_path(gid, kind)
    assert golden.is_file(), f"run: python tools/regen_goldens.py transcripts {gid}"
    actual = T.render(gid, kind)
    assert actual == golden.read_text(encoding="utf-8"), \
        f"{golden.name} is out of date: python tools/regen_goldens.py transcripts {gid}, then review the diff"


def _tags(gid: str) -> set[str]:
    """Every decision tag the game's sources give (`as TAG`, `tag=TAG`), and the primitives' own defaults."""
    tags = {"challenge", "block"}
    for folder in (ROOT / "games" / gid, ROOT / "cards" / gid):
        for f in folder.rglob("*"):
            if f.suffix in (".cl", ".card"):
                text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', f.read_text(encoding="utf-8"))  # code only:
                text = re.sub(r"//[^\n]*", "", text)                                         # no strings, comments
                tags |= set(re.findall(r"\bas ([a-z][a-z0-9_]*)", text))
                tags |= set(re.findall(r"\btag=([a-z][a-z0-9_]*)", text))
    return tags


@pytest.mark.parametrize("gid,kind", CASES)
def test_no_line_shows_what_a_table_must_not(gid: str, kind: str) -> None:
    text = T.golden_path(gid, kind).read_text(encoding="utf-8")
    g = _game(gid)
    tags = _tags(gid)
    called = [z.description for z in g.spec.zones.values() if z.description] + \
             [w for c in g.spec.counters.values() if c.words for w in c.words]
    renamed = [z.name for z in g.spec.zones.values() if z.description and z.description != z.name] + \
              [c.name for c in g.spec.counters.values() if c.words and c.words[1].lower() != c.name]
    shown = {p for z in g.spec.zones.values() for p in (z.shows or ())}  # a board's `shows damage` asks for it
    quiet = [z.name for z in g.spec.zones.values() if z.quiet] + \
            [c.name for c in g.spec.counters.values() if c.quiet and c.name not in shown]
    internal = [n for n in list(g.spec.zones) + list(g.spec.counters) if "_" in n]
    for n, line in enumerate(text.splitlines(), 1):
        where = f"{T.golden_path(gid, kind).name}:{n}: {line!r}"
        assert len(line) <= 80, f"over 80 columns: {where}"
        assert not re.search(r"\bp\d+\.[a-z_]+", line), f"an internal zone label: {where}"
        assert "->" not in line, f"an engine move: {where}"
        for tag in tags:
            assert f"({tag})" not in line, f"decision tag {tag}: {where}"
            if "_" in tag:
                assert not re.search(rf"\b{tag}\b", line), f"decision tag {tag}: {where}"
        for name in quiet:  # bookkeeping never shows as a value or a zone
            assert not re.search(rf"(?<![\w-]){re.escape(name)}( \d|:)", line), f"quiet '{name}' shown: {where}"


    # A name the game itself writes in its player-facing strings (templates, prompts, notes) is a word it gives.
    said = set()
    for folder in (ROOT / "games" / gid, ROOT / "cards" / gid):
        for f in folder.rglob("*"):
            if f.suffix in (".cl", ".card"):
                for string in re.findall(r'"((?:[^"\\]|\\.)*)"', f.read_text(encoding="utf-8")):
                    said |= set(re.findall(r"[a-z_]+", string))
    renamed = [n for n in renamed if n not in said]
    # names: on whole sentences (a line wrapped at 80 columns goes on, indented, on the next)
    for n, line in enumerate(re.sub(r"\n +", " ", text).splitlines(), 1):
        bare = line
        for phrase in sorted(called, key=len, reverse=True):
            bare = bare.replace(phrase, "")
        for name in renamed + internal:
            assert not re.search(rf"(?<![\w-]){re.escape(name)}\b(?!-)", bare), \
                f"'{name}' has a player-facing name the line does not use: {line!r}"


@pytest.mark.parametrize("gid", list(T.GAMES))
def test_a_persons_seat_never_sees_another_hand(gid: str) -> None:
    g = _game(gid)
    private = [z.description or z.name.replace("_", " ") for z in g.spec.zones.values()
               if z.visibility in ("owner", "hidden") and z.per_player]
    owner = None
    for line in T.golden_path(gid, "seat").read_text(encoding="utf-8").splitlines():
        m = re.match(r"^p(\d+)( \(you\))?( \(out\))?: ", line)
        if m and not line.startswith(("p1: +", "p2: +")):
            owner = int(m.group(1)) - 1
            continue
        if not line.startswith("  ") or line.startswith("   "):
            if not line.startswith("  "):
                owner = None
            continue
        if owner is not None and owner != 0:
            for word in private:
                assert not line.strip().startswith(f"{word}:"), f"p1 sees p{owner + 1}'s {word}: {line!r}"


@pytest.mark.parametrize("viewer", [0, None], ids=["seat 1", "public"])
@pytest.mark.parametrize("gid", list(T.GAMES))
def test_hidden_moves_name_no_card_in_another_seats_view(gid: str, viewer) -> None:
    """Narrated event by event for seat 1 (or for several people at one screen: only what is public), a card
    moving between zones that view cannot see is never named."""
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    from cardlang.table.words import Narrator
    g = _game(gid)
    seed, _, bots = T.GAMES[gid]
    state_box: list = []
    bad: list[str] = []

    class Watch:
        def __init__(self, bot):
            self.bot, self.name = bot, bot.name

        def decide(self, view, decision):
            return self.bot.decide(view, decision)

    def seen(zone, leaving: bool = False) -> bool:  # the rule, written out again: public, or the seat's own
        vis = zone.spec.visibility                    # (a card lands on top of a `top public` pile in sight)
        return vis == "public" or (vis == "top public" and not leaving) or \
            (vis == "owner" and viewer is not None and zone.owner == viewer)

    def listen(e: tuple) -> None:
        narrator = state_box[1]
        narrator.feed(e)
        lines = narrator.flush()
        if e.kind == "Moved":
            src, dst = narrator.zone_of(e.src), narrator.zone_of(e.dst)
            if not (seen(src, leaving=True) or seen(dst)) and viewer not in narrator.state.peeked.get(e.card_id, ()):
                bad.extend(f"{e}: {line}" for line in lines if re.search(rf"\b{re.escape(e.card)}\b", line))

    from cardlang.runtime import engine
    from cardlang.runtime.state import Ctx, GameOver
    agents = [Watch(make_agent(g, n, seed + i)) for i, n in enumerate(bots)]
    state = g.new_state(len(agents), seed)
    state_box[:] = [state, Narrator(g, state, viewer)]
    state.listen(listen, acts=True)
    engine.setup_into(g, state, agents)
    engine.play_out(g, state, max_turns=60)
    assert state.turn_number > 0
    assert not bad, "\n".join(bad[:5])
    del play_game, Ctx, GameOver


def test_a_new_verb_reads_from_its_template(tmp_path: Path) -> None:
    """A designer's verb gets its line from its template, with no Python: `polish` in an expansion."""
    from cardlang.compile.game import load_game
    from cardlang.runtime import engine
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.state import Ctx
    from cardlang.table.words import Narrator
    (tmp_path / "polish.cl").write_text(
        'verb polish(c: cards, n: int) "polish {c} {n} time{s}|polishes {c} {n} time{s}" { discard c; }\n'
        'verb cheer(ps: players) "cheer {ps}" { for p in ps { p.coins += 1; } }\n'
        'verb hum() "hum" { }\n', encoding="utf-8")
    g = load_game("dominion", [tmp_path])
    state = g.new_state(2, 1)
    narrator = Narrator(g, state, 0)
    state.listen(narrator.feed, acts=True)
    engine.setup_into(g, state, [RandomAgent(1), RandomAgent(2)])
    narrator.flush()
    narrator.out_turn(0, 1)
    hand = state.zones[state.zone_slot["hand"]][0].cards
    g.call_verb(Ctx(state, 0, None, {}), "polish", [hand[-1]], 2)  # (its arguments, in order)
    name = state.card_def[state.zones[state.zone_slot["discard"]][0].cards[-1]].name
    lines = narrator.flush()
    assert f"p1 polishes {name} 2 times" in lines, lines
    assert not any("discards" in line for line in lines), "a verb inside a told verb on the same card folds"
    g.call_verb(Ctx(state, 0, None, {}), "cheer", [0, 1])
    g.call_verb(Ctx(state, 0, None, {}), "hum")
    lines = narrator.flush()
    assert lines == ["p1 cheers p1, p2 (+1 coin, p2 +1 coin)"], lines  # humming changed nothing: not told


def test_replay_shows_a_logged_game_again_from_any_seat(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    runner = CliRunner()
    log = tmp_path / "game.jsonl"
    played = runner.invoke(app, ["play", "dominion", "--players", "big-money,smithy-bm", "--seed", "5",
                                 "--kingdom", "random", "--plain", "--log", str(log)])
    assert played.exit_code == 0, played.output
    again = runner.invoke(app, ["replay", str(log), "--plain"])
    assert again.exit_code == 0, again.output
    assert again.output == played.output  # the spectator's view, event for event
    seat2 = runner.invoke(app, ["replay", str(log), "--seat", "2", "--plain"])
    assert seat2.exit_code == 0, seat2.output
    assert "p2 draws 5 cards:" in seat2.output and "p1 draws 5 cards:" not in seat2.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"event": "Turn"}\n', encoding="utf-8")
    r = runner.invoke(app, ["replay", str(bad)])
    assert r.exit_code == 1 and "error: " in r.output and "Header" in r.output and "Traceback" not in r.output


def test_a_card_text_on_request_and_options_told_apart() -> None:
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    r = CliRunner().invoke(app, ["play", "dominion", "--players", "human,big-money", "--seed", "4", "--plain"],
                           input="?9\n?Moat\n?\n\n")
    assert "Smithy (Action), Cost 4" in r.output and "+3 Cards" in r.output
    assert "Moat (Action, Reaction), Cost 2" in r.output and "you may reveal this" in r.output
    assert "?N: the text of option N" in r.output
    assert "Silver  [cost 3]" in r.output
