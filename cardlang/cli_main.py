"""The `cardlang` command's entry point: a `check` that found nothing wrong in the same bytes before is
answered from the cache of clean checks (cli_check.py) without importing Typer, its option parsing or any
game; every other command, and every check that has to run, goes to the Typer app (cli.py) unchanged.
"""
from __future__ import annotations

import sys


def main() -> None:
    """Entry point of `cardlang` and `python -m cardlang`."""
    args = sys.argv[1:]
    if args[:1] == ["check"]:
        try:
            from cardlang.cli_check import answer_from_cache
            line = answer_from_cache(args[1:])
        except KeyboardInterrupt:
            sys.stderr.write("\ninterrupted\n")
            raise SystemExit(130) from None
        except Exception:  # noqa: BLE001 - anything odd (an unreadable folder...): the full check says it
            line = None
        if line is not None:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
            raise SystemExit(0)
    from cardlang.cli import main as run_app
    run_app()
