"""`simultaneous { ... }`: secret choices that several players make at the same time.

Every decision in the block is asked against the same state: the block holds only `let NAME = choose ...;`
lines, so no answer changes anything another player could see before all of them are given. The picks
live in the block's names until the rules after the block act on them (move them face down, reveal them
together). Each decision is marked secret, so an agent (and the terminal) knows that others must not
watch. The compiler's rule makes its code (compile/statements.py: the IR's Secretly, its choices in the
function of the block around it); `run` here is its reference. Knows no game and no AST.
"""
from __future__ import annotations

from cardlang.primitives.registry import Param, Statement, primitive
from cardlang.runtime.state import Ctx


@primitive
class Simultaneous(Statement):
    """Ask every choice of the block in secret, against the same state, before any of them is acted on.
    Example: simultaneous { let a = choose 3 from hand; let b = choose 3 from left.hand by left; }"""

    verb = "simultaneous"
    params = (Param("body", "block"),)

    def describe(self, a: dict) -> str:
        body = a.get("body", "")
        return f"At the same time and in secret: {body}" if body else ""

    @staticmethod
    def run(ctx: Ctx, steps) -> None:
        """Run STEPS, the block's choices (functions of the context), with every decision marked secret; the
        state's secrecy as it was afterwards, however they end. The reference of the code the compiler
        generates in its place (tests/primitives/test_simultaneous.py compares them)."""
        state = ctx.state
        was = state.secret
        state.secret = True
        try:
            for f in steps:
                f(ctx)
        finally:
            state.secret = was
