"""cardlang's language server (`cardlang lsp`): diagnostics, quick fixes, hover, completion, definitions,
references, an outline and code lenses for cards, games, bots and scenarios, in any editor that speaks the
Language Server Protocol. The modules: workspace.py (files, unsaved text, what a check reads), index.py (what a
loaded game declares, as data), features.py (each feature from an index and a text), server.py (the protocol
wiring, on pygls). Needs the optional extra `lsp` (pygls); this module imports none of it, so that the command
can say how to install it. Knows no game: every name it offers comes from the game's sources or the registry.
"""
from __future__ import annotations

from pathlib import Path

INSTALL_HINT = "the language server needs the extra `lsp`: pip install 'cardlang[lsp]' (pygls and lsprotocol)"


def run(folder: Path | None, game: str | None, with_: list[Path]) -> tuple[int, str | None]:
    """Serve on stdio; (exit code, the `error:` message for a usage error or a missing extra, else None)."""
    try:
        import lsprotocol  # noqa: F401
        import pygls  # noqa: F401
    except ImportError:
        return 2, INSTALL_HINT
    from cardlang.compile.sources import game_ids
    from cardlang.errors import did_you_mean
    if folder is not None and not (folder.is_dir() and (folder / "games").is_dir()):
        return 2, f"--folder {folder}: not a folder with a games/ folder in it"
    with_ = [w.absolute() for w in with_]  # (before the server moves to the folder)
    if folder is not None:
        from cardlang.lsp.server import use_folder
        use_folder(folder)
    ids = game_ids()
    if game is not None and game not in ids:
        hint = did_you_mean(game, ids)
        return 2, f"unknown game '{game}'" + (f"; {hint}" if hint else "") + f" (games: {', '.join(ids)})"
    for w in with_:
        if not w.exists():
            return 2, f"--with {w}: no such file or folder"
    from cardlang.lsp.server import serve
    from cardlang.lsp.workspace import Options
    return serve(Options(None, game, list(with_))), None
