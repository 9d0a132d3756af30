"""What the loop code generation may move or share, found on the compiler's own Python AST: whether code hands
`ctx` to something (`escapes`), whether a loop body only reads (`only_reads`), the reads that are the same for
every item (`hoist_invariants`, computed once before the loop) and an item's reads made twice
(`share_item_reads`). Only reads that cannot fail are moved (`x[0]` stays behind the test that guards it).
Knows no game and no source construct, only the shapes of code the compile rules emit (compile/codegen.py);
the emitter of the loops over a set (compile/ir/emit_loops.py) and decisions.py ask it.
"""
from __future__ import annotations

import ast as py
import re
from typing import TYPE_CHECKING, Callable

from cardlang.compile import pytree
from cardlang.compile.pyast import CTX, name, store
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import mark, row_mark

if TYPE_CHECKING:
    from cardlang.compile.codegen import Gen


def escapes(code: py.AST, gen: Gen | None = None) -> bool:
    """Does CODE hand `ctx` itself to something (a call of a compiled function), which might read ctx.vars?
    Reading ctx.state, ctx.you or a name in ctx.vars in the code itself does not. With GEN, and its pass
    `leaves-names` on (compile/passes.py), neither does handing it to a function marked to read no names
    (primitives/types.py `leaves_names`: the error of a number past the limit, too_big), as the names
    analysis tells (compile/names.py)."""
    if gen is not None and gen.options.on("leaves-names"):
        from cardlang.compile.names import hands_names
        return hands_names(gen, code)
    nodes = pytree.walk(code)
    attrs = {id(n.value) for n in nodes if isinstance(n, py.Attribute)}
    return any(isinstance(n, py.Name) and n.id == CTX and id(n) not in attrs for n in nodes)


_PURE_OPS = (py.Add, py.Sub, py.Mult, py.USub, py.Not, py.And, py.Or, py.Eq, py.NotEq, py.Lt, py.LtE, py.Gt,
             py.GtE, py.In, py.NotIn, py.Is, py.IsNot)


_LEN = re.compile(r"_k\d+_len$")  # the module's constant for the builtin len (Gen.const names it so)
# the same for the error of a number past the limit (primitives/values.py too_big): it raises, changing nothing;
# a call of it is not a safe read (it fails), so it is never hoisted itself (the `leaves-names` pass)
_TOO_BIG = re.compile(r"_k\d+_too_big$")


def _quiet_call(n: py.Call, variant: set[str], raises: bool = False) -> bool:
    """A call that changes nothing: a dict's `get`, `len`, the `append` of a VARIANT list, or (RAISES) the
    error of a number past the limit."""
    f = n.func
    if isinstance(f, py.Name):
        return bool(_LEN.match(f.id)) or (raises and bool(_TOO_BIG.match(f.id)))
    return isinstance(f, py.Attribute) and (f.attr == "get" or (
        f.attr == "append" and isinstance(f.value, py.Name) and f.value.id in variant))


def only_reads(code: py.AST, variant: set[str], raises: bool = False) -> bool:
    """Does CODE call nothing but a dict's `get`, `len` and the `append` of a VARIANT list (and, RAISES, the
    error of a number past the limit): code that changes nothing of the state (so a loop running it may go
    over a zone's own list of cards, not a copy)?"""
    return all(_quiet_call(n, variant, raises) for n in pytree.walk(code) if isinstance(n, py.Call))


_READS = (py.Attribute, py.Subscript, py.BinOp, py.UnaryOp, py.BoolOp, py.Compare, py.Tuple)
_PRINTED = (N.Printed, N.DefPrinted)


