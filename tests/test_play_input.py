"""`cardlang play --input FILE`: the file's answers first; with `--then-keyboard` the keyboard takes over when it
ends (the same game as with the whole file), without it a clear error; `--then-keyboard` alone is a usage
error."""
from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardlang.cli.commands import app

ROOT = Path(__file__).resolve().parents[1]
ANSWERS = (ROOT / "tests" / "transcripts" / "dominion-seat.input").read_text(encoding="utf-8").splitlines()
GOLDEN = (ROOT / "tests" / "transcripts" / "dominion-seat.txt").read_text(encoding="utf-8")
ARGS = ["play", "dominion", "--players", "human,smithy-bm", "--seed", "4", "--plain"]


def _ending(text: str) -> list[str]:
    return text[text.index("== Game over"):].splitlines()


def test_the_keyboard_takes_over_when_the_file_ends(tmp_path) -> None:
    half = tmp_path / "half.input"
    half.write_text("\n".join(ANSWERS[:10]) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, [*ARGS, "--input", str(half), "--then-keyboard"],
                           input="\n".join(ANSWERS[10:]) + "\n")
    assert r.exit_code == 0, r.output[-2000:]
    assert r.output.count("(the --input file has ended: the answers come from the keyboard from here on)") == 1
    assert _ending(r.output) == _ending(GOLDEN)          # the same game as with the whole file
    before = r.output[:r.output.index("\n(the --input file has ended")]
    assert before.endswith("): ") and GOLDEN.startswith(before)  # the file's part as with the whole file, up to
    # the prompt the keyboard answers


def test_without_then_keyboard_the_end_of_the_file_is_an_error(tmp_path) -> None:
    half = tmp_path / "half.input"
    half.write_text("\n".join(ANSWERS[:10]) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, [*ARGS, "--input", str(half)], input="1\n" * 50)
    assert r.exit_code == 1
    assert f"error: --input {half} ended before the game did: game abandoned (add --then-keyboard" in r.output
    assert "Traceback" not in r.output


def test_then_keyboard_needs_an_input_file() -> None:
    r = CliRunner().invoke(app, [*ARGS, "--then-keyboard"])
    assert r.exit_code == 2
    assert "error: --then-keyboard goes with --input FILE" in r.output


def test_the_keyboard_ending_too_is_the_input_ending(tmp_path) -> None:
    half = tmp_path / "half.input"
    half.write_text("\n".join(ANSWERS[:10]) + "\n", encoding="utf-8")
    r = CliRunner().invoke(app, [*ARGS, "--input", str(half), "--then-keyboard"], input="")
    assert r.exit_code == 1
    assert "error: the input ended before the game did: game abandoned" in r.output and "Traceback" not in r.output
