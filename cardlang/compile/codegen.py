"""Generate Python for compiled blocks: each block of rules becomes one Python function, built as `ast` nodes
and compiled once per game load, with its statements inlined as straight-line code (if, loops, lets, counter
changes, calls of primitives).

Safety: every name in the generated code is the compiler's own (`ctx`, `_k3_run_move`, `_v2`); every string
or number that comes from a source is an `ast.Constant`, and every compiled value (a primitive's run function,
a span, a card definition) is a constant of the module's namespace under a mangled name. No source text is
ever parsed as Python.

Positions: each generated statement gets its own line number, and the module keeps a line table (generated
line -> source span), like Jinja's `debug_info`. The function's one `except IllegalAction` handler maps the
line that was running to the statement's span, so a run-time error still reads `path:line:col` with the
card's own caret. Knows no game and no AST node type: the compile rules hand it `Code` to emit. Before a
module is compiled, compile/fnlocals.py keeps what its functions read again and again in locals; what a
loop may move or share is worked out in compile/hoist.py. Holds no state of its own: what a load shares
between its modules (the cache's artifact) is handed to each build function (`log`).
"""
from __future__ import annotations

import ast as py
import itertools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from cardlang.compile.ir import nodes as IR
from cardlang.compile.ir.emit import ctx_names, ctx_state, ctx_you, emit, mark, quiet_test, set_you, watched_test, zones_cards  # noqa: F401
from cardlang.compile.ir.emit_stmts import emit_stmts
# ir/emit_decisions.py's and ir/emit_ask.py's rules join the emitter's tables (emit.EXPR_RULES,
# emit_stmts.STMT_RULES, emit_stmts.VALUE_RULES) when imported: here, beside the emitter's one caller, not in
# ir/__init__.py, where every compile module reading the emitter's marks would import them in a circle
from cardlang.compile.ir import emit_ask, emit_decisions  # noqa: E402,F401
from cardlang.compile.names import drop_unread_stores_and_tell
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.compile.pyast import CTX, _place, attr, const, fresh_list, name, store  # noqa: F401 - the
# compile rules build their code with these as G.name, G.const, ...
from cardlang.compile.pyast import ctx_attr as _ctx_field

# The context's state and player, as the compile rules ask for them (G.ctx_attr("state"), G.state_attr(F),
# G.you()): the emitter's marked reads (ir/emit.py), which the rewrites know by their mark (fnlocals.py).
_MARKED = {"state": ctx_state, "you": ctx_you, "vars": ctx_names}


def ctx_attr(a: str) -> py.Attribute:
    made = _MARKED.get(a)
    return made() if made is not None else _ctx_field(a)


def state_attr(a: str) -> py.Attribute:
    return attr(ctx_state(), a)
from cardlang.errors import RuleViolation, Span
from cardlang.runtime.state import BreakLoop, Ctx, IllegalAction

if TYPE_CHECKING:
    from cardlang.compile.codecache import CodeLog, Unbound


@dataclass(slots=True)
class Code:
    """A statement to be generated: EMIT(gen) gives its Python statements (positions are added by the block).
    NODE: its IR, where it is one IR statement (`of_ir`), for a caller that needs it as a function
    (Statements.stmt: the function a plain call already calls, else one generated from this code)."""

    emit: Callable[["Gen"], list[py.stmt]]
    node: Any = None


def of_ir(node: IR.Node) -> Code:
    """The statement whose code is the IR statement NODE, emitted."""
    return Code(lambda gen: gen.emit_ir((node,)), node)


def called(fn: Callable) -> Code:
    """The statement `FN(ctx)`: a call of a function of the context (a primitive's own statement, or a
    decision's reference closure with the pass decide-inline off)."""
    return of_ir(IR.Do(IR.Call(fn, first="ctx")))


def call(fn: py.expr, *args: py.expr, **kw: py.expr) -> py.Call:
    return py.Call(fn, list(args), [py.keyword(k, v) for k, v in kw.items()])


def subscript(base: py.expr, key: py.expr) -> py.Subscript:
    return py.Subscript(base, key, py.Load())


def you() -> py.Attribute:
    return ctx_you()


def var(n: str) -> py.Subscript:
    """`ctx.vars["n"]`: a local name of the rules (the name is data)."""
    return subscript(ctx_names(), const(n))


def set_var(n: str, value: py.expr) -> py.Assign:
    return py.Assign([py.Subscript(ctx_names(), const(n), py.Store())], value)


