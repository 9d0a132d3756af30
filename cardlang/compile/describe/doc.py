"""What the text being written knows beyond one statement: the style (card face or rules reference), how
picked locals read ("it", "the trashed card"), the numbers known per player count, and the writer of nested
blocks. Every describe module reads it through current_doc(); it knows no construct and no game.

The writer of a nested block (a call's outcome blocks, a loop's body) lives in statements.py, above the
constructs that contain blocks; they reach it through nested_block() and nested_parts() here so that imports
point one way. So do the tables of statement rules (STMT_TEXT: statements.py, loops.py) and condition rules (COND_TEXT:
conds.py).
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Callable, Iterator

from cardlang.syntax import ast
from cardlang.syntax.rules import Rules


@dataclass
class _Doc:
    style: str = "card"                                        # "card" | "rules"
    names: dict[str, str] = field(default_factory=dict)        # local -> how it reads ("it")
    done: dict[str, str] = field(default_factory=dict)         # picked local -> what was done ("trashed")
    kinds: dict[str, str] = field(default_factory=dict)        # picked local -> "top" | "choose"
    values: dict[str, ast.Expr] = field(default_factory=dict)  # other locals: their expression, read in place
    counts: tuple[int, ...] = ()                               # player counts, for numbers side by side
    env: dict[int, dict[str, int]] = field(default_factory=dict)  # per player count: known local numbers
    varied: str = ""                                           # the first number printed side by side
    named_verbs: set[str] = field(default_factory=set)         # game verbs named without a template
    players: set[str] = field(default_factory=set)             # picked locals that hold a player


_DOC: ContextVar[_Doc | None] = ContextVar("cardlang_describe_doc", default=None)


@contextmanager
def writing(style: str = "card", counts: tuple[int, ...] = ()) -> Iterator[_Doc]:
    """Describe in STYLE; with COUNTS (the rules reference), numbers that depend on the player count are
    worked out for each count and printed side by side."""
    doc = _Doc(style, counts=tuple(counts), env={n: {} for n in counts})
    token = _DOC.set(doc)
    try:
        yield doc
    finally:
        _DOC.reset(token)


def current_doc() -> _Doc:
    return _DOC.get() or _Doc()


# The rules text's tables (syntax/rules.py) that modules above their readers fill: statements (statements.py
# and loops.py) and conditions (conds.py, read by exprs.cond_text; any other expression reads as its value).
STMT_TEXT = Rules("the rules text (statements)")
COND_TEXT = Rules("the rules text (conditions)")

# The writers of nested blocks, installed by statements.py (see the module docstring): a block as its text,
# and a run of statements as its sentences (statements.py `sentence_parts`).
_WRITERS: dict[str, Callable] = {}


def install_block_writer(write: Callable[[ast.Block, object, str], str],
                         parts: Callable[[object, object, str], list[str]]) -> None:
    _WRITERS.update(block=write, parts=parts)


def nested_block(block: ast.Block, comp, who: str) -> str:
    """The text of a block inside a construct (a call's outcome block, a loop's body), written by statements.py."""
    return _WRITERS["block"](block, comp, who)


def nested_parts(stmts, comp, who: str) -> list[str]:
    """The sentences of statements inside a construct (a loop's body), written by statements.py `sentence_parts`."""
    return _WRITERS["parts"](stmts, comp, who)
