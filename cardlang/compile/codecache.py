"""The code objects of a game's generated functions, kept in the user's cache between processes.

Loading a game generates its functions in a fixed order, and the same sources compiled by the same
cardlang give the same functions in the same order (tests/compile/test_codecache.py checks it across hash
seeds). A load of sources that checked clean stores its code objects (marshal: code and constants only,
never the compiled values they use) under a key of every source's path and bytes; the next load of the
same sources still runs the compiler, which builds each function's namespace of compiled values (a
primitive's run function, a span, a card definition), and binds it to the stored code object instead of
placing and compiling the function again. Each stored function also keeps its file name, function name
and the names of its namespace in order: a load that asks for anything else has found a stale entry, and is
compiled again from scratch (cardlang/compile/game.py). An entry ends where the load's checks that can only
find errors begin: a load that has taken all of it by then skips them (`checks_known_clean`). Knows nothing
of games.
"""
from __future__ import annotations

import marshal
from contextlib import contextmanager
from typing import Any, Iterator

from cardlang.cache import read_entry, write_entry
from cardlang.compile import codegen

KIND = "code"


class CodeLog:
    """The functions of one load: the stored ones handed out in order, the compiled ones recorded."""

    def __init__(self, key: bytes, stored: list | None) -> None:
        self.key = key
        self.stored = stored
        self.pos = 0
        self.recorded: list[tuple[str, str, tuple[str, ...], Any]] = []
        self.stale = False  # asked for a function the entry does not hold: compile all of it again
        self.checks_at: int | None = None  # functions made before the checks that can only find errors

    def checks_known_clean(self) -> bool:
        """Called where the load reaches the checks that can only find errors (bots, verb cycles), which
        compile functions of their own (the bots' conditions) that the entry does not keep: True when every
        function so far came from the entry and it holds no more. The entry was stored by a clean load of
        the same sources by the same cardlang, so those checks found nothing there and would find nothing
        here: the load may skip them (a bot is then compiled when it is first asked for)."""
        self.checks_at = len(self.recorded)
        return self.complete

    def take(self, filename: str, fn_name: str, ns: dict) -> Any:
        """The stored code object for the next function, if it is this one."""
        if self.stored is None or self.stale:
            return None
        if self.pos < len(self.stored):
            f, n, names, code = self.stored[self.pos]
            if f == filename and n == fn_name and names == tuple(ns):
                self.pos += 1
                self.recorded.append((f, n, names, code))
                return code
        self.stale = True
        return None

    def record(self, filename: str, fn_name: str, ns: dict, code: Any) -> None:
        self.recorded.append((filename, fn_name, tuple(ns), code))

    @property
    def complete(self) -> bool:
        """Every function came from the entry, and the entry held no more: nothing to store."""
        return self.stored is not None and not self.stale and self.pos == len(self.stored)

    def save(self) -> None:
        """Store what this load compiled up to its checks (call it only for a load without errors)."""
        if not self.complete:
            write_entry(KIND, self.key, marshal.dumps(self.recorded[:self.checks_at]))


def open_log(key: bytes) -> CodeLog:
    """The log for a load of sources with this key, holding the stored functions if there are any."""
    data = read_entry(KIND, key)
    stored = None
    if data is not None:
        try:
            stored = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            stored = None
        if not isinstance(stored, list):
            stored = None
    return CodeLog(key, stored)


@contextmanager
def generating(log: CodeLog | None) -> Iterator[None]:
    """Let codegen take and record code objects through LOG while the block runs."""
    before = codegen.code_log
    codegen.code_log = log
    try:
        yield
    finally:
        codegen.code_log = before
