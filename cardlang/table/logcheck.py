"""The log a `play --log FILE` wrote, read back for `replay` and checked whole against one schema first.

A log is JSON lines: one Header (what was played: game, seed, seats, variants, expansions, card pools), the
answers given (`Answer`: a seat and the indices it picked), and events, which replay does not read but
which must still be JSON objects naming their event. Every line is checked before anything is replayed,
and the first thing wrong is named by its line and field, so a damaged or hand-edited log is an error, never
a crash in the middle of a game. Nesting deeper than any log holds, numbers too long to read and lines of
the wrong type are refused here too. Knows no game; a game's own checks (is this game known, are these its
cards, does this answer fit the question) come after, when the log is played.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# What a log written by `play` holds at most (far above any real game; a file beyond them was not written by
# cardlang): bytes of the whole file, seats, and picks in one answer.
MAX_LOG_BYTES = 256 * 1024 * 1024
MAX_SEATS = 64
MAX_PICKS = 10_000
_MAX_INT = 2 ** 63


class InvalidLog(Exception):
    """The log is not one `play --log` writes; the message names the file, the line and the field."""


def _is_int(v: Any) -> bool:
    return type(v) is int and -_MAX_INT < v < _MAX_INT


def _strings(v: Any) -> bool:
    return type(v) is list and all(type(x) is str for x in v)


def _show(v: Any) -> str:
    try:
        text = json.dumps(v)
    except (RecursionError, ValueError):
        text = type(v).__name__
    return text if len(text) <= 40 else text[:37] + "..."


# The Header's fields: (name, required, test, what it should be)
_HEADER = (
    ("game", True, lambda v: type(v) is str and v != "", "a game id (text)"),
    ("seed", True, _is_int, "a whole number"),
    ("players", True, lambda v: _strings(v) and 0 < len(v) <= MAX_SEATS and all(v), "a list of player names"),
    ("variants", False, _strings, "a list of variant names"),
    ("with", False, lambda v: _strings(v) and all(v), "a list of file or folder paths"),
    ("asked", False, lambda v: type(v) is dict and all(x == "random" or _strings(x) for x in v.values()),
     'an object of pool names, each "random" or a list of card names'),
    ("pools", False, lambda v: type(v) is dict and all(_strings(x) for x in v.values()),
     "an object of pool names, each a list of card names"),
)


def read_log(path: Path) -> tuple[dict, list[tuple[int, list[int]]]]:
    """(the Header, the answers in order) of the log at PATH, checked whole; raises InvalidLog."""
    try:
        size = path.stat().st_size
        if size > MAX_LOG_BYTES:
            raise InvalidLog(f"{path}: {size:,} bytes; a game's log is far smaller (at most {MAX_LOG_BYTES:,})")
        with open(path, encoding="utf-8") as f:
            lines = list(f)
    except (OSError, UnicodeDecodeError) as e:
        raise InvalidLog(f"{path}: cannot read: {e}") from None
    header: dict | None = None
    answers: list[tuple[int, list[int]]] = []
    answer_lines: list[int] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        rec = _record(path, n, line)
        event = rec.get("event")
        if type(event) is not str:
            raise InvalidLog(f"{path}:{n}: field 'event': expected the event's name (text), got "
                             f"{_show(event) if 'event' in rec else 'nothing'}")
        if event == "Header":
            if header is not None:
                raise InvalidLog(f"{path}:{n}: a second Header line (a log holds one game)")
            _check_header(path, n, rec)
            header = rec
        elif event == "Answer":
            answers.append(_answer(path, n, rec))
            answer_lines.append(n)
    if header is None:
        raise InvalidLog(f"{path}: no Header line: write the log with `cardlang play --log FILE.jsonl` "
                         "(logs of older versions cannot be replayed)")
    seats = len(header["players"])
    for n, (player, _) in zip(answer_lines, answers):
        if player >= seats:
            raise InvalidLog(f"{path}:{n}: field 'player' of the Answer: {player} is not a seat of this game's "
                             f"{seats} (0 to {seats - 1})")
    return header, answers


def _record(path: Path, n: int, line: str) -> dict:
    try:
        rec = json.loads(line)
    except RecursionError:
        raise InvalidLog(f"{path}:{n}: nested too deep to be a line of a game's log") from None
    except ValueError as e:  # not JSON, or a number of thousands of digits
        raise InvalidLog(f"{path}:{n}: not a JSON line ({e})") from None
    if type(rec) is not dict:
        raise InvalidLog(f"{path}:{n}: not an event (a JSON object), but {_show(rec)}")
    return rec


def _check_header(path: Path, n: int, rec: dict) -> None:
    for name, required, test, what in _HEADER:
        if name not in rec:
            if required:
                raise InvalidLog(f"{path}:{n}: the Header has no field '{name}' ({what})")
            continue
        if not test(rec[name]):
            raise InvalidLog(f"{path}:{n}: field '{name}' of the Header: expected {what}, got {_show(rec[name])}")


def _answer(path: Path, n: int, rec: dict) -> tuple[int, list[int]]:
    player, picks = rec.get("player"), rec.get("picks")
    if not (_is_int(player) and player >= 0):
        raise InvalidLog(f"{path}:{n}: field 'player' of the Answer: expected a seat number (0, 1, ...), got "
                         f"{_show(player) if 'player' in rec else 'nothing'}")
    if type(picks) is not list or len(picks) > MAX_PICKS or not all(_is_int(i) and i >= 0 for i in picks):
        raise InvalidLog(f"{path}:{n}: field 'picks' of the Answer: expected a list of option numbers (0, 1, "
                         f"...), got {_show(picks) if 'picks' in rec else 'nothing'}")
    return player, picks
