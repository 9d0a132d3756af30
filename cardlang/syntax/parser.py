"""Source text -> typed AST. Lark (LALR, positions propagated) plus the transformer in to_ast.py, which builds
shape only.

Lark's exceptions never leave this module: they become `CardSyntaxError`s that point at the offending
token and say, in the language's own words, what was expected there.
"""
from __future__ import annotations

import gc
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from cardlang.errors import CardLangError, CardSyntaxError, Span, visible
from cardlang.syntax import ast
from cardlang.syntax.literals import ControlCharacter
from cardlang.syntax.to_ast import ToAst

_GRAMMAR = Path(__file__).with_name("grammar.lark")

# Terminal names as a card author would write them.
_TERMINAL_TEXT = {
    "SEMICOLON": "';'", "LBRACE": "'{'", "RBRACE": "'}'", "LPAR": "'('", "RPAR": "')'", "LSQB": "'['",
    "RSQB": "']'", "COMMA": "','", "COLON": "':'", "DOT": "'.'", "EQUAL": "'='", "NAME": "a name",
    "STRING": "a quoted string", "INT": "a number", "ASSIGN_OP": "'=', '+=' or '-='", "COMP_OP": "a comparison",
    "PLUS": "'+'", "MUL_OP": "'*', '/' or '%'", "MARK": "'?'", "MINUS": "'-'", "$END": "end of file",
}


# A source file bigger than this is refused before parsing: the largest shipped file is about 32 KB, and a
# file of megabytes is a mistake (a wrong path, generated junk) that would otherwise cost seconds.
MAX_SOURCE_BYTES = 512 * 1024
# Deeper than this, the tree would exhaust Python's stack in the compiler or in a running effect. Counted
# in parse-tree levels: a card and its ability take about 6, each `if` 2, each `+` or `not` 1.
MAX_NESTING = 120


@lru_cache(maxsize=1)
def _lark() -> Lark:
    # The LALR tables are built once per grammar and Lark version and kept in the user's cache folder
    # (cardlang/cache.py), so a new process loads them instead of analysing the grammar again. They are kept
    # as Lark's own serialized data (plain dicts, lists and strings) in marshal, never pickled (Lark's own
    # `cache=` option unpickles its file), and read back only from an entry whose HMAC checks.
    import marshal
    import sys

    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    from cardlang.cache import read_entry, write_entry
    grammar = _GRAMMAR.read_text(encoding="utf-8")
    options = dict(parser="lalr", propagate_positions=True, maybe_placeholders=True)
    key = "\0".join((grammar, repr(sorted(options.items())), lark.__version__, sys.version)).encode("utf-8")
    stored = read_entry("grammar", key, versioned=False)
    if stored is not None:
        try:
            return Lark.load(marshal.loads(stored))
        except Exception:  # noqa: BLE001 - an entry of another layout only costs the time to rebuild the tables
            pass
    parser = Lark(grammar, **options)
    try:
        data, memo = parser.memo_serialize([TerminalDef, Rule])
        write_entry("grammar", key, marshal.dumps({"data": data, "memo": memo}), versioned=False)
    except (ValueError, TypeError):  # not plain data in another Lark version: not cached
        pass
    return parser


def _describe_terminal(name: str) -> str:
    if name in _TERMINAL_TEXT:
        return _TERMINAL_TEXT[name]
    for term in _lark().terminals:
        if term.name == name and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return name.lower()


def parse(text: str, path: str = "<text>") -> ast.SourceFile:
    """Parse one source file into its declarations. Raises `CardSyntaxError`, never a Lark exception."""
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > MAX_SOURCE_BYTES else len(text)
    if size > MAX_SOURCE_BYTES:
        raise CardSyntaxError(f"this file is {size:,} bytes; a source file may hold at most "
                              f"{MAX_SOURCE_BYTES:,}", Span(path, 1, 1, 1, 2),
                              hint="split it into several files (one card per file)")
    # The parse allocates millions of small objects and frees none of them: a cyclic collection pass in
    # the middle of it would only rescan them (a third of the time on a big file).
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        try:
            tree = _lark().parse(text)
        except UnexpectedInput as e:
            raise _syntax_error(e, text, path) from None
        _check_nesting(tree, path)
        try:
            decls = ToAst(path).transform(tree)
        except VisitError as e:
            if isinstance(e.orig_exc, CardLangError):
                raise e.orig_exc from None
            if isinstance(e.orig_exc, ControlCharacter):
                raise _control_error(e.orig_exc.literal, path) from None
            raise
    finally:
        if was_enabled:
            gc.enable()
    return ast.SourceFile(path, text, decls)


