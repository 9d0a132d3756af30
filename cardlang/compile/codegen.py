"""Generate Python for compiled blocks: each block of rules becomes one Python function, built as `ast` nodes
and compiled once per game load, with its statements inlined as straight-line code (if, loops, lets, counter
changes, calls of primitives). The code is emitted into a Gen (compile/generator.py, re-exported here with
the helpers the compile rules build with: `G.Gen`, `G.Code`, `G.name`, ...); this module makes the module
around it: a function's parameters and error handler, the names analysis (compile/names.py), compiling it
(or taking its code from the cache's artifact, compile/codecache.py), and listing it (`source_of`).

Safety: no source text is ever parsed as Python; what is compiled is the compiler's own `ast` (generator.py).

Positions: each generated statement gets its own line number, and the module keeps a line table (generated
line -> source span), like Jinja's `debug_info`. The function's one `except IllegalAction` handler maps the
line that was running to the statement's span, so a run-time error still reads `path:line:col` with the
card's own caret. Knows no game and no AST node type. Before a module is compiled, compile/fnlocals.py keeps
what its functions read again and again in locals; what a loop may move or share is worked out in
compile/hoist.py. Holds no state of its own: what a load shares between its modules (the cache's artifact)
is handed to each build function (`log`).
"""
from __future__ import annotations

import ast as py
from typing import TYPE_CHECKING, Any, Callable

# What the compile rules and the lowerings build their code with, as G.Gen, G.Code, G.name, ...: the
# generator's and pyast's, re-exported (the rules have always found them here)
from cardlang.compile.generator import (  # noqa: F401
    HELPERS, Code, Gen, call, called, ctx_attr, of_ir, set_var, state_attr, subscript, var, you)
from cardlang.compile.ir.emit import ctx_names, set_you  # noqa: F401
from cardlang.compile.names import drop_unread_stores_and_tell, uses_names
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.compile.pyast import CTX, _place, attr, const, fresh_list, name, store  # noqa: F401
from cardlang.errors import Span
from cardlang.primitives.types import made_leaving_names

if TYPE_CHECKING:
    from cardlang.compile.codecache import CodeLog, Unbound


class Generated:
    """One generated module: what it was made for, its Python AST (for `cardlang compile`), its function and
    its constants by mangled name (compiled values, not code). A module whose code object came from the
    cache is bound to its namespace only when first run or asked for its constants (codecache.Unbound)."""

    __slots__ = ("label", "span", "made", "fn", "_consts", "card", "uses_names", "remake", "unbound", "options")

    def __init__(self, label: str, span: Span | None, made: py.Module | None, fn: Callable,
                 consts: dict[str, Any] | None, remake: Callable[[], py.Module] | None = None,
                 unbound: "Unbound | None" = None) -> None:
        self.label, self.span, self.made, self.fn = label, span, made, fn
        self._consts = consts
        self.card: str | None = None  # the card whose ability it is, if any
        self.uses_names = True  # (build) its code reads or writes ctx.vars, or hands ctx to what might
        self.remake = remake  # makes the tree again, for one whose code came from the cache
        self.unbound = unbound
        self.options = OPTIMISED  # the passes it was generated with (source_of)

    @property
    def consts(self) -> dict[str, Any]:
        return self.ready()._consts

    def ready(self) -> "Generated":
        """The module as it runs: its functions bound to their namespace (what a first call does)."""
        if self._consts is None:
            self._consts = self.unbound.bind()
        return self

    @property
    def tree(self) -> py.Module:
        """The module's Python AST. One whose code object came from the cache was generated only for its
        namespace: it is generated again, whole, the first time it is asked for (the same tree as when it
        was compiled: generating is deterministic, tests/compile/test_codecache.py)."""
        if self.made is None and self.remake is not None:
            self.made, self.remake = self.remake(), None
        return self.made


