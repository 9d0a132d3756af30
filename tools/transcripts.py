"""Golden transcripts of `cardlang play`: for each game, one scripted game with a person in seat 1 (answers
from tests/transcripts/<game>-seat.input through `--input`) and one of bots only, printed with `--plain`.

The person's answers are what a bot would have typed in that seat (recorded once, then checked in), so the
game is a real one to its end. Run through tools/regen_goldens.py:

    python tools/regen_goldens.py transcripts           rewrite every transcript (and its .input)
    python tools/regen_goldens.py transcripts --check   write nothing; list the stale transcripts

tests/transcripts/test_transcripts.py compares them and checks every line of them for what a table must never
show (internal tags, `p1.hand -> p1.discard` moves, names the game did not give players, lines over 80).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DIR = ROOT / "tests" / "transcripts"
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
if str(ROOT / "tools") not in sys.path:  # the tools' own shared module
    sys.path.insert(0, str(ROOT / "tools"))
from golden_files import refresh  # noqa: E402

# game -> (seed, the seats of the game with a person: seat 1's bot types the answers, the seats of bots only)
GAMES = {
    "dominion": (4, ["big-money", "smithy-bm"], ["big-money", "smithy-bm"]),
    "fall-of-kingdoms": (2, ["honest", "bluffer", "honest"], ["honest", "bluffer", "bluffer"]),
    "greedy-kingdoms": (1, ["needs", "reader"], ["palace-rusher", "reader"]),
    "warring-kingdom": (3, ["economy", "rush"], ["rush", "economy"]),
}


def record_answers(game_id: str) -> list[str]:
    """The answers seat 1's bot gives in the game with a person, as a person would type them."""
    from cardlang.agents import make_agent
    from cardlang.cli.human import folded_options
    from cardlang.compile.game import load_game
    from cardlang.runtime.engine import play_game

    seed, seats, _ = GAMES[game_id]
    game = load_game(game_id)
    typed: list[str] = []

    class Typist:
        def __init__(self, bot) -> None:
            self.bot = bot
            self.name = bot.name

        def decide(self, view, decision):
            picks = self.bot.decide(view, decision)
            if decision.nothing_to_pick:
                return picks  # the terminal tells a person so and reads no answer
            if decision.kind == "yesno":
                typed.append("yes" if picks else "no")
            else:  # the numbers of the lines a person sees (look-alike cards fold into one line)
                lines = folded_options(view.rules_state, decision, game)
                line_of = {i: n for n, (_, members) in enumerate(lines, 1) for i in members}
                typed.append(" ".join(str(line_of[i]) for i in picks))
            return picks
    agents = [make_agent(game, n, seed + i) for i, n in enumerate(seats)]
    agents[0] = Typist(agents[0])
    play_game(game, agents, seed)
    return typed


def input_path(game_id: str) -> Path:
    return DIR / f"{game_id}-seat.input"


def golden_path(game_id: str, kind: str) -> Path:
    return DIR / f"{game_id}-{kind}.txt"


def render(game_id: str, kind: str, input_file: Path | None = None) -> str:
    """What `cardlang play` prints for this transcript (KIND `seat` or `bots`)."""
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    seed, seats, bots = GAMES[game_id]
    if kind == "seat":
        players = ",".join(["human"] + seats[1:])
        args = ["play", game_id, "--players", players, "--seed", str(seed), "--plain",
                "--input", str(input_file or input_path(game_id))]
    else:
        args = ["play", game_id, "--players", ",".join(bots), "--seed", str(seed), "--plain"]
    r = CliRunner().invoke(app, args)
    if r.exit_code != 0:
        raise RuntimeError(f"{' '.join(args)} exited {r.exit_code}:\n{r.output[-2000:]}")
    return r.output


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")] or list(GAMES)
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        print(f"unknown game(s): {', '.join(unknown)} (transcripts: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    stale = 0
    DIR.mkdir(parents=True, exist_ok=True)
    for gid in names:
        if refresh(input_path(gid), "\n".join(record_answers(gid)) + "\n", check):
            stale += 1
            if check:
                continue  # the transcript of the person's seat needs the new answers first
        for kind in ("seat", "bots"):
            stale += refresh(golden_path(gid, kind), render(gid, kind), check)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
