"""A scenario's script (its answers, each with the position it was written at, and the agent that hands them out)
and its expected refusal of a set-up (`setup_refused`).

Answers are consumed in the order the game asks its questions. A question the rules decide alone (a forced
pick: one legal option of `choose 1`) asks nobody, so an answer written for it would slide on to a later
question, far from its cause, and could be taken there in silence. So the script watches every forced pick:
when the next answer names only options of that pick, the scenario fails at the answer's own line; any other
answer waiting at that moment remembers the forced pick, and a failure it causes later (never asked for, no
such option) says so. `forced X;` in the script says a pick is expected to be made alone, taking X: it is
checked against that pick and keeps the answers after it for the questions after it. Knows no game.
"""
from __future__ import annotations

from collections import Counter

from cardlang.compile.scenario_checks import ScenarioFailed
from cardlang.errors import CardCompileError, Span
from cardlang.runtime.decisions import (CHANCE, FORCED, ScriptedAgent, UnscriptedDecision, check_answer,
                                        resolve_answer)
from cardlang.runtime.events import Decided, Event
from cardlang.runtime.state import IllegalAction
from cardlang.syntax import ast


class Answer:
    """One scripted answer (a name, a label, none/yes/no, pN or a list) and where the scenario wrote it."""

    __slots__ = ("value", "span", "passed")

    def __init__(self, value, span: Span) -> None:
        self.value, self.span = value, span
        self.passed: str | None = None  # the first forced pick this answer waited through, in words

    def __repr__(self) -> str:
        return repr(self.value)

    def note(self) -> str:
        return f"; it was next when {self.passed}" if self.passed else ""


class Forced(Answer):
    """`forced Gem;`: the next pick is made by the rules alone and takes these options."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"forced {self.value!r}"


def _who(player: int) -> str:
    return "chance" if player == CHANCE else f"p{player + 1}"


def _fits(value, labels: tuple[str, ...]) -> bool:
    """VALUE names only options LABELS offered (each at most as often): an answer to that question."""
    if value in ("none", "yes", "no"):
        return False
    names = value if isinstance(value, list) else [value]
    return bool(names) and not Counter(names) - Counter(labels)


class ScenarioAgent(ScriptedAgent):
    """The scripted agent of a scenario: a wrong answer fails at the answer's own line."""

    def decide(self, view, decision) -> list[int]:
        if not decision.options and decision.min == 0:  # a private question with nothing to pick: no answer
            return []
        script = self.script
        while script and callable(script[0]):  # a check put to this decision (not_offered, answer_refused)
            script.pop(0)(decision)
        if not script:
            raise UnscriptedDecision(
                f"unscripted decision '{decision.tag}' for {_who(decision.player)}: {decision.prompt} "
                f"(options: {', '.join(decision.labels) or 'none'})")
        entry = script.pop(0)
        if isinstance(entry, Forced):
            raise ScenarioFailed(f"expected a pick made without asking, but '{decision.tag}' was put to "
                                 f"{_who(decision.player)} (options: {', '.join(decision.labels) or 'none'})",
                                 entry.span)
        if not isinstance(entry, Answer):
            return resolve_answer(decision, entry)
        try:
            picks = resolve_answer(decision, entry.value)
            check_answer(decision, picks)
        except IllegalAction as e:
            raise ScenarioFailed(f"this answer went to '{decision.tag}' for {_who(decision.player)}, which "
                                 f"refuses it: {e}{entry.note()}", entry.span) from None
        return picks


def _names(labels: tuple[str, ...]) -> str:
    quoted = [x if x.replace("_", "").isalnum() else f'"{x}"' for x in labels]
    return quoted[0] if len(quoted) == 1 else f"[{', '.join(quoted)}]"


def watch_forced(state, script: list) -> None:
    """Fail at an answer written for a pick the rules made alone (see the module's docstring)."""
    def on_event(e: Event) -> None:
        if type(e) is not Decided or e.how != FORCED:
            return
        entry = next((x for x in script if not callable(x)), None)
        if not isinstance(entry, Answer):
            return
        player, tag, labels = e.player, e.tag, e.picked
        what = f"'{tag}' for {_who(player)} was taken without asking (its only choice: {', '.join(labels) or 'nothing'})"
        if isinstance(entry, Forced):
            script.remove(entry)
            if Counter(entry.value if isinstance(entry.value, list) else [entry.value]) != Counter(labels):
                raise ScenarioFailed(f"expected {entry.value} to be taken, but {what}", entry.span)
            return
        if _fits(entry.value, labels):
            raise ScenarioFailed(f"this answer is for no question: {what}; a pick with no other choice takes no "
                                 "answer", entry.span,
                                 hint=f"remove this answer; if it is for a later question, write `forced "
                                      f"{_names(labels)};` before it")
        if entry.passed is None:
            entry.passed = what
    state.listeners.append(on_event)


def unused(script: list) -> ScenarioFailed | None:
    """The failure for answers and checks left in SCRIPT at the end, at the first one's line."""
    if not script:
        return None
    first = script[0]
    span = first.span if isinstance(first, Answer) else getattr(first, "span", None)
    what = f"{len(script)} scripted answer(s) were never asked for: {script}"
    note = first.note() if isinstance(first, Answer) else ""
    return ScenarioFailed(what + note, span) if span is not None else None


class Refusal:
    """`setup_refused ["TEXT"];`: the game must refuse this set-up (with a message containing TEXT). Without
    the statement a refused set-up is the scenario's error, as before."""

    def __init__(self, st: ast.Call | None, span: Span) -> None:
        self.st, self.text = st, None
        if st is None:
            return
        if st.kwargs or len(st.args) > 1 or (st.args and not isinstance(st.args[0], ast.StrLit)):
            raise CardCompileError('setup_refused takes at most one quoted text: setup_refused "is for 2 to 4 '
                                   'players";', st.span)
        self.text = st.args[0].value if st.args else None

    def by(self, message: str, span: Span, failed: bool = False) -> None:
        """The game refused the set-up with MESSAGE: fine when expected (and the text is in it), else an error."""
        if self.st is None:
            raise (ScenarioFailed if failed else CardCompileError)(message, span)
        if self.text is not None and self.text not in message:
            raise ScenarioFailed(f"the set-up was refused, but with {message!r}, which does not contain "
                                 f"{self.text!r}", self.st.span)

    def accepted(self, what: str) -> None:
        if self.st is not None:
            raise ScenarioFailed(f"expected the set-up to be refused, but it was accepted ({what})", self.st.span)