def build(label: str, span: Span | None, items: list[tuple[Span | None, Code]], *, wrap: bool = True,
          fn_name: str = "run_block", local_ok: frozenset[str] | Callable[[], frozenset[str]] = frozenset(),
          params: tuple[str, ...] = (), given: tuple[str, ...] | Callable[[], tuple[str, ...]] = (),
          log: "CodeLog | None" = None, options: Options = OPTIMISED) -> Generated:
    """Compile ITEMS into one function `run_block(ctx)`; with WRAP, run-time errors become RuleViolations
    at the statement's span. LOCAL_OK: names of the rules this function may keep in locals (Gen.local_ok).
    PARAMS: a verb's parameters, passed in this order after ctx (`run_block(ctx, _a0, _a1)`); GIVEN, those
    its body never writes, are read from the arguments themselves. Only a body that still reads or writes
    names in ctx.vars, or hands ctx to something that might read them (names.hands_names), puts the
    parameters there, in a table of the call's own (the caller's put back on the way out). LOCAL_OK and
    GIVEN may be functions that find them (an analysis of the sources): they are called only when the
    module is generated, not when it is taken from LOG's artifact, which keeps them among its facts."""
    args = tuple(f"_a{i}" for i in range(len(params)))
    if not options.on("name-locals"):  # every name read from ctx.vars (the parameters put there)
        local_ok, given = frozenset(), ()
    facts = _BlockFacts(local_ok, given)

    def body_of(gen: Gen) -> list[py.stmt]:
        gen.local_ok = facts.local_ok
        for n, a in zip(params, args):
            if n in facts.given:
                gen.bind_local(n, a)
        body = gen.items(items)
        if gen.replay:  # generated for its namespace only: the names analysis shapes code (a fact, kept)
            if wrap:
                gen.const(gen.lines, "lines")
            return body
        # a checking-only load's code runs only if something plays the game: the plain shape, its names in
        # ctx.vars (the analysis finds no error, and was a fifth of an editor's check)
        checking = log is not None and log.checking_only
        plain = checking or not gen.options.on("unread-stores")
        facts.uses = True if plain else drop_unread_stores_and_tell(gen, body)
        named = bool(params) and facts.uses
        if wrap:
            lines = gen.const(gen.lines, "lines")
            handler = py.ExceptHandler(name("_IllegalAction"), "_e", [
                py.Raise(call(name("_violation"), name(CTX), name("_e"), lines), py.Constant(None))])
            body = [py.Try(body, [handler], [], [])]
        if named:
            # _vs = ctx.vars; ctx.vars = {NAME: _a0, ...}; try: BODY finally: ctx.vars = _vs
            vs = gen.fresh("vs")
            into = ctx_names(store=True)
            table = py.Dict([const(n) for n in params], [name(a) for a in args])
            body = [py.Assign([store(vs)], ctx_names()), py.Assign([into], table),
                    py.Try(body, [], [], [py.Assign([into], name(vs))])]
        return body
    g = build_function(label, span, body_of, fn_name, args, log=log, facts=facts, options=options)
    # a fact callers decide by (may a call run the verb in place?): the artifact's, for a module taken from it
    g.uses_names = facts.uses
    return g


class _BlockFacts:
    """What generating a block decided (build): the names it keeps in locals, the parameters it reads from
    its arguments, whether its code uses names. Plain data, kept with the module in the artifact
    (compile/codecache.py): a load that takes the module from there takes these too."""

    __slots__ = ("_local_ok", "_given", "uses")

    def __init__(self, local_ok, given) -> None:
        self._local_ok, self._given = local_ok, given
        self.uses: bool | None = None

    @property
    def local_ok(self) -> frozenset[str]:
        if callable(self._local_ok):
            self._local_ok = frozenset(self._local_ok())
        return self._local_ok

    @property
    def given(self) -> tuple[str, ...]:
        if callable(self._given):
            self._given = tuple(self._given())
        return self._given

    def dump(self) -> tuple:
        return (tuple(sorted(self.local_ok)), self.given, self.uses)

    def load(self, data: tuple) -> bool:
        """Take the stored facts; False when they are not a block's (the artifact is stale)."""
        if not (len(data) == 3 and isinstance(data[0], tuple) and isinstance(data[1], tuple)
                and isinstance(data[2], bool)):
            return False
        self._local_ok, self._given, self.uses = frozenset(data[0]), data[1], data[2]
        return True


