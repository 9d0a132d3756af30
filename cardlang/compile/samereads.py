"""A rewrite of the generated Python: a printed property read twice in one expression is read once.

A condition such as `card.cost_wood <= wood and ... and card.cost_wood + card.cost_ore + ... <= wood + ...`
reads each cost twice: `_it['cost_wood']` (a card's table of printed properties: the pass printed-table; without
it `_it('cost_wood', 0)`, its `props.get`), or, for a card held in a list,
`(card_def[_f[0]].props.get('cost_wood', 0) if (_f := _l1) else prop_of_first(...))`. A card's printed
properties never change, and nothing an expression does changes which card a name holds, so where the first
read is certain to have run before a later one (it is not in a branch the later one can be reached without:
the right of an `and`/`or`, a later link of a chained comparison, a branch of a conditional expression), the
later read is the first's value: the first is kept in a local (`(_same0 := READ)`) and the later ones read it.

The reads are those the emitter marked as a printed property (ir/emit.py: `Printed`, `DefPrinted`, and a
`FirstOr` whose read is one), with no call and no assignment inside them besides their own; a read that
mentions a name the expression assigns is left alone. Comprehensions and lambdas are functions of their own:
nothing inside one is shared or replaced. Each statement's expressions are rewritten one at a time (a local
set in one statement is never read in another).

Knows Python's `ast` and the emitter's marks; no runtime layout, no game.
"""
from __future__ import annotations

import ast as py
from typing import Iterator

from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import mark

_OPAQUE = (py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp, py.Lambda)
_PREFIX = "_same"


def with_same_reads(tree: py.Module) -> py.Module:
    """TREE with each printed property read twice in one expression read once (rewritten in place)."""
    fresh = pytree.fresh_names(tree, _PREFIX)
    for node in pytree.walk(tree):
        if isinstance(node, py.stmt):
            d = node.__dict__
            for f in node._fields:
                v = d.get(f)
                if isinstance(v, py.expr):
                    d[f] = _share(v, fresh)
    return tree


def _share(root: py.expr, fresh: Iterator[str]) -> py.expr:
    """ROOT with its repeated reads shared (ROOT itself when there are none)."""
    keys = _candidates(root)
    if len(keys) < 2 or len(set(keys.values())) == len(keys):
        return root
    firsts: dict[int, str] = {}       # id of a first read that a later one reuses -> its local
    later: dict[int, int] = {}        # id of a later read -> id of the first it reuses
    _order(root, {}, keys, firsts, later)
    if not later:
        return root
    for i in firsts:
        firsts[i] = next(fresh)

    def new_for(n: py.AST) -> py.AST | None:
        i = id(n)
        if i in later:
            return py.copy_location(py.Name(firsts[later[i]], py.Load()), n)
        if i in firsts:
            return py.copy_location(py.NamedExpr(py.copy_location(py.Name(firsts[i], py.Store()), n), n), n)
        return None
    got = new_for(root)
    if got is not None:
        return got
    pytree.replace(root, new_for, opaque=_OPAQUE)  # (nothing inside a comprehension or a lambda is replaced)
    return root


def _candidates(root: py.expr) -> dict[int, str]:
    """id -> key of each marked printed read in ROOT (outside comprehensions and lambdas) that may be shared."""
    assigned: set[str] = set()
    found: list[tuple[py.AST, str | None, set[str]]] = []
    stack: list[py.AST] = [root]
    while stack:
        n = stack.pop()
        if isinstance(n, _OPAQUE):
            continue
        if isinstance(n, py.NamedExpr) and isinstance(n.target, py.Name):
            assigned.add(n.target.id)
        got = _read_key(n)
        if got is not None:
            found.append((n, *got))
        d = n.__dict__
        for f in n._fields:
            v = d.get(f)
            if type(v) is list:
                stack.extend(x for x in v if type(x) in pytree.NODES)
            elif type(v) in pytree.NODES:
                stack.append(v)
    out: dict[int, str] = {}
    for n, key, own in found:
        names = {x.id for x in pytree.walk(n) if isinstance(x, py.Name)} - own
        if not names & assigned:
            out[id(n)] = key
    return out


