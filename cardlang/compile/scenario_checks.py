"""The assertions of scenario files: `expect`, `expect_in_order`, `expect_log`, `expect_no_log`, `winner`, and
the checks put to the next decision, `not_offered` and `answer_refused`.

Each builder takes the scenario runner and one parsed statement and returns a step `ctx -> None` that raises
ScenarioFailed (with the statement's position) when the check does not hold. A check never changes the game:
it is evaluated with `state.checking` set (a draw from a short deck does not shuffle the discard in to look),
and a check that still emits an event fails. Knows no game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from cardlang.compile.compiler import CARDNAME, CARDNAMES, CARDS, PLAYER, names_reader, text_of
from cardlang.errors import CardCompileError, CardLangError
from cardlang.runtime.decisions import View, check_answer, resolve_answer
from cardlang.runtime.state import Ctx, Decision, IllegalAction
from cardlang.syntax import ast


class ScenarioFailed(CardLangError):
    kind = "scenario failed"


def checked(state, fn: Callable[[], object], span) -> object:
    """FN() evaluated as a check: no refill, and no event may come of it."""
    before = len(state.log) if state.log is not None else 0
    was, state.checking = state.checking, True
    try:
        value = fn()
    finally:
        state.checking = was
    if state.log is not None and len(state.log) != before:
        raise ScenarioFailed(f"checking this changed the game ({state.log[before].kind} event): a check must only "
                             "look", span)
    return value


def expect(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`expect CONDITION;`: the condition holds now. Zones compare as multisets (see expect_in_order)."""
    if len(st.args) != 1 or st.kwargs:
        raise CardCompileError("expect takes one condition: expect count(p1.hand) == 5;", st.span)
    cond = st.args[0]
    holds = runner.comp.fn_of(runner.comp.expr(cond, runner.scope))
    explain = _explainer(runner, cond)
    span = st.span

    def run_expect(ctx: Ctx) -> None:
        if not checked(ctx.state, lambda: holds(ctx), span):
            raise ScenarioFailed(f"expected {_src(cond)}, but {checked(ctx.state, lambda: explain(ctx), span)}",
                                 span)
    return run_expect


