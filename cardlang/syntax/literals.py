"""The values of tokens, for the transformer (to_ast.py, to_ast_stmts.py): a string literal unquoted with its few
escapes (and refused if it holds a control character), a number within its limit, and the span of a token or
of a rule's match. Knows no grammar rule and no node class.
"""
from __future__ import annotations

from lark import Token

from cardlang.errors import CardSyntaxError, Span, visible


def span_of(path: str, meta_or_token) -> Span:
    """The span of a rule's meta or a token; an empty rule (nothing matched) is put at the file's start."""
    m = meta_or_token
    if getattr(m, "empty", False):
        return Span(path, 1, 1, 1, 1)
    return Span(path, m.line, m.column, m.end_line, m.end_column)


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def unquote(s: str) -> str:
    """The text of a string literal. Only \\", \\\\, \\n and \\t are escapes; any other backslash stays as
    written (a card's text is prose, not a programming-language string)."""
    body = s[1:-1]
    if not body.isprintable() and visible(body) != body:
        raise ControlCharacter(s)
    if "\\" not in body:
        return body
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in _ESCAPES:
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class ControlCharacter(Exception):
    """A string holds a control character (an escape sequence could reach a terminal): raised inside the
    transformer, reported by `parse` at the string's token."""

    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def int_of(tok: Token, path: str) -> int:
    """A number token's value; more than 18 digits is refused at the token."""
    if len(tok) > 18:
        raise CardSyntaxError("this number is too large", Span(path, tok.line, tok.column, tok.end_line,
                                                               tok.end_column), hint="numbers have at most 18 digits")
    return int(tok)