def build_function(label: str, span: Span | None, body_of: Callable[[Gen], list[py.stmt]],
                   fn_name: str = "run_expr", args: tuple[str, ...] = (), *, log: "CodeLog | None" = None,
                   facts: "_BlockFacts | _FnFacts | None" = None, options: Options = OPTIMISED) -> Generated:
    """Compile `def FN_NAME(ctx, *ARGS): BODY` in a module of its own; statements without a line get line 1."""
    if facts is None:  # one expression's or loop's function: whether it uses names, found once generated
        facts = _FnFacts()
        body_of = facts.telling(body_of, log)
    g, fns = build_functions(label, span, [(fn_name, (CTX,) + args, body_of)], log=log, facts=facts,
                             options=options)
    g.fn = fns[fn_name]
    g.uses_names = facts.uses is not False
    if not g.uses_names:  # a caller that hands it ctx need not keep its own names there for it (names.py)
        made_leaving_names(g.fn)
    return g


class _FnFacts:
    """Whether a function built by build_function (not a block: build's _BlockFacts) uses names: plain data
    kept with the module in the artifact, like a block's, so a cached load knows it too."""

    __slots__ = ("uses",)

    def __init__(self) -> None:
        self.uses: bool | None = None

    def telling(self, body_of: Callable[[Gen], list[py.stmt]], log: "CodeLog | None"
                ) -> Callable[[Gen], list[py.stmt]]:
        """BODY_OF, finding as it generates whether the body uses names (the pass unread-stores: off, or on a
        checking-only load, it is taken to)."""
        def body(gen: Gen) -> list[py.stmt]:
            stmts = body_of(gen)
            if not gen.replay:  # (generated for its namespace only: the fact came from the artifact)
                plain = (log is not None and log.checking_only) or not gen.options.on("unread-stores")
                self.uses = True if plain else uses_names(gen, stmts)
            return stmts
        return body

    def dump(self) -> tuple:
        return (self.uses,)

    def load(self, data: tuple) -> bool:
        if not (len(data) == 1 and isinstance(data[0], bool)):
            return False
        self.uses = data[0]
        return True


def build_functions(label: str, span: Span | None,
                    defs: list[tuple[str, tuple[str, ...], Callable[[Gen], list[py.stmt]]]],
                    *, log: "CodeLog | None" = None, facts: "_BlockFacts | _FnFacts | None" = None,
                    options: Options = OPTIMISED) -> tuple[Generated, dict[str, Callable]]:
    """Compile several `def NAME(ARGS): BODY` (names and arguments are the compiler's own) into one module
    with one namespace, in one `compile` (a bot's rules: one module, not one per decision). Returns the
    module (its `fn` the first function) and the functions by name.

    LOG: the load's artifact (compile/codecache.py), or None. When the artifact's next module is this one,
    the module is not generated at all while the game loads: its functions are made from the stored code
    object and linked when one is first called (codecache.Unbound), with FACTS (what generating it decided)
    taken from the artifact; its tree, for `cardlang compile`, is generated whole only when asked for
    (Generated.tree)."""
    filename = f"<cardlang {span}>" if span is not None else f"<cardlang {label}>"
    remake = lambda: _generate(label, defs, False, options)[1]  # noqa: E731
    names = ",".join(d[0] for d in defs)
    checking_only = log is not None and log.checking_only
    taken = log.take(filename, names) if defs and log is not None and not checking_only else None
    if taken is not None and (facts.load(taken[2]) if facts is not None else taken[2] == ()):
        unbound = log.unbound(label, filename, defs, taken, options)
        g = Generated(label, span, None, unbound.fns[defs[0][0]], None, remake, unbound)
        g.options = options
        return g, unbound.fns
    if taken is not None:  # facts of another kind: the artifact is not these sources' after all
        log.stale = True
    gen, tree = _generate(label, defs, False, options)
    if checking_only:
        fns = _compiled_when_called(gen, tree, filename, [d[0] for d in defs])
    else:
        code = _code_of(gen, tree, filename)
        ns = dict(gen.ns)
        exec(code, ns)
        fns = {d[0]: ns[d[0]] for d in defs}
    consts = {k: v for k, v in gen.ns.items() if k in gen._ids.values()}
    if log is not None and not checking_only:
        log.record(filename, names, tuple(gen.ns), code, facts.dump() if facts is not None else (), consts)
        log.made(fns)
    g = Generated(label, span, tree, fns[defs[0][0]] if defs else None, consts)
    g.options = options
    return g, fns


