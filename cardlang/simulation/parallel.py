"""Run a simulation's games in batches on any `concurrent.futures` executor: this process, a local process
pool (every core), or a Dask cluster (`dask://HOST:N`, the optional extra `cardlang[dask]`).

A `Job` is plain data (a game id, bot names, numbers): each worker loads and compiles the game once, keyed
by the job's sources, and plays batches of game indices. Results come back as `simulate.Batch` objects and
are merged in game order, so totals, accumulators and per-game lines never depend on how many workers ran
or how the range was cut. Knows no game; knows nothing of the command line (cardlang/cli prints the outcome).
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, Executor, Future, wait
from dataclasses import dataclass, field
from typing import Callable

from cardlang.runtime.engine import MAX_TURNS
from cardlang.simulation.simulate import Batch, Totals, game_seed, play_games

TARGET_SECONDS = 0.5   # aim for batches this long: per-task overhead stays around 1% ...
MIN_SECONDS = 0.1      # ... and never below this (the floor), except for the very first probes
FIRST_BATCH = 2        # the first batches only measure how long a game takes


@dataclass(frozen=True)
class Job:
    """What to play, as names and numbers only (it is pickled to every worker)."""

    game: str
    players: tuple[str, ...]
    seed: int
    extra: tuple[str, ...] = ()                 # --with folders
    replace: tuple[str, ...] = ()               # card files or folders replacing the game's cards (an A/B arm)
    kingdom: tuple[str, object] | None = None   # (pool name, "random" or a tuple of card names)
    variants: tuple[str, ...] = ()
    records: bool = False                       # return one record per game (for --per-game)
    check: bool = False                         # check the invariants after every mutation ...
    check_every: int = 1                        # ... of every game with index % check_every == 0 (else: at its end)
    max_turns: int = MAX_TURNS
    accumulators: tuple = ()                    # classes, pickled by name: cls(game, players) per batch
    banned: tuple = ()                          # ((bot index, card names), ...): cards a bot may not choose
    passes: tuple[str, ...] | None = None       # the passes the game is compiled with (None: all; --no-opt: ())


class RunFailed(Exception):
    """A batch could not be played (a worker died, a source error, a lost cluster). The message says which
    batch and its seeds, so a game can be replayed alone."""


@dataclass
class Outcome:
    totals: Totals
    accumulators: list
    violations: list[dict] = field(default_factory=list)
    partial: bool = False      # interrupted: these are the totals of the games finished so far
    seconds: float = 0.0       # wall clock
    stopped_by: int = signal.SIGINT  # what interrupted a partial run (Ctrl-C; SIGTERM from kill or timeout)

    @property
    def exit_code(self) -> int:
        """The exit code of a partial run, as a shell reports a program stopped by its signal (130, 143)."""
        return 128 + int(self.stopped_by)


# ---- the worker side ------------------------------------------------------------------------------------

_LOADED: dict[tuple, tuple] = {}  # one compiled game (and its pools) per job source, per worker process


def _key(job: Job) -> tuple:
    return (job.game, job.extra, job.replace, job.kingdom, job.passes, os.environ.get("CARDLANG_HOME"))


def prime(job: Job, game) -> None:
    """Hand this process a game it has already compiled (the parent, playing batches in-process)."""
    _LOADED[_key(job)] = (game, _pools(game, job))


def _pools(game, job: Job):
    if job.kingdom is None:
        return None
    name, chosen = job.kingdom
    if chosen == "random":
        return {name: "random"}
    by_name = game.defs_by_name
    return {name: [by_name[n] for n in chosen]}


def _loaded(job: Job):
    key = _key(job)
    if key not in _LOADED:
        from pathlib import Path

        from cardlang.compile.game import load_game
        from cardlang.compile.passes import OPTIMISED, Options
        # the same call as the parent's, so a worker plays the same arm of an A/B run
        options = OPTIMISED if job.passes is None else Options(frozenset(job.passes))
        game = load_game(job.game, [Path(p) for p in job.extra], replace=[Path(p) for p in job.replace] or None,
                         options=options)
        _LOADED[key] = (game, _pools(game, job))
    return _LOADED[key]


def games_loaded() -> int:
    """How many games this worker process has compiled (one per job source, however many batches)."""
    return len(_LOADED)


def run_batch(job: Job, start: int, stop: int) -> Batch:
    """Play games START..STOP-1 of JOB (the function every worker runs)."""
    from cardlang.errors import CardLangError, ErrorList
    _playing(start)
    try:
        game, pools = _loaded(job)
        accs = [cls(game, list(job.players)) for cls in job.accumulators]
        return play_games(game, list(job.players), job.seed, start, stop, pools=pools, variants=job.variants,
                          records=job.records, accumulators=accs, check=job.check, max_turns=job.max_turns,
                          check_every=job.check_every, banned=job.banned)
    except ErrorList as e:  # the sources broke on this worker: say so instead of a pickled traceback
        return Batch(start, stop, Totals(list(job.players)), error="\n".join(x.render() for x in e.errors))
    except CardLangError as e:
        return Batch(start, stop, Totals(list(job.players)), error=e.render())
    finally:
        _playing(-1)


_BOARD = None  # (shared array, my slot) in a local pool's worker: which batch this worker is playing


def _worker_init(board=None) -> None:
    global _BOARD
    # Ctrl-C goes to the whole process group; the parent alone decides what happens (stop, print totals).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _stop_with(os.getppid())
    if board is None:
        return
    with board.get_lock():
        slot = next(i for i in range(0, len(board), 2) if board[i] == 0)
        board[slot], board[slot + 1] = os.getpid(), -1
    _BOARD = (board, slot)

    def stopped_by_the_pool(signum, frame) -> None:
        # The pool stops the others with SIGTERM when one dies: clear my slot, so the slot still naming a
        # batch is the worker that died by itself (SIGKILL, out of memory, a crash).
        board[slot + 1] = -1
        os._exit(1)
    signal.signal(signal.SIGTERM, stopped_by_the_pool)


def _stop_with(parent: int) -> None:
    """End this worker when PARENT ends, however it ended (SIGKILL, a crash, a signal it did not catch): a
    worker whose parent is gone would otherwise wait on the pool's queue for ever, and keep the
    resource tracker (which ends when the last process holding its pipe does) running too."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)
    threading.Thread(target=watch, name="cardlang-parent-watch", daemon=True).start()


