"""The code objects of a game's generated functions, kept in the user's cache between processes.

Loading a game generates its functions in a fixed order, and the same sources compiled by the same
cardlang give the same functions in the same order (tests/compile/test_codecache.py checks it across hash
seeds). A load of sources that checked clean stores its code objects (marshal: code and constants only,
never the compiled values they use) under a key of every source's path and bytes. The next load of the
same sources still runs the compiler's rules, and binds each stored code object to the namespace of
compiled values it needs (a primitive's run function, a span, a card definition) instead of placing and
compiling the function again. Each stored function also keeps its file name, function name and the names
of its namespace in order: a load that asks for another function has found a stale entry, and is compiled
again from scratch (cardlang/compile/game.py); a namespace other than the stored one has its function
compiled afresh (codegen.Unbound). An entry ends where the load's checks that can only
find errors begin: a load that has taken all of it by then skips them (`checks_known_clean`). Knows nothing
of games.

A function the entry holds next is not generated while the game loads: it is made from the stored code
object, and generated for its namespace when first run (codegen.Unbound, leaving out what only shapes
its code: codegen.Gen.replay). What the compiler found by walking the sources to decide what to generate
(the names each block keeps in locals, the verbs that never nest, the order of the cards' abilities, the
rules texts) is stored beside the code as plain data, in the order the load asks for it (`recall`). An
entry is `(functions, facts)`.
"""
from __future__ import annotations

import marshal
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from cardlang.cache import read_entry, write_entry
from cardlang.compile import codegen

KIND = "code"


class CodeLog:
    """The functions of one load: the stored ones handed out in order, the compiled ones recorded; and the
    same for the facts the compiler found in the sources (recall)."""

    def __init__(self, key: bytes, stored: list | None, facts: list | None = None) -> None:
        self.key = key
        self.stored = stored
        self.pos = 0
        self.recorded: list[tuple[str, str, tuple[str, ...], Any]] = []
        self.stale = False  # asked for a function the entry does not hold: compile all of it again
        self.checks_at: int | None = None  # functions made before the checks that can only find errors
        self.stored_facts = facts if stored is not None else None
        self.facts: list = []  # the facts of this load, in order (taken or computed)
        self.facts_at: int | None = None  # facts found before those checks

    def checks_known_clean(self) -> bool:
        """Called where the load reaches the checks that can only find errors (bots, verb cycles), which
        compile functions of their own (the bots' conditions) that the entry does not keep: True when every
        function so far came from the entry and it holds no more. The entry was stored by a clean load of
        the same sources by the same cardlang, so those checks found nothing there and would find nothing
        here: the load may skip them (a bot is then compiled when it is first asked for)."""
        self.checks_at, self.facts_at = len(self.recorded), len(self.facts)
        return self.complete

    def expects(self, filename: str, fn_name: str) -> bool:
        """Is the entry's next function named so? Then the function about to be generated is taken from it
        (take_expected) without being generated while the game loads (codegen.Unbound)."""
        if self.stored is None or self.stale or self.pos >= len(self.stored):
            return False
        f, n, _, _ = self.stored[self.pos]
        return f == filename and n == fn_name

    def take_expected(self) -> tuple[tuple[str, ...], Any]:
        """The names of the namespace and the code object of the function `expects` found next. Whether
        the namespace is that one is known only when the function is bound to it (codegen.Unbound.bind),
        which compiles the function afresh when it is not."""
        f, n, names, code = self.stored[self.pos]
        self.pos += 1
        self.recorded.append((f, n, names, code))
        return names, code

    def lacks(self) -> None:
        """A function is being compiled that the entry does not hold next (`expects` said no): an entry
        there is stale, and the load compiles everything again (game.py)."""
        if self.stored is not None:
            self.stale = True

    def recall(self, compute: Callable[[], Any]) -> Any:
        """A fact of the sources the compiler needs to generate the same functions (what an analysis of
        them decided: the names a block keeps in locals, the verbs that never nest, the cards' rules text):
        the entry's next one while the load takes its functions from the entry, else COMPUTE(). Facts are
        marshal data only (names, numbers, texts), asked in the same order by every load of the same
        sources by the same cardlang, so the next one stored is the one a load would compute; were the
        entry wrong, a function it lacks makes it stale and the load starts again, computing all."""
        stored = self.stored_facts
        if stored is not None and not self.stale and len(self.facts) < len(stored):
            value = stored[len(self.facts)]
        else:
            value = compute()
        self.facts.append(value)
        return value

    def record(self, filename: str, fn_name: str, ns: dict, code: Any) -> None:
        self.recorded.append((filename, fn_name, tuple(ns), code))

    @property
    def complete(self) -> bool:
        """Every function and fact came from the entry, and the entry held no more: nothing to store."""
        facts = len(self.facts) if self.facts_at is None else self.facts_at
        return (self.stored is not None and not self.stale and self.pos == len(self.stored)
                and self.stored_facts is not None and facts == len(self.stored_facts))

    def save(self) -> None:
        """Store what this load compiled up to its checks (call it only for a load without errors)."""
        if self.complete:
            return
        try:
            payload = marshal.dumps((self.recorded[:self.checks_at], self.facts[:self.facts_at]))
        except ValueError:  # a fact that is not plain data (a bug of the compiler's): nothing is stored
            return
        write_entry(KIND, self.key, payload)


def open_log(key: bytes) -> CodeLog:
    """The log for a load of sources with this key, holding the stored functions if there are any."""
    data = read_entry(KIND, key)
    stored = facts = None
    if data is not None:
        try:
            entry = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            entry = None
        if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], list) and isinstance(entry[1], list):
            stored, facts = entry
    return CodeLog(key, stored, facts)


def recall(compute: Callable[[], Any]) -> Any:
    """COMPUTE(), an analysis of the sources that decides what is generated (the names a block may keep in
    locals, the verbs that never nest): while a game loads, the value a load of the same sources stored in
    its entry, if there is one, else computed and recorded (CodeLog.recall)."""
    log = codegen.loading.code_log
    return log.recall(compute) if log is not None else compute()


def cached_code(key: bytes, generated: list, make: Callable[[], Any]) -> Any:
    """MAKE() with the code objects of the functions it generates taken from the user's cache entry under
    KEY, as a load takes them, and stored there when they are not (a bot, compiled after its game loaded).
    An entry that turns out not to be MAKE's is left, and MAKE runs again compiling all, as a load does
    (what the first try added to GENERATED, the compiler's list of modules, is dropped)."""
    before = len(generated)
    log = open_log(key)
    with generating(log):
        made = make()
    if log.stale:
        del generated[before:]
        log = CodeLog(key, None)
        with generating(log):
            made = make()
    log.save()
    return made


@contextmanager
def generating(log: CodeLog | None) -> Iterator[None]:
    """Let codegen take and record code objects through LOG while the block runs."""
    before = codegen.loading.code_log
    codegen.loading.code_log = log
    try:
        yield
    finally:
        codegen.loading.code_log = before
