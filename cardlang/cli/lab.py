"""The balance lab's commands: `simulate` (every core or a Dask cluster, with per-card statistics),
`compare` (an A/B test of a card edit on the same seeds), `report` (one HTML page of charts) and `sample-size`
(how many games an A/B run needs). The work is in cardlang/cli/simulate.py, cli/report.py, lab/compare.py,
lab/stats.py, lab/inference.py and render/report.py; this module parses and checks.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang.cli import inputs
from cardlang.cli.app import (ExecutorOpt, NoOptOpt, VariantOpt, WithOpt, WorkersOpt, _fail_usage, _load, _parse_players,
                              _parse_pools, _parse_variants, _usage, _warn_absent, app)


@app.command()
def simulate(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
             players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names (or random).")],
             games: Annotated[int, typer.Option(metavar="N", min=1, help="Number of games.")] = 100,
             seed: Annotated[int, typer.Option(metavar="N", help="Seed; the same seed gives the same results.")] = 1,
             kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")] = None,
             json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
             per_game: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Write one JSON line per game here.")] = None,
             workers: WorkersOpt = None, executor: ExecutorOpt = None,
             start: Annotated[int, typer.Option(metavar="N", min=0, help="Index of the first game (replay part of a run "
                                                "alone: game N always has the same seed).")] = 0,
             check: Annotated[bool, typer.Option("--check", help="Check the invariants after every step; "
                                                 "report each game that breaks one.")] = False,
             max_turns: Annotated[int, typer.Option(metavar="N", min=1, help="Stop a game after this many turns "
                                                    "(counted as stopped).")] = 1000,
             stats: Annotated[bool, typer.Option("--stats", help="Per-card and per-seat statistics, game "
                                                 "lengths, margins and end conditions.")] = False,
             with_: WithOpt = None, variant: VariantOpt = None, no_opt: NoOptOpt = False) -> None:
    """Simulate many bot games on every core; print wins with 95% intervals, ties, turns and speed.

    Ctrl-C prints the totals of the games finished so far, marked partial, and exits 130."""
    from cardlang.cli.simulate import print_outcome, run_job
    from cardlang.lab.stats import StatsAccumulator
    g = _load(game, with_, no_opt=no_opt)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("simulate plays bots only; 'human' cannot take part")
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, len(names))
    if per_game is not None:
        _usage(inputs.output_file, per_game, "--per-game")
    if stats:
        _need_scipy()
    _warn_absent(g, names, pools)
    outcome, job = run_job(g, names, games, seed, pools=pools, variants=variants, per_game=per_game,
                           workers=workers, executor=executor, start=start, check=check, max_turns=max_turns,
                           extra=with_, quiet=json_,
                           accumulators=(StatsAccumulator,) if stats else ())
    print_outcome(g, job, outcome, games, json_=json_, start=start)


def _arms(game, players, a, b, with_, variant, command: str):
    """Load both arms of an A/B run and check the players and variants against them."""
    arms, labels, replace = [], [], []
    for opt, path in (("--a", a), ("--b", b)):
        if path is not None:
            _arm_path(opt, path)
        replace.append([path] if path else None)  # the workers load the arm from these paths too
        arms.append(_load(game, with_, replace[-1]))
        labels.append(str(path) if path else "the cards as shipped")
    names = _parse_players(arms[0], players)
    if "human" in names:
        raise _fail_usage(f"{command} plays bots only; 'human' cannot take part")
    _parse_players(arms[1], players)
    return arms, labels, replace, names, _parse_variants(arms[0], variant, len(names))


def _arm_path(opt: str, path: Path) -> None:
    """An arm is card files replacing the game's cards: a path that holds none would compare the game with
    itself (an A/B of identical arms), so it is a usage error."""
    from cardlang.compile.sources import CARD_SUFFIX, source_files
    if not path.exists():
        raise _fail_usage(f"{opt} {path}: no such file or folder")
    if path.is_dir():
        if not source_files([path], (CARD_SUFFIX,)):
            raise _fail_usage(f"{opt} {path}: no {CARD_SUFFIX} files in this folder; an arm is the card files "
                              "that replace the game's cards of the same name")
    elif not path.is_file() or path.suffix != CARD_SUFFIX:
        raise _fail_usage(f"{opt} {path}: not a {CARD_SUFFIX} file or a folder of them")


def _need_scipy() -> None:
    """The lab's statistics need scipy (the cardlang[lab] extra): say so before any game is played."""
    try:
        import scipy.special  # noqa: F401 - what cardlang/lab/inference.py uses (scipy.stats costs 3x to import)
    except ImportError:
        typer.echo("error: the balance lab's statistics need scipy: pip install 'cardlang[lab]'", err=True)
        raise typer.Exit(code=1) from None


