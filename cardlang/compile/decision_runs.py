"""The reference runs of the decisions that pick values: a choice of cards, of a player, of card names, numbers
or slots, put in full over options already evaluated, as a primitive's `run` takes its evaluated arguments.
What the generated code asks in place (the pass decide-inline: ir/emit_ask.py) is checked against these on
random states (tests/primitives/test_decision_runs.py); with the pass off, and for a choice that is not lifted
(compile/lift.py), compile/decisions.py's closures evaluate the options and call them.

Who is asked (BY) and the prompt (PROMPT) are functions of ctx, worked out only when the decision is put, as
the generated code works them out (BY None: the effect's own player; a PROMPT with a `text` attribute is that
text every time). COUNT is the evaluated count (None: not written, or written as the number WRITTEN).
Knows the runtime's decisions and the bots' asking helpers; no IR, no Python `ast`, no game.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.asking import player_labels, unread_by_rule
from cardlang.primitives.values import choice_bounds
from cardlang.runtime.decisions import ask
from cardlang.runtime.state import Ctx, Decision, IllegalAction


def _seat(ctx: Ctx, by: Callable | None) -> int:
    return ctx.you if by is None else by(ctx)


def _text(ctx: Ctx, prompt: Callable) -> str:
    text = getattr(prompt, "text", None)
    return text if text is not None else prompt(ctx)


def choose_cards(ctx: Ctx, options: list[int], count: int | None, kind: str, written: int | None, by: Callable | None,
                 prompt: Callable, tag: str, private: bool, always: bool) -> list[int]:
    """The cards picked from OPTIONS (KIND "any", "up_to" or "exactly"): nothing to pick, not asked (as `ask`
    does), but a question ALWAYS asked is logged when someone reads the game, and a PRIVATE one put to its
    player when a rule bot would see it."""
    state = ctx.state
    n = len(options)
    if kind == "up_to" or kind == "exactly":  # values.choice_bounds, inline
        c = written if written is not None else max(count or 0, 0)
        hi = c if c < n else n
        lo = hi if kind == "exactly" else 0
    else:
        lo, hi = 0, n
    if hi == 0:
        if private:
            if state.log is None and not state.listeners and unread_by_rule(state, _seat(ctx, by)):
                return []
        elif not always or (state.log is None and not state.listeners):
            return []
    d = Decision(_seat(ctx, by), tag, _text(ctx, prompt), "cards", options, lo, hi, None, private=private,
                 names=state.card_def, always=always)  # names read if asked
    picks = ask(state, d)  # most answers pick one: no comprehension (a call of its own) for those
    if len(picks) == 1:
        return [options[picks[0]]]
    return [options[i] for i in picks] if picks else []


def choose_player(ctx: Ctx, options: list[int], by: Callable | None, prompt: Callable, tag: str,
                  private: bool) -> int:
    """The seat picked from OPTIONS; none to pick is an illegal action."""
    if not options:
        raise IllegalAction("there is no player to choose")
    d = Decision(_seat(ctx, by), tag, _text(ctx, prompt), "players", options, 1, 1, player_labels(options),
                 private=private)
    return options[ask(ctx.state, d)[0]]


def choose_values(ctx: Ctx, options: list, count: int | None, kind: str, vkind: str, labels: Callable | None,
                  by: Callable | None, prompt: Callable, tag: str, private: bool) -> list | tuple:
    """The card names (VKIND "cards": a list, labelled by their names), numbers ("numbers": a tuple) or slots
    ("slots": a list) picked from OPTIONS, LABELS(options) their labels, made if read."""
    lo, hi = choice_bounds(kind, count, len(options))
    if vkind == "cards":
        d = Decision(_seat(ctx, by), tag, _text(ctx, prompt), "cards", options, lo, hi, [o.name for o in options],
                     private=private)
    else:
        d = Decision(_seat(ctx, by), tag, _text(ctx, prompt), vkind, options, lo, hi, None, private=private,
                     names=labels)
    picked = [options[i] for i in ask(ctx.state, d)]
    return tuple(picked) if vkind == "numbers" else picked
