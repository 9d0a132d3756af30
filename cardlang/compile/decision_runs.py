"""The reference runs of the decisions: a choice of cards, of a player, of card names, numbers or slots, put in
full over options already evaluated, as a primitive's `run` takes its evaluated arguments (a choice of cards a
bot may answer first, over its options as a function); `choose one of` over its legal options and `may`, each
running the block chosen. What the generated code asks in place (the pass decide-inline: ir/emit_ask.py) is
checked against these on random states (tests/primitives/test_decision_runs.py); with the pass off, and for a
choice that is not lifted (compile/lift.py), the generated code calls them (compile/decisions.py), with the
options' code as their arguments: hand-written, so that the passes off (`--no-opt`) play the results goldens
through a version of each decision written independently of the one asked in place.

Who is asked (BY) and the prompt (PROMPT) are worked out only when the decision is put, as the generated code
works them out: BY a function of ctx, or None for the effect's own player; PROMPT the text itself, or a
function of ctx (one with a `text` attribute: that text every time). COUNT is the evaluated count (None: not
written, or written as the number WRITTEN); a block (BODY, OTHER, BODIES) a function of ctx.
Knows the runtime's decisions and the bots' asking helpers; no IR, no Python `ast`, no game.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.asking import named_cards, named_option, picks_none, player_labels, unread_by_rule
from cardlang.primitives.values import choice_bounds
from cardlang.runtime.decisions import CHANCE, ask
from cardlang.runtime.state import Ctx, Decision, IllegalAction


def _seat(ctx: Ctx, by: Callable | None) -> int:
    return ctx.you if by is None else by(ctx)


def _text(ctx: Ctx, prompt: Callable | str) -> str:
    if type(prompt) is str:  # (written with no name in it: the same every time)
        return prompt
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



def choose_cards_first(ctx: Ctx, first: str, one: bool, find: Callable | None, options: Callable,
                       count: Callable | None, counted: bool, kind: str, written: int | None, by: Callable | None,
                       prompt: Callable | str, tag: str, private: bool, always: bool) -> list[int]:
    """A choice of cards a bot may answer before its options are worked out, when nobody reads the game: FIRST
    "none" (a bot that picks nothing), or "named" (a bot that names the cards it wants, tried through FIND,
    for a choice of one: ONE, or COUNT giving 1). Else the decision in full (choose_cards), OPTIONS and COUNT
    (functions of the context; COUNT read for it where COUNTED) worked out then."""
    state = ctx.state
    if state.log is None and not state.listeners:
        if first == "none":
            p = _seat(ctx, by)
            if p != CHANCE and picks_none(ctx, p, tag):
                return []
        elif one or count(ctx) == 1:
            p = _seat(ctx, by)
            got = named_cards(ctx, p, tag, find) if p != CHANCE else None
            if got is not None:
                return got
    return choose_cards(ctx, options(ctx), count(ctx) if counted else None, kind, written, by, prompt, tag, private,
                        always)

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


def choose_option(ctx: Ctx, legal: list[int], by: Callable | None, prompt: Callable | str, tag: str, private: bool,
                  always: bool, label_of: Callable, find: Callable, *bodies: Callable) -> None:
    """`choose one of` put in full over its LEGAL options (their indices, in order), then the block of the one
    picked run (BODIES: each option's, a function of the context). None legal: not asked, but a question
    ALWAYS asked is logged when someone reads the game. When nobody does, a bot that answers by naming options
    tries just those against the legal ones (FIND; LABEL_OF gives the labels, made if read)."""
    state = ctx.state
    if not legal:
        if always and (state.log is not None or state.listeners):
            ask(state, Decision(_seat(ctx, by), tag, "", "options", [], 0, 1, [], always=True))
        return
    p = _seat(ctx, by)
    if not private and p != CHANCE and state.log is None and not state.listeners:
        i = named_option(state, p, tag, legal, find)  # its pick, else the first legal option (one is needed)
        if i is not None:
            bodies[i](ctx)
            return
    d = Decision(p, tag, _text(ctx, prompt), "options", legal, 1, 1, None, private=private, names=label_of)
    bodies[legal[ask(state, d)[0]]](ctx)


def legal_options(ctx: Ctx, *conds: Callable | None) -> list[int]:
    """The options of a `choose one of` whose conditions (CONDS: each a function of the context, None for an
    option always offered) hold, by index, in order."""
    legal = []
    for i, c in enumerate(conds):  # a loop, not a comprehension: one call fewer per decision
        if c is None or c(ctx):
            legal.append(i)
    return legal


def ask_may(ctx: Ctx, by: Callable | None, prompt: Callable | str, tag: str, private: bool, body: Callable,
            other: Callable) -> None:
    """`may`: ask its player yes or no, then run BODY (yes) or OTHER (no), each a function of the context."""
    d = Decision(_seat(ctx, by), tag, _text(ctx, prompt), "yesno", ["yes"], 0, 1, ["yes"], private=private)
    if ask(ctx.state, d):
        body(ctx)
    else:
        other(ctx)
