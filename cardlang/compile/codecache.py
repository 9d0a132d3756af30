"""A game's compiled code as an artifact kept in the user's cache between processes, and the per-load object
that hands it out and records it (CodeLog). Knows nothing of games.

An artifact is what a clean load of some sources compiled: its generated modules in the order the load made
them, each with its file name, its function names, the names of its namespace in order (the manifest of the
constants its code refers to: a primitive's run function, a span, a card definition, another module's
function), its code object (marshal: code and constants only, never the compiled values it uses) and the
facts its generation decided (which names it keeps in locals, whether it reads names: plain data); plus the
game's named facts found by walking the sources (the verbs that never nest, the cards' rules texts). It is
stored under a key of every source's path and bytes (compile/sources.py load_key) and cardlang's own version
(cardlang/cache.py).

Linking: a later load of the same sources finds, among the artifact's facts, the game's plan (every value
the compile rules made, as symbols) and links the game from it, running no compile rule (compile/linked.py).
Without a plan (or with `load_game(linked=False)`), the load runs the compiler's rules (they check the sources
and make the compiled values), but takes each module from the artifact instead of generating it: its functions are
made from the stored code object and linked when first run (Unbound): each constant's symbol is
resolved against this load's compiler (Linker). A module with a constant that has no symbol (a function the
compile rules made for one call, closing over its arguments: naming those needs primitives that say what
they were built from) is generated again for its namespace only (generator.Gen.replay). A module the load
asks for that the artifact does not hold next makes it stale: the load compiles all afresh (game.py).

Nothing here is a module global: a CodeLog belongs to one load (or to one bot being compiled), is handed to
the compiler (Compiler.code_log) and from there to codegen's build functions, so two loads in two threads
or processes can never write into each other's artifact (tests/compile/test_cache_threads.py).
"""
from __future__ import annotations

import importlib
import marshal
import threading
import types
from typing import Any, Callable

from cardlang.cache import read_entry, write_entry
from cardlang.compile import codegen as G
from cardlang.errors import Span
from cardlang.primitives.types import REMADE
from cardlang.runtime.state import CardDef, CounterSpec

KIND = "code"
_CODE = type(compile("", "", "exec"))
_FORMAT = 3  # the artifact's layout; an entry of another layout is read as missing


