"""The editor's features as functions of a game's index (index.py) and a document's text: diagnostics from
errors, the did-you-mean quick fix, hover, completion that knows where the cursor is, go to definition, find
references, the outline, and the code lenses. Builds protocol values (lsprotocol) but sends nothing: the
wiring (server.py) does. Knows no game: every name comes from the index or the primitives registry.
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path

from lsprotocol import types as T

from cardlang.compile.sources import shown_path
from cardlang.errors import CardLangError, Span
from cardlang.lsp.index import GameIndex, Symbol, Word, keywords, line_words, word_at, words

_MEANT = re.compile(r"did you mean '([^']+)'\?")


# --- positions ------------------------------------------------------------------------------------------
def to_range(span: Span) -> T.Range:
    """A span (1-based lines and columns, end exclusive) as a protocol range (0-based)."""
    start = T.Position(max(span.line - 1, 0), max(span.column - 1, 0))
    end = T.Position(max(span.end_line - 1, 0), max(span.end_column - 1, 0))
    if (end.line, end.character) < (start.line, start.character):
        end = start
    return T.Range(start, end)


def word_range(w: Word) -> T.Range:
    return T.Range(T.Position(w.line, w.start), T.Position(w.line, w.end))


def location(sym: Symbol, uri_of) -> T.Location:
    return T.Location(uri_of(sym.span.path), to_range(sym.span))


# --- diagnostics and the quick fix ------------------------------------------------------------------------
def diagnostic(e: CardLangError) -> T.Diagnostic:
    """An error or warning as the editor shows it; a did-you-mean hint rides along for the quick fix."""
    meant = _MEANT.search(e.hint or "") or _MEANT.search(e.message)
    return T.Diagnostic(
        range=to_range(e.span), message=e.message + (f"\nhint: {e.hint}" if e.hint else ""),
        severity=T.DiagnosticSeverity.Warning if e.label == "warning" else T.DiagnosticSeverity.Error,
        source="cardlang", code=e.kind, data={"meant": meant.group(1)} if meant else None)


def quick_fixes(uri: str, text: str, diagnostics: list[T.Diagnostic]) -> list[T.CodeAction]:
    """For each diagnostic with a did-you-mean: replace the misspelt name in its span by the name meant (the
    span may cover a whole call; the word replaced is the one in it closest to the name meant)."""
    lines = text.split("\n")
    out = []
    for d in diagnostics:
        meant = d.data.get("meant") if isinstance(d.data, dict) else None
        if not meant:
            continue
        best, score = None, 0.0
        for ln in range(d.range.start.line, min(d.range.end.line, len(lines) - 1) + 1):
            for w in line_words(lines[ln], ln):
                if (ln, w.start) < (d.range.start.line, d.range.start.character) or w.text == meant:
                    continue
                r = difflib.SequenceMatcher(None, w.text.lower(), meant.lower()).ratio()
                if r > score:
                    best, score = w, r
        if best is None or score < 0.5:
            continue
        new = f'"{meant}"' if best.quoted or " " in meant else meant
        edit = T.TextEdit(T.Range(T.Position(best.line, best.start), T.Position(best.line, best.end)), new)
        out.append(T.CodeAction(title=f"Change '{best.text}' to '{meant}'", kind=T.CodeActionKind.QuickFix,
                                diagnostics=[d], is_preferred=True,
                                edit=T.WorkspaceEdit(changes={uri: [edit]})))
    return out


# --- hover ------------------------------------------------------------------------------------------------
def hover(ix: GameIndex | None, line: str, line_no: int, character: int, text_of=None) -> T.Hover | None:
    """What the name under the cursor is: a card's rules text as the sheet prints it, a verb's or function's
    signature, doc and example, a declaration and where the rules use it."""
    w = word_at(line, character, line_no)
    if w is None:
        return None
    parts = []
    for sym in (ix.lookup(w.text) if ix else []):
        parts.append(_symbol_hover(sym, ix, text_of))
    prim = _primitive(w.text)
    if prim is not None and not any(s.kind == "verb" for s in (ix.lookup(w.text) if ix else [])):
        parts.append(f"**{prim.signature}** ({prim.kind}, built in)\n\n{prim.doc}"
                     + (f"\n\nExample: `{prim.example}`" if prim.example else ""))
    if not parts:
        return None
    return T.Hover(T.MarkupContent(T.MarkupKind.Markdown, "\n\n---\n\n".join(parts)), word_range(w))


def _symbol_hover(sym: Symbol, ix: GameIndex, text_of) -> str:
    if sym.kind == "card":
        return f"**{sym.name}** (card of {ix.title})\n\n```text\n{sym.detail}\n```"
    out = f"**{sym.name}** ({sym.kind} of {ix.title})\n\n```cardlang\n{sym.detail}\n```"
    if sym.doc:
        out += f"\n\n{sym.doc}"
    if text_of is not None:
        home = Path(sym.span.path).resolve()
        uses = [u for u in occurrences(ix, sym.name, text_of)
                if (Path(u[0]).resolve(), u[1].line + 1) != (home, sym.span.line)]
        if uses:
            shown = ", ".join(f"{shown_path(Path(p))}:{w.line + 1}" for p, w in uses[:6])
            out += f"\n\nUsed {len(uses)} time(s): {shown}" + (", ..." if len(uses) > 6 else "")
    return out


def _primitive(name: str):
    from cardlang.primitives import CORE
    return CORE.get(name)


# --- completion -------------------------------------------------------------------------------------------
def completion(ix: GameIndex | None, kind: str, text: str, line_no: int, character: int) -> T.CompletionList:
    """Completion at the cursor. KIND: the file's kind (card, rules, bot, scenario). What is offered depends
    on where the cursor is: a decision's tags after `on` in a bot, event names after `on` in a card, types
    and tags in a `types`/`tags` line, statements at the start of a statement (scenario statements in a
    scenario), card names in a quoted name, a list or after a verb that takes a card; names of the game
    elsewhere."""
    lines = text.split("\n")
    line = lines[line_no] if 0 <= line_no < len(lines) else ""
    before = line[:character]
    quoted = before.count('"') % 2 == 1
    stmt = before[max(before.rfind(c) for c in ";{}") + 1:]  # the statement the cursor is in, so far
    head = line_words(stmt, line_no)
    if head and head[-1].end == len(stmt):  # the word being typed is not context
        head = head[:-1]
    first = head[0].text if head else ""
    prev = head[-1].text if head else ""
    in_bot = kind == "bot" or _inside(lines, line_no, "bot")
    items: list[T.CompletionItem] = []

    def add(names, item_kind, detail, rank="5"):
        for n in names:
            label = f'"{n}"' if (" " in n or "-" in n) and not quoted else n
            items.append(T.CompletionItem(label=label, kind=item_kind, detail=detail, sort_text=rank + n,
                                          filter_text=n if label != n else None))
    if ix is None:  # the game has not loaded yet: the language's own words still come
        ix = GameIndex("", "")
    statement_start = not head
    if quoted:
        add(ix.card_names, T.CompletionItemKind.Class, "card", "1")
        add(ix.bots, T.CompletionItemKind.Module, "bot", "2")
    elif prev == "on" and in_bot:
        add(ix.decision_tags, T.CompletionItemKind.EnumMember, "decision", "1")
    elif prev in ("on", "trigger") or (first == "on" and len(head) == 1):
        add(ix.events, T.CompletionItemKind.Event, "event", "1")
    elif first in ("types", "tags"):
        add(ix.types, T.CompletionItemKind.TypeParameter, "type", "1")
        add(ix.tags, T.CompletionItemKind.TypeParameter, "tag", "2")
    elif statement_start and kind == "scenario":
        from cardlang.compile.scenario import SETTINGS, STATEMENTS
        add([*SETTINGS, "variant", *STATEMENTS], T.CompletionItemKind.Keyword, "scenario statement", "1")
        add(ix.verbs, T.CompletionItemKind.Function, "verb of the game", "2")
        add(_core("verb"), T.CompletionItemKind.Function, "verb", "3")
    elif statement_start and not in_bot:
        add(ix.verbs, T.CompletionItemKind.Function, "verb of the game", "1")
        add(_core("verb"), T.CompletionItemKind.Function, "verb", "2")
        add(ix.counters, T.CompletionItemKind.Variable, "counter", "3")
        add(keywords(), T.CompletionItemKind.Keyword, "keyword", "4")
    else:
        cards_first = in_bot or "[" in before or _takes_card(ix, prev)
        add(ix.card_names, T.CompletionItemKind.Class, "card", "1" if cards_first else "4")
        add(ix.zones, T.CompletionItemKind.Field, "zone", "2")
        add(ix.counters, T.CompletionItemKind.Variable, "counter", "2")
        add(ix.properties, T.CompletionItemKind.Property, "property", "3")
        add(_core("function"), T.CompletionItemKind.Function, "function", "3")
        add(keywords(), T.CompletionItemKind.Keyword, "keyword", "6")
    return T.CompletionList(is_incomplete=False, items=items)


def _core(kind: str) -> list[str]:
    from cardlang.primitives import CORE
    return [p.verb for p in CORE.all() if p.kind == kind]


def _takes_card(ix: GameIndex, verb: str) -> bool:
    """Does VERB (the game's own or a primitive) take a card first?"""
    for sym in ix.lookup(verb):
        if sym.kind == "verb":
            return "card" in sym.detail.split("(", 1)[-1].split(",")[0]
    prim = _primitive(verb)
    return bool(prim and prim.params and "card" in prim.params[0].type)


def _inside(lines: list[str], line_no: int, keyword: str) -> bool:
    """Is the line inside a top-level block opened by KEYWORD (`bot "x" {`)? Found by the last top-level
    declaration above it."""
    for ln in range(line_no, -1, -1):
        ws = line_words(lines[ln], ln)
        if ws and ws[0].start == 0 and ws[0].text in ("card", "game", "bot", "helper", "scenario", "verb"):
            return ws[0].text == keyword or (ws[0].text == "helper" and keyword == "bot")
    return False


# --- definition, references, outline ----------------------------------------------------------------------
def definition(ix: GameIndex | None, line: str, line_no: int, character: int, uri_of) -> list[T.Location]:
    w = word_at(line, character, line_no)
    if w is None or ix is None:
        return []
    found = ix.lookup(w.text)
    # a name both a verb and a zone (`discard`): a call's first word or a name before `(` is the verb; a name
    # after `.` (`p1.hand`, `card.cost`) is a zone, counter or property
    before, after = line[:w.start].rstrip(), line[w.end:].lstrip()
    stmt = before[max(before.rfind(c) for c in ";{}") + 1:].strip()
    wanted = {"verb"} if after.startswith("(") or (not stmt and not w.quoted) else \
        {"zone", "counter", "property"} if before.endswith(".") else set()
    fitting = [s for s in found if s.kind in wanted]
    return [location(s, uri_of) for s in (fitting or found)]


_WORDS_OF: dict[str, tuple[str, dict[str, list[Word]]]] = {}


def occurrences(ix: GameIndex, name: str, text_of, more: list[Path] = ()) -> list[tuple[str, Word]]:
    """Every use of NAME (as a name or a quoted name) in the game's files and MORE (scenarios)."""
    out = []
    for f in [*ix.files, *more]:
        text = text_of(f)
        if text is None:
            continue
        key = str(f)
        known = _WORDS_OF.get(key)
        if known is None or known[0] is not text and known[0] != text:
            by: dict[str, list[Word]] = {}
            for w in words(text):
                by.setdefault(w.text, []).append(w)
            known = _WORDS_OF[key] = (text, by)
        out.extend((key, w) for w in known[1].get(name, ()))
    return out


def references(ix: GameIndex | None, line: str, line_no: int, character: int, text_of, uri_of,
               more: list[Path] = (), include_declaration: bool = True) -> list[T.Location]:
    w = word_at(line, character, line_no)
    if w is None or ix is None or not ix.lookup(w.text):
        return []
    decls = {(Path(s.span.path).resolve(), s.span.line - 1, s.span.column - 1) for s in ix.lookup(w.text)}
    out = []
    for path, u in occurrences(ix, w.text, text_of, list(more)):
        if not include_declaration and (Path(path).resolve(), u.line, u.start) in decls:
            continue
        out.append(T.Location(uri_of(path), word_range(u)))
    return out


_OUTLINE = {"CardDecl": T.SymbolKind.Class, "GameDecl": T.SymbolKind.Module, "BotDecl": T.SymbolKind.Interface,
            "ScenarioDecl": T.SymbolKind.Method, "VerbDecl": T.SymbolKind.Function}


def outline(tree, text: str) -> list[T.DocumentSymbol]:
    """The document's declarations (a game's zones, counters, properties and verbs under it; a bot's rules)."""
    from cardlang.lsp.index import name_span
    lines = text.split("\n")
    out = []

    def sym(node, kind, children=(), detail=None):
        name = getattr(node, "name", None) or getattr(node, "tag", "?")
        sel = name_span(lines, node.span, name)
        full = to_range(node.span)
        if (sel.line, sel.column) < (node.span.line, node.span.column):
            sel = node.span
        return T.DocumentSymbol(name=str(name), kind=kind, range=full, selection_range=to_range(sel),
                                detail=detail, children=list(children) or None)
    for d in tree.decls:
        cls = type(d).__name__
        if cls == "GameDecl":
            kids = [sym(z, T.SymbolKind.Field, detail="zone") for z in d.zones] \
                + [sym(c, T.SymbolKind.Variable, detail="counter") for c in d.counters] \
                + [sym(p, T.SymbolKind.Property, detail="property") for p in d.properties] \
                + [sym(v, T.SymbolKind.Function, detail="verb") for v in d.verbs]
            out.append(sym(d, T.SymbolKind.Module, kids, "game"))
        elif cls == "BotDecl":
            out.append(sym(d, T.SymbolKind.Interface, [sym(r, T.SymbolKind.EnumMember, detail="decision")
                                                       for r in d.rules], "bot"))
        elif cls in _OUTLINE:
            out.append(sym(d, _OUTLINE[cls], detail=cls[:-4].lower()))
    return out


# --- code lenses ------------------------------------------------------------------------------------------
RUN_SCENARIO = "cardlang.runScenario"
SIMULATE = "cardlang.simulateCommand"


def lenses(tree, uri: str, results: dict[str, tuple[bool, str]], game_id: str | None) -> list[T.CodeLens]:
    """A scenario's lens runs it (its title shows the last result); a card's gives the command line that
    simulates games with it."""
    out = []
    for d in tree.decls:
        cls = type(d).__name__
        at = T.Range(T.Position(d.span.line - 1, 0), T.Position(d.span.line - 1, 0))
        if cls == "ScenarioDecl":
            last = results.get(d.name)
            title = "▶ run scenario" if last is None else \
                ("PASS ✓ (run again)" if last[0] else f"FAIL ✗ {last[1].splitlines()[0][:80]} (run again)")
            out.append(T.CodeLens(at, T.Command(title=title, command=RUN_SCENARIO, arguments=[uri, d.name])))
        elif cls == "CardDecl" and game_id is not None:
            out.append(T.CodeLens(at, T.Command(title="simulate with this card", command=SIMULATE, arguments=[uri, d.name])))
    return out


def simulate_line(ix: GameIndex, card: str, with_: list[Path]) -> str:
    """The command line that simulates games of IX's game with CARD in play: in the kingdom when the game
    deals one (the default kingdom with the card in place of one of its cards), between the game's first two
    bots."""
    players = ",".join((ix.bots * 2)[:2]) if ix.bots else "random,random"
    line = f"cardlang simulate {ix.game_id} --players {players} --games 200"
    for name, size, default, pool in ix.pools:
        if card in pool:
            chosen = [card] + [c for c in (default or pool) if c != card][: size - 1]
            line += " --kingdom " + _quote(",".join(chosen))
            break
    for w in with_:
        line += f" --with {_quote(str(w))}"
    return line


def _quote(s: str) -> str:
    return s if re.fullmatch(r"[A-Za-z0-9_.,/=-]+", s) else "'" + s.replace("'", "'\\''") + "'"
