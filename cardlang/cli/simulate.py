"""The work of `simulate`, `compare` and `report`: choose the executor (this process, a local pool, a Dask
cluster), run the batches with a progress bar, write the per-game lines in game order, and print the totals
(a table or one JSON object; partial after Ctrl-C, exit 130). The arms of an A/B run are two jobs on the same
executor, each collecting its games' outcomes with an accumulator, so they too give the same figures for any
number of workers. Knows no game; cli/lab.py parses and checks the arguments.
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import typer

from cardlang.simulation.parallel import InProcess, Job, Outcome, RunFailed, dask_executor, local_pool, parse_dask_address
from cardlang.simulation.parallel import prime, replay_command, run, run_adaptive
from cardlang.cli.progress import Progress


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def make_job(game, names: list[str], seed: int, *, pools=None, variants=(), records=False, check=False,
             max_turns: int = 1000, extra=None, replace=None, accumulators=(), banned=()) -> Job:
    kingdom = None
    if pools:
        (name, chosen), = pools.items()
        kingdom = (name, "random" if chosen == "random" else tuple(d.name for d in chosen))
    # absolute paths: a worker (on a cluster above all) may not share this working folder
    folders = tuple(str(Path(p).resolve()) for p in extra or ())
    replaced = tuple(str(Path(p).resolve()) for p in replace or ())
    options = game.facts.options  # the passes the parent compiled with (--no-opt): the workers' too
    passes = None if options.key == b"" else tuple(sorted(options.passes))
    return Job(game.id, tuple(names), seed, extra=folders, replace=replaced, kingdom=kingdom,
               variants=tuple(sorted(variants)), records=records, check=check, max_turns=max_turns,
               accumulators=tuple(accumulators), banned=tuple(banned), passes=passes)


class Runner:
    """Where one command plays its games: this process, a local pool (--workers N; by default every core,
    but a short run stays here) or a Dask cluster (--executor dask://HOST:N). One pool serves all the runs
    of a command (both arms of an A/B comparison); `close()` (or leaving the `with`) stops it. A bad
    --executor or an unreachable scheduler is an `error:` line and exit 2 or 1; so is a failed run."""

    def __init__(self, games: int, workers: int | None, executor: str | None, bar: Progress | None = None) -> None:
        self.bar = bar  # cleared before an error is printed
        self.pool = None
        self._close = None
        self.local = executor is None
        self.adaptive = False
        if executor is not None:
            address = parse_dask_address(executor)
            if address is None:
                typer.echo(f"error: --executor {executor}: expected dask://HOST:N, the scheduler's address "
                           "(e.g. dask://127.0.0.1:8786), or dask+tls://HOST:N for one that uses TLS", err=True)
                raise typer.Exit(code=2)
            try:
                self.pool, self.slots, self._close = dask_executor(address)
            except RunFailed as e:
                typer.echo(f"error: {e}", err=True)
                raise typer.Exit(code=1) from None
        else:
            # --workers N asks for N processes; by default every core, but a short run stays in this process.
            self.slots = min(workers or default_workers(), games)
            self.adaptive = workers is None and self.slots > 1
            if self.slots <= 1:
                self.pool = InProcess()
            elif not self.adaptive:
                self.pool = local_pool(self.slots)

    def _shared_pool(self):
        if self.pool is None:
            self.pool = local_pool(self.slots)
        return self.pool

    def play(self, game, job: Job, games: int, *, start: int = 0, on_records=None, on_progress=None) -> Outcome:
        """Games START..START+GAMES-1 of JOB (GAME: the parent's compiled copy of the job's game)."""
        try:
            if self.local:
                prime(job, game)
            if self.adaptive:
                return run_adaptive(job, games, self.slots, self._shared_pool, start=start, on_records=on_records,
                                    on_progress=on_progress, close_pool=False)
            return run(job, games, self.pool, self.slots, start=start, on_records=on_records,
                       on_progress=on_progress, local=self.local)
        except RunFailed as e:
            if self.bar is not None:
                self.bar.close()
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(code=1) from None

    def close(self) -> None:
        if self._close is not None:
            self._close()
        elif self.local and self.pool is not None and not isinstance(self.pool, InProcess):
            self.pool.shutdown(wait=True)
        self.pool = self._close = None

    def __enter__(self) -> "Runner":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def run_job(game, names: list[str], games: int, seed: int, *, pools=None, variants=(), per_game: Path | None,
            workers: int | None, executor: str | None, start: int, check: bool, max_turns: int, extra=None,
            quiet: bool = False, accumulators=()) -> tuple[Outcome, Job]:
    job = make_job(game, names, seed, pools=pools, variants=variants, records=per_game is not None, check=check,
                   max_turns=max_turns, extra=extra, accumulators=accumulators)
    bar = Progress(games, sys.stderr, enabled=not quiet)
    from cardlang.cli.outfile import OutputFile, WriteFailed
    try:
        with Runner(games, workers, executor, bar) as runner:
            out = OutputFile(per_game, "--per-game") if per_game else None

            def write(records: list[dict]) -> None:
                out.write("".join(json.dumps(r) + "\n" for r in records))
            try:
                outcome = runner.play(game, job, games, start=start, on_records=write if out else None,
                                      on_progress=bar)
            finally:
                bar.close()
                if out is not None and out.error is None:  # whole games, also of a run stopped early
                    out.commit()
    except WriteFailed as e:  # the file is removed, never left cut short; the workers were stopped
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    return outcome, job


def play_arms(arms: list, replace: list, names: list[str], games: int, seed: int, *, pools: list, variants=(),
              extra=None, workers: int | None, executor: str | None, quiet: bool = False, stats: bool = False,
              per_game: Path | None = None):
    """Play each arm (a compiled game, with REPLACE[i] the card files it was loaded with) on the same seeds,
    on one executor. Returns each arm's ArmOutcomes and, with STATS, the CardStats of the first arm. With
    PER_GAME, one JSON line per game goes there, arm A's games then arm B's, each marked with its "arm"."""
    from cardlang.lab.compare import ArmAccumulator
    from cardlang.lab.stats import StatsAccumulator
    bar = Progress(games * len(arms), sys.stderr, enabled=not quiet)
    outcomes, card_stats = [], None
    from cardlang.cli.outfile import OutputFile, WriteFailed
    try:
        out = OutputFile(per_game, "--per-game") if per_game else None  # whole or not at all
    except WriteFailed as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    try:
        with Runner(games, workers, executor, bar) as runner:
            for i, (game, paths) in enumerate(zip(arms, replace)):
                wanted = (ArmAccumulator, StatsAccumulator) if stats and i == 0 else (ArmAccumulator,)
                job = make_job(game, names, seed, pools=pools[i], variants=variants, extra=extra, replace=paths,
                               accumulators=wanted, records=out is not None)
                done = i * games

                def write(records: list[dict], arm: str = "AB"[i]) -> None:
                    out.write("".join(json.dumps({"arm": arm, **r}) + "\n" for r in records))
                o = runner.play(game, job, games, on_progress=lambda n, done=done: bar(done + n),
                                on_records=write if out is not None else None)
                if o.partial:
                    bar.close()
                    typer.echo(f"interrupted: {o.totals.games} of {games} games of arm {'AB'[i]} finished; "
                               "nothing is reported", err=True)
                    raise typer.Exit(code=o.exit_code)
                outcomes.append(o.accumulators[0].outcomes)
                if len(o.accumulators) > 1:
                    card_stats = o.accumulators[1].stats
    except WriteFailed as e:  # the file is removed, never left cut short; the workers were stopped
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    finally:
        bar.close()
        if out is not None and out.error is None:
            out.commit()
    return outcomes, card_stats


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
        raise typer.Exit(code=o.exit_code)
    if o.violations:
        raise typer.Exit(code=1)


def _table(game, job: Job, o: Outcome, requested: int, gps: float) -> None:
    t, names = o.totals, list(job.players)
    extra = f", variant {', '.join(job.variants)}" if job.variants else ""
    if o.partial:
        typer.echo(f"PARTIAL (interrupted): {t.games} of {requested} games finished; these are their totals")
    typer.echo(f"{game.title}: {t.games} games, seed {job.seed}, every seating in turn{extra}")
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
