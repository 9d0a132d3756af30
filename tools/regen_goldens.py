"""Regenerate the golden error messages: tests/errors/<case>.err from tests/errors/<case>.card.

Each case is a card of the dominion game with exactly one real author mistake in it; its .err file holds
only the expected output: the first error, rendered (`path:line:col: error: ...`, the source line, the
caret run, the hint), plus a final newline.

Marker lines. The head of every case file is a run of `//` comment lines; two of them are markers:

    // case: <the mistake, in a few words>     required, and must be the first line
    // check: parse                             optional; `parse` or `load` (the default)

* `// case:` says what the case is about. A .card file without it on its first line is refused, so that
  a stray file never turns into a golden by accident.
* `// check: parse` marks a syntax mistake: the case is run through `parse()` alone.
  `// check: load` (or no check marker) loads the whole dominion game with the case added as one more card
  file, and the first error must point into the case file.

Stable paths. Errors name files relative to the current directory. The case is loaded from a temporary
copy of the project (CARDLANG_HOME pointing at it) as cards/dominion/errors/<case>.card, with the current
directory set to that copy's cards/dominion/, so it renders as `errors/<case>.card` wherever the checkout
or the temporary directory is. Parse-only cases are parsed with that same path.

Usage:
    python tools/regen_goldens.py              rewrite every .err file
    python tools/regen_goldens.py CASE ...     rewrite these cases only (names without suffix)
    python tools/regen_goldens.py --check      write nothing; list the cases whose .err is out of date

Review the diff before committing: a golden is only as good as the message it pins.
"""
from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "errors"
GAME = "dominion"
CASE_MARK = "// case:"
CHECK_MARK = "// check:"

if str(ROOT) not in sys.path:  # run as a script from a checkout without an installed package
    sys.path.insert(0, str(ROOT))


class CaseError(Exception):
    """A case file that breaks the conventions above, or whose mistake is not reported as expected."""


def case_files() -> list[Path]:
    return sorted(CASES.glob("*.card"))


def golden_path(case: Path) -> Path:
    return case.with_suffix(".err")


def read_markers(text: str, name: str) -> dict[str, str]:
    """The `// case:` and `// check:` markers of a case's comment head."""
    lines = text.splitlines()
    if not lines or not lines[0].startswith(CASE_MARK) or not lines[0][len(CASE_MARK):].strip():
        raise CaseError(f"{name}: the first line must be `{CASE_MARK} <the mistake>`")
    markers = {"case": lines[0][len(CASE_MARK):].strip(), "check": "load"}
    for line in lines[1:]:
        if not line.startswith("//"):
            break
        if line.startswith(CHECK_MARK):
            mode = line[len(CHECK_MARK):].strip()
            if mode not in ("parse", "load"):
                raise CaseError(f"{name}: `{CHECK_MARK}` is `parse` or `load`, not {mode!r}")
            markers["check"] = mode
    return markers


def display_path(case: Path) -> str:
    return f"errors/{case.name}"


def first_error_parse(case: Path, text: str):
    from cardlang.errors import CardLangError
    from cardlang.syntax.parser import parse

    try:
        parse(text, display_path(case))
    except CardLangError as e:
        return e
    raise CaseError(f"{case.name}: parses without an error")


@contextlib.contextmanager
def project_with(case: Path, text: str):
    """A temporary project copy holding the case as cards/<game>/errors/<case>.card, entered as the cwd."""
    with tempfile.TemporaryDirectory(prefix="cardlang-golden-") as tmp:
        home = Path(tmp)
        shutil.copytree(ROOT / "games", home / "games")
        shutil.copytree(ROOT / "cards", home / "cards")
        card_dir = home / "cards" / GAME
        (card_dir / "errors").mkdir()
        (card_dir / "errors" / case.name).write_text(text, encoding="utf-8")
        old_home = os.environ.get("CARDLANG_HOME")
        os.environ["CARDLANG_HOME"] = str(home)
        try:
            with contextlib.chdir(card_dir):
                yield home
        finally:
            if old_home is None:
                os.environ.pop("CARDLANG_HOME", None)
            else:
                os.environ["CARDLANG_HOME"] = old_home


def first_error_load(case: Path, text: str):
    from cardlang.compile.game import load_game
    from cardlang.errors import ErrorList

    with project_with(case, text):
        try:
            load_game(GAME)
        except ErrorList as e:
            err = e.errors[0]
        else:
            raise CaseError(f"{case.name}: the game loads without an error")
    if err.span.path != display_path(case):
        raise CaseError(f"{case.name}: the first error is not in the case file: {err}")
    return err


def render_case(case: Path, mode: str | None = None) -> str:
    """The first error of a case, rendered, with a final newline: what its .err file must hold."""
    text = case.read_text(encoding="utf-8")
    markers = read_markers(text, case.name)
    mode = mode or markers["check"]
    err = first_error_parse(case, text) if mode == "parse" else first_error_load(case, text)
    return err.render(text) + "\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")]
    cases = case_files()
    if names:
        by_name = {c.stem: c for c in cases}
        unknown = [n for n in names if n.removesuffix(".card") not in by_name]
        if unknown:
            print(f"unknown case(s): {', '.join(unknown)}", file=sys.stderr)
            return 2
        cases = [by_name[n.removesuffix(".card")] for n in names]
    stale = 0
    for case in cases:
        try:
            out = render_case(case)
        except CaseError as e:
            print(f"error: {e}", file=sys.stderr)
            return 1
        golden = golden_path(case)
        old = golden.read_text(encoding="utf-8") if golden.exists() else None
        if old == out:
            continue
        stale += 1
        if check:
            print(f"out of date: {golden.relative_to(ROOT)}")
        else:
            golden.write_text(out, encoding="utf-8")
            print(f"wrote {golden.relative_to(ROOT)}")
    for err_file in sorted(CASES.glob("*.err")):
        if not err_file.with_suffix(".card").exists():
            print(f"warning: {err_file.relative_to(ROOT)} has no .card case", file=sys.stderr)
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
