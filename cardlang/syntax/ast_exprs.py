"""The syntax tree's expressions: literals, names, arithmetic and tests, `where`, `top N of`, and `choose`
(with the options every decision takes, `ChooseOpts`). Each is a frozen record (syntax/nodes.py `@node`) with the span of its text.

Shape only: nothing here resolves a name or knows a game, nor any statement or declaration (ast_stmts.py and
ast_decls.py build on these). Import the nodes through `cardlang.syntax.ast`, which gathers all three parts.
"""
from __future__ import annotations

from dataclasses import field

from cardlang.errors import NO_SPAN, Span
from cardlang.syntax.nodes import node


def span_field() -> Span:
    """A node's span: it does not take part in equality, so two trees parsed from differently laid-out text
    compare equal."""
    return field(default=NO_SPAN, compare=False, repr=False)  # type: ignore[return-value]


@node
class IntLit:
    value: int
    span: Span = span_field()


@node
class StrLit:
    value: str
    span: Span = span_field()


@node
class BoolLit:
    value: bool
    span: Span = span_field()


@node
class NameRef:
    name: str
    span: Span = span_field()


@node
class Attr:
    obj: "Expr"
    name: str
    span: Span = span_field()


@node
class Func:
    name: str
    args: tuple["Expr", ...]
    span: Span = span_field()


@node
class ListLit:
    items: tuple["Expr", ...]
    span: Span = span_field()


@node
class TopOf:
    """`top N of ZONE` / `bottom N of ZONE`."""

    end: str
    count: "Expr"
    zone: "Expr"
    span: Span = span_field()


@node
class Where:
    """`SOURCE where COND`: the cards of SOURCE for which COND holds (`card` names each one)."""

    source: "Expr"
    cond: "Expr"
    span: Span = span_field()


@node
class BinOp:
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = span_field()


@node
class Compare:
    op: str
    left: "Expr"
    right: "Expr"
    span: Span = span_field()


@node
class Is:
    """`X is TYPE` or `X is not TYPE`; TYPE may also be a card name."""

    value: "Expr"
    negated: bool
    type_name: str
    span: Span = span_field()


@node
class In:
    """`NAME in ZONE`: the cards of that name in the zone."""

    item: "Expr"
    container: "Expr"
    span: Span = span_field()


@node
class And:
    left: "Expr"
    right: "Expr"
    span: Span = span_field()


@node
class Or:
    left: "Expr"
    right: "Expr"
    span: Span = span_field()


@node
class Not:
    value: "Expr"
    span: Span = span_field()


@node
class Neg:
    value: "Expr"
    span: Span = span_field()


@node
class Quantity:
    """How many to pick: `exactly` N, `up_to` N, or `any` number."""

    kind: str
    count: "Expr | None"
    span: Span = span_field()


@node
class ChooseOpts:
    by: "Expr | None" = None
    tag: str | None = None
    prompt: str | None = None
    private: bool = False  # `privately`: see runtime Decision.private


@node
class Choose:
    """`choose QUANTITY from SOURCE [by P] [as TAG] [prompt "..."]`: a decision whose answer is cards."""

    quantity: Quantity
    source: "Expr"
    opts: ChooseOpts
    span: Span = span_field()


Expr = (
    IntLit | StrLit | BoolLit | NameRef | Attr | Func | ListLit | TopOf | Where | BinOp | Compare | Is | In
    | And | Or | Not | Neg | Choose
)

# The expressions that are yes or no by their shape: a property computed as one is a mark a card has or has
# not, printed as a sentence ("Ready when ..."), never as a number (describe/cards.py, render/build.py).
TESTS: tuple[type, ...] = (Compare, And, Or, Not, Is, In)
