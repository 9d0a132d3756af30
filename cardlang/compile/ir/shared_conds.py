"""The pass `shared-conds`: a read that several conditions of one `choose ... { "A" if COND {...} ... }` make
(a player's counter read in eleven conditions, `c >= 5 + x` in three, `count(others where player.d == 0) > 0`
in three: a game's choice of actions) worked out once, before the conditions, into a local they read.

With options-at-once the conditions are tested one after the other in the caller, with nothing run between
them, so a read without effect that cannot fail has the same value in every one of them. Only a read that some
condition makes whenever it is tested (not on the right of an `and`/`or`, whose left may decide) is taken
out: it was worked out at least once anyway, so working it out first costs nothing more and changes nothing
(nothing it reads can fail, so no error comes earlier). A `count(... where ...) > 0` taken out is tested by an
`if` of its own (`_s = False; if COND: _s = True`), which the pass exists-loops makes a loop that stops at the
first item that holds. The largest shared reads first; a read inside one taken out counts once for it.
Knows the IR only.
"""
from __future__ import annotations

from collections import Counter

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir import nodes_ask as A
from cardlang.compile.ir import nodes_loops as NL
from cardlang.compile.ir import nodes_ops as NO
from cardlang.compile.ir.rewrite import bottom_up
from cardlang.syntax.nodes import replace

_LEAVES = (N.Const, N.Name, N.You, N.Current)
_TAKEN = (N.CounterRef, N.ZoneCount, NO.Compare, NL.CountWhere)  # the reads worth a local of their own


def shared_conds(node: N.Node) -> N.Node:
    return bottom_up(node, _rule)


def _rule(node: N.Node) -> N.Node | None:
    if type(node) is not A.AskOption or node.pre:
        return None
    counts: Counter = Counter()
    sure: set = set()
    for cond in node.conds:
        if cond is not None:
            _count(cond, True, counts, sure)
    taken: list[N.Node] = []
    for x in sorted(counts, key=_size, reverse=True):
        if counts[x] >= 2 and x in sure:
            taken.append(x)
            inner: Counter = Counter()
            _count(x, True, inner, set(), top=False)
            for y, k in inner.items():
                counts[y] -= k * (counts[x] - 1)
    if not taken:
        return None
    local: dict[N.Node, N.Var] = {}
    pre: list[N.Node] = []
    for x in reversed(taken):  # the smallest first: a larger one reads their locals
        value = _using(x, local)
        v = local[x] = N.Var("s")
        if type(x) is NO.Compare and type(x.left) is NL.CountWhere:  # (exists-loops' shape: an `if` of its own)
            pre += [N.Let(v, N.Const(False)), N.If(value, (N.Let(v, N.Const(True)),))]
        else:
            pre.append(N.Let(v, value))
    conds = tuple(None if c is None else _using(c, local) for c in node.conds)
    return replace(node, conds=conds, pre=tuple(pre))


def _count(n: N.Node, sure: bool, counts: Counter, sure_set: set, top: bool = True) -> None:
    """Count in COUNTS each read worth taking out in N (SURE: N is worked out whenever its condition is tested;
    those are put in SURE_SET). TOP: count N itself."""
    if top and type(n) in _TAKEN and pure(n):
        counts[n] += 1
        if sure:
            sure_set.add(n)
    t = type(n)
    if t is NO.Both:
        _count(n.left, sure, counts, sure_set)
        _count(n.right, False, counts, sure_set)
    elif t in (NO.Compare, NO.Arith):
        _count(n.left, sure, counts, sure_set)
        _count(n.right, sure, counts, sure_set)
    elif t is N.Not:
        _count(n.value, sure, counts, sure_set)


def pure(n: N.Node) -> bool:
    """Is N a read without effect that cannot fail (and charges no step)?"""
    t = type(n)
    if t in _LEAVES:
        return True
    if t in (N.CounterRef, N.ZoneRef, N.Seats):
        return pure(n.whose)
    if t in (NO.Compare, NO.Arith, NO.Both):
        return pure(n.left) and pure(n.right)
    if t is N.Not:
        return pure(n.value)
    if t in (N.ZoneCount, NO.CardsOfZone):
        return pure(n.zone)
    if t in (N.DefIsType, N.DefNamed):
        return pure(n.definition)
    if t is N.DefOf:
        return pure(n.card)
    if t is NL.CountWhere:  # in its caller: a comprehension's length, no function that charges steps
        return n.inline and pure(n.items) and pure(n.cond)
    return False


def _size(n: N.Node) -> int:
    return 1 + sum(_size(getattr(n, f)) for f in n.__node_fields__ if isinstance(getattr(n, f), N.Node))


def _using(n: N.Node, local: dict) -> N.Node:
    """N with each read taken out (LOCAL's keys) replaced by its local, the outermost first."""
    got = local.get(n)
    if got is not None:
        return got
    if type(n) not in (NO.Both, NO.Compare, NO.Arith, N.Not):  # (where _count looks)
        return n
    changes = {f: _using(getattr(n, f), local) for f in n.__node_fields__ if isinstance(getattr(n, f), N.Node)}
    changes = {f: v for f, v in changes.items() if v is not getattr(n, f)}
    return replace(n, **changes) if changes else n
