"""The pass `printed-table`: a card's printed property read as a subscript of its definition's table of every
property the game declares (CardDef.printed), not as a call of its dict's `get` with the default.

The emitter spells a printed read `card_def[_c].props.get('cost', 0)` (ir/emit.py, marked `Printed` or
`DefPrinted`), and the rewrites of generated Python that run before this one know that shape: exists-loops
takes it as a test that cannot fail, same-reads shares it, and the loops' hoist takes the item's
`card_def[_c].props.get` out of the loop body as a local `_it` called once for each property. Each call costs a
C call; a subscript of a dict does not. So this rewrite runs last (compile/codegen.py `_code_of`), and
replaces only reads marked TABLE (compile/expressions.py `_table`: every card of the load holds the property in
its table, as it prints it or at the default the read asks for):

    X.props.get('P', D)          ->  X.printed['P']
    _it = X.props.get  ...  _it('P', D)  ->  _it = X.printed  ...  _it['P']     (every use of _it such a read)

The same value for every card of the game, so the same games (tests/compile/test_printed_table.py). Knows
Python's `ast`, the emitter's marks and CardDef's two field names (from the emitter); no game.
"""
from __future__ import annotations

import ast as py

from cardlang.compile import pytree
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import DEF_PRINTED as _PRINTED
from cardlang.compile.ir.emit import DEF_PROPS as _PROPS
from cardlang.compile.ir.emit import mark


def with_printed_table(tree: py.Module) -> py.Module:
    """TREE with each printed read marked TABLE a subscript of CardDef.printed (rewritten in place)."""
    nodes = pytree.walk(tree)
    reads = [n for n in nodes if type(n) is py.Call and _table_read(n)]
    if not reads:
        return tree
    new: dict[int, py.expr] = {}
    by_local: dict[str, list[py.Call]] = {}
    for n in reads:
        f = n.func
        if type(f) is py.Name:
            by_local.setdefault(f.id, []).append(n)
        elif _is_props_get(f):
            new[id(n)] = _subscript(n, py.Attribute(f.value.value, _PRINTED, py.Load()))
    if by_local:
        _locals(nodes, by_local, new)
    if new:  # (the reads replaced are calls; each parent of one is among NODES)
        pytree.replace_children(nodes, lambda n: new.get(id(n)), (py.Call,))
    return tree


def _table_read(n: py.Call) -> bool:
    """Is N a marked printed read with the table, `F('P', D)` of a constant P and D?"""
    m = mark(n)
    return (type(m) in (N.Printed, N.DefPrinted) and m.table and len(n.args) == 2 and not n.keywords
            and all(type(a) is py.Constant for a in n.args) and n.args[0].value == m.name)


def _is_props_get(f: py.AST) -> bool:
    """Is F `X.props.get`?"""
    return type(f) is py.Attribute and f.attr == "get" and type(f.value) is py.Attribute and f.value.attr == _PROPS


def _subscript(n: py.Call, table: py.expr) -> py.Subscript:
    """`TABLE['P']` for the read N (its first argument), on N's line."""
    return py.copy_location(py.Subscript(py.copy_location(table, n), n.args[0], py.Load()), n)


def _locals(nodes: list[py.AST], by_local: dict[str, list[py.Call]], new: dict[int, py.expr]) -> None:
    """The hoisted getters: `_it = X.props.get` whose every other use is a table read becomes `_it =
    X.printed`, and those reads `_it['P']` (NEW: what replaces each node, by its id)."""
    stores: dict[str, list[py.Assign]] = {}
    targets: set[int] = set()
    for n in nodes:
        if type(n) is py.Assign and len(n.targets) == 1 and type(n.targets[0]) is py.Name \
                and n.targets[0].id in by_local:
            stores.setdefault(n.targets[0].id, []).append(n)
            targets.add(id(n.targets[0]))
    uses: dict[str, int] = {}
    for n in nodes:
        if type(n) is py.Name and n.id in by_local and id(n) not in targets:
            # a load counts once; a binding of another kind (a walrus, a loop) leaves the local alone
            uses[n.id] = uses.get(n.id, 0) + (1 if type(n.ctx) is py.Load else 1 << 30)
    for local, calls in by_local.items():
        assigned = stores.get(local, [])
        if not assigned or uses.get(local, 0) != len(calls) or not all(_is_props_get(a.value) for a in assigned):
            continue
        for a in assigned:
            a.value = py.copy_location(py.Attribute(a.value.value.value, _PRINTED, py.Load()), a.value)
        for n in calls:
            new[id(n)] = _subscript(n, py.Name(local, py.Load()))