def _code_of(gen: Gen, tree: py.Module, filename: str) -> Any:
    """The code object of a generated module: placed on its lines, rewritten (compile/rewrites.py), compiled."""
    for node, ln in gen.placing:
        _place(node, ln)
    # the code object of our own AST, never of source text
    return compile(_rewritten(tree, gen.options), filename, "exec")


def _rewritten(tree: py.Module, options: Options) -> py.Module:
    """compile/rewrites.py `rewritten`, imported only when a module is compiled or listed: a cached load takes
    its modules' code from the artifact and plays with it, and never loads the rewrites of generated Python
    (tests/test_import_cost.py)."""
    from cardlang.compile.rewrites import rewritten
    return rewritten(tree, options)


def _compiled_when_called(gen: Gen, tree: py.Module, filename: str, names: list[str]) -> dict[str, Callable]:
    """Stand-ins for a module's functions while a load that failed already checks the rest (checking_only):
    such a load's code runs only where the compile rules themselves run it (a pool's filter is tried on
    every card), so the module is compiled, as always, the first time one of them is called. Not a second
    backend: the same generated module, compiled late (a stand-in of a function that Compiler.fn_of no longer
    needs, since it generates every expression's function from its code). Compiling every module at once made
    `cardlang check games/GAME` into an empty cache take 6-28% more CPU for the four shipped games (medians
    of 3 a game: from 1.63-2.58 s to 1.92-3.30 s)."""
    module: dict[str, Callable] = {}

    def stand_in(fn_name: str) -> Callable:
        def run(*args: Any) -> Any:
            if not module:
                ns = dict(gen.ns)
                exec(_code_of(gen, tree, filename), ns)
                module.update((n, ns[n]) for n in names)
            return module[fn_name](*args)
        return run
    return {n: stand_in(n) for n in names}


def _generate(label: str, defs: list[tuple[str, tuple[str, ...], Callable[[Gen], list[py.stmt]]]],
              replay: bool, options: Options = OPTIMISED) -> tuple[Gen, py.Module]:
    """The module of DEFS, not yet placed, with the Gen holding its namespace (REPLAY: Gen.replay)."""
    gen = Gen(label, options)
    gen.replay = replay
    fdefs = []
    for fn_name, args, body_of in defs:
        body = body_of(gen)
        star = [a[1:] for a in args if a.startswith("*")]  # `*NAME`: the arguments past the others, a tuple
        plain = [py.arg(a) for a in args if not a.startswith("*")]
        fn = py.FunctionDef(fn_name, py.arguments([], plain, py.arg(star[0]) if star else None, [], [], None, []),
                            body, [], None)
        # every node gets a line: its statement's, or 1 (`def`, helpers' own statements)
        gen.placing.extend([(st, 1) for st in body] + [(fn, 1)])
        fdefs.append(fn)
    return gen, py.Module(fdefs, [])


def source_of(g: Generated) -> str:
    """Readable Python of a generated module, with the namespace's constants listed as comments."""
    head = [f"# {g.label!r}" + (f" at {str(g.span)!r}" if g.span is not None else "")]
    for k, v in g.consts.items():
        head.append(f"#   {k} = {_describe(v)}")
    # a function whose code object came from the cache was never placed; unparse wants lines, not these
    tree = _rewritten(g.tree, g.options)
    return "\n".join(head) + "\n" + py.unparse(py.fix_missing_locations(tree)) + "\n"


def _describe(v: Any) -> str:
    """What a constant is, in a few words, for the listing (a repr never goes into code)."""
    if isinstance(v, Span):
        return f"the span {str(v)!r}"
    if isinstance(v, dict):
        return f"a table of {len(v)} entries"
    if callable(v):
        return f"the compiled function {getattr(v, '__qualname__', type(v).__name__)!r}"
    name = getattr(v, "name", None)
    if isinstance(name, str):
        return f"{type(v).__name__} {name!r}"
    return type(v).__name__
