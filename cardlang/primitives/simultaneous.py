"""`simultaneous { ... }`: secret choices that several players make at the same time.

Every decision in the block is asked against the same state: the block holds only `let NAME = choose ...;`
lines, so no answer changes anything another player could see before all of them are given. The picks
live in the block's names until the rules after the block act on them (move them face down, reveal them
together). Each decision is marked secret, so an agent (and the terminal) knows that others must not
watch. Knows no game.
"""
from __future__ import annotations

from cardlang.errors import CardCompileError
from cardlang.primitives.registry import Param, Statement, primitive
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast


@primitive
class Simultaneous(Statement):
    """Ask every choice of the block in secret, against the same state, before any of them is acted on.
    Example: simultaneous { let a = choose 3 from hand; let b = choose 3 from left.hand by left; }"""

    verb = "simultaneous"
    params = (Param("body", "block"),)

    def describe(self, a: dict) -> str:
        body = a.get("body", "")
        return f"At the same time and in secret: {body}" if body else ""

    def compile(self, comp, node: ast.Simultaneous, scope) -> object:
        return compile_simultaneous(comp, node, scope)

    @staticmethod
    def run(ctx: Ctx, steps) -> None:
        """Run STEPS, the block's compiled choices, with every decision marked secret."""
        state = ctx.state
        was = state.secret
        state.secret = True
        try:
            for f in steps:
                f(ctx)
        finally:
            state.secret = was


def compile_simultaneous(comp, node: ast.Simultaneous, scope) -> object:
    """The block's choices, each compiled in the enclosing scope (the picks are used after the block)."""
    fns = []
    if not node.body.stmts:
        raise comp.error("a simultaneous block needs at least one choice", node.span,
                         hint="simultaneous { let a = choose 1 from hand; let b = choose 1 from left.hand by left; }")
    for st in node.body.stmts:
        if not (isinstance(st, ast.Let) and isinstance(st.value, ast.Choose)):
            raise comp.error("a simultaneous block holds only secret choices: `let NAME = choose ...;`", st.span,
                             hint="act on the picks after the block, once every player has chosen")
        # The enclosing scope, not a copy: the picks are used after the block.
        try:
            fns.append(comp.stmt(st, scope))
        except CardCompileError as e:
            comp.errors.append(e)
            scope.names.setdefault(st.name, "any")  # one error, not one per later use of the name
    steps = tuple(fns)
    run = Simultaneous.run

    def run_simultaneous(ctx: Ctx) -> None:
        run(ctx, steps)
    return run_simultaneous
