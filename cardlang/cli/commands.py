"""The whole Typer app: every command module registered on the one app of app.py, and the app's own entry
point. `play`/`replay` (play.py), `simulate`/`compare`/`report`/`sample-size` (lab.py), `tournament`/`sweep`/
`impact` (balance.py), `compile` (compile.py) and the commands about sources (sources.py) register
themselves when imported here.

Errors in sources are printed as `path:line:col: error: ...` with the line and a caret; bad usage exits 2,
errors found exit 1, and no input ever produces a Python traceback.
"""
from __future__ import annotations

import signal

import typer

from cardlang.cli.app import app
from cardlang.cli.crash import internal_error
# Each module registers its commands on import, in this order (the order `cardlang --help` lists them).
from cardlang.cli import sources  # noqa: F401
from cardlang.cli import balance, compile, lab, play  # noqa: F401

__all__ = ["app", "main"]


def main() -> None:
    """Entry point: like `app()`, but an engine bug ends with one line, not a traceback."""
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("\ninterrupted", err=True)
        raise SystemExit(130) from None
    except Exception as e:  # noqa: BLE001 - the last line of defence; CARDLANG_DEBUG=1 shows the traceback
        internal_error(e)
    finally:
        # The command has said all it will: only the interpreter's shutdown is left (joining a pool's
        # threads after a run). A Ctrl-C there (a second one, after a run was stopped) would print a
        # traceback from inside `threading`, and there is nothing left to stop.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