class CodeLog:
    """The artifact of one load: the stored modules handed out in order and the compiled ones recorded; the
    stored named facts handed out and the computed ones recorded. KEY None: nothing is read or stored.
    CHECKING_ONLY: the load is for its errors only (codegen.build_functions compiles a function only if it
    runs)."""

    def __init__(self, key: bytes | None, stored: list | None = None, facts: dict | None = None, *,
                 checking_only: bool = False) -> None:
        self.key = key
        self.stored = stored
        self.stored_facts = facts if stored is not None else None
        self.checking_only = checking_only
        self.pos = 0
        self.recorded: list[tuple[str, str, tuple[str, ...], Any, tuple, tuple | None]] = []
        self.linker: Linker | None = None  # set when the compiler is known (attach)
        self.facts: dict[str, Any] = {}
        self.stale = False  # asked for a module the artifact does not hold next: compile all of it again
        self.fact_missing = False  # asked for a fact the artifact does not hold: store it anew
        self.checks_at: int | None = None  # modules made before the checks that can only find errors
        self.closed = False  # past checks_at
        self.lock = threading.RLock()  # binds its modules one at a time (Unbound.bind)
        # the artifacts of what the load's checks compiled under keys of their own (its bots: cached_code's
        # HOLD), stored with this one (`save`), so only once the load is known to have found no error
        self.held: list[CodeLog] = []

    def attach(self, comp: Any) -> "CodeLog":
        """Link this artifact's symbols against COMP, the compiler of the load (its cards, verbs, modules)."""
        self.linker = Linker(comp)
        return self

    def checks_known_clean(self) -> bool:
        """Called where the load reaches the checks that can only find errors (bots, verb cycles), which
        compile modules of their own (the bots' conditions) that the artifact does not keep: True when
        every module so far came from the artifact and it holds no more. The artifact was stored by a clean
        load of the same sources by the same cardlang, so those checks found nothing there and would find
        nothing here: the load may skip them (a bot is then compiled when it is first asked for)."""
        self.checks_at = len(self.recorded)
        complete = self.complete
        self.closed = True  # what the checks compile is not the artifact's: taken from it, or making it stale
        return complete

    def take(self, filename: str, fn_names: str) -> tuple[tuple[str, ...], Any, tuple, tuple | None] | None:
        """The namespace's names, code object, facts and symbols (Linker) of the module the artifact holds
        next, when it is the one named so (the load is about to make it): it is then not generated while the
        game loads (Unbound). None otherwise, and the artifact is stale from here on (`stale`)."""
        if self.stored is None or self.stale or self.closed:
            return None
        if self.pos < len(self.stored):
            try:  # (checked here, as each is taken: a load takes them all, and most of a load is this)
                f, n, names, code, facts, symbols = self.stored[self.pos]
            except (TypeError, ValueError):
                f = n = code = None
            if (f == filename and n == fn_names and type(code) is _CODE and type(names) is tuple
                    and type(facts) is tuple and (symbols is None or type(symbols) is tuple)
                    and all(d in code.co_names for d in n.split(","))):  # (it defines the functions asked for)
                self.pos += 1
                self.recorded.append((f, n, names, code, facts, symbols))
                return names, code, facts, symbols
        self.stale = True
        return None

    def record(self, filename: str, fn_names: str, ns_names: tuple[str, ...], code: Any, facts: tuple,
               consts: dict[str, Any]) -> None:
        """Keep a module compiled now (CONSTS: its constants by name, written as symbols when the linker
        can name each of them)."""
        if not self.closed:
            symbols = self.linker.symbols(consts) if self.linker is not None else None
            self.recorded.append((filename, fn_names, ns_names, code, facts, symbols))

    def unbound(self, label: str, filename: str, defs: list, taken: tuple, options: Any = None) -> "Unbound":
        """The module TAKEN (`take`) as functions that link it when first run (OPTIONS: the passes it was
        generated with, compile/passes.py, should it be generated again)."""
        unbound = Unbound(label, filename, defs, taken[0], taken[1], self.lock, self.linker, taken[3], options)
        self.made(unbound.fns)
        return unbound

    def made(self, fns: dict[str, Callable]) -> None:
        """The functions of the module just taken or recorded, for later modules' symbols (Linker)."""
        if self.linker is not None and not self.closed:
            self.linker.modules.append(fns)

    def fact(self, name: str, compute: Callable[[], Any]) -> Any:
        """The game's fact NAME (an analysis of its sources that decides what is compiled, plain data only):
        the artifact's while the load takes its modules from it, else COMPUTE()."""
        stored = self.stored_facts
        if stored is not None and not self.stale and name in stored:
            value = stored[name]
        else:
            value = compute()
            self.fact_missing = self.fact_missing or stored is not None
        self.facts[name] = value
        return value

    @property
    def complete(self) -> bool:
        """Every module and fact came from the artifact, and it held no more: nothing to store."""
        return (self.stored is not None and not self.stale and not self.fact_missing
                and self.pos == len(self.stored))

    def save(self) -> None:
        """Store what this load compiled up to its checks, and the artifacts it holds (call it only for a
        load without errors)."""
        for held in self.held:
            held.save()
        self.held = []
        if self.key is None or self.complete:
            return
        modules = self.recorded[:self.checks_at]
        if not modules and not self.facts:  # (a bot whose conditions generate no code) a load of it would
            return  # take nothing: no entry, as none is found
        try:
            payload = marshal.dumps((_FORMAT, modules, self.facts))
        except ValueError:  # a fact that is not plain data (a bug of the compiler's): nothing is stored
            return
        write_entry(KIND, self.key, payload)


def fact(log: CodeLog | None, name: str, compute: Callable[[], Any]) -> Any:
    """LOG's fact NAME (CodeLog.fact), or COMPUTE() for a load without an artifact."""
    return log.fact(name, compute) if log is not None else compute()


def node_fact(log: CodeLog | None, what: str, span: Span, compute: Callable[[], Any]) -> Any:
    """LOG's fact WHAT of the source node at SPAN (a walk of the node's subtree whose answer depends on the
    sources alone), or COMPUTE(): named by the span, which only one text of the sources has."""
    return fact(log, f"{what} {span.path}:{span.line}:{span.column}:{span.end_line}:{span.end_column}", compute)


def open_log(key: bytes) -> CodeLog:
    """The log for a load of sources with this key, holding the stored artifact if there is a whole one."""
    data = read_entry(KIND, key)
    if data is not None:
        try:
            entry = marshal.loads(data)
        except (EOFError, ValueError, TypeError):
            entry = None
        if _is_artifact(entry):
            return CodeLog(key, entry[1], entry[2])
    return CodeLog(key)


