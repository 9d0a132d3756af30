"""What the editor asks about a game, as plain data made once per check: every name a game declares (cards,
verbs, zones, counters, properties, types, tags, bots, variants, events) with where it is declared and what
the hover says, each card's rules text as the sheet prints it, the decision tags a bot may answer; and the
words of a source file (a small tokenizer: names, quoted names, comments skipped) to find where a name is used.

Made on the checking thread from a loaded game (compile/game.py's CompiledGame) and then only read, so a
hover never touches the compiler while a check runs. Knows no game and nothing of the protocol.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from cardlang.errors import Span

# A source's words: a comment (skipped), a quoted string, a name. The grammar's own COMMENT is `//` to the
# end of the line; its strings are double-quoted with backslash escapes.
_WORDS = re.compile(r'//[^\n]*|"(?:[^"\\\n]|\\.)*"?|[A-Za-z_][A-Za-z0-9_]*')


@dataclass(frozen=True)
class Word:
    """A name or a quoted string in a source: its text (unquoted), and where it is (0-based line, columns)."""

    text: str
    line: int
    start: int
    end: int
    quoted: bool


def words(text: str) -> list[Word]:
    """Every name and quoted string of TEXT, comments left out."""
    out = []
    for i, line in enumerate(text.split("\n")):
        out.extend(line_words(line, i))
    return out


def line_words(line: str, number: int = 0) -> list[Word]:
    out = []
    for m in _WORDS.finditer(line):
        s = m.group()
        if s.startswith("//"):
            break
        quoted = s.startswith('"')
        out.append(Word(s[1:-1] if quoted and len(s) > 1 and s.endswith('"') else s.lstrip('"'), number,
                        m.start(), m.end(), quoted))
    return out


def word_at(line: str, character: int, number: int = 0) -> Word | None:
    """The word under the cursor (or just before it) on LINE."""
    for w in line_words(line, number):
        if w.start <= character <= w.end:
            return w
    return None


@dataclass
class Symbol:
    """A name a game declares: its kind, where (the name's own span), and what a hover shows of it."""

    name: str
    kind: str      # card, verb, zone, counter, property, type, tag, bot, variant, event, pool
    span: Span
    detail: str    # the declaration's source line(s), or the card's rules text
    doc: str = ""  # the declaration's own words (a property's meaning, a zone's "called")


@dataclass
class GameIndex:
    """Everything the editor needs of one loaded game, as plain data."""

    game_id: str
    title: str
    symbols: dict[str, list[Symbol]] = field(default_factory=dict)
    card_names: list[str] = field(default_factory=list)
    verbs: list[str] = field(default_factory=list)
    zones: list[str] = field(default_factory=list)
    counters: list[str] = field(default_factory=list)
    properties: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    tags: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    decision_tags: list[str] = field(default_factory=list)
    bots: list[str] = field(default_factory=list)     # the bots that can play (helpers left out)
    pools: list[tuple[str, int, list[str], list[str]]] = field(default_factory=list)  # name, size, default, from
    files: list[Path] = field(default_factory=list)

    def lookup(self, name: str) -> list[Symbol]:
        return self.symbols.get(name, [])

    def add(self, sym: Symbol) -> None:
        self.symbols.setdefault(sym.name, []).append(sym)


def build_index(game, files: list[Path], text_of) -> GameIndex:
    """The index of a loaded GAME (a CompiledGame) whose sources are FILES; TEXT_OF(path) gives a file's text
    as the editor has it (for the declarations' lines)."""
    from cardlang.compile.checks import decision_tags
    from cardlang.render.build import card_words, type_line
    spec, decl = game.spec, game.spec.decl
    ix = GameIndex(game.id, game.title, files=list(files))
    lines_of: dict[str, list[str]] = {}

    def src(span: Span) -> list[str]:
        if span.path not in lines_of:
            lines_of[span.path] = (text_of(Path(span.path)) or "").split("\n")
        return lines_of[span.path]

    def declared(span: Span, name: str, kind: str, doc: str = "", detail: str | None = None) -> None:
        lines = src(span)
        line = lines[span.line - 1].strip() if 1 <= span.line <= len(lines) else ""
        ix.add(Symbol(name, kind, name_span(lines, span, name), line if detail is None else detail, doc))

    for d in game.defs:
        numbers, text = card_words(game, d.name)
        face = f"{d.name} [{', '.join(type_line(game, d.name))}] {numbers}".rstrip() + (f"\n\n{text}" if text else "")
        declared(d.meta["span"], d.name, "card", detail=face)
    for name, v in spec.verbs.items():
        params = ", ".join(p.name + (f": {p.type}" if p.type else "") for p in v.params)
        declared(v.span, name, "verb", doc=v.text or "", detail=f"verb {name}({params})")
    for z in decl.zones:
        declared(z.span, z.name, "zone", doc=_called(z.options))
    for c in decl.counters:
        declared(c.span, c.name, "counter", doc=_called(c.options))
    for p in decl.properties:
        declared(p.span, p.name, "property", doc=p.text)
    for e in decl.events:
        declared(e.span, e.name, "event", doc=e.text)
    for v in decl.variants:
        declared(v.span, v.name, "variant", doc=v.text or "")
    for pd in decl.pools:
        declared(pd.span, pd.name, "pool")
    for b in game.bots.values():
        declared(b.span, b.name, "bot", doc="helper bot: only for other bots to extend" if b.helper else "")
    lines = src(decl.span)
    for kind, names in (("type", spec.types), ("tag", spec.tags)):
        for t in names:
            at = _list_entry(lines, decl.span, kind + "s", t)
            ix.add(Symbol(t, kind, at, lines[at.line - 1].strip() if 1 <= at.line <= len(lines) else ""))
    ix.card_names = [d.name for d in game.defs]
    ix.verbs, ix.zones, ix.counters = list(spec.verbs), list(spec.zones), list(spec.counters)
    ix.properties, ix.types, ix.tags = list(spec.properties), list(spec.types), list(spec.tags)
    ix.events = sorted({e.name for e in decl.events} | set(game.compiler.event_args) | {"play"})
    ix.decision_tags = sorted(decision_tags([decl, *game.decls.values()], game.compiler.registry))
    ix.bots = [b.name for b in game.bots.values() if not b.helper]
    ix.pools = [(p.name, p.size, [d.name for d in p.default], [d.name for d in p.candidates])
                for p in game.pools.values()]
    return ix


def name_span(lines: list[str], span: Span, name: str) -> Span:
    """Where NAME itself is written in the declaration at SPAN (bare or quoted), else the declaration's start."""
    for ln in range(span.line, min(span.end_line, span.line + 3, len(lines)) + 1):
        for w in line_words(lines[ln - 1], ln - 1):
            if w.text == name and (ln > span.line or w.start >= span.column - 1):
                return Span(span.path, ln, w.start + 1, ln, w.end + 1)
    return span


def _list_entry(lines: list[str], span: Span, keyword: str, name: str) -> Span:
    """Where NAME is listed in a `types ...;` / `tags ...;` line of the game declaration at SPAN."""
    for ln in range(span.line, min(span.end_line, len(lines)) + 1):
        found = line_words(lines[ln - 1], ln - 1)
        if found and found[0].text == keyword:
            for w in found[1:]:
                if w.text == name:
                    return Span(span.path, ln, w.start + 1, ln, w.end + 1)
    return span


def _called(options) -> str:
    """A zone's or counter's own name for people (`called "discard pile"`), if it gives one."""
    for o in options:
        if o.words and o.words[0] == "called" and len(o.words) > 1:
            return str(o.words[1])
    return ""


@lru_cache(maxsize=1)
def keywords() -> tuple[str, ...]:
    """The language's keywords: every quoted word of the grammar (never a hand-kept list)."""
    from importlib.resources import files
    grammar = files("cardlang.syntax").joinpath("grammar.lark").read_text(encoding="utf-8")
    grammar = re.sub(r"//[^\n]*", "", grammar)  # (its comments quote examples: `helper bot "basics"`)
    return tuple(sorted(set(re.findall(r'"([a-z_]+)"', grammar))))
