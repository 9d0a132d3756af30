"""The syntax tree's declarations: cards (properties, triggers, text), a game (zones, counters, pools, verbs,
events, variants, set-up, turn, end and score), bots and their rules, scenarios, and a whole source file.
Each is a frozen record (syntax/nodes.py `@node`) with the span of its text.

Shape only: nothing here resolves a name or knows a game; it knows the expressions and statements a
declaration holds (ast_exprs.py, ast_stmts.py). Import the nodes through `cardlang.syntax.ast`, which
gathers all three parts.
"""
from __future__ import annotations

from dataclasses import field

from cardlang.errors import Span
from cardlang.syntax.ast_exprs import Expr, span_field
from cardlang.syntax.ast_stmts import Block
from cardlang.syntax.nodes import node


@node
class Prop:
    """`NAME EXPR [?];` on a card or game; `?` marks a value as reconstructed (not from a source)."""

    name: str
    value: Expr
    reconstructed: bool
    span: Span = span_field()


@node
class Trigger:
    """`on EVENT [?] [in ZONE] { ... }`."""

    event: str
    zone: str | None
    body: Block
    reconstructed: bool
    span: Span = span_field()


@node
class CardDecl:
    name: str
    types: tuple[str, ...]
    tags: tuple[str, ...]
    props: tuple[Prop, ...]
    triggers: tuple[Trigger, ...]
    text: str | None
    type_spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)
    span: Span = span_field()


@node
class Option:
    """One comma-separated word group of a zone or counter declaration: `per player`, `min 0`."""

    words: tuple[str | int, ...]
    span: Span = span_field()


@node
class ZoneDecl:
    name: str
    options: tuple[Option, ...]
    span: Span = span_field()


@node
class CounterDecl:
    name: str
    options: tuple[Option, ...]
    span: Span = span_field()


@node
class PropertyDecl:
    """`property NAME [: TYPE [MIN to MAX]] [= DEFAULT] ["MEANING"] [: printed PLACE];`: TYPE is `number` or
    `text` (None: as the default); MEANING is what the number or word on a card means, for the rules
    reference's glossary ("the symbol a Hero blocks with"); PLACE is where a card face prints it (`corner`:
    large in the top corner; `badge`: a round badge before the name)."""
    name: str
    default: Expr | None
    span: Span = span_field()
    type: str | None = None
    bounds: tuple[int, int] | None = None
    text: str = ""
    options: tuple = ()


@node
class PoolDecl:
    name: str
    size: int
    source: Expr
    default: tuple[str, ...]
    span: Span = span_field()


@node
class Param:
    name: str
    type: str | None
    default: Expr | None
    span: Span = span_field()


@node
class VerbDecl:
    name: str
    params: tuple[Param, ...]
    text: str | None
    body: Block
    span: Span = span_field()
    quiet: bool = False  # `verb pay() quiet "..."`: bookkeeping the table does not tell; TEXT is rules text only
    bookkeeping: bool = False  # `verb tidy() bookkeeping`: quiet, and the moves and counter changes it makes
                               # itself are not told either (only the told verbs it calls are)
    steps: str = ""      # `steps "Combat"`: the rules reference gives the verb a section of its own, step by step


@node
class EventDecl:
    """`event NAME "phrase";`: how card text introduces an `on NAME` ability of this game."""

    name: str
    text: str
    span: Span = span_field()


@node
class GameDecl:
    name: str
    props: tuple[Prop, ...]
    types: tuple[str, ...]
    tags: tuple[str, ...]
    players: tuple[int, int]
    zones: tuple[ZoneDecl, ...]
    counters: tuple[CounterDecl, ...]
    properties: tuple[PropertyDecl, ...]
    pools: tuple[PoolDecl, ...]
    setup: Block | None
    turn: Block | None
    end: Expr | None
    score: Expr | None
    tiebreak: tuple[str, Expr] | None
    verbs: tuple[VerbDecl, ...]
    span: Span = span_field()
    events: tuple[EventDecl, ...] = ()
    variants: tuple["VariantDecl", ...] = ()
    quiet_tags: tuple[str, ...] = ()  # `tags Kingdom: quiet;`: bookkeeping, never printed on a type line
    reactions: tuple[Trigger, ...] = ()  # `on attack { ... }`: the rules' window for every attacked player
    score_called: str | None = None  # `score EXPR called "VP";`: the table shows the running score by that name


@node
class VariantDecl:
    """`variant NAME ["text"] [players N to M];`: a variant chosen before the game; NAME reads true in it."""

    name: str
    text: str | None
    players: tuple[int, int] | None
    span: Span = span_field()


@node
class Pref:
    """One line of a bot rule: pick KIND [VALUE] [if COND]."""

    kind: str  # name | none | yes | no | lowest | highest | random
    value: "str | Expr | None"
    cond: Expr | None
    span: Span = span_field()


@node
class BotRule:
    tag: str
    prefs: tuple[Pref, ...]
    span: Span = span_field()


@node
class BotDecl:
    name: str
    extends: str | None
    rules: tuple[BotRule, ...]
    span: Span = span_field()
    helper: bool = False  # `helper bot "x" { }`: only for other bots to extend, never a player


@node
class ScenarioDecl:
    name: str
    body: Block
    span: Span = span_field()


Decl = CardDecl | GameDecl | VerbDecl | BotDecl | ScenarioDecl


@node
class SourceFile:
    path: str
    text: str = field(compare=False, repr=False)
    decls: tuple[Decl, ...] = ()