def _is_artifact(entry: Any) -> bool:
    """The artifact's outline (each module is checked as it is taken: CodeLog.take)."""
    return (type(entry) is tuple and len(entry) == 3 and entry[0] == _FORMAT and type(entry[1]) is list
            and type(entry[2]) is dict)


def cached_code(key: bytes, comp: Any, make: Callable[[], Any], hold: CodeLog | None = None) -> Any:
    """MAKE() with COMP (the game's compiler) taking the modules it generates from the artifact under KEY,
    as a load takes them, and storing them there when they are not (a bot). An artifact that turns out not
    to be MAKE's is left, and MAKE runs again compiling all, as a load does (what the first try added to the
    compiler's list of modules is dropped). HOLD: the log of the load whose checks run MAKE (a bot compiled
    while its game loads): the artifact is stored with HOLD's, once the load is known clean, not now. The
    caller holds the game's lock (a compiler compiles one thing at a time)."""
    generated = comp.generated
    before = len(generated)
    log = open_log(key)
    made = _with_log(comp, log, make)
    if log.stale:
        del generated[before:]
        log = CodeLog(key)
        made = _with_log(comp, log, make)
    if hold is not None:
        hold.held.append(log)
    else:
        log.save()
    return made


def _with_log(comp: Any, log: CodeLog, make: Callable[[], Any]) -> Any:
    before, comp.code_log = comp.code_log, log.attach(comp)
    try:
        return make()
    finally:
        comp.code_log = before


# ---- symbols: what a module's constants are, written as plain data, resolved against a load's compiler -----
_PY_ROOTS = ("cardlang.", "builtins")  # the only modules a ("py", MODULE, QUALNAME) symbol may name


