"""A rewrite that gives the compiler's temporaries of one generated function fewer local slots: two temporaries
whose stretches of code do not overlap share one name.

The code generator takes a fresh name for every temporary (`_row4`, `_v18`, `_src48`, `_r24`...), so a large
generated function has hundreds of locals (one game's battle phase: 378). On Python 3.11 each call of a
function sets every local slot to NULL when its frame is made and clears every slot when it returns, used or
not: about ten machine instructions a slot, which a game spends on frames of hundreds of slots more than on
anything such a frame's own code runs (cachegrind: `_PyFrame_Clear` and the `memset` of new frames, 4% of
one game's instructions). The bytecodes do not change, only the slots they name.

A temporary's stretch is the run of sibling statements, in the innermost statement list holding all its uses,
from the first to the last that uses it. A temporary may share when that stretch starts by storing it before
anything can read it: its first statement is `NAME = VALUE` (VALUE not reading it) or a `for NAME in ITEMS`
(holding every use, none in ITEMS or `else`), or a single statement whose expression stores it by `:=` before
any read, on no branch. Then no run of the stretch reads a value that an earlier run, or any other code, left
in it, so another temporary may hold the slot outside the stretch. Stretches that do not overlap get one name
(an interval colouring in statement order), among temporaries of the same letters only (`_h` with `_h`, `_cnt`
with `_cnt`): a name still says what it holds to a reader of `cardlang compile`, and to the tests that read a
pass's code. Only names of the generator's shape (`_` letters digits) are touched, and none that a nested
scope (a comprehension, a lambda), a `del`, an `except ... as` or a parameter uses. Copies the functions it changes (the compile rules may share nodes).

Knows Python's `ast`; no game, no source construct, no runtime layout.
"""
from __future__ import annotations

import ast as py
import heapq
import re

from cardlang.compile import pytree

_TEMP = re.compile(r"_[a-z]+[0-9]+\Z")
_SCOPES = (py.ListComp, py.SetComp, py.DictComp, py.GeneratorExp, py.Lambda, py.FunctionDef,
           py.AsyncFunctionDef, py.ClassDef)
_BODIES = ("body", "orelse", "finalbody")
_DIGITS = "0123456789"
_FEWEST = 8  # a function with fewer temporaries than this is left as it is (its frame is small anyway)


def with_shared_slots(tree: py.Module, fewest: int = _FEWEST) -> py.Module:
    """TREE with each function's temporaries sharing names where their stretches do not overlap."""
    return pytree.with_functions(tree, lambda fn: _shared(fn, fewest))


class _Scan:
    """One walk of a function: each statement's place in preorder, each candidate's uses by the chain of
    (statement list, index) that leads to it, and the names that may not share."""

    def __init__(self, fn: py.FunctionDef) -> None:
        self.spans: dict[int, tuple[int, int]] = {}  # id(statement) -> (its preorder number, its last one)
        self.chains: dict[str, list[tuple]] = {}  # name -> the chains of its uses
        self.banned: set[str] = {a.arg for a in (*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs)}
        if fn.args.vararg is not None:
            self.banned.add(fn.args.vararg.arg)
        self.others: set[str] = set()  # the names of another shape seen
        self.blocks: dict[int, list] = {}  # id(statement list) -> the list
        self.n = 0
        self._block(fn.body, ())

    def _block(self, body: list, chain: tuple) -> None:
        self.blocks[id(body)] = body
        i = 0
        for st in body:
            self._stmt(st, (*chain, (id(body), i)))
            i += 1

    def _stmt(self, st: py.stmt, chain: tuple) -> None:
        first = self.n
        self.n += 1
        d = st.__dict__
        for f in st._fields:
            if f not in d:
                continue
            v = d[f]
            if f in _BODIES and type(v) is list:
                self._block(v, chain)
            elif f == "handlers":
                for h in v:
                    if h.name is not None:
                        self.banned.add(h.name)
                    if h.type is not None:
                        self._expr(h.type, chain)
                    self._block(h.body, chain)
            elif type(v) is list:
                for x in v:
                    if type(x) in pytree.NODES:
                        self._expr(x, chain)
            elif type(v) in pytree.NODES:
                self._expr(v, chain)
        self.spans[id(st)] = (first, self.n - 1)

    def _expr(self, node: py.AST, chain: tuple) -> None:
        chains, others = self.chains, self.others
        for n in pytree.walk(node):
            t = type(n)
            if t is py.Name:
                nid = n.id
                if nid in chains:
                    chains[nid] += (chain,)
                elif nid not in others:
                    if _TEMP.match(nid):
                        chains[nid] = [chain]
                    else:
                        others.add(nid)
                if type(n.ctx) is py.Del:
                    self.banned.add(nid)
            elif t in _SCOPES or t is py.Global or t is py.Nonlocal:
                self.banned.update(x.id for x in pytree.walk(n) if type(x) is py.Name)
                if t is py.Global or t is py.Nonlocal:
                    self.banned.update(n.names)


def _stretch(chains: list[tuple]) -> tuple[int, int, int]:
    """(the id of the statement list, the first and last index) of the statements that hold every use: the
    innermost list holding them all, or the one statement whose lists or own expressions hold them."""
    shortest = len(chains[0])
    for c in chains:
        if len(c) < shortest:
            shortest = len(c)
    depth = 0
    while True:
        block, lo = chains[0][depth]
        hi = lo
        for c in chains:
            b, i = c[depth]
            if b != block:  # in two lists of one statement (an if's branches): that statement
                block, at = chains[0][depth - 1]
                return block, at, at
            if i < lo:
                lo = i
            elif i > hi:
                hi = i
        if lo != hi or depth + 1 == shortest:
            return block, lo, hi
        depth += 1