def _own_safe(n: py.AST) -> bool:
    """N's own part of being a safe read (its children aside): see _Reads."""
    if isinstance(n, py.Constant):
        return True
    if isinstance(n, py.Name):
        return isinstance(n.ctx, py.Load)
    if not isinstance(n, _READS) or (isinstance(n, (py.Attribute, py.Subscript)) and not isinstance(n.ctx, py.Load)):
        return False
    if isinstance(n, py.Subscript) and isinstance(n.slice, py.Constant):
        if isinstance(n.slice.value, int):
            # a list's item by its index fails on a short list, but not a state's row of a declared slot, nor its
            # seat in it, as the emitter marked them (compile/ir/emit.py): slots and seats that exist
            return row_mark(n) is not None or mark(n) is not None
        # a printed read from a definition's table (the pass printed-table) is taken out as its table, never
        # whole, as its `props.get` call is without the pass: the same locals either way
        return type(mark(n)) not in _PRINTED
    return True


class _Reads:
    """One pass over CODE (children first): for each expression, whether it is a safe read, one with no effect
    that cannot fail whatever the state (constants, names, attributes, arithmetic and comparisons, and
    subscripts by a name or a text, `ctx.vars['f']`, `card_def[_c]`, or a state's row and seat the emitter
    marked, `ctx.state.counters[3][0]`; not a list's first item, `x[0]`, which an empty list does not have: the code
    reading it tests the list first), whether it mentions ITEM or a name of VARIANT or one CODE binds itself
    (`(_x := ...)`), and a key (equal for equal expressions). QUIET: CODE calls nothing that changes anything.
    INVARIANT: some expression mentions neither ITEM nor VARIANT (hoist_invariants has work); TWICE: the keys
    of reads of ITEM made more than once (share_item_reads has work)."""

    def __init__(self, code: py.AST, item: set[str], variant: set[str], raises: bool = False) -> None:
        self._raises = raises  # a call of too_big changes nothing (RAISES: the `leaves-names` pass)
        self.safe: dict[int, bool] = {}
        self.item: dict[int, bool] = {}
        self.var: dict[int, bool] = {}
        self.key: dict[int, str] = {}
        self._item, self._variant = item, variant
        self._pass(code)
        if self._bound - variant:  # names CODE binds itself vary too: again, knowing them
            self._variant = variant | self._bound
            self._pass(code)

    def _pass(self, code: py.AST) -> None:
        self.quiet, self.invariant = True, False
        self.twice: set[str] = set()
        self._seen: set[str] = set()
        self._bound: set[str] = set()
        self._visit(code)

    def _visit(self, n: py.AST) -> tuple[bool, bool, bool, str]:
        i = id(n)
        if isinstance(n, py.Name):
            out = (n.id in self._item, n.id in self._variant, isinstance(n.ctx, py.Load), n.id)
        elif isinstance(n, py.Constant):
            out = (False, False, True, repr(n.value))
        else:
            if isinstance(n, py.Call) and not _quiet_call(n, self._variant, self._raises):
                self.quiet = False
            elif isinstance(n, py.NamedExpr):
                self._bound.add(n.target.id)
            elif isinstance(n, py.comprehension):  # its loop's name varies too (a loop's own reads stay in it)
                self._bound.update(x.id for x in py.walk(n.target) if isinstance(x, py.Name))
            parts, ops = [], []
            it = va = False
            ok = _own_safe(n)
            for c in py.iter_child_nodes(n):
                if isinstance(c, (_PURE_OPS, py.expr_context)):
                    ops.append(type(c).__name__)
                    continue
                c_it, c_va, c_ok, c_key = self._visit(c)
                it, va, ok = it or c_it, va or c_va, ok and c_ok
                parts.append(c_key)
            out = (it, va, ok, f"{type(n).__name__}{getattr(n, 'attr', '')}{ops}({','.join(parts)})")
            if ok and not va:
                if not it:
                    self.invariant = True
                elif isinstance(n, (py.Attribute, py.Subscript)):
                    (self.twice if out[3] in self._seen else self._seen).add(out[3])
        self.item[i], self.var[i], self.safe[i], self.key[i] = out
        return out


def safe_read(code: py.expr) -> bool:
    """Is CODE a read without effect that cannot fail (so that code may compute it twice)?"""
    return _Reads(code, set(), set()).safe[id(code)]