class Gen:
    """The module being generated for one block: its namespace of constants, line table and helpers.

    `Gen.ir` is the IR's node classes (compile/ir/nodes.py) for a primitive's lowering, which may not import
    the compiler (primitives/ sits below compile/): it builds IR with them and hands it to `emit_ir`."""

    ir = IR

    def __init__(self, label: str, options: Options = OPTIMISED) -> None:
        self.label = label
        self.options = options  # which passes are on (compile/passes.py)
        self.ns: dict[str, Any] = {**_HELPERS, "__builtins__": {"range": range, "list": list}}
        self._ids: dict[int, str] = {}
        self._fresh = itertools.count()
        self.lines: dict[int, Span | None] = {}
        self._next_line = 2  # line 1 is the `def`
        self.loops = 0  # loops of this function around the code being emitted (`break` is then Python's)
        # Names of the rules written in one place only of this function's source (a `let`, a loop's name): they
        # are kept in Python locals too, read from there by the code after the write (`locals`: rules name ->
        # local). They are still written to ctx.vars, where compiled functions called from here read them.
        self.local_ok: frozenset[str] = frozenset()
        self.locals: dict[str, str] = {}
        # Stores into ctx.vars of names this function declares itself (a `let`, a loop's name; never one
        # of an enclosing block), each beside its local: dropped when nothing could read them there
        # (compile/names.py).
        self.own_stores: list[tuple[py.Assign, str]] = []
        # Python locals whose every card (a list's, or a loop's one card) has these types (ir/known_types.py)
        self.item_types: dict[str, frozenset[str]] = {}
        # how many verbs' statements run in place (only when nobody watches) around the code being emitted
        self.quiet_known = 0
        # (node, line) in the order placed: placed only when the module is compiled (not when its code
        # object comes from the cache), in this order, so that a node reached twice keeps its first line
        self.placing: list[tuple[py.AST, int]] = []
        # True while the module is generated only for its namespace, its code object coming from the cache
        # (build_functions): its tree is thrown away, so what only shapes the tree and adds no constant
        # (the analyses of a loop's body) is left out
        self.replay = False

    def const(self, obj: Any, hint: str = "k") -> py.Name:
        """A compiled value as a constant of the module: a mangled name bound to OBJ in its namespace."""
        key = id(obj)
        n = self._ids.get(key)
        if n is None:
            base = getattr(obj, "__name__", "") if callable(obj) else ""
            safe = base if base.isidentifier() and base.isascii() and not base.startswith("_") else ""
            n = f"_{hint}{len(self._ids)}" + (f"_{safe}" if safe else "")
            self._ids[key] = n
            self.ns[n] = obj
        return name(n)

    def fresh(self, hint: str = "v") -> str:
        return f"_{hint}{next(self._fresh)}"

    def line(self, span: Span | None) -> int:
        n = self._next_line
        self._next_line += 1
        self.lines[n] = span
        return n

    def var(self, n: str) -> py.expr:
        """A name of the rules: its local where this function keeps one, else `ctx.vars["n"]`."""
        local = self.locals.get(n)
        return name(local) if local is not None else var(n)

    def set_var(self, n: str, value: py.expr, own: bool = False) -> py.Assign:
        """`_ln = ctx.vars["n"] = VALUE` (its local from here on), or `ctx.vars["n"] = VALUE`. OWN: N is
        declared here (a `let` naming nothing of an enclosing block), so its store into ctx.vars may go."""
        if n not in self.local_ok:
            return set_var(n, value)
        local = self.bind_local(n)
        out = py.Assign([store(local), py.Subscript(ctx_names(), const(n), py.Store())], value)
        if own:
            self.own_stores.append((out, n))
        return out

    def bind_local(self, n: str, local: str | None = None) -> str:
        """Keep the rules name N in a Python local (LOCAL, or a fresh one) for the code emitted after this."""
        local = local or self.locals.get(n) or self.fresh("l")
        self.locals[n] = local
        return local

    def apply(self, fn: Callable, args: list[py.expr], *, state: bool | str = True, consts: tuple = (),
              lower: Callable | None = None) -> py.expr:
        """`FN(ctx.state, *ARGS, *CONSTS)` (STATE false: no state; "ctx": the context), FN and CONSTS constants
        of the module: a primitive's own function over its evaluated arguments, or LOWER(gen, args), the
        expression it computes in place of the call (a function primitive's `lower`), when it gives one."""
        extra = [const(c) if c is None or isinstance(c, (str, int, bool)) else self.const(c) for c in consts]
        if lower is not None and self.options.on("lower"):
            code = lower(self, args + extra)  # the arguments after the state, as the function takes them
            if code is not None:
                return code
        first = [ctx_state()] if state is True else [name(CTX)] if state == "ctx" else []
        return call(self.const(fn), *first, *args, *extra)

    def quiet(self, state: py.expr | None = None, also: list[py.expr] = (), checked: bool = False) -> py.expr:
        """The emitter's test that nobody is told of a change (ir/emit.py quiet_test), for a primitive's lowering."""
        return quiet_test(state, also, checked)

    def watched(self, state: py.expr | None = None, also: list[py.expr] = ()) -> py.expr:
        """The emitter's test that someone is told (ir/emit.py watched_test), for a primitive's lowering."""
        return watched_test(state, also)

    def emit_ir(self, body: tuple) -> list[py.stmt]:
        """The Python statements of the IR statements BODY (a lowering's), through the one emitter."""
        return emit_stmts(self, tuple(body))

    def ir_mark(self, code: py.AST):
        """The IR node CODE computes, when the emitter marked it (ir/emit.py mark), for a lowering."""
        return mark(code)

    zones_cards = staticmethod(zones_cards)  # is CODE the cards of whole zones (ir/emit.py)? for a lowering
    def emit_expr(self, node) -> py.expr:
        """The Python expression of the IR expression NODE (a lowering's), through the one emitter."""
        return emit(self, node)

    def call_fn(self, fn: Callable) -> py.expr:
        return call(self.const(fn), name(CTX))

    def expr(self, ce) -> py.expr:
        """The code of a compiled expression, to inline."""
        return ce.code(self)

    def expr_naming(self, var: str, local: str, ce) -> py.expr:
        """The code of CE with the rules' name VAR read from the Python local LOCAL (a loop's item, inlined into
        its caller), VAR's own local, if any, restored after."""
        before = self.locals.get(var)
        self.locals[var] = local
        try:
            return self.expr(ce)
        finally:
            if before is None:
                del self.locals[var]
            else:
                self.locals[var] = before

    def items(self, items: list[tuple[Span | None, Code]]) -> list[py.stmt]:
        """Statements for block items, each placed on its own line of the line table."""
        out: list[py.stmt] = []
        scoped = dict(self.locals)  # a name bound in this block is its local only until the block ends
        for span, item in items:
            ln = self.line(span)
            stmts = item.emit(self)
            self.placing.extend((st, ln) for st in stmts)
            out.extend(stmts)
        self.locals = scoped
        return out or [py.Pass()]


