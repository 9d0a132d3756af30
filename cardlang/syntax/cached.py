"""Parse a source file, or take its tree from the user's cache when the same bytes were parsed before.

A file's tree depends only on its bytes, the path it is reported under (every span names it) and the
parser's code, so that is the key (cardlang/cache.py adds the code's version). Only a file that parses
cleanly is stored: a file with an error is parsed again, and reports it exactly as the parser does. Lark
is imported only when something has to be parsed, so a game whose files are all cached loads without it.

A tree is stored as plain data in marshal, never pickled: a node is a list of its class's number (among the
syntax's own node classes) and its fields, a tuple a tuple, a span 16 bytes of numbers (its path is the
file's), and strings, numbers, booleans and None themselves. Reading it back can only make node classes,
tuples, spans and those values; anything else is refused and the file is parsed again. Knows nothing of games.
"""
from __future__ import annotations

import hashlib
import marshal
import struct
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardlang.cache import read_entry, write_entry
from cardlang.errors import Span

if TYPE_CHECKING:
    from cardlang.syntax import ast

KIND = "ast"
_SPAN = struct.Struct("<4I")
_PLAIN = (str, int, bool, type(None))
_PLAIN_SET = frozenset(_PLAIN)
_SPAN_SLOTS = tuple(Span.__dict__[f].__set__ for f in ("path", "line", "column", "end_line", "end_column"))


@lru_cache(maxsize=1)
def _classes() -> tuple[list[type], dict[type, int]]:
    from cardlang.syntax import ast
    classes = sorted(ast.node_classes(), key=lambda c: (c.__module__, c.__qualname__))
    return classes, {c: i for i, c in enumerate(classes)}


def tree_data(tree: ast.SourceFile) -> bytes:
    """TREE as marshal data (see the module docstring); ValueError for a value it cannot hold."""
    _, number = _classes()
    path = tree.path

    def enc(v: Any) -> Any:
        t = type(v)
        if t in _PLAIN:
            return v
        if t is tuple:
            return tuple([enc(x) for x in v])
        if t is Span:
            if v.path != path:
                raise ValueError("a span of another file")
            return _SPAN.pack(v.line, v.column, v.end_line, v.end_column)
        i = number.get(t)
        if i is None:
            raise ValueError(f"not a value a tree holds: {t.__name__}")
        return [i] + [enc(getattr(v, f)) for f in t.__node_fields__]
    return marshal.dumps(enc(tree))


def tree_from_data(data: bytes, path: str) -> Any:
    """The tree tree_data stored, its spans in PATH; an exception (ValueError, KeyError, TypeError...) when
    DATA is not one."""
    classes, _ = _classes()
    unpack = _SPAN.unpack
    plain = _PLAIN_SET

    # One comprehension per node (a load reads thousands of nodes: this is most of its reading time); a value
    # of any other type than these is a KeyError.
    def node(v: list) -> Any:
        return classes[v[0]](*[x if type(x) in plain else made[type(x)](x) for x in v[1:]])

    def many(v: tuple) -> tuple:
        return tuple([x if type(x) in plain else made[type(x)](x) for x in v])

    # A span is made without Span's own __init__ (a frozen dataclass sets each field through
    # object.__setattr__ in Python): its slots set directly, half the cost of a tree's spans, which were as
    # much as all its nodes.
    new = object.__new__
    set_path, set_line, set_column, set_end_line, set_end_column = _SPAN_SLOTS

    def span(v: bytes) -> Span:
        s = new(Span)
        line, column, end_line, end_column = unpack(v)
        set_path(s, path)
        set_line(s, line)
        set_column(s, column)
        set_end_line(s, end_line)
        set_end_column(s, end_column)
        return s

    made = {list: node, tuple: many, bytes: span}
    top = marshal.loads(data)
    if type(top) is not list:
        raise ValueError("not a tree")
    return node(top)


def source_key(data: bytes, path: str) -> bytes:
    """The digest that names a source file's bytes under its path (also what a game's code is keyed by)."""
    return hashlib.sha256(path.encode("utf-8", "surrogatepass") + b"\0" + data).digest()


def parse_cached(data: bytes, text: str, path: str, key: bytes | None = None) -> ast.SourceFile:
    """`parser.parse(TEXT, PATH)`, where TEXT is DATA decoded; raises what it raises."""
    from cardlang.syntax import ast  # here: hashing a file (source_key) needs no node class
    key = key or source_key(data, path)
    stored = read_entry(KIND, key)
    if stored is not None:
        try:
            tree = tree_from_data(stored, path)
        except Exception:  # noqa: BLE001 - an entry of an older layout: parse again
            tree = None
        if isinstance(tree, ast.SourceFile) and tree.path == path and tree.text == text:
            return tree
    from cardlang.syntax.parser import parse
    tree = parse(text, path)
    try:
        write_entry(KIND, key, tree_data(tree))
    except ValueError:  # a value the data form cannot hold (a bug of the parser's): not cached
        pass
    return tree
