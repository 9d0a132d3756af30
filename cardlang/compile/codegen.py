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
loop may move or share is worked out in compile/hoist.py.
"""
from __future__ import annotations

import ast as py
import itertools
import threading
from dataclasses import dataclass
from typing import Any, Callable

from cardlang.errors import RuleViolation, Span
from cardlang.runtime.state import BreakLoop, Ctx, IllegalAction

CTX = "ctx"
# Small runtime functions generated code computes in place: fn -> expand(gen, args) -> the expression, or None
# when those arguments need the call (filled by compile/inline.py).
EXPANSIONS: dict[Callable, Callable[["Gen", list], Any]] = {}


class _Loading(threading.local):
    """What one load of a game sets while it runs, per thread: two threads loading games at once (a Dask
    worker with several threads) must never record into each other's code log.

    code_log: set by compile/codecache.py while a game loads: hands out the code objects a load of the same
    sources compiled before, and records the ones compiled now. None: every function is compiled here.
    checking_only: set (compile/game.py) while a load that has found errors already compiles the rest only to
    find more (the load fails whatever follows, so its code never runs), and while `cardlang check` loads
    sources the cache holds no code for. Each function is still generated, which makes every check the
    compile rules make, but compiled only if it runs (two thirds of a fresh compile were the rewrites and
    `compile`)."""

    code_log: Any = None
    checking_only: bool = False


loading = _Loading()


@dataclass(slots=True)
class Code:
    """A statement to be generated: EMIT(gen) gives its Python statements (positions are added by the block)."""

    emit: Callable[["Gen"], list[py.stmt]]
    fn: Callable | None = None  # the same statement as a function, where a caller needs one


Item = Callable | Code  # an item of a block: a run function (called) or generated code (inlined)


# One Load and one Store for every name, as Python's own parser shares them (a game's code holds some
# 15,000 names: as many objects fewer to make, and to collect when an editor's check drops the game).
_LOAD, _STORE = py.Load(), py.Store()


def name(n: str) -> py.Name:
    return py.Name(n, _LOAD)


def store(n: str) -> py.Name:
    return py.Name(n, _STORE)


def returns(gen: "Gen", code: Callable[["Gen"], py.expr]) -> list[py.stmt]:
    return [py.Return(code(gen))]


def const(v: Any) -> py.Constant:
    assert v is None or isinstance(v, (str, int, bool, float)), v
    return py.Constant(v)


def attr(base: py.expr, a: str) -> py.Attribute:
    return py.Attribute(base, a, py.Load())


def call(fn: py.expr, *args: py.expr, **kw: py.expr) -> py.Call:
    return py.Call(fn, list(args), [py.keyword(k, v) for k, v in kw.items()])


def fresh_list(code: py.expr) -> bool:
    """Is CODE `list(X)` or a list display: a new list, which nothing else holds?"""
    return isinstance(code, py.List) or (isinstance(code, py.Call) and isinstance(code.func, py.Name)
                                         and code.func.id == "list" and len(code.args) == 1 and not code.keywords)


def subscript(base: py.expr, key: py.expr) -> py.Subscript:
    return py.Subscript(base, key, py.Load())


def ctx_attr(a: str) -> py.Attribute:
    return attr(name(CTX), a)


def state_attr(a: str) -> py.Attribute:
    return attr(ctx_attr("state"), a)


def row_of(table: str, slot: int, who: py.expr) -> py.Subscript:
    """`ctx.state.zones[slot][who]` / `ctx.state.counters[slot][who]`."""
    return subscript(subscript(state_attr(table), const(slot)), who)


def you() -> py.Attribute:
    return ctx_attr("you")


def var(n: str) -> py.Subscript:
    """`ctx.vars["n"]`: a local name of the rules (the name is data)."""
    return subscript(ctx_attr("vars"), const(n))


def set_var(n: str, value: py.expr) -> py.Assign:
    return py.Assign([py.Subscript(ctx_attr("vars"), const(n), py.Store())], value)


class Gen:
    """The module being generated for one block: its namespace of constants, line table and helpers."""

    def __init__(self, label: str) -> None:
        self.label = label
        # Generated code sees only these builtins (defence in depth: nothing it runs could reach others).
        self.ns: dict[str, Any] = {"__builtins__": {"range": range, "list": list},
                                   "_IllegalAction": IllegalAction, "_BreakLoop": BreakLoop, "_Ctx": Ctx,
                                   "_violation": _violation}
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
        out = py.Assign([store(local), py.Subscript(ctx_attr("vars"), const(n), py.Store())], value)
        if own:
            self.own_stores.append((out, n))
        return out

    def bind_local(self, n: str, local: str | None = None) -> str:
        """Keep the rules name N in a Python local (LOCAL, or a fresh one) for the code emitted after this."""
        local = local or self.locals.get(n) or self.fresh("l")
        self.locals[n] = local
        return local

    def apply(self, fn: Callable, args: list[py.expr], *, state: bool | str = True, consts: tuple = ()) -> py.expr:
        """`FN(ctx.state, *ARGS, *CONSTS)` (STATE false: no state; "ctx": the context), FN and CONSTS constants
        of the module: a primitive's own function over its evaluated arguments (or, for a small one that
        compile/inline.py knows, the expression it computes, when that needs no call)."""
        extra = [const(c) if c is None or isinstance(c, (str, int, bool)) else self.const(c) for c in consts]
        expand = EXPANSIONS.get(fn)
        if expand is not None:
            code = expand(self, args + extra)  # the arguments after the state, as the function takes them
            if code is not None:
                return code
        first = [ctx_attr("state")] if state is True else [name(CTX)] if state == "ctx" else []
        return call(self.const(fn), *first, *args, *extra)

    def call_fn(self, fn: Callable) -> py.expr:
        return call(self.const(fn), name(CTX))

    def expr(self, ce) -> py.expr:
        """The code of a compiled expression: inlined when it has code, else a call of its function."""
        code = getattr(ce, "code", None)
        if code is not None:
            return code(self)
        return self.call_fn(ce.fn)

    def items(self, items: list[tuple[Span | None, Item]]) -> list[py.stmt]:
        """Statements for block items, each placed on its own line of the line table."""
        out: list[py.stmt] = []
        scoped = dict(self.locals)  # a name bound in this block is its local only until the block ends
        for span, item in items:
            ln = self.line(span)
            stmts = item.emit(self) if isinstance(item, Code) else [py.Expr(self.call_fn(item))]
            self.placing.extend((st, ln) for st in stmts)
            out.extend(stmts)
        self.locals = scoped
        return out or [py.Pass()]


def _place(node: py.AST, line: int) -> None:
    """Give NODE and its sub-nodes that have no line yet this line (nested statements keep their own)."""
    todo = [node]
    while todo:
        n = todo.pop()
        if "lineno" in n._attributes:
            if getattr(n, "lineno", None) is not None:
                continue  # placed already, with all below it (each generated statement is placed once, whole)
            n.lineno = n.end_lineno = line
            n.col_offset = n.end_col_offset = 0
        for f in n._fields:  # (a loop, not a call per node: every generated node passes here)
            v = getattr(n, f, None)
            if isinstance(v, list):
                todo += [x for x in v if isinstance(x, py.AST)]
            elif isinstance(v, py.AST):
                todo.append(v)


def _violation(ctx: Ctx, e: IllegalAction, lines: dict[int, Span | None]):
    """The RuleViolation for an IllegalAction caught in a generated function: at the span of the line that
    was running there (the traceback's first entry is that function's own frame)."""
    span = lines.get(e.__traceback__.tb_lineno) if e.__traceback__ is not None else None
    if span is None:
        return e
    return RuleViolation(f"{ctx.source or 'rules'}: {e}", span)


class Generated:
    """One generated module: what it was made for, its Python AST (for `cardlang compile`), its function and
    its constants by mangled name (compiled values, not code). A module whose code object came from the
    cache is bound to its namespace only when first run or asked for its constants (Unbound)."""

    __slots__ = ("label", "span", "made", "fn", "_consts", "card", "uses_names", "remake", "unbound")

    def __init__(self, label: str, span: Span | None, made: py.Module | None, fn: Callable,
                 consts: dict[str, Any] | None, remake: Callable[[], py.Module] | None = None,
                 unbound: "Unbound | None" = None) -> None:
        self.label, self.span, self.made, self.fn = label, span, made, fn
        self._consts = consts
        self.card: str | None = None  # the card whose ability it is, if any
        self.uses_names = True  # (build) its code reads or writes ctx.vars, or hands ctx to what might
        self.remake = remake  # makes the tree again, for one whose code came from the cache
        self.unbound = unbound

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


def build(label: str, span: Span | None, items: list[tuple[Span | None, Item]], *, wrap: bool = True,
          fn_name: str = "run_block", local_ok: frozenset[str] = frozenset(),
          params: tuple[str, ...] = (), given: tuple[str, ...] = ()) -> Generated:
    """Compile ITEMS into one function `run_block(ctx)`; with WRAP, run-time errors become RuleViolations
    at the statement's span. LOCAL_OK: names of the rules this function may keep in locals (Gen.local_ok).
    PARAMS: a verb's parameters, passed in this order after ctx (`run_block(ctx, _a0, _a1)`); GIVEN, those
    its body never writes, are read from the arguments themselves. Only a body that still reads or writes
    names in ctx.vars, or hands ctx to something that might read them (names.hands_names), puts the
    parameters there, in a table of the call's own (the caller's put back on the way out)."""
    args = tuple(f"_a{i}" for i in range(len(params)))
    uses: list[bool | None] = [None]

    def body_of(gen: Gen) -> list[py.stmt]:
        gen.local_ok = local_ok
        for n, a in zip(params, args):
            if n in given:
                gen.bind_local(n, a)
        body = gen.items(items)
        if gen.replay:  # generated for its namespace only: the names analysis shapes code (and is recalled)
            if wrap:
                gen.const(gen.lines, "lines")
            return body
        if loading.checking_only:  # its code runs only if something plays the game: the plain shape, with
            uses[0] = True         # its names in ctx.vars (the analysis finds no error; a fifth of a check)
        else:
            from cardlang.compile import names  # (it builds on this module)
            uses[0] = names.drop_unread_stores_and_tell(gen, body)
        named = bool(params) and uses[0]
        if wrap:
            lines = gen.const(gen.lines, "lines")
            handler = py.ExceptHandler(name("_IllegalAction"), "_e", [
                py.Raise(call(name("_violation"), name(CTX), name("_e"), lines), py.Constant(None))])
            body = [py.Try(body, [handler], [], [])]
        if named:
            # _vs = ctx.vars; ctx.vars = {NAME: _a0, ...}; try: BODY finally: ctx.vars = _vs
            vs = gen.fresh("vs")
            into = py.Attribute(name(CTX), "vars", py.Store())
            table = py.Dict([const(n) for n in params], [name(a) for a in args])
            body = [py.Assign([store(vs)], ctx_attr("vars")), py.Assign([into], table),
                    py.Try(body, [], [], [py.Assign([into], name(vs))])]
        return body
    g = build_function(label, span, body_of, fn_name, args)

    def analysed() -> bool:
        if uses[0] is None:  # its code came from the cache but the fact did not: generate it whole
            _generate(label, [(fn_name, (CTX,) + args, body_of)], False)
        return uses[0]
    # a fact callers decide by (may a call run the verb in place?): recalled from the cache entry, as
    # codecache.recall does, while the load takes the code from it
    code_log = loading.code_log
    g.uses_names = code_log.recall(analysed) if code_log is not None else analysed()
    return g


def build_function(label: str, span: Span | None, body_of: Callable[[Gen], list[py.stmt]],
                   fn_name: str = "run_expr", args: tuple[str, ...] = ()) -> Generated:
    """Compile `def FN_NAME(ctx, *ARGS): BODY` in a module of its own; statements without a line get line 1."""
    g, fns = build_functions(label, span, [(fn_name, (CTX,) + args, body_of)])
    g.fn = fns[fn_name]
    return g


def build_functions(label: str, span: Span | None,
                    defs: list[tuple[str, tuple[str, ...], Callable[[Gen], list[py.stmt]]]]
                    ) -> tuple[Generated, dict[str, Callable]]:
    """Compile several `def NAME(ARGS): BODY` (names and arguments are the compiler's own) into one module
    with one namespace, in one `compile` (a bot's rules: one module, not one per decision). Returns the
    module (its `fn` the first function) and the functions by name.

    While a game loads, the code object may come from the cache (compile/codecache.py): when the entry's next
    function is this one, the module is not generated at all while the game loads. Its functions are made
    from the stored code object and generated for their namespace (Gen.replay) when one is first called
    (Unbound); its tree, for `cardlang compile`, is generated whole only when asked for (Generated.tree)."""
    filename = f"<cardlang {span}>" if span is not None else f"<cardlang {label}>"
    remake = lambda: _generate(label, defs, False)[1]  # noqa: E731
    names = ",".join(d[0] for d in defs)
    code_log, checking_only = loading.code_log, loading.checking_only
    if defs and not checking_only and code_log is not None and code_log.expects(filename, names):
        unbound = Unbound(label, filename, defs, *code_log.take_expected())
        return Generated(label, span, None, unbound.fns[defs[0][0]], None, remake, unbound), unbound.fns
    gen, tree = _generate(label, defs, False)
    if checking_only:
        fns = _compiled_when_called(gen, tree, filename, [d[0] for d in defs])
    else:
        fns = _compiled(gen, tree, filename, names, [d[0] for d in defs])
    consts = {k: v for k, v in gen.ns.items() if k in gen._ids.values()}
    return Generated(label, span, tree, fns[defs[0][0]] if defs else None, consts), fns


def _compiled(gen: Gen, tree: py.Module, filename: str, names: str, fn_names: list[str]) -> dict[str, Callable]:
    """The functions of a generated module by name, its code object compiled (and recorded for the cache:
    one the entry held next would have been taken unbound) and run in its namespace."""
    code = _code_of(gen, tree, filename)
    code_log = loading.code_log
    if code_log is not None:
        code_log.lacks()
        code_log.record(filename, names, gen.ns, code)
    ns = dict(gen.ns)
    exec(code, ns)
    return {n: ns[n] for n in fn_names}


def _unbound(*args: Any) -> Any:
    # The code every function of an Unbound module runs until it is bound (its one global name replaced
    # by each function's own hook: Unbound).
    return _cardlang_bind(args)  # noqa: F821 - a name of the module's namespace, not of this one


class Unbound:
    """A module whose code object a cached load took from the entry without generating it. Its functions
    are made from that code object at once (a module's code only defines them), each first running a
    stand-in (`_unbound`, under a name of its own in the namespace): the first call of any of them
    generates the module for its namespace (Gen.replay, as the load that compiled it did), binds every
    function to it and runs the real code from then on (no stand-in is left in its calls). Were the namespace
    generated not the stored one (a fact of the load that generating later does not see), the module is
    generated whole, and compiled when that is not the stored one either: the function is right whatever
    the entry holds."""

    def __init__(self, label: str, filename: str, defs: list, names: tuple[str, ...], code: Any) -> None:
        self.label, self.filename, self.defs, self.names, self.code = label, filename, defs, names, code
        self.ns: dict[str, Any] = {"__builtins__": {"range": range, "list": list}}
        exec(code, self.ns)  # defines the functions, reads no constant
        self.fns: dict[str, Callable] = {n: self.ns[n] for n, _, _ in defs}
        self.consts: dict[str, Any] | None = None
        for n, fn in self.fns.items():
            hook = f"_bind_{n}"
            self.ns[hook] = lambda args, fn=fn: (self.bind(), fn(*args))[1]
            fn.__code__ = _unbound.__code__.replace(co_names=(hook,))

    def bind(self) -> dict[str, Any]:
        """Generate the namespace, bind the functions to it, and return the module's constants. Under a
        lock, and in this order (the constants first, then the code, the stand-in's hook left in place), so
        that a thread sharing the game (a Dask worker's) that calls a function while another binds it runs
        either the stand-in, which waits for the binding, or the real code with its constants there."""
        with _binding:
            if self.consts is not None:
                return self.consts
            gen, tree = _generate(self.label, self.defs, True)
            if tuple(gen.ns) != self.names:
                gen, tree = _generate(self.label, self.defs, False)
            code = self.code if tuple(gen.ns) == self.names else _code_of(gen, tree, self.filename)
            made = {"__builtins__": self.ns["__builtins__"]}
            exec(code, made)
            self.ns.update((k, v) for k, v in gen.ns.items() if k != "__builtins__")
            for n, fn in self.fns.items():
                fn.__code__ = made[n].__code__
            self.consts = {k: v for k, v in gen.ns.items() if k in gen._ids.values()}
            return self.consts


_binding = threading.RLock()


def _code_of(gen: Gen, tree: py.Module, filename: str) -> Any:
    """The code object of a generated module: placed on its lines, rewritten (fnlocals.py), compiled."""
    for node, ln in gen.placing:
        _place(node, ln)
    # the code object of our own AST, never of source text
    from cardlang.compile.fnlocals import with_state_local
    return compile(with_state_local(tree), filename, "exec")


def _compiled_when_called(gen: Gen, tree: py.Module, filename: str, names: list[str]) -> dict[str, Callable]:
    """Stand-ins for a module's functions while a load that failed already checks the rest (checking_only):
    such a load's code runs only where the compile rules themselves run it (a pool's filter is tried on
    every card), so the module is compiled, as always, the first time one of them is called."""
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
              replay: bool) -> tuple[Gen, py.Module]:
    """The module of DEFS, not yet placed, with the Gen holding its namespace (REPLAY: Gen.replay)."""
    gen = Gen(label)
    gen.replay = replay
    fdefs = []
    for fn_name, args, body_of in defs:
        body = body_of(gen)
        fn = py.FunctionDef(fn_name, py.arguments([], [py.arg(a) for a in args], None, [], [], None, []), body,
                            [], None)
        # every node gets a line: its statement's, or 1 (`def`, helpers' own statements)
        gen.placing.extend([(st, 1) for st in body] + [(fn, 1)])
        fdefs.append(fn)
    return gen, py.Module(fdefs, [])


def source_of(g: Generated) -> str:
    """Readable Python of a generated module, with the namespace's constants listed as comments."""
    from cardlang.compile.fnlocals import with_state_local
    head = [f"# {g.label!r}" + (f" at {str(g.span)!r}" if g.span is not None else "")]
    for k, v in g.consts.items():
        head.append(f"#   {k} = {_describe(v)}")
    # a function whose code object came from the cache was never placed; unparse wants lines, not these
    return "\n".join(head) + "\n" + py.unparse(py.fix_missing_locations(with_state_local(g.tree))) + "\n"


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