def _read_key(n: py.AST) -> tuple[str, set[str]] | None:
    """(what N reads, as text, the names it binds itself) when N is a marked printed read of no other effect."""
    m = mark(n)
    if type(m) in (N.Printed, N.DefPrinted):
        if _read_of_plain(n):
            return py.dump(n), set()
        return None
    if type(m) is N.FirstOr and type(m.read) is N.Printed and isinstance(n, py.IfExp) \
            and isinstance(n.test, py.NamedExpr) and isinstance(n.test.target, py.Name):
        f = n.test.target.id
        body, fallback = n.body, n.orelse
        if not (_plain(n.test.value) and _read_of_plain(body) and isinstance(fallback, py.Call)
                and isinstance(fallback.func, py.Name) and all(_plain(a) for a in fallback.args)):
            return None
        return py.dump(n).replace(repr(f), "'_'"), {f}
    return None


def _read_of_plain(n: py.AST) -> bool:
    """Is N a printed read of a plain definition: `D.props.get('P', X)` (or a getter in a local, `_it('P', X)`),
    or `D.printed['P']` (the pass printed-table)?"""
    if isinstance(n, py.Call):
        return _plain(n.func) and all(isinstance(a, py.Constant) for a in n.args) and not n.keywords
    return isinstance(n, py.Subscript) and isinstance(n.slice, py.Constant) and _plain(n.value)


def _plain(n: py.AST) -> bool:
    """Is N made of names, constants, attribute and subscript reads only (no call, no assignment)?"""
    return all(isinstance(x, (py.Name, py.Constant, py.Attribute, py.Subscript, py.Load, py.UnaryOp, py.USub))
               for x in pytree.walk(n))


def _order(n: py.AST, seen: dict[str, int], keys: dict[int, str], firsts: dict[int, str],
           later: dict[int, int]) -> None:
    """Walk N in the order Python evaluates it. SEEN: key -> id of a read certain to have run before this
    point (on every path here); a candidate found there is a later read of it, else it becomes SEEN itself
    (for what follows it for certain). A branch that may not run is walked with a copy of SEEN."""
    i = id(n)
    if i in keys:
        k = keys[i]
        if k in seen:
            later[i] = seen[k]
            firsts[seen[k]] = ""
        else:
            seen[k] = i
        return
    if isinstance(n, _OPAQUE):
        return
    if isinstance(n, py.BoolOp):
        _order_bool(n, seen, keys, firsts, later)
        return
    if isinstance(n, py.Compare):
        _order(n.left, seen, keys, firsts, later)
        _order(n.comparators[0], seen, keys, firsts, later)
        branch = dict(seen)
        for v in n.comparators[1:]:
            _order(v, branch, keys, firsts, later)
        return
    if isinstance(n, py.IfExp):
        _order(n.test, seen, keys, firsts, later)
        _order(n.body, dict(seen), keys, firsts, later)
        _order(n.orelse, dict(seen), keys, firsts, later)
        return
    if isinstance(n, py.NamedExpr):
        _order(n.value, seen, keys, firsts, later)
        return
    if isinstance(n, py.Dict):  # (keys and values alternate as Python evaluates them)
        for k, v in zip(n.keys, n.values):
            if k is not None:
                _order(k, seen, keys, firsts, later)
            _order(v, seen, keys, firsts, later)
        return
    d = n.__dict__
    for f in n._fields:  # every other expression: its fields in order, each evaluated for certain
        v = d.get(f)
        if type(v) is list:
            for x in v:
                if type(x) in pytree.NODES:
                    _order(x, seen, keys, firsts, later)
        elif type(v) in pytree.NODES:
            _order(v, seen, keys, firsts, later)


def _order_bool(n: py.BoolOp, seen: dict[str, int], keys: dict[int, str], firsts: dict[int, str],
                later: dict[int, int]) -> dict[str, int]:
    """Walk `A and B and ...` (or `or`) as _order does; return what is certain to have run when a value after
    N in an enclosing `and` (`or`) of the same kind runs: every value of N ran then, as N was truthy (falsy)."""
    def value(v: py.AST, at: dict[str, int]) -> dict[str, int]:
        if isinstance(v, py.BoolOp) and type(v.op) is type(n.op):
            return _order_bool(v, at, keys, firsts, later)
        _order(v, at, keys, firsts, later)
        return dict(at)
    branch = value(n.values[0], seen)  # (SEEN takes what the first value runs for certain)
    for v in n.values[1:]:  # each further value runs only when the ones before it did
        branch = value(v, branch)
    return branch