PerGameOpt = Annotated[Optional[Path], typer.Option(metavar="FILE", help="Write one JSON line per game here "
                                                    "(arm A's games, then arm B's, each with its \"arm\").")]
ArmOpt = "An expansion folder or a card file; its cards replace the game's cards of the same name " \
    "(default: the cards as shipped)."


@app.command()
def compare(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
            players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is compared.")],
            a: Annotated[Optional[Path], typer.Option("--a", metavar="PATH", help="Arm A. " + ArmOpt)] = None,
            b: Annotated[Optional[Path], typer.Option("--b", metavar="PATH", help="Arm B. " + ArmOpt)] = None,
            games: Annotated[int, typer.Option(metavar="N", min=2, help="Games per arm.")] = 1000,
            seed: Annotated[int, typer.Option(metavar="N", help="Seed; both arms play the same seeds.")] = 1,
            kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")] = None,
            json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
            per_game: PerGameOpt = None,
            difference: Annotated[Optional[float], typer.Option(metavar="POINTS", help="The difference in win rate "
                                  "(points) you want to detect: how many games an arm it needs.")] = None,
            workers: WorkersOpt = None, executor: ExecutorOpt = None,
            with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """A/B test a card edit: both versions on the same seeds and seatings, each arm's win rates, the paired
    difference B - A with its 95% t interval and paired t test, and how many games a difference needs."""
    from cardlang.cli.simulate import play_arms
    from cardlang.lab.compare import Comparison, text_lines
    if difference is not None and not 0 < abs(difference) <= 100:
        raise _fail_usage(f"--difference {difference:g}: give a difference in points, between 0 and 100 (not 0)")
    if per_game is not None:
        _usage(inputs.output_file, per_game, "--per-game")
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "compare")
    _need_scipy()
    (arm_a, arm_b), _ = play_arms(arms, replace, names, games, seed, pools=[_parse_pools(g, kingdom) for g in arms],
                                  variants=variants, extra=with_, workers=workers, executor=executor, quiet=json_,
                                  per_game=per_game)
    c = Comparison(names, arm_a, arm_b, (labels[0], labels[1]),
                   difference=None if difference is None else difference / 100)
    changed = [d.name for d, e in zip(arms[0].defs, arms[1].defs) if d.meta.get("decl") != e.meta.get("decl")]
    if changed and all(row["same"] == row["games"] for row in c.per_player()):
        typer.echo(f"warning: every seed gave the same result in both arms, though they differ in "
                   f"{', '.join(changed[:5])}: was it in play? (see --kingdom and what the bots choose)", err=True)
    if json_:
        typer.echo(json.dumps({"game": arms[0].id, "seed": seed, **c.to_json()}))
        return
    for line in text_lines(c, arms[0].title):
        typer.echo(line)


