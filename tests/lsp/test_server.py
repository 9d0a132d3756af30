"""`cardlang lsp` driven through a real client over stdio (pytest-lsp): diagnostics of unsaved text at the
spans `cardlang check` gives, the did-you-mean quick fix, hover, completion and go to definition in each of
the four games, references, the outline, and the code lenses (a scenario run, a card's simulate line)."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from lsprotocol import types as T

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.asyncio(loop_scope="module")
GAMES = ["dominion", "warring-kingdom", "greedy-kingdoms", "fall-of-kingdoms"]


def doc(uri: str) -> T.TextDocumentIdentifier:
    return T.TextDocumentIdentifier(uri)


async def opened(client, path, text=None, version=1):
    """Open PATH (with TEXT instead of its own) and wait for its diagnostics."""
    uri = path.as_uri()
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(T.DidOpenTextDocumentParams(
        T.TextDocumentItem(uri, "cardlang", version, path.read_text() if text is None else text)))
    await diagnostics_of(client, uri)
    return uri


async def diagnostics_of(client, uri, until=lambda d: True):
    for _ in range(200):
        if uri in client.diagnostics and until(client.diagnostics[uri]):
            return list(client.diagnostics[uri])
        await asyncio.wait_for(client.wait_for_notification("textDocument/publishDiagnostics"), 30)
    raise AssertionError(f"no diagnostics for {uri}")


def position(text: str, word: str, after: str = "") -> T.Position:
    """Where WORD (a whole word) first is in TEXT, after the first AFTER."""
    start = text.index(after) if after else 0
    m = re.compile(rf"(?<![\w]){re.escape(word)}(?![\w])").search(text, start)
    line = text.count("\n", 0, m.start())
    return T.Position(line, m.start() - (text.rfind("\n", 0, m.start()) + 1))


async def test_diagnostic_of_unsaved_text_at_checks_span_and_its_quick_fix(client):
    path = ROOT / "cards/dominion/village.card"
    text = path.read_text().replace("draw 1", "draww 1")
    uri = await opened(client, path, text)
    [d] = list(client.diagnostics[uri])
    # `cardlang check` on the same text says: village.card:3:13: error: unknown verb 'draww' (hint: did you mean 'draw'?)
    assert (d.range.start.line, d.range.start.character) == (2, 12)
    assert d.message.startswith("unknown verb 'draww'") and "did you mean 'draw'?" in d.message
    assert d.severity == T.DiagnosticSeverity.Error
    actions = await client.text_document_code_action_async(T.CodeActionParams(
        doc(uri), d.range, T.CodeActionContext([d])))
    [fix] = actions
    [edit] = fix.edit.changes[uri]
    assert edit.new_text == "draw" and (edit.range.start.character, edit.range.end.character) == (12, 17)
    lines = text.split("\n")
    r = edit.range
    lines[r.start.line] = lines[r.start.line][:r.start.character] + edit.new_text + lines[r.start.line][r.end.character:]
    fixed = "\n".join(lines)
    assert fixed == path.read_text()
    # applied as an editor does: the edit alone (incremental sync), not the whole text
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(2, uri), [T.TextDocumentContentChangePartial(edit.range, edit.new_text)]))
    assert await diagnostics_of(client, uri, until=lambda ds: not ds) == []


@pytest.mark.parametrize("game", GAMES)
async def test_hover_completion_definition_in_each_game(client, game):
    from cardlang.compile.game import load_game
    from cardlang.render.build import card_words, type_line
    g = load_game(game)
    # a card of the game that calls one of the game's own verbs
    card, verb = next((d, v) for d in sorted(g.defs, key=lambda d: d.name) for v in g.spec.verbs
                      if re.search(rf"(?<![\w.]){v}\b", g.card_files[d.name].read_text().split("{", 1)[1]))
    path = ROOT / g.card_files[card.name]
    text = path.read_text()
    uri = await opened(client, path)
    assert list(client.diagnostics[uri]) == []
    # hover on the card's name: its rules text as the sheet prints it (with † marks)
    at = position(text, card.name.split()[0], after="card")
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), at))
    numbers, words = card_words(g, card.name)
    assert f"{card.name} [{', '.join(type_line(g, card.name))}] {numbers}".rstrip() in hover.contents.value
    assert words in hover.contents.value
    # hover on the verb: its declaration; go to definition: where the game declares it
    at = position(text, verb, after="{")
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), at))
    assert f"verb {verb}(" in hover.contents.value
    locs = await client.text_document_definition_async(T.DefinitionParams(doc(uri), at))
    decl = g.spec.verbs[verb].span  # (a zone or counter of the same name is offered too)
    assert ((ROOT / decl.path).as_uri(), decl.line - 1) in {(loc.uri, loc.range.start.line) for loc in locs}
    # completion at the start of a statement: the game's verbs; in a `types` line: the game's types
    body = text.index("{", text.index("on ")) + 1
    line = text.count("\n", 0, body)
    col = body - (text.rfind("\n", 0, body) + 1)
    got = await client.text_document_completion_async(T.CompletionParams(doc(uri), T.Position(line, col)))
    labels = {i.label for i in got.items}
    assert verb in labels and set(g.spec.counters) <= labels
    at = position(text, "types")
    got = await client.text_document_completion_async(T.CompletionParams(doc(uri), T.Position(at.line, at.character + 6)))
    assert set(g.spec.types) <= {i.label for i in got.items}
    assert not ({d.name for d in g.defs} - set(g.spec.types) - set(g.spec.tags)) & {i.label for i in got.items}


async def test_zone_counter_and_primitive_hover_references_and_outline(client):
    path = ROOT / "games/dominion/game.cl"
    text = path.read_text()
    uri = await opened(client, path)
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), position(text, "hand", after="zone hand")))
    assert "zone hand" in hover.contents.value and "Used" in hover.contents.value
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), position(text, "shuffle", after="setup")))
    assert "built in" in hover.contents.value and "Example" in hover.contents.value
    symbols = await client.text_document_document_symbol_async(T.DocumentSymbolParams(doc(uri)))
    game = next(s for s in symbols if s.detail == "game")
    assert {"hand", "coins", "cost"} <= {c.name for c in game.children}
    bots = ROOT / "games/dominion/bots/big_money.cl"
    bot_text = bots.read_text()
    buri = await opened(client, bots)
    at = position(bot_text, "Silver")
    refs = await client.text_document_references_async(T.ReferenceParams(text_document=doc(buri), position=at, context=T.ReferenceContext(True)))
    where = {r.uri for r in refs}
    assert (ROOT / "cards/dominion/silver.card").as_uri() in where and buri in where
    assert any(u.endswith(".scenario") for u in where)
    # completion in a bot: the decisions after `on`, card names in a rule
    line = position(bot_text, "on", after="bot \"big-money\"").line
    got = await client.text_document_completion_async(T.CompletionParams(doc(buri), T.Position(line, 5)))
    assert {"buy", "play_action"} <= {i.label for i in got.items}
    line = position(bot_text, "Province", after="on buy").line
    got = await client.text_document_completion_async(T.CompletionParams(doc(buri), T.Position(line, 4)))
    assert "Province" in {i.label for i in got.items}


async def test_scenario_lens_runs_it_and_card_lens_gives_the_simulate_line(client):
    path = ROOT / "tests/scenarios/dominion/cellar.scenario"
    uri = await opened(client, path)
    lenses = await client.text_document_code_lens_async(T.CodeLensParams(doc(uri)))
    assert len(lenses) == 3 and all(le.command.command == "cardlang.runScenario" for le in lenses)
    got = await client.workspace_execute_command_async(T.ExecuteCommandParams(
        lenses[0].command.command, lenses[0].command.arguments))
    assert got == {"passed": True, "message": ""}
    assert any(m.message.startswith("PASS Cellar") for m in client.messages)
    lenses = await client.text_document_code_lens_async(T.CodeLensParams(doc(uri)))
    assert lenses[0].command.title.startswith("PASS")
    # a scenario edited to fail: FAIL, with the scenario's own error
    text = path.read_text().replace("expect p1.actions == 1;", "expect p1.actions == 5;", 1)
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(2, uri), [T.TextDocumentContentChangeWholeDocument(text)]))
    got = await client.workspace_execute_command_async(T.ExecuteCommandParams(
        "cardlang.runScenario", [uri, lenses[0].command.arguments[1]]))
    assert got["passed"] is False and "actions" in got["message"]
    # ... and a diagnostic at the line that failed
    line = position(text, "expect p1.actions == 5").line
    found = await diagnostics_of(client, uri, until=lambda ds: any(d.range.start.line == line for d in ds))
    assert any("actions" in d.message for d in found)
    card = await opened(client, ROOT / "cards/dominion/witch.card")
    [lens] = await client.text_document_code_lens_async(T.CodeLensParams(doc(card)))
    line = await client.workspace_execute_command_async(T.ExecuteCommandParams(lens.command.command,
                                                                               lens.command.arguments))
    assert line.startswith("cardlang simulate dominion --players ") and "--kingdom Witch," in line


async def test_bad_input_gets_an_answer_and_the_server_keeps_serving(client):
    from pygls.exceptions import JsonRpcMethodNotFound
    with pytest.raises(JsonRpcMethodNotFound):
        await client.protocol.send_request_async("cardlang/noSuchMethod", {})
    huge = ROOT / "cards/dominion/huge_unsaved.card"
    found = list(client.diagnostics[await opened(client, huge, "card Huge { cost 1; }\n" + "// x\n" * 260_000)])
    assert any("bytes; a source file may hold at most 524,288" in d.message for d in found), found
    binary = ROOT / "cards/dominion/binary_unsaved.card"
    found = list(client.diagnostics[await opened(client, binary, "\x00\x01\x02\xff\ufffd" * 100)])
    assert found and found[0].severity == T.DiagnosticSeverity.Error
    for gone in (huge, binary):  # closed unsaved: no longer part of the game, their marks cleared
        client.diagnostics.pop(gone.as_uri())
        client.text_document_did_close(T.DidCloseTextDocumentParams(doc(gone.as_uri())))
        assert await diagnostics_of(client, gone.as_uri(), until=lambda ds: not ds) == []
    # two edits sent at once: the first one's check is stale, the last text wins
    path = ROOT / "cards/dominion/smithy.card"
    uri = await opened(client, path)
    text = path.read_text()
    client.diagnostics.pop(uri)
    for version, t in ((2, text.replace("draw", "drow")), (3, text)):
        client.text_document_did_change(T.DidChangeTextDocumentParams(
            T.VersionedTextDocumentIdentifier(version, uri), [T.TextDocumentContentChangeWholeDocument(t)]))
    assert await diagnostics_of(client, uri) == []  # the first published is the last text's: v2's was dropped
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), position(text, "Smithy")))
    assert "Smithy" in hover.contents.value


async def test_tag_property_and_bot_hover_bot_definition_and_completion_that_knows_where_it_is(client):
    card = ROOT / "cards/warring-kingdom/archer.card"
    text = card.read_text()
    uri = await opened(client, card)
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), position(text, "Ranged", after="tags")))
    assert "(tag of Warring Kingdom)" in hover.contents.value and "tags General" in hover.contents.value
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), position(text, "upkeep", after="{")))
    assert "(property of Warring Kingdom)" in hover.contents.value and "Used" in hover.contents.value
    bots = ROOT / "games/warring-kingdom/bots/bots.cl"
    bot_text = bots.read_text()
    buri = await opened(client, bots)
    at = position(bot_text, "habits", after='extends "')
    hover = await client.text_document_hover_async(T.HoverParams(doc(buri), at))
    assert "(bot of Warring Kingdom)" in hover.contents.value
    [loc] = await client.text_document_definition_async(T.DefinitionParams(doc(buri), at))
    assert loc.uri == buri and bot_text.split("\n")[loc.range.start.line].lstrip().startswith(("bot", "helper bot"))
    # a card name after a verb that takes a card, in an unsaved ability
    edited = text.replace("hp 5?;", "hp 5?;\n  on play { gain  }")
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(2, uri), [T.TextDocumentContentChangeWholeDocument(edited)]))
    at = position(edited, "gain")
    got = await client.text_document_completion_async(T.CompletionParams(doc(uri), T.Position(at.line, at.character + 5)))
    first = min(got.items, key=lambda i: i.sort_text)
    assert first.detail == "card" and {"Archer", "Silver"} <= {i.label for i in got.items}
    # scenario statements at the start of a scenario's line
    scenario = ROOT / "tests/scenarios/dominion/cellar.scenario"
    suri = await opened(client, scenario)
    got = await client.text_document_completion_async(T.CompletionParams(doc(suri), T.Position(4, 2)))
    labels = {i.label for i in got.items if i.detail == "scenario statement"}
    assert {"game", "players", "kingdom", "answer", "expect", "expect_log"} <= labels


async def test_positions_count_in_the_clients_units(client):
    # The client counts UTF-16 units: an emoji before a name is two of them, one character to the server.
    path = ROOT / "cards/dominion/village.card"
    text = path.read_text().replace("  on play {", '  text "\U0001F642"; on play { drow 1;', 1)
    uri = await opened(client, path, text)
    line = text.split("\n")[position(text, "drow").line]
    utf16 = len(line[: line.index("drow")].encode("utf-16-le")) // 2
    [d] = [d for d in await diagnostics_of(client, uri) if "drow" in d.message]
    assert d.range.start.character == utf16 == line.index("drow") + 1
    counter = len(line[: line.index("actions")].encode("utf-16-le")) // 2
    hover = await client.text_document_hover_async(T.HoverParams(doc(uri), T.Position(d.range.start.line, counter + 1)))
    assert "counter actions" in hover.contents.value and hover.range.start.character == counter
    [fix] = await client.text_document_code_action_async(T.CodeActionParams(doc(uri), d.range, T.CodeActionContext([d])))
    [edit] = fix.edit.changes[uri]
    assert (edit.range.start.character, edit.range.end.character, edit.new_text) == (utf16, utf16 + 4, "draw")
    client.text_document_did_change(T.DidChangeTextDocumentParams(
        T.VersionedTextDocumentIdentifier(2, uri), [T.TextDocumentContentChangeWholeDocument(path.read_text())]))
    await diagnostics_of(client, uri, until=lambda ds: not ds)
