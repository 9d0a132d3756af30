"""The child side of tests/test_mutations.py: broken copies of one game's sources, run through every command.

Run as `python tests/mutants.py GAME WORKDIR`: copies cards/ and games/ into WORKDIR (as CARDLANG_HOME),
then for each mutation family writes one mutated file, runs commands in this process and prints one JSON
line per command run: {case, command, exit, output}. The parent runs this under a memory limit and a
timeout, and judges the lines; a case that hangs or exhausts memory is the last one this printed.
"""
from __future__ import annotations

import json
import os
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

KEYWORDS = ("card", "on", "if", "else", "for", "in", "let", "types", "cost", "game", "verb", "zone", "bot")


def _delete(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text)) if text else 0
    return text[:at] + text[at + rng.randint(1, 3):]


def _junk(text: str, rng: random.Random) -> str:
    at = rng.randrange(len(text)) if text else 0
    return text[:at] + rng.choice(["@#$", " ;; ", "}{", ' "', "card", "= =", "\\", "if (", "99999999999999999999"]) \
        + text[at:]


def _truncate(text: str, rng: random.Random) -> str:
    return text[: len(text) // 2]


def _swap_keywords(text: str, rng: random.Random) -> str:
    present = [k for k in KEYWORDS if f" {k} " in f" {text} "]
    if len(present) < 2:
        return text + " card "
    a, b = rng.sample(present, 2)
    return text.replace(f"{a} ", "\0").replace(f"{b} ", f"{a} ").replace("\0", f"{b} ")


def _unbalance(text: str, rng: random.Random) -> str:
    i = text.rfind("}")
    return text[:i] + text[i + 1:] if i >= 0 else text + "{"


def _deep(text: str, rng: random.Random) -> str:
    return text + "\ncard Deep { on play { " + "if true { " * 10_000 + "}" * 10_000 + " } }\n"


# family -> (mutate text, or bytes to write)
TEXT_FAMILIES = {"deleted": _delete, "junk": _junk, "truncated": _truncate, "swapped": _swap_keywords,
                 "unbalanced": _unbalance, "deep": _deep}
BYTE_FAMILIES = {
    "binary": lambda rng: bytes(rng.randrange(256) for _ in range(600)),
    "non-utf8": lambda rng: b'card Caf\xe9 {\n  types Action; cost 2;\n  text "caf\xe9 \xff\xfe";\n}\n',
    "empty": lambda rng: b"",
}
FAMILIES = list(TEXT_FAMILIES) + list(BYTE_FAMILIES)
COMMANDS = ("cards", "play", "simulate", "sheets", "primitives")


def commands(game: str, out: Path) -> dict[str, list[str]]:
    return {
        "check": ["check", "games/" + game, "cards/" + game],
        "test": ["test", "smoke.scenario"],
        "cards": ["cards", game],
        "play": ["play", game, "--players", "random,random", "--quiet", "--seed", "3"],
        "simulate": ["simulate", game, "--players", "random,random", "--games", "1"],
        "sheets": ["sheets", game, "--format", "md", "-o", str(out)],
        "primitives": ["primitives", "--game", game],
    }


def run(args: list[str]) -> tuple[int, str]:
    """One command in this process, as `cardlang.cli.main` would run it: an exception that escapes the
    app is what main() prints as an internal error."""
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    r = CliRunner().invoke(app, args, catch_exceptions=True)
    out = r.output
    if r.exception is not None and not isinstance(r.exception, SystemExit):
        out += f"\ninternal error: {type(r.exception).__name__}: {r.exception}"
    return r.exit_code, out


def main(game: str, work: Path) -> None:
    home = work / "home"
    for folder in ("cards", "games"):
        shutil.copytree(ROOT / folder / game, home / folder / game)
    os.environ["CARDLANG_HOME"] = str(home)
    os.chdir(home)
    gid = game.replace("-", "_")
    (home / "smoke.scenario").write_text(f'scenario "loads" {{\n  game {gid};\n  expect 1 == 1;\n}}\n')
    cards = sorted((home / "cards" / game).glob("*.card"))
    rules = home / "games" / game / "game.cl"
    cmds = commands(game, work / "sheets")
    for i, family in enumerate(FAMILIES):
        rng = random.Random(f"{game}/{family}")
        target = rules if (i + len(game)) % 2 == 0 else cards[rng.randrange(len(cards))]
        original = target.read_bytes()
        if family in TEXT_FAMILIES:
            target.write_text(TEXT_FAMILIES[family](original.decode("utf-8"), rng), encoding="utf-8")
        else:
            target.write_bytes(BYTE_FAMILIES[family](rng))
        # every mutant goes through check and test; the other commands take turns, so that each command
        # meets every game and most families
        chosen = ["check", "test", COMMANDS[i % len(COMMANDS)], COMMANDS[(i + 2) % len(COMMANDS)]]
        for name in chosen:
            case = f"{game}/{family} ({target.relative_to(home)})"
            print(json.dumps({"case": case, "command": name, "start": True}), flush=True)
            code, out = run(cmds[name])
            print(json.dumps({"case": case, "command": name, "exit": code, "output": out[-3000:],
                              "file": str(target.relative_to(home))}), flush=True)
        target.write_bytes(original)


RUNAWAY_CARD = """card Forge {
  types Action; tags Kingdom; cost 2;
  on play {
    %s
  }
}
"""
RUNAWAY = {  # case -> (statement in Forge's `on play`, exit code, texts the answer must hold)
    "create": ("create 1000000000 Copper to hand;", 1, ["Forge", "forge.card:4:5", "step budget"]),
    "card-limit": ("create 150000 Copper to hand;", 1, ["Forge", "forge.card:4:5", "limit of 100,000 cards"]),
    "dice": ("let d = roll(1000000000, 6);", 1, ["Forge", "forge.card:4:5", "rolling 1,000,000,000 dice"]),
    "verb-cycle-run": ("ping;", 1, ["verbs.cl:2:13", "'ping'", "'pong'", "nesting limit"]),
}


def runaway(work: Path) -> None:
    """Cards whose cost grows with a number or a recursion, and files too big or too deep to parse."""
    folder = work / "expansion"
    folder.mkdir()
    scenario = work / "forge.scenario"
    scenario.write_text('scenario "forge" {\n  game dominion;\n  p1.hand = [Forge];\n  play Forge in hand;\n}\n')
    (folder / "verbs.cl").write_text("verb ping() {\n  if true { pong; }\n}\nverb pong() {\n  ping;\n}\n")
    os.chdir(work)
    for case, (stmt, code, expect) in RUNAWAY.items():
        (folder / "forge.card").write_text(RUNAWAY_CARD % stmt)
        exit_code, out = run(["test", str(scenario), "--with", str(folder)])
        print(json.dumps({"case": case, "command": "test", "exit": exit_code, "output": out[-3000:],
                          "expect_exit": code, "expect": expect}), flush=True)
    loose = {
        "verb-cycle-check": ("verb ping() {\n  pong;\n}\nverb pong() {\n  ping;\n}\n", "verbs.cl",
                             ["verbs.cl:2:3", "always call each other"]),
        "big-file": ("card Big {\n  types Action; cost 1;\n  on play {\n" + "    draw 1;\n" * 60_000 + "  }\n}\n",
                     "big.card", ["big.card:1:1", "bytes; a source file may hold at most"]),
        "long-sum": ("card Sum {\n  types Action; cost " + " + ".join(["1"] * 100_000) + ";\n}\n", "sum.card",
                     ["sum.card:2:22", "too long"]),
        "deep": ("card Deep {\n  types Action; cost " + "-" * 10_000 + "1;\n}\n", "deep.card",
                 ["deep.card:2:", "nested more than"]),
    }
    for case, (text, name, expect) in loose.items():
        shutil.rmtree(folder)
        folder.mkdir()
        (folder / name).write_text(text)
        exit_code, out = run(["check", str(folder / name), "--game", "dominion"] if name.endswith(".card")
                             else ["check", "--game", "dominion", "--with", str(folder), str(folder / name)])
        print(json.dumps({"case": case, "command": "check", "exit": exit_code, "output": out[-3000:],
                          "expect_exit": 1, "expect": expect}), flush=True)


if __name__ == "__main__":
    if sys.argv[1] == "--runaway":
        runaway(Path(sys.argv[2]))
    else:
        main(sys.argv[1], Path(sys.argv[2]))
