"""The suite's order: its slowest files first. `pytest -n auto` (pytest-xdist's `load` schedule) hands tests
to the workers in the order collected, the first quarter at once and the rest as each worker's queue runs
low; the slowest tests, collected last (tests/test_mutations.py, a minute of CPU a game), left one worker
busy for minutes after the other had finished. Run first, they are spread over both workers while the many
short tests fill in the ends. Only the order changes: every test still runs, alone as in the suite.
"""
from __future__ import annotations

import gc

import pytest

# Slowest first (durations of a full run on 2 cores): each file's tests keep their own order.
SLOW_FIRST = (
    "tests/test_mutations.py",
    "tests/render/test_sheets_browser.py",
    "tests/compile/test_cache_threads.py",
    "tests/search/test_search_fair.py",
    "tests/compile/test_passes.py",
    "tests/compile/test_counter_passes.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    rank = {path: i for i, path in enumerate(SLOW_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::", 1)[0], len(SLOW_FIRST)))


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker's last collections, made before it reports its session finished, and the heap frozen.
    After that report the controller closes the worker's channel, and execnet, finding the worker still busy
    5 s later, sends it SIGINT: pytest's own clean-up collects garbage five times (for late unraisable
    exceptions), and over a worker's heap of loaded games that took longer on a loaded machine. The
    KeyboardInterrupt then landed in whatever Python ran, hypothesis' gc callback among others, and every full
    run ended with a PytestUnraisableExceptionWarning. Collected here, anything unraisable is still reported
    by that clean-up; frozen, the heap is not walked again."""
    if hasattr(session.config, "workerinput"):
        for _ in range(5):
            gc.collect()
        gc.freeze()
