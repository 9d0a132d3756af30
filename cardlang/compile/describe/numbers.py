"""Numbers known before play: in the rules reference's set-up, an expression that depends only on the
player count is worked out for each count ("8 / 12 / 12") and a branch on the player count is applied per
count. Knows expressions only as far as arithmetic and comparisons; prints nothing itself; knows no game."""
from __future__ import annotations

from cardlang.syntax import ast
from cardlang.compile.describe.doc import current_doc


def _is_literal(e: ast.Expr) -> bool:
    return isinstance(e, (ast.IntLit, ast.StrLit)) or (isinstance(e, ast.Neg) and isinstance(e.value, ast.IntLit))


def _is_local(st: ast.Assign, comp) -> bool:
    return len(st.target) == 1 and st.target[0] not in comp.spec.counters


def _static(e: ast.Expr | None) -> dict[int, int] | None:
    """The value of E for each player count, when it depends on nothing else."""
    doc = current_doc()
    if not doc.counts or e is None:
        return None
    if isinstance(e, ast.IntLit):
        return {n: e.value for n in doc.counts}
    if isinstance(e, ast.Neg):
        v = _static(e.value)
        return {n: -x for n, x in v.items()} if v else None
    if isinstance(e, ast.NameRef) and all(e.name in doc.env[n] for n in doc.counts):
        return {n: doc.env[n][e.name] for n in doc.counts}
    if isinstance(e, ast.Func) and e.name == "count" and len(e.args) == 1 and isinstance(e.args[0], ast.NameRef) \
            and e.args[0].name == "players":
        return {n: n for n in doc.counts}
    if isinstance(e, ast.BinOp):
        a, b = _static(e.left), _static(e.right)
        if a is None or b is None:
            return None
        ops = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
               "/": lambda x, y: x // y if y else 0, "%": lambda x, y: x % y if y else 0}
        return {n: ops[e.op](a[n], b[n]) for n in doc.counts}
    return None


def _static_cond(e: ast.Expr, variants: frozenset[str] = frozenset()) -> dict[int, bool] | None:
    """The value of condition E for each player count, when it depends on nothing else. A name in VARIANTS
    reads false: the set-up's numbers are the base game's (the reference lists the variants apart)."""
    doc = current_doc()
    if isinstance(e, ast.NameRef) and e.name in variants:
        return {n: False for n in doc.counts}
    if isinstance(e, ast.Compare):
        a, b = _static(e.left), _static(e.right)
        if a is None or b is None:
            return None
        ops = {"==": lambda x, y: x == y, "!=": lambda x, y: x != y, "<": lambda x, y: x < y,
               "<=": lambda x, y: x <= y, ">": lambda x, y: x > y, ">=": lambda x, y: x >= y}
        return {n: ops[e.op](a[n], b[n]) for n in doc.counts}
    if isinstance(e, (ast.And, ast.Or)):
        a, b = _static_cond(e.left, variants), _static_cond(e.right, variants)
        if a is None or b is None:
            return None
        return {n: (a[n] and b[n]) if isinstance(e, ast.And) else (a[n] or b[n]) for n in doc.counts}
    if isinstance(e, ast.Not):
        a = _static_cond(e.value, variants)
        return {n: not v for n, v in a.items()} if a is not None else None
    return None


def _remember(st: ast.Stmt, comp) -> None:
    """A `let` or a local assignment: read its expression in place later, and know its number if it has one."""
    doc = current_doc()
    name = st.name if isinstance(st, ast.Let) else st.target[0]
    v = _static(st.value)
    if v is not None:
        for n in doc.counts:
            doc.env[n][name] = v[n]
    elif isinstance(st, ast.Let) and not _is_literal(st.value):  # a literal may change: print its name
        doc.values[name] = st.value


def _static_branch(st: ast.If, comp) -> bool:
    """`if count(players) == 2 { victory = 8; }` in the set-up: apply it per player count, print nothing."""
    doc = current_doc()
    if not doc.counts:
        return False
    branches = [st.then] + ([st.else_] if isinstance(st.else_, ast.Block) else [])
    if isinstance(st.else_, ast.If):
        return False
    for b in branches:
        for s in b.stmts:
            if not (isinstance(s, ast.Assign) and _is_local(s, comp) and s.op == "=" and _static(s.value)):
                return False
    c = _static_cond(st.cond, frozenset(comp.spec.variants))  # `if quick { rounds = 5; }`: base game numbers
    if c is None:
        return False
    for n in doc.counts:
        block = st.then if c[n] else (st.else_ if isinstance(st.else_, ast.Block) else None)
        if block is None:
            continue
        for s in block.stmts:
            doc.env[n][s.target[0]] = _static(s.value)[n]
    return True
