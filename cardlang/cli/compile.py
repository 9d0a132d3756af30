"""`cardlang compile GAME [--card NAME]`: print the Python a game's rules and cards were compiled to.

Read-only and for people: the generated modules are shown as `ast.unparse` gives them, each headed by what it
was made for and by its constants (compiled functions, spans, card definitions) in words.
"""
from __future__ import annotations

from typing import Annotated, Optional

import typer

from cardlang.cli.app import NoOptOpt, _fail_usage, _load, app


@app.command("compile")
def compile_(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `cardlang games`).")],
             card: Annotated[Optional[str], typer.Option("--card", metavar="NAME", help="Only this card's abilities.")] = None,
             no_opt: NoOptOpt = False) -> None:
    """Print the Python that the game's rules (or one card's abilities) were compiled to."""
    from cardlang.compile.codegen import source_of
    from cardlang.errors import did_you_mean

    from cardlang.compile.bots import compile_bot

    g = _load(game, no_opt=no_opt)
    if card is None:  # a bot's rules are generated when first asked: generate them all, to show them
        bots = [compile_bot(g, name) for name in g.bots]  # the conditions of all (as a load checks them) first
        for bot in bots:
            bot.generate_all()
    mods = g.generated
    if card is not None:
        if card not in g.defs_by_name:
            hint = did_you_mean(card, list(g.defs_by_name))
            raise _fail_usage(f"{game} has no card '{card}'" + (f"; {hint}" if hint else ""))
        mods = [m for m in mods if m.card == card]
        if not mods:
            typer.echo(f"# {card} has no abilities: nothing was generated for it")
            return
    for m in mods:
        typer.echo(source_of(m))
