"""Issue 24: `replay` checks the whole log against one schema before replaying, and names the line and field
that is wrong: wrong types in the Header or an Answer, and nesting too deep, end in one `error:` line, exit 1,
never a traceback. The command in a child process with a memory limit and a timeout for the cases the issue
found; every other case against the checker itself (cardlang/table/logcheck.py), which replay runs first."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlang.table.logcheck import InvalidLog, read_log
from tests.io_child import cardlang


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> list[dict]:
    log = tmp_path_factory.mktemp("log") / "game.jsonl"
    cardlang("play", "greedy-kingdoms", "--players", "random,random", "--quiet", "--log", log, code=0)
    return [json.loads(x) for x in log.read_text().splitlines()]


def _write(tmp_path: Path, records: list) -> Path:
    log = tmp_path / "bad.jsonl"
    log.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return log


def _header_line(records: list[dict]) -> int:
    return next(i for i, r in enumerate(records, 1) if r.get("event") == "Header")


def _answer_line(records: list[dict]) -> int:
    return next(i for i, r in enumerate(records, 1) if r.get("event") == "Answer")


def test_the_good_log_replays(good: list[dict], tmp_path: Path) -> None:
    cardlang("replay", _write(tmp_path, good), code=0)


def _refused(log: Path) -> str:
    with pytest.raises(InvalidLog) as e:
        read_log(log)
    return str(e.value)


@pytest.mark.parametrize("field, value", [("with", 5), ("variants", [7]), ("asked", ["x"]), ("players", [{"a": 1}]),
                                          ("players", "random,random"), ("seed", "1"), ("seed", True), ("game", 3),
                                          ("pools", {"kingdom": "random"}), ("with", [""])])
def test_a_header_field_of_the_wrong_type(good: list[dict], tmp_path: Path, field: str, value) -> None:
    records = [dict(r) for r in good]
    n = _header_line(records)
    records[n - 1][field] = value
    assert f"bad.jsonl:{n}: field '{field}' of the Header: expected" in _refused(_write(tmp_path, records))


@pytest.mark.parametrize("field, value", [("picks", "x"), ("picks", None), ("picks", ["x"]), ("picks", [-1]),
                                          ("player", None), ("player", "0"), ("player", 99), ("picks", [1.5])])
def test_an_answer_of_the_wrong_type(good: list[dict], tmp_path: Path, field: str, value) -> None:
    records = [dict(r) for r in good]
    n = _answer_line(records)
    records[n - 1][field] = value
    assert f"bad.jsonl:{n}: field '{field}' of the Answer:" in _refused(_write(tmp_path, records))


@pytest.mark.parametrize("line, said", [("[" * 100_000, "nested too deep"), ("7" * 5000, "not a JSON line"),
                                        ("[1, 2]", "not an event"), ('{"player": 0}', "field 'event'")],
                         ids=["deep-unclosed", "5000-digits", "a-list", "no-event"])
def test_lines_that_are_no_event(good: list[dict], tmp_path: Path, line: str, said: str) -> None:
    assert f"bad.jsonl:{len(good) + 1}: {said}" in _refused(_write(tmp_path, good + [line]))


@pytest.mark.parametrize("case", ["with", "answer", "deep"])
def test_replay_of_the_cases_found(good: list[dict], tmp_path: Path, case: str) -> None:
    """The crashes the issue found, through the command: `"with": 5`, an answer "x", 100,000 brackets."""
    records: list = [dict(r) for r in good]
    if case == "with":
        n = _header_line(records)
        records[n - 1]["with"] = 5
        said = f"bad.jsonl:{n}: field 'with' of the Header"
    elif case == "answer":
        n = _answer_line(records)
        records[n - 1]["picks"] = "x"
        said = f"bad.jsonl:{n}: field 'picks' of the Answer"
    else:
        records.append("[" * 100_000 + "]" * 100_000)
        said = f"bad.jsonl:{len(records)}: nested too deep"
    r = cardlang("replay", _write(tmp_path, records), code=1)
    assert said in r.stderr, r.stderr[-500:]


def test_two_headers(good: list[dict], tmp_path: Path) -> None:
    n = _header_line(good)
    assert f"bad.jsonl:{len(good) + 1}: a second Header line" in _refused(_write(tmp_path, good + [good[n - 1]]))
