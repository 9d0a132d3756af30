"""The features as functions (cardlang/lsp/features.py, index.py), without a server: the words of a source,
a definition chosen by where a name stands, and the quick fix of a quoted name."""
from __future__ import annotations

import pytest
from lsprotocol import types as T

from cardlang.errors import CardCompileError, Span
from cardlang.lsp.features import definition, diagnostic, quick_fixes
from cardlang.lsp.index import build_index, words
from cardlang.lsp.workspace import Options, Workspace


@pytest.fixture(scope="module")
def wk():
    checked = Workspace(Options()).check_game("warring-kingdom")
    return build_index(checked.game, checked.files, Workspace(Options()).text)


def test_words_skip_comments_and_unquote_names() -> None:
    got = [(w.text, w.line, w.start, w.quoted) for w in words('play "Town Guard"; // draw Gold\n  x')]
    assert got == [("play", 0, 0, False), ("Town Guard", 0, 5, True), ("x", 1, 2, False)]


@pytest.mark.parametrize("line, character, kinds", [
    ("  on play { discard c; }", 13, {"verb"}),        # a statement's first word
    ("  move c to p1.discard;", 18, {"zone"}),         # after a dot
    ("  x = count(discard);", 14, {"verb", "zone"}),   # either: both are offered
])
def test_definition_by_where_the_name_stands(wk, line: str, character: int, kinds: set[str]) -> None:
    found = definition(wk, line, 0, character, lambda p: p)
    lines = {s.span.line - 1: s.kind for s in wk.lookup("discard")}
    assert {lines[loc.range.start.line] for loc in found} == kinds


def test_quick_fix_keeps_a_name_with_spaces_quoted() -> None:
    text = 'scenario "x" {\n  play "Town Gaurd" in hand;\n}\n'
    e = CardCompileError("unknown card 'Town Gaurd'", Span("x.scenario", 2, 3, 2, 26), hint="did you mean 'Town Guard'?")
    [fix] = quick_fixes("file:///x.scenario", text, [diagnostic(e)])
    [edit] = fix.edit.changes["file:///x.scenario"]
    assert edit.new_text == '"Town Guard"' and edit.range == T.Range(T.Position(1, 7), T.Position(1, 19))