def _uses(node: py.AST, name: str) -> int:
    k = 0
    for n in pytree.walk(node):
        if type(n) is py.Name and n.id == name:
            k += 1
    return k


def _children(node: py.AST) -> list[py.AST]:
    out = []
    for f in node._fields:
        v = getattr(node, f, None)
        if type(v) is list:
            out += [x for x in v if type(x) in pytree.NODES]
        elif type(v) in pytree.NODES:
            out.append(v)
    return out


def _evaluated(node: py.AST, out: list, branch: bool) -> None:
    """NODE's names in the order Python evaluates them, each with whether it is on a branch (it may not run)."""
    t = type(node)
    if t is py.Name:
        out.append((node, branch))
    elif t is py.NamedExpr:
        _evaluated(node.value, out, branch)
        out.append((node.target, branch))
    elif t is py.IfExp:
        _evaluated(node.test, out, branch)
        _evaluated(node.body, out, True)
        _evaluated(node.orelse, out, True)
    elif t is py.BoolOp:
        for k, v in enumerate(node.values):
            _evaluated(v, out, branch or k > 0)
    elif t is py.Dict:
        for k, v in zip(node.keys, node.values):
            if k is not None:
                _evaluated(k, out, branch)
            _evaluated(v, out, branch)
    elif t is py.Call:
        _evaluated(node.func, out, branch)
        for a in node.args:
            _evaluated(a, out, branch)
        for kw in node.keywords:
            _evaluated(kw.value, out, branch)
    else:
        for f in node._fields:
            v = getattr(node, f, None)
            if type(v) is list:
                for x in v:
                    if type(x) in pytree.NODES:
                        _evaluated(x, out, branch)
            elif type(v) in pytree.NODES:
                _evaluated(v, out, branch)


def _stored_first(st: py.stmt, name: str, whole: bool) -> bool:
    """Does statement ST, the first of NAME's stretch (WHOLE: the only one), store NAME before anything reads it?"""
    t = type(st)
    if t is py.Assign:
        named = [x for x in st.targets if type(x) is py.Name and x.id == name]
        if named and _uses(st, name) == 1:
            return True
    if t is py.For and whole and type(st.target) is py.Name and st.target.id == name:
        return not _uses(st.iter, name) and not any(_uses(s, name) for s in st.orelse)
    if not whole:
        return False
    exprs = {py.Assign: "value", py.Expr: "value", py.If: "test", py.Return: "value"}
    field = exprs.get(t)
    if field is None or getattr(st, field) is None:
        return False
    held = getattr(st, field)
    if _uses(st, name) != _uses(held, name):  # (used in the statement's body too: not only in the expression)
        return False
    total = _uses(held, name)
    while True:  # the smallest expression holding every use: what runs outside it never reads the name
        inner = next((x for x in _children(held) if _uses(x, name) == total), None)
        if inner is None:
            break
        held = inner
    order: list = []
    _evaluated(held, order, False)
    first = next(((n, b) for n, b in order if n.id == name), None)
    return first is not None and type(first[0].ctx) is py.Store and not first[1]


def _renames(fn: py.FunctionDef, fewest: int) -> dict[str, str]:
    """NAME -> the name it shares, for the temporaries of FN that may share one."""
    scan = _Scan(fn)
    blocks = scan.blocks
    spans: list[tuple[int, int, str]] = []
    for name, chains in scan.chains.items():
        if name in scan.banned:
            continue
        block, lo, hi = _stretch(chains)
        body = blocks[block]
        if not _stored_first(body[lo], name, lo == hi):
            continue
        spans.append((scan.spans[id(body[lo])][0], scan.spans[id(body[hi])][1], name))
    if len(scan.chains) < fewest:
        return {}
    spans.sort()
    free: list[tuple[int, str]] = []  # (where its last holder's stretch ends, the name) of the names in use
    idle: dict[str, list[str]] = {}  # by the letters of the name: a hand's list shares only with hands' lists
    out: dict[str, str] = {}
    for start, end, name in spans:
        while free and free[0][0] < start:
            done = heapq.heappop(free)[1]
            idle.setdefault(done.rstrip(_DIGITS), []).append(done)
        kind = idle.get(name.rstrip(_DIGITS))
        slot = kind.pop() if kind else name
        if slot != name:
            out[name] = slot
        heapq.heappush(free, (end, slot))
    return out


def _shared(fn: py.FunctionDef, fewest: int) -> list[py.stmt] | None:
    renames = _renames(fn, fewest)
    return _renamed_copy(fn.body, renames) if renames else None


def _renamed_copy(body: list[py.stmt], renames: dict[str, str]) -> list[py.stmt]:
    """A copy of the statements BODY, every node new, each name of RENAMES by its new name (a loop, not a call a
    node: a fresh compile copies every node of the large functions)."""
    out: list[py.stmt] = []
    todo: list[tuple] = []
    for st in body:
        new = type(st)()
        out += (new,)
        todo += ((st, new),)
    for src, dst in todo:  # (the list grows while it is read)
        sd, dd = src.__dict__, dst.__dict__
        for k in sd:
            v = sd[k]
            if type(v) is list:
                items: list = []
                for x in v:
                    if type(x) in pytree.NODES:
                        c = type(x)()
                        todo += ((x, c),)
                        x = c
                    items += (x,)
                v = items
            elif type(v) in pytree.NODES:
                c = type(v)()
                todo += ((v, c),)
                v = c
            elif k == "id" and type(src) is py.Name and v in renames:
                v = renames[v]
            dd[k] = v
    return out