class Linker:
    """Names the constants of a load's modules as symbols (plain data) and resolves symbols back to the
    values of a later load of the same sources: a span, a line table, a card or a declared counter (by
    name), the list of every card or of some (by their names), a table by name or number of values with symbols
    (a call's outcome blocks, the definitions printing each value of a property), a
    function a marked factory made of plain arguments (primitives/types.py remade: a `choose one of`'s
    labels), the compiler, one of its methods or its verb tables, the game's abilities (runtime/abilities.py)
    or one of their methods, a function of an earlier module of the artifact (by its place), or a function or
    class of cardlang's own modules (by module and qualified name; builtins too). A constant that is none of
    these (a function the compile rules made for one call, closing over its arguments) has no symbol, and
    its module is bound by generating its namespace again (Unbound)."""

    def __init__(self, comp: Any) -> None:
        self.comp = comp
        self.modules: list[dict[str, Callable]] = []  # the functions of the artifact's modules so far, in order
        self._places: dict[int, tuple[int, str]] = {}  # id of such a function -> (module, name), as needed
        self._indexed = 0  # modules entered in _places

    def symbols(self, consts: dict[str, Any]) -> tuple | None:
        """CONSTS (a module's constants by name) as (name, symbol) pairs, or None when one has no symbol."""
        for k in range(self._indexed, len(self.modules)):
            for name, fn in self.modules[k].items():
                self._places[id(fn)] = (k, name)
        self._indexed = len(self.modules)
        out = []
        for name, value in consts.items():
            sym = self.symbol(value)
            if sym is None:
                return None
            out.append((name, sym))
        return tuple(out)

    def symbol(self, v: Any) -> tuple | None:
        comp = self.comp
        if isinstance(v, Span):
            return ("span", *_span_data(v))
        if type(v) is dict:
            if all(type(k) is int and (x is None or isinstance(x, Span)) for k, x in v.items()):
                return ("lines", tuple((k, None if x is None else _span_data(x)) for k, x in v.items()))
            if all(type(k) in (str, int) for k in v):  # (a call's outcome blocks by case: `claim`'s honest,
                # caught...; the definitions printing each value, ir/emit_loops.py _printing)
                entries = tuple((k, self.symbol(x)) for k, x in v.items())
                return ("table", entries) if all(x is not None for _, x in entries) else None
            return None
        if type(v) is list:  # `cards`: every card definition of the game, in its order
            defs = comp.defs_by_name.values()
            if len(v) == len(defs) and all(a is b for a, b in zip(v, defs)):
                return ("all cards",)
            if v and all(isinstance(d, CardDef) and comp.defs_by_name.get(d.name) is d for d in v):  # some, by name
                return ("cards", tuple(d.name for d in v))
            return None
        if isinstance(v, CardDef):
            return ("card", v.name) if comp.defs_by_name.get(v.name) is v else None
        if isinstance(v, CounterSpec):  # (a declared counter: `reset`'s, a card counter's change)
            return ("counter", v.name) if comp.spec.counters.get(v.name) is v else None
        if v is comp:
            return ("compiler",)
        if v is comp.verb_fns:
            return ("verbs",)
        if v is comp.told_fns:
            return ("told verbs",)
        if v is comp.abilities:
            return ("abilities",)
        place = self._places.get(id(v))
        if place is not None:
            return ("fn", *place)
        made = getattr(v, "made_by", None) if isinstance(v, types.FunctionType) else None
        if made is not None and made[0] in REMADE and _plain(made[1]):  # (primitives/types.py remade)
            factory = self.symbol(made[0])
            return ("made", factory, made[1]) if factory is not None else None
        if isinstance(v, types.MethodType):
            if v.__self__ is comp and getattr(comp, v.__name__, None) == v:
                return ("method", v.__name__)
            if v.__self__ is comp.abilities and getattr(comp.abilities, v.__name__, None) == v:
                return ("abilities method", v.__name__)
            return None
        if isinstance(v, (types.FunctionType, types.BuiltinFunctionType, type)):
            module, qualname = getattr(v, "__module__", None), getattr(v, "__qualname__", "")
            if isinstance(module, str) and "<" not in qualname and _named(module, qualname) is v:
                return ("py", module, qualname)
        return None

    def resolve(self, sym: tuple) -> Any:
        """The value SYM names in this load; raises LookupError when it names nothing here (a stale artifact)."""
        kind = sym[0]
        if kind == "span":
            return Span(*sym[1:])
        if kind == "lines":
            return {k: None if x is None else Span(*x) for k, x in sym[1]}
        if kind == "card":
            return self.comp.defs_by_name[sym[1]]
        if kind == "made":  # a function a marked factory makes of plain arguments: the same one (kept)
            factory = self.resolve(sym[1])
            if factory not in REMADE or not _plain(sym[2]):
                raise LookupError(sym)
            return factory(*sym[2])
        if kind == "counter":
            return self.comp.spec.counters[sym[1]]
        if kind == "table":
            return {k: self.resolve(x) for k, x in sym[1]}
        if kind == "all cards":
            return list(self.comp.defs_by_name.values())
        if kind == "cards":
            return [self.comp.defs_by_name[n] for n in sym[1]]
        if kind == "compiler":
            return self.comp
        if kind == "verbs":
            return self.comp.verb_fns
        if kind == "told verbs":
            return self.comp.told_fns
        if kind == "abilities":
            return self.comp.abilities
        if kind == "abilities method":  # (runtime/abilities.py: what the cards' code calls at play time)
            if not isinstance(getattr(type(self.comp.abilities), sym[1], None), types.FunctionType):
                raise LookupError(sym)
            return getattr(self.comp.abilities, sym[1])
        if kind == "fn":
            return self.modules[sym[1]][sym[2]]
        if kind == "method":
            if not isinstance(getattr(type(self.comp), sym[1], None), types.FunctionType):
                raise LookupError(sym)  # only a method the compiler's class defines
            return getattr(self.comp, sym[1])
        if kind == "py":
            found = _named(sym[1], sym[2])
            if found is None:
                raise LookupError(sym)
            return found
        raise LookupError(sym)


def _plain(args: Any) -> bool:
    """Are ARGS plain data a factory may be handed from the cache: texts, numbers, truth values, None, and
    tuples of them?"""
    if type(args) is tuple:
        return all(_plain(a) for a in args)
    return args is None or type(args) in (str, int, bool)


def _span_data(s: Span) -> tuple:
    return (s.path, s.line, s.column, s.end_line, s.end_column)


def _named(module: str, qualname: str) -> Any:
    """The function or class QUALNAME defined in MODULE, a module of cardlang's (or a builtin), or None."""
    if not (module.startswith(_PY_ROOTS[0]) or module == _PY_ROOTS[1]):
        return None
    try:
        obj: Any = importlib.import_module(module)
    except ImportError:
        return None
    for part in qualname.split("."):
        obj = getattr(obj, part, None)
    # defined there under that name (not a name the module imported: os.system through `import os`)
    if (isinstance(obj, (types.FunctionType, types.BuiltinFunctionType, type))
            and getattr(obj, "__module__", None) == module and getattr(obj, "__qualname__", None) == qualname):
        return obj
    return None


class StaleCode(RuntimeError):
    """A module of a game linked from its plan (compile/linked.py) whose symbols name nothing in this load:
    never, for an artifact stored by this cardlang for these sources (its key)."""