def expect_in_order(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`expect_in_order p1.deck == [Gem, Coin];`: these cards in this order: a zone top card first (as a
    zone is set), `top N of` top first; nothing else in it."""
    cond = st.args[0] if len(st.args) == 1 and not st.kwargs else None
    if not isinstance(cond, ast.Compare) or cond.op != "==":
        raise CardCompileError("expect_in_order compares cards with a list, top card first: "
                               "expect_in_order p1.deck == [Gem, Coin];", st.span)
    left = runner.comp.expr(cond.left, runner.scope)
    right = runner.comp.expr(cond.right, runner.scope)
    if left.type not in ("zone", CARDS) or right.type not in (CARDNAMES, CARDNAME):
        raise CardCompileError("expect_in_order compares a zone (or `top N of` one) with a list of card names",
                               cond.span)
    if left.type == "zone":
        zone_fn = runner.comp.fn_of(left)
        have = lambda ctx: [ctx.state.card_def[c].name for c in reversed(zone_fn(ctx).cards)]  # noqa: E731
    else:
        cards_fn = runner.comp.fn_of(left)
        have = lambda ctx: [ctx.state.card_def[c].name for c in cards_fn(ctx)]  # noqa: E731
    want = names_reader(runner.comp, right, cond.right.span)
    span = st.span

    def run_expect_in_order(ctx: Ctx) -> None:
        got, wanted = checked(ctx.state, lambda: (have(ctx), want(ctx)), span)
        if got != wanted:
            raise ScenarioFailed(f"expected {_src(cond.left)} to be [{', '.join(wanted)}] in this order, but it is "
                                 f"[{', '.join(got)}]", span)
    return run_expect_in_order


def _seat_and_texts(runner, st: ast.Call, verb: str):
    """The texts of an `expect_log`/`expect_no_log`, and the seat of its `for pN` (None: the whole log)."""
    seat = None
    for kw in st.kwargs:
        if kw.key != "for":
            raise CardCompileError(f"{verb} takes `for pN` and quoted texts", kw.span)
        seat = runner.comp.coerce(runner.comp.expr(kw.value, runner.scope), PLAYER, kw.value.span)
    if not st.args or not all(isinstance(a, ast.StrLit) for a in st.args):
        raise CardCompileError(f'{verb} takes quoted texts: {verb} "Shuffled p1.deck"; or {verb} for p2 "...";',
                               st.span)
    return seat, [a.value for a in st.args]


def _lines(ctx: Ctx, seat) -> tuple[list[str], str]:
    """The log lines the whole log holds, or what seat SEAT's agent and terminal see of it."""
    from cardlang.runtime.events import render_event
    state = ctx.state
    if seat is None:
        return [render_event(state, e) for e in state.log or []], "log line"
    p = seat(ctx)
    return View(state, p).log_lines(), f"line of p{p + 1}'s view"


def expect_log(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`expect_log [for pN] "text" ...;`: some line contains the text; several texts: lines containing them come
    in this order (others may come between). With `for pN`: in what pN's agent and terminal see."""
    seat, needles = _seat_and_texts(runner, st, "expect_log")
    span = st.span

    def run_expect_log(ctx: Ctx) -> None:
        lines, what = _lines(ctx, seat)
        at = 0
        for n, needle in enumerate(needles):
            found = next((i for i in range(at, len(lines)) if needle in lines[i]), None)
            if found is None:
                if len(needles) == 1:
                    raise ScenarioFailed(f"no {what} contains {needle!r}; last lines: {lines[-5:]}", span)
                where = "after the line with the text before it" if n else "at all"
                raise ScenarioFailed(f"no {what} {where} contains {needle!r} (text {n + 1} of "
                                     f"{len(needles)}); lines from there: {lines[at:at + 8]}", span)
            at = found + 1
    return run_expect_log


def expect_no_log(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`expect_no_log [for pN] "text" ...;`: no line (of pN's view) contains any of the texts."""
    seat, needles = _seat_and_texts(runner, st, "expect_no_log")
    span = st.span

    def run_expect_no_log(ctx: Ctx) -> None:
        lines, what = _lines(ctx, seat)
        for needle in needles:
            hit = next((line for line in lines if needle in line), None)
            if hit is not None:
                raise ScenarioFailed(f"a {what} contains {needle!r}: {hit!r}", span)
    return run_expect_no_log


def winner(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`winner p1;`: the game is over and p1 alone won it."""
    if len(st.args) != 1 or st.kwargs:
        raise CardCompileError("winner takes one player: winner p1;", st.span)
    who = runner.comp.coerce(runner.comp.expr(st.args[0], runner.scope), PLAYER, st.args[0].span)
    span = st.span

    def run_winner(ctx: Ctx) -> None:
        w = ctx.state.winners
        if w != [who(ctx)]:
            raise ScenarioFailed(f"expected winner p{who(ctx) + 1}, but winners are "
                                 f"{[f'p{x + 1}' for x in (w or [])]}", span)
    return run_winner


class DecisionCheck:
    """A check the scripted agent puts to the next decision it is asked, before answering it (a script entry)."""

    def __init__(self, text: str, span, fn: Callable[[Decision], None]) -> None:
        self.text, self.span, self.line, self.fn = text, span, span.line, fn

    def __call__(self, decision: Decision) -> None:
        self.fn(decision)

    def __repr__(self) -> str:
        return f"{self.text} (line {self.line})"


def not_offered(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`not_offered Gem;`: the next decision asked does not offer these options (card names or labels)."""
    if not st.args or st.kwargs:
        raise CardCompileError('not_offered takes options: not_offered Gem; not_offered "Attack";', st.span)
    names = [runner.answer_value(a) for a in st.args]
    flat = [n for a in names for n in (a if isinstance(a, list) else [a])]
    span = st.span

    def check(decision: Decision) -> None:
        offered = [n for n in flat if n in decision.labels]
        if offered:
            raise ScenarioFailed(f"'{decision.tag}' offers {', '.join(offered)} (options: "
                                 f"{', '.join(decision.labels)})", span)
    entry = DecisionCheck(f"not_offered {', '.join(flat)}", span, check)
    return lambda ctx: runner.script.append(entry)


def answer_refused(runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`answer_refused [Coin, Coin, Coin, Coin, Land];`: this answer to the next decision must be
    refused (an option not offered, or too many or too few); the decision then takes the next answer."""
    if len(st.args) != 1 or st.kwargs:
        raise CardCompileError("answer_refused takes one answer: answer_refused [Coin, Land];", st.span)
    answer = runner.answer_value(st.args[0])
    span = st.span

    def check(decision: Decision) -> None:
        try:
            check_answer(decision, resolve_answer(decision, answer))
        except IllegalAction:
            return
        raise ScenarioFailed(f"'{decision.tag}' accepted {answer!r}, which should be refused (options: "
                             f"{', '.join(decision.labels) or 'none'}; {decision.min} to {decision.max})", span)
    entry = DecisionCheck(f"answer_refused {answer!r}", span, check)
    return lambda ctx: runner.script.append(entry)


def _explainer(runner, cond: ast.Expr) -> Callable[[Ctx], str]:
    """What a failed check shows: each side of a comparison as its value reads (a side's function made only
    when a check fails)."""
    if isinstance(cond, ast.Compare):
        comp = runner.comp
        left = comp.expr(cond.left, runner.scope)
        right = comp.expr(cond.right, runner.scope)

        def show(ce, node):
            if ce.type in (CARDS, CARDNAMES, CARDNAME, "zone", "card"):
                f = names_reader(runner.comp, ce, node.span)
                return lambda ctx: "[" + ", ".join(sorted(f(ctx))) + "]"
            return lambda ctx: text_of(ctx, comp.fn_of(ce)(ctx), ce.type)
        lf, rf = show(left, cond.left), show(right, cond.right)
        return lambda ctx: f"{_src(cond.left)} is {lf(ctx)} (expected {cond.op} {rf(ctx)})"
    return lambda ctx: "it is false"


def _src(node: ast.Expr) -> str:
    s = node.span
    try:
        text = Path(s.path).read_text(encoding="utf-8").splitlines()
        if s.line == s.end_line:
            return text[s.line - 1][s.column - 1: s.end_column - 1]
        return text[s.line - 1][s.column - 1:]
    except (OSError, IndexError):
        return "the condition"
