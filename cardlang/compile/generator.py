"""The generator one module's code is emitted into (`Gen`): its namespace of compiled values as constants under
mangled names, its line table (generated line -> source span), the rules' names it keeps in Python locals,
and the helpers the compile rules and primitives' lowerings build their statements with (`Code`, `of_ir`,
`call`, `var`, ...). Safety: every name in the generated code is the compiler's own (`ctx`, `_k3_run_move`,
`_v2`); every string or number from a source is an `ast.Constant`, every compiled value a constant of the
namespace.

Knows no game and no AST node type (the compile rules hand it `Code` to emit); does not compile, cache or
list a module: compile/codegen.py builds a module around a Gen, and the IR's emitter (ir/emit.py) is what
its `emit_ir` / `emit_expr` call.
"""
from __future__ import annotations

import ast as py
import itertools
from dataclasses import dataclass
from typing import Any, Callable

from cardlang.compile.ir import nodes as IR
from cardlang.compile.ir.emit import ctx_names, ctx_state, ctx_you, emit, mark, quiet_test, watched_test, zones_cards
from cardlang.compile.ir.emit_stmts import emit_stmts
# ir/emit_decisions.py's and ir/emit_ask.py's rules join the emitter's tables (emit.EXPR_RULES,
# emit_stmts.STMT_RULES, emit_stmts.VALUE_RULES) when imported: here, beside the emitter's one caller (Gen), not
# in ir/__init__.py, where every compile module reading the emitter's marks would import them in a circle
from cardlang.compile.ir import emit_ask, emit_decisions  # noqa: E402,F401
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.compile.pyast import CTX, attr, const, name, store
from cardlang.compile.pyast import ctx_attr as _ctx_field
from cardlang.errors import RuleViolation, Span
from cardlang.runtime.state import BreakLoop, Ctx, IllegalAction

# The context's state and player, as the compile rules ask for them (G.ctx_attr("state"), G.state_attr(F),
# G.you()): the emitter's marked reads (ir/emit.py), which the rewrites know by their mark (fnlocals.py).
_MARKED = {"state": ctx_state, "you": ctx_you, "vars": ctx_names}


def ctx_attr(a: str) -> py.Attribute:
    made = _MARKED.get(a)
    return made() if made is not None else _ctx_field(a)


def state_attr(a: str) -> py.Attribute:
    return attr(ctx_state(), a)


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
    """The statement `FN(ctx)`: a call of a function of the context (a counter's change generated as a
    function of its own, with the pass counter-code off: compile/statements.py)."""
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
        self.ns: dict[str, Any] = {**HELPERS, "__builtins__": {"range": range, "list": list}}
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
HELPERS = {"__builtins__": None, "_IllegalAction": IllegalAction, "_BreakLoop": BreakLoop, "_Ctx": Ctx,
           "_violation": _violation}
