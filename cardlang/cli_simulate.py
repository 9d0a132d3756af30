"""The `simulate` command's work: choose the executor (this process, a local pool, a Dask cluster), run the
batches with a progress bar, write the per-game lines in game order, and print the totals (a table or one
JSON object; partial after Ctrl-C, exit 130). Knows no game; cli.py parses and checks the arguments.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import typer

from cardlang.parallel import InProcess, Job, Outcome, RunFailed, dask_executor, local_pool, parse_dask_address
from cardlang.parallel import prime, replay_command, run, run_adaptive
from cardlang.progress import Progress


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def make_job(game, names: list[str], seed: int, *, pools=None, variants=(), records=False, check=False,
             max_turns: int = 1000, extra=None, accumulators=()) -> Job:
    kingdom = None
    if pools:
        (name, chosen), = pools.items()
        kingdom = (name, "random" if chosen == "random" else tuple(d.name for d in chosen))
    # absolute paths: a worker (on a cluster above all) may not share this working folder
    folders = tuple(str(Path(p).resolve()) for p in extra or ())
    return Job(game.id, tuple(names), seed, extra=folders, kingdom=kingdom, variants=tuple(sorted(variants)),
               records=records, check=check, max_turns=max_turns, accumulators=tuple(accumulators))


def run_job(game, names: list[str], games: int, seed: int, *, pools=None, variants=(), per_game: Path | None,
            workers: int | None, executor: str | None, start: int, check: bool, max_turns: int, extra=None,
            quiet: bool = False, accumulators=()) -> tuple[Outcome, Job]:
    job = make_job(game, names, seed, pools=pools, variants=variants, records=per_game is not None, check=check,
                   max_turns=max_turns, extra=extra, accumulators=accumulators)
    close = None
    local = True
    if executor is not None:
        address = parse_dask_address(executor)
        if address is None:
            typer.echo(f"error: --executor {executor}: expected dask://HOST:N, the scheduler's address "
                       "(e.g. dask://127.0.0.1:8786)", err=True)
            raise typer.Exit(code=2)
        try:
            pool, slots, close = dask_executor(address)
        except RunFailed as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(code=1) from None
        local = False
    else:
        # --workers N asks for N processes; by default every core, but a short run stays in this process.
        slots = min(workers or default_workers(), games)
        prime(job, game)
        pool = InProcess() if slots <= 1 or workers is None else local_pool(slots)
    out = open(per_game, "w", encoding="utf-8") if per_game else None

    def write(records: list[dict]) -> None:
        out.write("".join(json.dumps(r) + "\n" for r in records))
    bar = Progress(games, sys.stderr, enabled=not quiet)
    try:
        if local and workers is None and slots > 1:
            outcome = run_adaptive(job, games, slots, lambda: local_pool(slots), start=start,
                                   on_records=write if out else None, on_progress=bar)
        else:
            outcome = run(job, games, pool, slots, start=start, on_records=write if out else None,
                          on_progress=bar, local=local)
    except RunFailed as e:
        bar.close()
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    finally:
        bar.close()
        if out is not None:
            out.close()
        if close is not None:
            close()
        elif local and not isinstance(pool, InProcess):
            pool.shutdown(wait=True)
    return outcome, job


def print_outcome(game, job: Job, o: Outcome, requested: int, *, json_: bool, start: int = 0) -> None:
    t, names = o.totals, list(job.players)
    gps = t.games / o.seconds if o.seconds else 0.0
    if json_:
        obj = {"game": game.id, "games": t.games, "seed": job.seed, "first_game": start, "players": names,
               "variants": list(job.variants), "wins": t.wins,
               "win_intervals": [list(t.interval(i)) for i in range(len(names))], "ties": t.ties,
               "stopped": t.stopped, "mean_turns": round(t.mean_turns, 3), "median_turns": t.median_turns,
               "partial": o.partial, "games_per_second": round(gps, 1)}
        if job.check:
            obj["max_turns"] = job.max_turns
            obj["violations"] = o.violations
        for acc in o.accumulators:  # figures an accumulator reports under its own key (e.g. "stats")
            obj[acc.json_key] = acc.to_json()
        typer.echo(json.dumps(obj))
    else:
        _table(game, job, o, requested, gps)
        for acc in o.accumulators:
            for line in acc.text_lines():
                typer.echo(line)
    if o.partial:
        raise typer.Exit(code=130)
    if o.violations:
        raise typer.Exit(code=1)


def _table(game, job: Job, o: Outcome, requested: int, gps: float) -> None:
    t, names = o.totals, list(job.players)
    extra = f", variant {', '.join(job.variants)}" if job.variants else ""
    if o.partial:
        typer.echo(f"PARTIAL (interrupted): {t.games} of {requested} games finished; these are their totals")
    typer.echo(f"{game.title}: {t.games} games, seed {job.seed}, seats rotating{extra}")
    typer.echo(f"{'player':24} {'wins':>8} {'win %':>7} {'95% interval':>16}")
    for i, n in enumerate(names):
        lo, hi = t.interval(i)
        label = f"{n} #{i + 1}" if names.count(n) > 1 else n
        pct = 100 * t.wins[i] / t.games if t.games else 0.0
        typer.echo(f"{label:24} {t.wins[i]:8.1f} {pct:6.1f}% {100 * lo:7.1f}-{100 * hi:5.1f}%")
    typer.echo(f"ties: {t.ties}   stopped at the turn limit ({job.max_turns}): {t.stopped}")
    typer.echo(f"turns per game (all players): mean {t.mean_turns:.1f}, median {t.median_turns:.1f}")
    if job.check:
        typer.echo(f"invariant violations: {len(o.violations)}")
        for v in o.violations[:20]:
            typer.echo(f"  game {v['game']} (seed {v['seed']}, seats {','.join(v['seats'])}): {v['error']}")
            typer.echo(f"    replay: {replay_command(job, v['game'])}")
    typer.echo(f"speed: {gps:.0f} games/second")
