"""The balance lab's commands: `simulate` (every core or a Dask cluster, with per-card statistics),
`compare` (an A/B test of a card edit on the same seeds) and `report` (one HTML page of charts). The work is
in cardlang/cli_simulate.py, compare.py, stats.py and render/report.py; this module parses and checks.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang import cli_input
from cardlang.cli_app import (ExecutorOpt, VariantOpt, WithOpt, WorkersOpt, _fail_usage, _load, _parse_players,
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
             with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Simulate many bot games on every core; print wins with 95% intervals, ties, turns and speed.

    Ctrl-C prints the totals of the games finished so far, marked partial, and exits 130."""
    from cardlang.cli_simulate import print_outcome, run_job
    from cardlang.stats import StatsAccumulator
    g = _load(game, with_)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("simulate plays bots only; 'human' cannot take part")
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, len(names))
    if per_game is not None:
        _usage(cli_input.output_file, per_game, "--per-game")
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
        if path is not None and not path.exists():
            raise _fail_usage(f"{opt} {path}: no such file or folder")
        replace.append([path] if path else None)  # the workers load the arm from these paths too
        arms.append(_load(game, with_, replace[-1]))
        labels.append(str(path) if path else "the cards as shipped")
    names = _parse_players(arms[0], players)
    if "human" in names:
        raise _fail_usage(f"{command} plays bots only; 'human' cannot take part")
    _parse_players(arms[1], players)
    return arms, labels, replace, names, _parse_variants(arms[0], variant, len(names))


ArmOpt = "An expansion folder or a card file; its cards replace the game's cards of the same name " \
    "(default: the cards as shipped)."


@app.command()
def compare(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
            players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is compared.")],
            a: Annotated[Optional[Path], typer.Option("--a", metavar="PATH", help="Arm A. " + ArmOpt)] = None,
            b: Annotated[Optional[Path], typer.Option("--b", metavar="PATH", help="Arm B. " + ArmOpt)] = None,
            games: Annotated[int, typer.Option(metavar="N", min=1, help="Games per arm.")] = 1000,
            seed: Annotated[int, typer.Option(metavar="N", help="Seed; both arms play the same seeds.")] = 1,
            kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")] = None,
            json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
            workers: WorkersOpt = None, executor: ExecutorOpt = None,
            with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """A/B test a card edit: both versions on the same seeds, each arm's win rates, and the paired
    difference B - A with its 95% interval and an exact sign-test p-value."""
    from cardlang.cli_simulate import play_arms
    from cardlang.compare import Comparison, text_lines
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "compare")
    (arm_a, arm_b), _ = play_arms(arms, replace, names, games, seed, pools=[_parse_pools(g, kingdom) for g in arms],
                                  variants=variants, extra=with_, workers=workers, executor=executor, quiet=json_)
    c = Comparison(names, arm_a, arm_b, (labels[0], labels[1]))
    if json_:
        typer.echo(json.dumps({"game": arms[0].id, "seed": seed, **c.to_json()}))
        return
    for line in text_lines(c, arms[0].title):
        typer.echo(line)


@app.command()
def report(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
           players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is compared.")],
           out: Annotated[Path, typer.Option("-o", "--out", metavar="FILE", help="The HTML file to write.")] = Path("report.html"),
           games: Annotated[int, typer.Option(metavar="N", min=1, help="Games (per arm, with --b).")] = 1000,
           seed: Annotated[int, typer.Option(metavar="N", help="Seed; the same seed gives the same report.")] = 1,
           kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")] = None,
           a: Annotated[Optional[Path], typer.Option("--a", metavar="PATH", help="Cards simulated (arm A). " + ArmOpt)] = None,
           b: Annotated[Optional[Path], typer.Option("--b", metavar="PATH", help="With it, an A/B comparison. " + ArmOpt)] = None,
           workers: WorkersOpt = None, executor: ExecutorOpt = None,
           with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """One HTML page of tables and charts: win rates, seats, game lengths, end conditions, per-card win
    rates and (with --b) the A/B difference. Needs the `cardlang[report]` extra; works with no network."""
    from cardlang.cli_simulate import play_arms
    from cardlang.compare import Comparison
    from cardlang.render.report import MissingExtra, render_report, require_plotly
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "report")
    if out.is_dir() or not out.parent.is_dir():
        raise _fail_usage(f"-o {out}: not a file in an existing folder")
    try:
        require_plotly()  # before the games are played, not after
    except MissingExtra as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    if b is None:
        arms, replace = arms[:1], replace[:1]
    outcomes, stats = play_arms(arms, replace, names, games, seed, pools=[_parse_pools(g, kingdom) for g in arms],
                                variants=variants, extra=with_, workers=workers, executor=executor, stats=True)
    arm_a = outcomes[0]
    comparison = None if b is None else Comparison(names, arm_a, outcomes[1], (labels[0], labels[1]))
    meta = [f"{games} games{' per arm' if b else ''}, seed {seed}, seats rotating; bots: {', '.join(names)}"
            + (f"; variant {', '.join(sorted(variants))}" if variants else "") + f"; cards: {labels[0]}"]
    page = render_report(title=f"{arms[0].title}: balance report", meta=meta, stats=stats,
                         wins=arm_a.figures(), comparison=comparison)
    from cardlang.outfile import WriteFailed, write_whole
    try:
        write_whole(out, page, "-o")  # whole or not at all
    except WriteFailed as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"wrote {out} ({stats.games} games{', A/B' if b else ''})")
