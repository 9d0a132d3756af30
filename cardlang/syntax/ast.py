"""The typed syntax tree: one frozen dataclass per construct, each with the span of its source text.

Shape only: nothing here resolves a name or knows a game. Spans do not take part in equality, so two
trees parsed from differently laid-out text compare equal.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from cardlang.errors import NO_SPAN, Span


def _span() -> Span:
    return field(default=NO_SPAN, compare=False, repr=False)  # type: ignore[return-value]


# ---- expressions --------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class IntLit:
    value: int
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class StrLit:
    value: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BoolLit:
    value: bool
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class NameRef:
    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Attr:
    obj: "Expr"
    name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Func:
    name: str
    args: tuple["Expr", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ListLit:
    items: tuple["Expr", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class TopOf:
    """`top N of ZONE` / `bottom N of ZONE`."""

    end: str
    count: "Expr"
    zone: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Where:
    """`SOURCE where COND`: the cards of SOURCE for which COND holds (`card` names each one)."""

    source: "Expr"
    cond: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Compare:
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Is:
    """`X is TYPE` or `X is not TYPE`; TYPE may also be a card name."""

    value: "Expr"
    negated: bool
    type_name: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class In:
    """`NAME in ZONE`: the cards of that name in the zone."""

    item: "Expr"
    container: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class And:
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Or:
    left: "Expr"
    right: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Not:
    value: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Neg:
    value: "Expr"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Quantity:
    """How many to pick: `exactly` N, `up_to` N, or `any` number."""

    kind: str
    count: "Expr | None"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ChooseOpts:
    by: "Expr | None" = None
    tag: str | None = None
    prompt: str | None = None
    private: bool = False  # `privately`: see runtime Decision.private


@dataclass(frozen=True, slots=True)
class Choose:
    """`choose QUANTITY from SOURCE [by P] [as TAG] [prompt "..."]`: a decision whose answer is cards."""

    quantity: Quantity
    source: "Expr"
    opts: ChooseOpts
    span: Span = _span()


Expr = (
    IntLit | StrLit | BoolLit | NameRef | Attr | Func | ListLit | TopOf | Where | BinOp | Compare | Is | In
    | And | Or | Not | Neg | Choose
)


# ---- statements ---------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Block:
    stmts: tuple["Stmt", ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Let:
    name: str
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Assign:
    """`[P.]COUNTER (=|+=|-=) EXPR`, or reassigning a `let` variable."""

    target: tuple[str, ...]
    op: str
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class If:
    cond: Expr
    then: Block
    else_: "Block | If | None"
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Repeat:
    count: Expr
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class While:
    cond: Expr
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class For:
    var: str
    iterable: Expr
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Attack:
    """`attack P in PLAYERS { ... }`: like `for`, but each target may react first and be unaffected."""

    var: str
    iterable: Expr
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Phase:
    name: str
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class OptionBlock:
    label: str
    cond: Expr | None
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ChooseOption:
    """`choose [by P] [as TAG] { "label" { ... } ... }`: pick one of several labelled effects."""

    opts: ChooseOpts
    options: tuple[OptionBlock, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class May:
    """`may ["prompt"] [by P] [as TAG] { ... } [else { ... }]`: a yes/no decision."""

    prompt: str | None
    opts: ChooseOpts
    body: Block
    else_: Block | None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Break:
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Simultaneous:
    """`simultaneous { let a = choose ...; let b = choose ... by p; }`: secret choices made at the same time."""

    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Kwarg:
    key: str
    value: Expr
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Case:
    """`NAME { ... }` after a call: one outcome block of a verb that has outcomes (`honest { ... }`)."""

    name: str
    body: Block
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Call:
    """`VERB ARG... [KEY=ARG | PREP ARG]... ;`: a primitive or a verb written in the language.
    A core verb with outcomes takes `{ CASE { ... } ... }` instead of the `;`."""

    verb: str
    args: tuple[Expr, ...]
    kwargs: tuple[Kwarg, ...]
    span: Span = _span()
    cases: tuple[Case, ...] = ()


Stmt = (Let | Assign | If | Repeat | While | For | Attack | Phase | ChooseOption | May | Break | Call
        | Simultaneous)


# ---- declarations ------------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Prop:
    """`NAME EXPR [?];` on a card or game; `?` marks a value as reconstructed (not from a source)."""

    name: str
    value: Expr
    reconstructed: bool
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Trigger:
    """`on EVENT [?] [in ZONE] { ... }`."""

    event: str
    zone: str | None
    body: Block
    reconstructed: bool
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CardDecl:
    name: str
    types: tuple[str, ...]
    tags: tuple[str, ...]
    props: tuple[Prop, ...]
    triggers: tuple[Trigger, ...]
    text: str | None
    type_spans: tuple[Span, ...] = field(default=(), compare=False, repr=False)
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Option:
    """One comma-separated word group of a zone or counter declaration: `per player`, `min 0`."""

    words: tuple[str | int, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class ZoneDecl:
    name: str
    options: tuple[Option, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class CounterDecl:
    name: str
    options: tuple[Option, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PropertyDecl:
    name: str
    default: Expr | None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class PoolDecl:
    name: str
    size: int
    source: Expr
    default: tuple[str, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str | None
    default: Expr | None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class VerbDecl:
    name: str
    params: tuple[Param, ...]
    text: str | None
    body: Block
    span: Span = _span()
    quiet: bool = False  # `verb pay() quiet "..."`: bookkeeping the table does not tell; TEXT is rules text only


@dataclass(frozen=True, slots=True)
class EventDecl:
    """`event NAME "phrase";`: how card text introduces an `on NAME` ability of this game."""

    name: str
    text: str
    span: Span = _span()


@dataclass(frozen=True, slots=True)
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
    span: Span = _span()
    events: tuple[EventDecl, ...] = ()
    variants: tuple["VariantDecl", ...] = ()
    quiet_tags: tuple[str, ...] = ()  # `tags Kingdom: quiet;`: bookkeeping, never printed on a type line
    reactions: tuple[Trigger, ...] = ()  # `on attack { ... }`: the rules' window for every attacked player


@dataclass(frozen=True, slots=True)
class VariantDecl:
    """`variant NAME ["text"] [players N to M];`: a variant chosen before the game; NAME reads true in it."""

    name: str
    text: str | None
    players: tuple[int, int] | None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class Pref:
    """One line of a bot rule: pick KIND [VALUE] [if COND]."""

    kind: str  # name | none | yes | no | lowest | highest | random
    value: "str | Expr | None"
    cond: Expr | None
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BotRule:
    tag: str
    prefs: tuple[Pref, ...]
    span: Span = _span()


@dataclass(frozen=True, slots=True)
class BotDecl:
    name: str
    extends: str | None
    rules: tuple[BotRule, ...]
    span: Span = _span()
    helper: bool = False  # `helper bot "x" { }`: only for other bots to extend, never a player


@dataclass(frozen=True, slots=True)
class ScenarioDecl:
    name: str
    body: Block
    span: Span = _span()


Decl = CardDecl | GameDecl | VerbDecl | BotDecl | ScenarioDecl


@dataclass(frozen=True, slots=True)
class SourceFile:
    path: str
    text: str = field(compare=False, repr=False)
    decls: tuple[Decl, ...] = ()


# ---- pickling a tree (syntax/cached.py) -----------------------------------------------------------------
# A node is pickled as its class and its field values, and unpickled by its __init__: the state functions a
# frozen slotted dataclass gets look up its fields for every node, which made a cached load slower by half.
def _reduce(node):
    return (type(node), tuple([getattr(node, f) for f in type(node).__dataclass_fields__]))


for _cls in list(globals().values()):
    if isinstance(_cls, type) and _cls.__module__ == __name__ and hasattr(_cls, "__dataclass_fields__"):
        _cls.__reduce__ = _reduce  # type: ignore[method-assign]
del _cls

