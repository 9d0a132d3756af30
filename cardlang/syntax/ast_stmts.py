"""The syntax tree's statements: blocks, `let` and assignment, `if`/`repeat`/`while`/`for`/`attack`, phases,
`choose` among options, `may`, `simultaneous`, and calls of a verb with their keyword arguments and outcome
cases. Each is a frozen record (syntax/nodes.py `@node`) with the span of its text.

Shape only: nothing here resolves a name or knows a game; it knows the expressions (ast_exprs.py) and no
declaration. Import the nodes through `cardlang.syntax.ast`, which gathers all three parts.
"""
from __future__ import annotations


from cardlang.errors import Span
from cardlang.syntax.ast_exprs import ChooseOpts, Expr, span_field
from cardlang.syntax.nodes import node


@node
class Block:
    stmts: tuple["Stmt", ...]
    span: Span = span_field()


@node
class Let:
    name: str
    value: Expr
    span: Span = span_field()


@node
class Assign:
    """`[P.]COUNTER (=|+=|-=) EXPR`, or reassigning a `let` variable."""

    target: tuple[str, ...]
    op: str
    value: Expr
    span: Span = span_field()


@node
class If:
    cond: Expr
    then: Block
    else_: "Block | If | None"
    span: Span = span_field()


@node
class Repeat:
    count: Expr
    body: Block
    span: Span = span_field()


@node
class While:
    cond: Expr
    body: Block
    span: Span = span_field()


@node
class For:
    var: str
    iterable: Expr
    body: Block
    span: Span = span_field()


@node
class Attack:
    """`attack P in PLAYERS { ... }`: like `for`, but each target may react first and be unaffected."""

    var: str
    iterable: Expr
    body: Block
    span: Span = span_field()


@node
class Phase:
    name: str
    body: Block
    span: Span = span_field()


@node
class OptionBlock:
    label: str
    cond: Expr | None
    body: Block
    span: Span = span_field()


@node
class ChooseOption:
    """`choose [by P] [as TAG] { "label" { ... } ... }`: pick one of several labelled effects."""

    opts: ChooseOpts
    options: tuple[OptionBlock, ...]
    span: Span = span_field()


@node
class May:
    """`may ["prompt"] [by P] [as TAG] { ... } [else { ... }]`: a yes/no decision."""

    prompt: str | None
    opts: ChooseOpts
    body: Block
    else_: Block | None
    span: Span = span_field()


@node
class Break:
    span: Span = span_field()


@node
class Simultaneous:
    """`simultaneous { let a = choose ...; let b = choose ... by p; }`: secret choices made at the same time."""

    body: Block
    span: Span = span_field()


@node
class Kwarg:
    key: str
    value: Expr
    span: Span = span_field()


@node
class Case:
    """`NAME { ... }` after a call: one outcome block of a verb that has outcomes (`honest { ... }`)."""

    name: str
    body: Block
    span: Span = span_field()


@node
class Call:
    """`VERB ARG... [KEY=ARG | PREP ARG]... ;`: a primitive or a verb written in the language.
    A core verb with outcomes takes `{ CASE { ... } ... }` instead of the `;`."""

    verb: str
    args: tuple[Expr, ...]
    kwargs: tuple[Kwarg, ...]
    span: Span = span_field()
    cases: tuple[Case, ...] = ()


Stmt = (Let | Assign | If | Repeat | While | For | Attack | Phase | ChooseOption | May | Break | Call
        | Simultaneous)


# The statements that bind a name, each with the field that holds it: the one list that compile/statements.py
# (which names a block writes once, which it never writes) and primitives/modify.py (is `this` still the
# modifier's card?) read.
BINDERS: dict[type, str] = {Let: "name", For: "var", Attack: "var"}


def bound_name(st: object) -> str | None:
    """The name statement ST binds (`let X = ...`, `for X in ...`, `attack X in ...`); None for any other node."""
    f = BINDERS.get(type(st))
    return getattr(st, f) if f is not None else None


def written_name(st: object) -> str | None:
    """The local name statement ST writes: the one it binds, or the variable of a one-name assignment
    (`x = 3;`, which may also be a counter's: the caller tells them apart); None for any other node."""
    cls = type(st)
    if cls is Assign:
        return st.target[0] if len(st.target) == 1 else None  # type: ignore[attr-defined]
    f = BINDERS.get(cls)  # (bound_name's lookup, inline: every block of a load walks its subtree with this)
    return getattr(st, f) if f is not None else None