def _check_nesting(tree: Tree, path: str) -> None:
    """Refuse a tree nested past MAX_NESTING, at the first node too deep, without recursion (a file may nest
    ten thousand brackets). A long chain of `+`, `*` or `and` is named as such: it is flat to its author."""
    stack: list[tuple[Tree, int, Tree | None]] = [(tree, 1, None)]
    while stack:
        node, depth, parent = stack.pop()
        if depth > MAX_NESTING:
            chain = parent is not None and parent.data in _CHAINS
            m = parent.meta if chain else node.meta  # a chain is pointed at where it starts
            span = Span(path, m.line, m.column, m.line, m.column + 1) if not m.empty else Span(path, 1, 1, 1, 2)
            if chain:
                raise CardSyntaxError(f"this expression is too long: more than {MAX_NESTING - 10} terms joined "
                                      "by operators", span,
                                      hint="add up part of it with `let` first, then use that name")
            raise CardSyntaxError(f"this is nested more than {MAX_NESTING} levels deep", span,
                                  hint="move the inner part into a verb of its own")
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1, node))


_CHAINS = ("binop", "and_", "or_")


def _control_error(literal: Token, path: str) -> CardSyntaxError:
    at = next(i for i, ch in enumerate(literal) if visible(ch) != ch)
    line, col = getattr(literal, "line", 1), getattr(literal, "column", 1) + at
    return CardSyntaxError(f"this string holds the control character U+{ord(literal[at]):04X}",
                           Span(path, line, col, line, col + 1),
                           hint="remove it: control characters would be sent to the terminal as commands; "
                                "write a new line as \\n")


def _syntax_error(e: UnexpectedInput, text: str, path: str) -> CardSyntaxError:
    line, col = max(e.line, 1) if e.line != -1 else 1, max(e.column, 1) if e.column != -1 else 1
    if isinstance(e, UnexpectedEOF) or (isinstance(e, UnexpectedToken) and e.token.type == "$END"):
        lines = text.rstrip().split("\n")  # point just after the last thing written
        line = len(lines)
        col = len(lines[-1]) + 1
        expected = sorted(getattr(e, "expected", ()) or ())
        hint = _expected_hint(expected)
        return CardSyntaxError("unexpected end of file", Span(path, line, col, line, col + 1), hint=hint)
    if isinstance(e, UnexpectedToken):
        tok = e.token
        span = Span(path, tok.line, tok.column, tok.end_line or tok.line,
                    tok.end_column or tok.column + len(str(tok)))
        hint = _expected_hint(sorted(e.expected))
        return CardSyntaxError(f"unexpected '{tok}'", span, hint=hint)
    if isinstance(e, UnexpectedCharacters):
        ch = text[e.pos_in_stream] if 0 <= e.pos_in_stream < len(text) else "?"
        hint = "strings use double quotes" if ch == "'" else None
        if ch == "-":
            hint = "names use letters, digits and '_'; put names with other characters in double quotes"
        return CardSyntaxError(f"unexpected character {ch!r}", Span(path, line, col, line, col + 1), hint=hint)
    return CardSyntaxError("cannot read this", Span(path, line, col, line, col + 1))


def _expected_hint(expected: list[str]) -> str | None:
    if not expected:
        return None
    words = sorted({_describe_terminal(t) for t in expected})
    if len(words) > 6:
        if "';'" in words:
            return "expected ';' or more of the expression"
        return None
    return "expected " + " or ".join(words)