def _playing(start: int) -> None:
    if _BOARD is not None:
        board, slot = _BOARD
        board[slot + 1] = start


# ---- executors ------------------------------------------------------------------------------------------

class InProcess(Executor):
    """Run each batch at once, in this process (--workers 1): the same code path with no pool."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        f.set_running_or_notify_cancel()
        try:
            f.set_result(fn(*args, **kwargs))
        except KeyboardInterrupt:
            raise
        except BaseException as e:  # noqa: BLE001 - handed back like a pool's failure
            f.set_exception(e)
        return f


def local_pool(workers: int) -> Executor:
    # spawn, not fork: a worker must load the game from names (as on a cluster), never inherit it
    ctx = multiprocessing.get_context("spawn")
    from concurrent.futures import ProcessPoolExecutor
    board = ctx.Array("q", 2 * workers)
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_worker_init, initargs=(board,))
    pool.cardlang_board = board  # read by _lost() to name the batch of a worker that died
    return pool


def parse_dask_address(text: str) -> str | None:
    """`dask://HOST:N` -> `tcp://HOST:N`, `dask+tls://HOST:N` -> `tls://HOST:N`; None when TEXT is not of
    that form."""
    for prefix, scheme in (("dask://", "tcp://"), ("dask+tls://", "tls://")):
        if text.startswith(prefix):
            rest = text[len(prefix):]
            host, _, number = rest.rpartition(":")
            if not host or not number.isdigit() or "/" in rest or not 0 < int(number) < 65536:
                return None
            return scheme + rest
    return None


def dask_executor(address: str, timeout: float = 5.0):
    """(executor, worker threads, close) for a Dask scheduler. Raises RunFailed when the extra is missing, or
    when no Dask scheduler answers at ADDRESS within TIMEOUT seconds (saying what was found there instead).

    Dask carries pickles over its connections: a `tcp://` cluster runs whatever anyone who can reach its
    addresses sends, and sees the games in plain text. `tls://` (given as dask+tls://HOST:N) uses the TLS settings
    of Dask's own configuration (distributed.comm.tls: ca-file, client cert and key), as `dask scheduler
    --tls-ca-file ...` does on the other side."""
    try:
        from distributed import Client
    except ImportError:
        raise RunFailed("--executor dask:// needs the Dask extra: pip install 'cardlang[dask]'") from None
    import dask

    from cardlang.simulation.dask_probe import NotAScheduler, probe
    scheme, _, rest = address.partition("://")
    host, _, number = rest.rpartition(":")
    shown = f"dask{'+tls' if scheme == 'tls' else ''}://{rest}"
    security, tls = None, None
    if scheme == "tls":
        from distributed.security import Security
        try:
            security = Security(require_encryption=True)
            tls = security.get_connection_args("client")["ssl_context"]
        except (OSError, ValueError, TypeError) as e:
            raise RunFailed(f"--executor {shown}: Dask's TLS settings cannot be used ({e}); set "
                            "distributed.comm.tls.ca-file, client.cert and client.key in Dask's configuration "
                            "(e.g. DASK_DISTRIBUTED__COMM__TLS__CA_FILE)") from None
        if tls is None:
            raise RunFailed(f"--executor {shown}: Dask's configuration names no TLS certificates; set "
                            "distributed.comm.tls.ca-file, client.cert and client.key "
                            "(e.g. DASK_DISTRIBUTED__COMM__TLS__CA_FILE)")
    try:  # bounded, and says what answered: Dask itself retries for a minute and trusts the peer's frames
        probe(host.strip("[]"), int(number), timeout, tls)
    except NotAScheduler as e:
        raise RunFailed(f"no Dask scheduler at {shown}: {e}") from None
    try:
        with dask.config.set({"distributed.comm.timeouts.connect": f"{timeout:g}s"}):
            client = Client(address, timeout=timeout, set_as_default=False, security=security)
    except (OSError, TimeoutError, ValueError) as e:
        raise RunFailed(f"cannot reach the Dask scheduler at {shown} within {timeout:g} s ({e.__class__.__name__})"
                        "; is `dask scheduler` running there?") from None
    threads = sum(client.nthreads().values()) or 1
    return client.get_executor(pure=False), threads, client.close


# ---- the parent side ------------------------------------------------------------------------------------

def _sized(per_game: float | None, remaining: int, slots: int) -> int:
    if per_game is None:
        return min(FIRST_BATCH, remaining)
    size = max(1, int(TARGET_SECONDS / max(per_game, 1e-6)))
    # Near the end, smaller batches keep every worker busy; never below the overhead floor.
    size = min(size, max(-(-remaining // (2 * slots)), int(MIN_SECONDS / max(per_game, 1e-6)), 1))
    return max(1, min(size, remaining, 5000))


def describe_batch(job: Job, start: int, stop: int) -> str:
    seeds = [game_seed(job.seed, g) for g in range(start, min(stop, start + 12))]
    more = f", ... ({stop - start} games)" if stop - start > 12 else ""
    return f"games {start}-{stop - 1}, seeds {', '.join(map(str, seeds))}{more}"


def replay_command(job: Job, g: int, count: int = 1) -> str:
    """A command that plays games G..G+COUNT-1 of JOB alone, with the same seeds, seats and options."""
    parts = ["cardlang", "simulate", job.game, "--players", ",".join(job.players), "--seed", str(job.seed),
             "--start", str(g), "--games", str(count), "--workers", "1"]
    if job.kingdom is not None:
        parts += ["--kingdom", job.kingdom[1] if job.kingdom[1] == "random" else ",".join(job.kingdom[1])]
    for v in job.variants:
        parts += ["--variant", v]
    for p in job.extra:
        parts += ["--with", p]
    if job.replace:  # simulate has no option for it: say which cards the arm played instead
        parts.append(f"(with the cards of {', '.join(job.replace)} in place of the game's)")
    for bot, cards in job.banned:  # an ablation (cardlang impact): simulate has no option for it either
        parts.append(f"(with {', '.join(sorted(cards)) or 'no card'} out of {job.players[bot]}'s choices)")
    if job.check:
        parts.append("--check")
    if job.max_turns != MAX_TURNS:
        parts += ["--max-turns", str(job.max_turns)]
    return " ".join(parts)


def _stop_local_workers(executor: Executor) -> None:
    executor.shutdown(wait=False, cancel_futures=True)
    for p in multiprocessing.active_children():  # the pool's processes: stop them now, not after a batch
        p.terminate()
    for p in multiprocessing.active_children():
        p.join(timeout=2)


def run(job: Job, games: int, executor: Executor, slots: int, *, start: int = 0,
        on_records: Callable[[list[dict]], None] | None = None,
        on_progress: Callable[[int], None] | None = None, local: bool = True) -> Outcome:
    """Play games START..START+GAMES-1 of JOB in batches on EXECUTOR (SLOTS batches at a time per worker
    slot, two in flight each). Batches are merged, and records handed to ON_RECORDS, in game order.
    Ctrl-C returns the totals of the batches finished so far, marked partial."""
    began = time.perf_counter()
    end = start + games
    merged = Batch(start, start, Totals(list(job.players)))
    merged.accumulators = []
    first = True
    pending: dict[Future, tuple[int, int]] = {}
    started: set[Future] = set()
    done_batches: dict[int, Batch] = {}   # finished, waiting for the batches before them
    next_start = start
    next_merge = start
    per_game: float | None = None
    finished = 0

    def merge_ready() -> None:
        nonlocal next_merge, first
        while next_merge in done_batches:
            b = done_batches.pop(next_merge)
            if on_records is not None and b.records:
                on_records(b.records)
            b.records = None
            if first:
                merged.accumulators = b.accumulators
                first = False
                b.accumulators = []
            merged.merge(b)
            next_merge = b.stop

    stop_asked = _StopNoted(not isinstance(executor, InProcess))
    try:
        while next_merge < end:
            if stop_asked():
                raise KeyboardInterrupt
            while next_start < end and len(pending) < 2 * slots:
                size = _sized(per_game, end - next_start, slots)
                stop = next_start + size
                pending[executor.submit(run_batch, job, next_start, stop)] = (next_start, stop)
                next_start = stop
                if per_game is None and len(pending) >= slots:
                    break  # measure before cutting the rest
            done, _ = wait(list(pending), timeout=0.25, return_when=FIRST_COMPLETED)
            started.update(f for f in pending if f.running())
            for f in done:
                a, b = pending.pop(f)
                started.discard(f)  # keep nothing of a finished batch: memory stays flat however long the run
                batch = _result(f, job, a, b, pending, started, executor)
                if batch.error is not None:
                    raise RunFailed(f"batch of {describe_batch(job, a, b)} stopped:\n{batch.error}")
                done_batches[a] = batch
                finished += b - a
                if b > a and batch.seconds > 0:
                    per_game = batch.seconds / (b - a) if per_game is None else 0.5 * per_game + 0.5 * (
                        batch.seconds / (b - a))
                if on_progress is not None:
                    on_progress(finished)
            if not done and on_progress is not None:
                on_progress(finished)
            merge_ready()
    except KeyboardInterrupt:
        by = stop_asked.asked or signal.SIGINT
        stop_asked.ignore_more()  # a second Ctrl-C while the workers stop is noted, not raised
        if local:
            _stop_local_workers(executor)
        else:
            for f in pending:
                f.cancel()
        # Finished batches after a gap are real games too: merge them in game order (records as well).
        for a in sorted(done_batches):
            next_merge = a
            merge_ready()
        return Outcome(merged.totals, merged.accumulators, merged.violations, True, time.perf_counter() - began,
                       stopped_by=by)
    except BaseException:
        if local:
            _stop_local_workers(executor)
        raise
    finally:
        stop_asked.restore()
    return Outcome(merged.totals, merged.accumulators, merged.violations, False, time.perf_counter() - began)


class _StopNoted:
    """While a pool runs, Ctrl-C (SIGINT), SIGTERM (what `kill` and `timeout` send) and SIGHUP (a closed
    terminal) are only noted, and the loop stops at its next turn (a quarter of a second at most), stopping the
    workers and returning the totals so far: raised as it comes, KeyboardInterrupt could land inside the
    pool's own locks and pipes (a submit, the wakeup of its manager thread) and leave the run waiting on them
    forever, or cut a per-game line in two; and SIGTERM's default would end this process alone, leaving the
    workers behind. Only in the main thread, and only for a signal left to its default (a run started in the
    background keeps ignoring Ctrl-C; a program that handles SIGTERM itself keeps its handler); a run in this
    process (InProcess) is interrupted where it is, as any Python program. `asked`: the signal noted, or 0."""

    _SIGNALS = tuple(getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n))

    def __init__(self, enabled: bool) -> None:
        self.asked = 0
        self.before: dict = {}
        if not enabled or threading.current_thread() is not threading.main_thread():
            return
        for sig in self._SIGNALS:
            default = signal.default_int_handler if sig == signal.SIGINT else signal.SIG_DFL
            if signal.getsignal(sig) is default:
                self.before[sig] = signal.signal(sig, self._note)

    def _note(self, signum, frame) -> None:
        self.asked = self.asked or signum

    def __call__(self) -> bool:
        return bool(self.asked)

    def ignore_more(self) -> None:
        self.asked = 0

    def restore(self) -> None:
        for sig, handler in self.before.items():
            signal.signal(sig, handler)
        self.before = {}


def run_adaptive(job: Job, games: int, slots: int, make_pool: Callable[[], Executor], *, start: int = 0,
                 on_records: Callable[[list[dict]], None] | None = None,
                 on_progress: Callable[[int], None] | None = None, probe: int = 8,
                 local_seconds: float = 1.0, close_pool: bool = True) -> Outcome:
    """Like `run` on a pool from MAKE_POOL, but the first PROBE games are played here first: when the rest
    would take under LOCAL_SECONDS they are played here too, and no pool is started for a short run.
    The games and their order are the same either way. The parent must have been `prime`d with the game.
    CLOSE_POOL=False leaves the pool to the caller (who plays several runs on it: the arms of an A/B run)."""
    first = run(job, min(probe, games), InProcess(), 1, start=start, on_records=on_records,
                on_progress=on_progress)
    done = first.totals.games + len(first.violations)
    if first.partial or done >= games:
        return first
    rest_games = games - done
    local = first.seconds / done * rest_games < local_seconds
    pool = InProcess() if local else make_pool()
    progress = None if on_progress is None else (lambda n: on_progress(done + n))
    try:
        rest = run(job, rest_games, pool, 1 if local else slots, start=start + done, on_records=on_records,
                   on_progress=progress, local=True)
    finally:
        if close_pool:
            pool.shutdown(wait=True)
    first.totals.merge(rest.totals)
    for ours, theirs in zip(first.accumulators, rest.accumulators):
        ours.merge(theirs)
    return Outcome(first.totals, first.accumulators, first.violations + rest.violations, rest.partial,
                   first.seconds + rest.seconds, rest.stopped_by)


def _result(f: Future, job: Job, a: int, b: int, pending: dict, started: set, executor: Executor) -> Batch:
    try:
        return f.result()
    except Exception as e:  # noqa: BLE001 - turned into one message naming the batches that were lost
        from concurrent.futures.process import BrokenProcessPool
        if isinstance(e, BrokenProcessPool):
            what = "a worker died (killed, or out of memory?)"
            lost = _died_playing(executor, [(a, b)] + list(pending.values()))
        elif e.__class__.__name__ == "KilledWorker":  # Dask names the very task whose workers died
            what, lost = "the Dask workers playing a batch died (killed, or out of memory?)", []
        else:
            what, lost = f"a batch failed ({e.__class__.__name__}: {e})", []
        lost = lost or sorted([(a, b)] + [pending[x] for x in pending if x in started])
        lines = [f"{what} while playing {'this batch' if len(lost) == 1 else 'one of these batches'}; "
                 "nothing of it is reported:"]
        for x, y in lost:
            lines.append(f"  {describe_batch(job, x, y)}")
        x, y = lost[0]
        lines.append(f"replay the batch in one process: {replay_command(job, x, y - x)}")
        lines.append(f"replay a game alone, e.g. the first: {replay_command(job, x)}")
        raise RunFailed("\n".join(lines)) from None


def _died_playing(executor: Executor, ranges: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The batches whose local worker died by itself: its slot on the board still names them once the pool
    has stopped the others (see _worker_init)."""
    board = getattr(executor, "cardlang_board", None)
    if board is None:
        return []
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.05)
    starts = {board[i + 1] for i in range(0, len(board), 2) if board[i] and board[i + 1] >= 0}
    return sorted(r for r in ranges if r[0] in starts)