def _violation(ctx: Ctx, e: IllegalAction, lines: dict[int, Span | None]):
    """The RuleViolation for an IllegalAction caught in a generated function: at the span of the line that
    was running there (the traceback's first entry is that function's own frame)."""
    span = lines.get(e.__traceback__.tb_lineno) if e.__traceback__ is not None else None
    if span is None:
        return e
    return RuleViolation(f"{ctx.source or 'rules'}: {e}", span)


# What every generated module's namespace holds besides its constants. Generated code sees only the builtins
# `range` and `list` (defence in depth: nothing it runs could reach others), each module in a table of its own.
_HELPERS = {"__builtins__": None, "_IllegalAction": IllegalAction, "_BreakLoop": BreakLoop, "_Ctx": Ctx,
            "_violation": _violation}


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
                   facts: _BlockFacts | None = None, options: Options = OPTIMISED) -> Generated:
    """Compile `def FN_NAME(ctx, *ARGS): BODY` in a module of its own; statements without a line get line 1."""
    g, fns = build_functions(label, span, [(fn_name, (CTX,) + args, body_of)], log=log, facts=facts,
                             options=options)
    g.fn = fns[fn_name]
    return g


def build_functions(label: str, span: Span | None,
                    defs: list[tuple[str, tuple[str, ...], Callable[[Gen], list[py.stmt]]]],
                    *, log: "CodeLog | None" = None, facts: _BlockFacts | None = None,
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
    (tests/test_import_cost.py). Then the pass `printed-table`, last: the rewrites before it know the reads as calls."""
    from cardlang.compile.rewrites import rewritten
    tree = rewritten(tree, options)
    if options.on("printed-table"):
        from cardlang.compile.printedtable import with_printed_table
        tree = with_printed_table(tree)
    return tree


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
