"""Source spans and the errors a card or game author sees. Errors are values: only the CLI prints them."""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Iterable

# Characters a terminal takes as commands rather than text: C0 and C1 controls (ESC starts colour and
# title sequences, CSI/OSC their one-byte forms), DEL, and the bidirectional overrides that make a line
# read differently from how it is stored. Tab and newline are layout and stay.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


_WIDE = 160  # longest source line shown whole under an error


def visible(text: str) -> str:
    """TEXT with every control character written out as an escape (`\\x1b`, `\\u202e`): for anything
    from a source that reaches a terminal."""
    if text.isprintable():
        return text
    return _CONTROL.sub(_escape, text)


def _escape(m: re.Match) -> str:
    n = ord(m.group())
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def _one_column(text: str) -> str:
    """TEXT with each control character replaced by one visible mark, so a caret below it still lines up."""
    return _CONTROL.sub("\ufffd", text) if not text.isprintable() else text


@dataclass(frozen=True, slots=True)
class Span:
    """A region of a source file. Lines and columns are 1-based, as Lark reports them."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"

    def __reduce__(self):  # pickled by value: a cached tree holds one per node (dataclass state is slower)
        return (Span, (self.path, self.line, self.column, self.end_line, self.end_column))


NO_SPAN = Span("<builtin>", 1, 1, 1, 1)


class CardLangError(Exception):
    """An error in card or game source. Always points at the text that caused it."""

    kind = "error"
    label = "error"  # the word after the position: "error", or "warning" (CardWarning)

    def __init__(self, message: str, span: Span, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.span = span
        self.hint = hint

    def __str__(self) -> str:
        return visible(f"{self.span}: {self.label}: {self.message}")

    def render(self, text: str | None = None) -> str:
        """Format as `path:line:col: error: message`, the offending line with a caret run, and a hint."""
        s = self.span
        out = [visible(f"{s.path}:{s.line}:{s.column}: {self.label}: {self.message}")]
        if text is None:
            text = _read_source(s.path)
        lines = text.split("\n") if text else []  # Lark counts lines by \n only
        if 1 <= s.line <= len(lines):
            raw = lines[s.line - 1]
            raw = _one_column(raw)
            start_col, end_col = s.column, s.end_column if s.end_line == s.line else len(raw) + 1
            if len(raw) > _WIDE:  # a line of thousands of characters: show the part around the caret
                cut = max(0, s.column - 1 - _WIDE // 2)
                raw = ("…" if cut else "") + raw[cut: cut + _WIDE] + ("…" if cut + _WIDE < len(raw) else "")
                start_col -= cut - (1 if cut else 0)
                end_col = min(end_col - cut + (1 if cut else 0), len(raw) + 1)
            line_text = raw.expandtabs(4)
            col = len(raw[: start_col - 1].expandtabs(4)) + 1
            if s.end_line == s.line and end_col > start_col:
                width = len(raw[: end_col - 1].expandtabs(4)) + 1 - col
            else:
                width = max(1, len(line_text.rstrip()) - col + 1)  # multi-line node: mark to end of line
            gutter = f"{s.line:>4} | "
            out.append(f"{gutter}{line_text}")
            out.append(" " * (len(gutter) - 2) + "| " + " " * (col - 1) + "^" * max(1, width))
        if self.hint:
            out.append(visible(f"     = hint: {self.hint}"))
        return "\n".join(out)


class CardSyntaxError(CardLangError):
    kind = "syntax error"


class CardCompileError(CardLangError):
    kind = "compile error"


class CardWarning(CardLangError):
    """Something a check finds that is allowed but most likely a mistake (`cardlang check` shows it and still
    passes): never raised, collected in CompiledGame.warnings."""

    kind = label = "warning"


class RuleViolation(CardLangError):
    """Raised at play time when an effect cannot do what its source says; names the card and clause."""

    kind = "rule violation"


class StepBudgetExceeded(RuleViolation):
    """A card or game looped past the step budget (e.g. a card that keeps playing itself)."""


class NestingLimit(RuleViolation):
    """Verbs (or abilities) called inside each other past the nesting limit: a cycle that never ends. The
    message names the calls nearest the limit, gathered as the error passes back through them."""

    def __init__(self, limit: int, verb: str, verb_span: Span, call_span: Span) -> None:
        self.limit = limit
        self.calls: list[tuple[str, Span, Span]] = [(verb, verb_span, call_span)]
        super().__init__("", call_span, hint="make the call depend on a condition that becomes false")
        self._word()

    def called_from(self, verb: str, verb_span: Span, call_span: Span) -> None:
        if len(self.calls) < 8:
            self.calls.append((verb, verb_span, call_span))
            self._word()

    def _word(self) -> None:
        # calls[0] is the innermost; the cycle is the shortest repeating run of verb names
        names = [c[0] for c in self.calls]
        period = next((k for k in range(1, len(names)) if names[k] == names[0]), len(names))
        cycle = list(reversed(self.calls[:period]))
        steps = ", ".join(f"'{v}' ({vs}) calls '{cycle[(i + 1) % len(cycle)][0]}' at line {cycle[(i + 1) % len(cycle)][2].line}"
                          for i, (v, vs, _) in enumerate(cycle))
        self.message = (f"verbs called inside each other past the nesting limit of {self.limit}: "
                        f"{steps}" if len(cycle) > 1 else
                        f"verb '{cycle[0][0]}' ({cycle[0][1]}) calls itself past the nesting limit of {self.limit}")
        self.args = (self.message,)


class ErrorList(Exception):
    """Several author errors found in one run (compile errors are collected, not raised one by one)."""

    def __init__(self, errors: list[CardLangError]) -> None:
        super().__init__(f"{len(errors)} error(s)")
        self.errors = errors


def did_you_mean(name: str, choices: Iterable[str]) -> str | None:
    """A `did you mean 'x'?` hint for a misspelt name, or None when nothing is close."""
    choices = sorted(set(choices))
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    if not close:  # the same word in other capitals ('DRAWW' for 'draw')
        lowered = {c.lower(): c for c in choices}
        close = [lowered[c] for c in difflib.get_close_matches(name.lower(), list(lowered), n=1, cutoff=0.6)]
    return f"did you mean '{close[0]}'?" if close else None


def _read_source(path: str) -> str | None:
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None
