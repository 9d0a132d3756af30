"""The `cardlang` command's entry point. A plain `cardlang check PATH... [--game GAME] [--with PATH]` runs here
without the Typer app: answered from the cache of clean checks when the same bytes checked clean before,
else checked by the same function the app's `check` runs (check.py), so its output and exit codes are the
app's; Typer's option parsing (which imports pydantic) and the other commands cost more than a cached check
itself. Everything else (other commands, --help, anything the plain form does not cover, shell completion)
goes to the Typer app (commands.py) unchanged.
"""
from __future__ import annotations

import errno
import os
import sys

from cardlang.cli.crash import internal_error


def main() -> None:
    """Entry point of `cardlang` and `python -m cardlang`."""
    args = sys.argv[1:]
    if args[:1] == ["check"] and not any(k.startswith("_") and k.endswith("_COMPLETE") for k in os.environ):
        from cardlang.cli.check import parse_args
        parsed = parse_args(args[1:])
        if parsed is not None:
            raise SystemExit(_check(*parsed))
    from cardlang.cli.commands import main as run_app
    run_app()


def _check(paths, game, with_) -> int:
    """Run a check as the app's command would, with the app's handling of what escapes a command: an
    interrupt exits 130, a closed output pipe 1, an engine bug one `internal error` line."""
    from cardlang.cli.check import answer_from_cache, run_check
    try:
        try:
            line, key = answer_from_cache(paths, game, with_)
        except Exception:  # noqa: BLE001 - anything odd (an unreadable folder...): the full check says it
            line, key = None, None
        if line is not None:
            sys.stdout.write(line + "\n")
            sys.stdout.flush()
            return 0
        return run_check(paths, game, with_, key)
    except KeyboardInterrupt:
        return 130
    except OSError as e:
        if e.errno != errno.EPIPE:
            internal_error(e)
        _quiet_closed_output()
        return 1
    except Exception as e:  # noqa: BLE001
        internal_error(e)


def _quiet_closed_output() -> None:
    """After a reader closed our output (`cardlang check ... | head`), send what is left to /dev/null, so that
    Python's final flush reports no error."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
