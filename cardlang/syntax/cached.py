"""Parse a source file, or take its tree from the user's cache when the same bytes were parsed before.

A file's tree depends only on its bytes, the path it is reported under (every span names it) and the
parser's code, so that is the key (cardlang/cache.py adds the code's version). Only a file that parses
cleanly is stored: a file with an error is parsed again, and reports it exactly as the parser does. Lark
is imported only when something has to be parsed, so a game whose files are all cached loads without it.
Knows nothing of games.
"""
from __future__ import annotations

import hashlib
import pickle
from typing import TYPE_CHECKING

from cardlang.cache import read_entry, write_entry

if TYPE_CHECKING:
    from cardlang.syntax import ast

KIND = "ast"


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
            tree = pickle.loads(stored)  # noqa: S301 - our own entry, in a folder only this user may write
        except Exception:  # noqa: BLE001 - an entry of an older layout: parse again
            tree = None
        if isinstance(tree, ast.SourceFile) and tree.path == path and tree.text == text:
            return tree
    from cardlang.syntax.parser import parse
    tree = parse(text, path)
    write_entry(KIND, key, pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL))
    return tree