@app.command()
def report(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
           players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is compared.")],
           out: Annotated[Path, typer.Option("-o", "--out", metavar="FILE", help="The HTML file to write.")] = Path("report.html"),
           games: Annotated[int, typer.Option(metavar="N", min=2, help="Games (per arm, with --b).")] = 1000,
           seed: Annotated[int, typer.Option(metavar="N", help="Seed; the same seed gives the same report.")] = 1,
           kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")] = None,
           a: Annotated[Optional[Path], typer.Option("--a", metavar="PATH", help="Cards simulated (arm A). " + ArmOpt)] = None,
           b: Annotated[Optional[Path], typer.Option("--b", metavar="PATH", help="With it, an A/B comparison. " + ArmOpt)] = None,
           seat_games: Annotated[Optional[int], typer.Option(metavar="N", min=0, help="Games of the first bot against "
                                                             "itself at each player count, for the seat test "
                                                             "(default: --games; 0: none).")] = None,
           per_game: PerGameOpt = None,
           workers: WorkersOpt = None, executor: ExecutorOpt = None,
           with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """One HTML page of tables and SVG charts: win rates, seats at every player count, game metrics, per-turn
    curves, lengths, margins, end conditions, per-card figures and (with --b) both arms and the A/B
    difference. Small, with no script: it works with no network. Needs the `cardlang[lab]` extra."""
    from cardlang.cli.report import write_report
    if per_game is not None:
        _usage(inputs.output_file, per_game, "--per-game")
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "report")
    if out.is_dir() or not out.parent.is_dir():
        raise _fail_usage(f"-o {out}: not a file in an existing folder")
    _need_scipy()
    if b is None:
        arms, labels, replace = arms[:1], labels[:1], replace[:1]
    write_report(arms, labels, replace, names, variants, out=out, games=games, seed=seed,
                 pools=[_parse_pools(g, kingdom) for g in arms], seat_games=games if seat_games is None else seat_games,
                 extra=with_, workers=workers, executor=executor, per_game=per_game)


_DEFAULT_SD = 0.5 ** 0.5  # one seed's difference of two independent arms, each winning half its games


@app.command("sample-size")
def sample_size(games: Annotated[Optional[int], typer.Option(metavar="N", min=2, help="Games an arm: the smallest "
                                                             "difference they detect.")] = None,
                difference: Annotated[Optional[float], typer.Option(metavar="POINTS", help="A difference in win rate "
                                                                    "(points): the games an arm it needs.")] = None,
                sd: Annotated[float, typer.Option(metavar="S", help="Standard deviation of one seed's difference "
                                                  "B - A in win share (`compare` prints it); by default that of "
                                                  "independent arms at a 50% win rate, 0.71.")] = _DEFAULT_SD,
                alpha: Annotated[float, typer.Option(metavar="A", help="Two-sided significance level.")] = 0.05,
                power: Annotated[float, typer.Option(metavar="P", help="Chance of finding a true difference.")] = 0.8,
                json_: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False) -> None:
    """Plan an A/B run: the smallest difference N games an arm detect, or the games a difference needs
    (the paired t test of `compare`; for one run's win rate against a fixed number, use --sd 0.5)."""
    from cardlang.lab.inference import detectable_difference, games_needed
    if games is None and difference is None:
        raise _fail_usage("give --games N (the smallest difference N games detect) or --difference POINTS "
                          "(the games it needs), or both")
    if difference is not None and not 0 < abs(difference) <= 100:
        raise _fail_usage(f"--difference {difference:g}: give a difference in points, between 0 and 100 (not 0)")
    for name, value in (("--alpha", alpha), ("--power", power)):
        if not 0 < value < 1:
            raise _fail_usage(f"{name} {value:g}: give a probability between 0 and 1")
    if not 0 < sd <= 1:
        raise _fail_usage(f"--sd {sd:g}: a seed's difference in win share lies in [-1, 1]; give 0 < S <= 1")
    _need_scipy()
    out: dict = {"sd": sd, "alpha": alpha, "power": power}
    lines = []
    if games is not None:
        out["games"] = games
        out["detectable_difference"] = detectable_difference(games, sd, alpha, power)
        lines.append(f"{games:,} games an arm detect a difference of {100 * out['detectable_difference']:.1f} points "
                     f"{100 * power:.0f}% of the time")
    if difference is not None:
        out["difference"] = difference / 100
        out["games_needed"] = games_needed(difference / 100, sd, alpha, power)
        lines.append(f"a difference of {abs(difference):g} points needs {out['games_needed']:,} games an arm to be "
                     f"found {100 * power:.0f}% of the time")
    if json_:
        typer.echo(json.dumps(out))
        return
    for line in lines:
        typer.echo(line)
    typer.echo(f"(paired t test, two-sided alpha {alpha:g}; sd of a seed's difference {sd:.2f}"
               + (": independent arms at a 50% win rate; an edit compared on shared seeds usually spreads less, "
                  "and `compare` prints its sd" if sd == _DEFAULT_SD else "") + ")")
