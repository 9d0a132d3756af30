"""An engine bug at the command line: one `internal error:` line and exit 1, never a traceback. Shared by the
entry point (main.py) and the Typer app (commands.py); imports Typer only to print, so that a check answered
from the cache never loads it."""
from __future__ import annotations

import os


def internal_error(e: Exception) -> None:
    """The last line of defence, for an engine bug: one line and exit 1 (CARDLANG_DEBUG=1 re-raises it to
    show the traceback)."""
    if os.environ.get("CARDLANG_DEBUG"):
        raise e
    import typer
    typer.echo(f"internal error: {e.__class__.__name__}: {e} (set CARDLANG_DEBUG=1 for details)", err=True)
    raise SystemExit(1) from None