# ---- modules taken from an artifact, linked when first run ----------------------------------------------
def _unbound(*args: Any) -> Any:
    # The code every function of an Unbound module runs until it is bound (its one global name replaced
    # by each function's own hook: Unbound).
    return _cardlang_bind(args)  # noqa: F821 - a name of the module's namespace, not of this one


class Unbound:
    """A module whose code object a cached load took from the artifact without generating it. Its functions
    are made from that code object at once (a module's code only defines them), each first running a
    stand-in (`_unbound`, under a name of its own in the namespace): the first call of any of them links
    the module, its constants resolved from their symbols (codecache.Linker), or, when it has a constant
    without one, generates the module for its namespace (Gen.replay, as the load that compiled it did), binds every
    function to it and runs the real code from then on (no stand-in is left in its calls). Were the namespace
    generated not the stored one (a fact of the load that generating later does not see), the module is
    generated whole, and compiled when that is not the stored one either: the function is right whatever
    the entry holds."""

    def __init__(self, label: str, filename: str, defs: list | None, names: tuple[str, ...], code: Any,
                 lock: threading.RLock, linker: "Linker | None" = None, symbols: tuple | None = None,
                 options: Any = None, fn_names: list[str] | None = None) -> None:
        # DEFS None (a game linked from its plan: compile/linked.py, no compile rule ran): FN_NAMES, and the
        # module only links from its symbols
        defs = defs if defs is not None else [(n, None, None) for n in fn_names or ()]
        self.label, self.filename, self.defs, self.names, self.code = label, filename, defs, names, code
        self.options = options if options is not None else G.OPTIMISED
        self.lock = lock  # the artifact's: one module of a game is bound at a time
        self.linker, self.symbols = linker, symbols  # its constants as symbols (codecache.Linker), if named
        self.ns: dict[str, Any] = {"__builtins__": {"range": range, "list": list}}
        exec(code, self.ns)  # defines the functions, reads no constant
        self.fns: dict[str, Callable] = {n: self.ns[n] for n, _, _ in defs}
        self.consts: dict[str, Any] | None = None
        for n, fn in self.fns.items():
            hook = f"_bind_{n}"
            self.ns[hook] = lambda args, fn=fn: (self.bind(), fn(*args))[1]
            fn.__code__ = _unbound.__code__.replace(co_names=(hook,))

    def bind(self) -> dict[str, Any]:
        """Link the namespace (or generate it), bind the functions to it, and return the module's constants.
        Under the artifact's lock (one per load), and in this order (the constants first, then the code, the
        stand-in's hook left in place), so that a thread sharing the game (a Dask worker's) that calls a
        function while another binds it runs either the stand-in, which waits for the binding, or the real
        code with its constants there."""
        with self.lock:
            if self.consts is not None:
                return self.consts
            linked = self._linked()
            if linked is not None:  # every constant named by a symbol: linked, nothing generated
                consts, ns = linked
                exec(self.code, ns)
                self.ns.update((k, v) for k, v in ns.items() if k != "__builtins__" and k not in self.fns)
                for n, fn in self.fns.items():
                    fn.__code__ = ns[n].__code__
                self.consts = consts
                return consts
            if self.defs and self.defs[0][2] is None:  # (linked from a plan: nothing to generate it from)
                raise StaleCode(f"{self.filename}: the cached code of this game does not link; remove the "
                                "cache folder (`CARDLANG_CACHE`) and load it again")
            gen, tree = G._generate(self.label, self.defs, True, self.options)
            if tuple(gen.ns) != self.names:
                gen, tree = G._generate(self.label, self.defs, False, self.options)
            code = self.code if tuple(gen.ns) == self.names else G._code_of(gen, tree, self.filename)
            made = {"__builtins__": self.ns["__builtins__"]}
            exec(code, made)
            self.ns.update((k, v) for k, v in gen.ns.items() if k != "__builtins__")
            for n, fn in self.fns.items():
                fn.__code__ = made[n].__code__
            self.consts = {k: v for k, v in gen.ns.items() if k in gen._ids.values()}
            return self.consts

    def _linked(self) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The module's constants and namespace resolved from its symbols, or None when it has none (or
        they do not name the stored namespace, or name nothing in this load: then it is generated)."""
        if self.symbols is None or self.linker is None:
            return None
        try:
            consts = {name: self.linker.resolve(sym) for name, sym in self.symbols}
        except (LookupError, TypeError, ValueError, IndexError):
            return None
        ns = {**G.HELPERS, "__builtins__": {"range": range, "list": list}, **consts}
        if tuple(ns) != self.names:
            return None
        return consts, ns