class _Take:
    """Replaces each outermost expression WANTED picks with a fresh local (the same key: the same local),
    collecting the locals' assignments in OUT."""

    def __init__(self, gen: Gen, reads: _Reads, wanted: Callable[[py.expr], bool], hint: str) -> None:
        self.gen, self.reads, self.wanted, self.hint = gen, reads, wanted, hint
        self.done: dict[str, str] = {}
        self.out: list[py.stmt] = []

    def visit(self, node: py.AST) -> py.AST:
        if isinstance(node, py.expr) and self.wanted(node):
            key = self.reads.key[id(node)]
            local = self.done.get(key)
            if local is None:
                local = self.done[key] = self.gen.fresh(self.hint)
                self.out.append(py.Assign([store(local)], node))
            return name(local)
        for field in node._fields:  # (py.NodeTransformer's walk, for the nodes generated code holds)
            value = getattr(node, field, None)
            if isinstance(value, list):
                value[:] = [self.visit(v) if isinstance(v, py.AST) else v for v in value]
            elif isinstance(value, py.AST) and not isinstance(value, (py.expr_context, _PURE_OPS)):
                setattr(node, field, self.visit(value))
        return node


def _take_out(gen: Gen, code: py.AST, reads: _Reads, wanted: Callable[[py.expr], bool], hint: str) -> list[py.stmt]:
    """Replace in CODE each outermost expression WANTED picks with a fresh local (the same expression: the
    same local); the assignments of those locals, in order (none, and CODE untouched, when it picks none)."""
    take = _Take(gen, reads, wanted, hint)
    take.visit(code)
    return take.out


def loop_reads(code: py.AST, item: str, variant: set[str], raises: bool = False) -> _Reads:
    """The analysis hoist_invariants and share_item_reads make of the body CODE of a loop over ITEM that
    writes the names VARIANT; once for both (RAISES: a call of too_big counts as changing nothing)."""
    return _Reads(code, {item}, variant, raises)


def hoist_invariants(gen: Gen, code: py.AST, variant: set[str], reads: _Reads | None = None) -> list[py.stmt]:
    """Take out of CODE, the body of a loop, the reads that are the same on every pass, as locals computed
    once: `for _c in X: if _c.n == 10 * ctx.vars['f'] + ctx.vars['r']` computes `10 * ... ['r']` once.
    Returns the assignments to put before the loop (none when nothing is taken out) and rewrites CODE.

    A read qualifies when it mentions no name of VARIANT (the names the loop writes) and is a safe read
    (_Reads: no effect, cannot fail), so computing it once, before the first pass, is computing it on
    every pass. Nothing is taken out of a CODE that calls anything but a dict's `get`, `len` or the
    `append` of a VARIANT list (another call might change what the reads see). The names CODE binds
    itself (`(_x := ...)`) vary too."""
    reads = reads or _Reads(code, set(), variant)
    if not reads.quiet or not reads.invariant:
        return []
    return _take_out(gen, code, reads, lambda n: not isinstance(n, (py.Constant, py.Name)) and reads.safe[id(n)]
                     and not reads.var[id(n)] and not reads.item[id(n)], "inv")


def share_item_reads(gen: Gen, code: py.AST, item: str, variant: set[str],
                     reads: _Reads | None = None) -> list[py.stmt]:
    """Take out of CODE, the body of a loop over ITEM, the attribute and subscript reads of the item it makes
    more than once (`ctx.state.card_def[_c].props`, read for each of five costs), as locals computed at the
    top of each pass: the assignments to put first in the body. Only safe reads (no effect, cannot fail),
    of a CODE that only reads (only_reads), mentioning no name of VARIANT and none CODE binds itself."""
    reads = reads or _Reads(code, {item}, variant)
    if not reads.quiet or not reads.twice:
        return []
    # (hoist_invariants takes out only reads that mention no item: the reads of an item it leaves whole)
    return _take_out(gen, code, reads, lambda n: isinstance(n, (py.Attribute, py.Subscript))
                     and reads.key.get(id(n)) in reads.twice, "it")
