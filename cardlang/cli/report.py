"""The work of `cardlang report`: play each arm once with every accumulator the page needs (win shares,
per-card statistics, outcomes, per-turn curves), then the first bot against itself at every player count
the game allows (the seat test), all on the parallel simulation, and write the page (render/report.py).
Knows no game; cli/lab.py parses and checks the arguments.
"""
from __future__ import annotations

from pathlib import Path

import typer

from cardlang.cli.app import _fail_usage


def write_report(arms: list, labels: list[str], replace: list, names: list[str], variants, *, out: Path,
                 games: int, seed: int, pools: list, seat_games: int, extra, workers, executor,
                 per_game: Path | None = None) -> None:
    """With PER_GAME, one JSON line per game of the arms goes there (arm A's, then arm B's, each with its
    "arm", as `compare --per-game` writes them); the seat test's games are not written."""
    import json
    from cardlang.cli.balance import LabRuns, require_lab
    from cardlang.lab.compare import ArmAccumulator, Comparison
    from cardlang.lab.curves import CurveAccumulator
    from cardlang.lab.outcomes import OutcomeAccumulator
    from cardlang.render.report import Arm, Report, render_report
    from cardlang.lab.stats import StatsAccumulator
    require_lab()  # before the games are played, not after
    game = arms[0]
    lo, hi = game.players
    mirror = names[0]
    counts = [n for n in range(lo, hi + 1)] if seat_games else []
    total = games * len(arms) + seat_games * len(counts)
    figures = []
    from cardlang.cli.outfile import OutputFile, WriteFailed, write_whole
    try:
        records = OutputFile(per_game, "--per-game") if per_game else None  # whole or not at all
    except WriteFailed as e:
        raise _fail_usage(str(e)) from None
    try:
        with LabRuns(total, seed=seed, pools=None, variants=variants, extra=extra, workers=workers,
                     executor=executor, quiet=False) as lab:
            for i, (g, paths) in enumerate(zip(arms, replace)):
                lab.pools = pools[i]

                def write(rows: list[dict], arm: str = "AB"[i]) -> None:
                    records.write("".join(json.dumps({"arm": arm, **r}) + "\n" for r in rows))
                accs = lab.play(g, names, games, (ArmAccumulator, StatsAccumulator, OutcomeAccumulator,
                                                  CurveAccumulator),
                                replace=paths, on_records=write if records is not None else None)
                figures.append(accs)
            seat_runs = {}
            lab.pools = pools[0]
            for n in counts:
                if variants and game.variant_problem(sorted(variants), n) is not None:
                    continue  # a variant for some player counts only
                seat_runs[n] = lab.play(game, [mirror] * n, seat_games, (OutcomeAccumulator,),
                                        replace=replace[0])[0].outcomes
    except WriteFailed as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    finally:
        if records is not None and records.error is None:
            records.commit()
    report_arms = []
    for label, (arm, stats, outcomes, curves) in zip(labels, figures):
        report_arms.append(Arm(label, arm.outcomes.figures(), stats.stats, outcomes.outcomes, curves,
                               has_score=game.score is not None))
    comparison = None
    if len(figures) > 1:
        comparison = Comparison(names, figures[0][0].outcomes, figures[1][0].outcomes, (labels[0], labels[1]))
    meta = [f"{games} games{' per arm' if comparison else ''}, seed {seed}, every seating in turn; bots: {', '.join(names)}"
            + (f"; variant {', '.join(sorted(variants))}" if variants else "") + f"; cards: {labels[0]}"]
    if seat_runs:
        meta.append(f"seat test: {seat_games} games of {mirror} against itself at each of "
                    f"{', '.join(map(str, seat_runs))} players")
    page = render_report(Report(f"{game.title}: balance report", meta, report_arms, comparison, seat_runs, mirror))
    try:
        write_whole(out, page, "-o")  # whole or not at all
    except WriteFailed as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    typer.echo(f"wrote {out} ({figures[0][0].outcomes.games} games{', A/B' if comparison else ''}, "
               f"{len(page) // 1024} KB)")
