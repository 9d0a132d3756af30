"""`cardlang play` and `cardlang replay`: a game at the terminal, people against bots, and a logged game
shown again from any seat's view (the table itself is cardlang/table's business).
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang.cli import inputs
from cardlang.cli.inputs import echo
from cardlang.cli.app import (NoOptOpt, VariantOpt, WithOpt, _fail_usage, _load, _parse_players, _parse_pools, _parse_variants,
                              _usage, _warn_absent, app)


@app.command()
def play(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
         players: Annotated[Optional[str], typer.Option(metavar="BOTS", 
             help="Comma-separated: human, random, or bot names (default: human against the game's first "
                  "bot; big-money where there is one).")] = None,
         seed: Annotated[int, typer.Option(metavar="N", help="Seed of the game's one RNG.")] = 1,
         kingdom: Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a comma-separated list of cards.")] = None,
         log: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Write every event as JSON lines to this file "
                                                     "(`cardlang replay` shows it again).")] = None,
         quiet: Annotated[bool, typer.Option(help="Print only the result.")] = False,
         input_: Annotated[Optional[Path], typer.Option("--input", metavar="FILE", help="Answer the prompts from this file, "
                                                        "one answer a line.")] = None,
         then_keyboard: Annotated[bool, typer.Option("--then-keyboard", help="When the --input file ends, go on "
                                                     "with answers from the keyboard (else the game stops there).")] = False,
         plain: Annotated[bool, typer.Option(help="No colour (also when NO_COLOR is set or not a terminal).")] = False,
         with_: WithOpt = None, variant: VariantOpt = None, no_opt: NoOptOpt = False) -> None:
    """Play one game in the terminal, humans against bots, told turn by turn in the game's own words."""
    from cardlang.agents import make_agent
    from cardlang.cli.human import HumanAgent
    g = _load(game, with_, no_opt=no_opt)
    if players is None:
        from cardlang.agents import bot_names
        bots = bot_names(g)
        players = "human," + ("big-money" if "big-money" in bots else bots[0] if bots else "random")
    names = _parse_players(g, players)
    pools = _parse_pools(g, kingdom)
    if log is not None:
        _usage(inputs.output_file, log, "--log")
    _warn_absent(g, names, pools)
    variants = _parse_variants(g, variant, len(names))
    if input_ is not None and not input_.is_file():
        raise _fail_usage(f"--input {input_}: no such file")
    if then_keyboard and input_ is None:
        raise _fail_usage("--then-keyboard goes with --input FILE: it says what happens when that file ends")
    agents = [HumanAgent(g) if n == "human" else make_agent(g, n, seed + i) for i, n in enumerate(names)]
    humans = [i for i, n in enumerate(names) if n == "human"]
    if input_ is not None:
        from cardlang.table.session import input_answers
        try:
            answers = input_answers(input_)  # one file answers every person's prompts, in game order
        except (OSError, UnicodeDecodeError) as e:
            raise _fail_usage(f"--input {input_}: cannot read: {e}") from None
        for i in humans:
            agents[i].answers = answers
            agents[i].then_keyboard = then_keyboard
    talk: list = []  # table talk: what one person says ("say ...") the others read; bots never do
    for i in humans:
        agents[i].shared_screen = len(humans) > 1  # secret picks then clear the screen between players
        agents[i].table = talk
    # One person: that seat's view; several: only what is public; bots alone: an all-seeing spectator.
    viewer = humans[0] if len(humans) == 1 else None
    _tell(g, names, agents, seed, pools=pools, variants=variants, viewer=viewer, spectator=not humans,
          plain=plain, log=log, quiet=quiet, with_=with_,
          input_file=None if then_keyboard else input_)  # after the file, the keyboard's end is the input's


def _tell(g, names, agents, seed, *, log=None, plain=False, step=False, input_file=None, **kw) -> None:
    """Run a game through the table (cardlang/table/session.py), with the CLI's error handling."""
    from cardlang.cli.human import InputClosed
    from cardlang.errors import CardLangError
    from cardlang.table.session import BadLog, run
    from cardlang.table.style import Style, wants_colour
    from cardlang.cli.outfile import OutputFile, WriteFailed
    try:
        # owner-only, and nothing in it until the game is over: it holds every draw and shuffle
        out = OutputFile(log, "--log", sealed=True) if log else None
    except WriteFailed as e:
        raise _fail_usage(str(e)) from None
    after = (lambda: typer.prompt("", default="", show_default=False, prompt_suffix="(Enter) ")) if step else None
    try:
        run(g, names, agents, seed, echo=typer.echo, style=Style(g, wants_colour(plain)), log_file=out,
            after_turn=after, **kw)
    except InputClosed:
        if input_file is not None:
            typer.echo(f"\nerror: --input {input_file} ended before the game did: game abandoned (add "
                       "--then-keyboard to answer the rest at the keyboard)", err=True)
        else:
            typer.echo("\nerror: the input ended before the game did: game abandoned", err=True)
        raise typer.Exit(code=1) from None
    except BadLog as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    except CardLangError as e:
        echo(e.render(), err=True)
        raise typer.Exit(code=1) from None
    except WriteFailed as e:  # the log is removed, never left cut short
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    finally:
        if out is not None and out.error is None:  # (a failed write was reported above)
            try:
                out.commit()  # the log of a game stopped early is whole up to where it stopped
            except WriteFailed as e:
                typer.echo(f"error: {e}", err=True)
                raise typer.Exit(code=1) from None


@app.command()
def replay(log: Annotated[Path, typer.Argument(metavar="FILE", help="A log written by `cardlang play --log FILE.jsonl`.")],
           seat: Annotated[Optional[int], typer.Option(metavar="N", help="Show the game as this seat saw it (1, 2, ...); "
                                                       "default: a spectator who sees everything.")] = None,
           step: Annotated[bool, typer.Option(help="Wait for Enter after each turn.")] = False,
           plain: Annotated[bool, typer.Option(help="No colour.")] = False,
           at: Annotated[Optional[str], typer.Option(metavar="STEP", help="Show only the table at this step, as --seat "
                                                     "sees it: N (after N decisions; 0 to the log's count) or a turn's "
                                                     "start, e.g. p2:3.")] = None) -> None:
    """Show a logged game again, turn by turn, from any seat's view; or the table at one step (--at)."""
    from cardlang.table.session import BadLog, ReplayAgent, read_log
    if not log.is_file():
        raise _fail_usage(f"{log}: no such file")
    try:
        head, answers = read_log(log)
    except BadLog as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    g = _load(head["game"], [Path(p) for p in head.get("with", [])])
    names = [str(n) for n in head["players"]]
    if not g.players[0] <= len(names) <= g.players[1]:
        typer.echo(f"error: {log}: {len(names)} players, but {g.id} is for {g.players[0]} to {g.players[1]}",
                   err=True)
        raise typer.Exit(code=1)
    if seat is not None and not 1 <= seat <= len(names):
        raise _fail_usage(f"--seat is 1 to {len(names)} in this game")
    pools: dict = {}
    by = {d.name: d for d in g.defs}
    for name, cards in (head.get("asked") or {}).items():  # the pools as `play` was asked for them
        if name in g.pools and (cards == "random" or isinstance(cards, list) and all(c in by for c in cards)):
            pools[name] = cards if cards == "random" else [by[c] for c in cards]
    variants = _parse_variants(g, head.get("variants"), len(names))
    if at is not None:  # the table at one step (cli/replay.py)
        from cardlang.cli.replay import show_at
        from cardlang.table.style import Style, wants_colour
        style = Style(g, wants_colour(plain))
        try:
            show_at(g, names, answers, head["seed"], pools=pools, variants=variants,
                    viewer=None if seat is None else seat - 1, at=at, echo=lambda line: echo(style.line(line)))
        except inputs.BadUsage as e:
            raise _fail_usage(str(e)) from None
        except BadLog as e:
            typer.echo(f"error: {e}", err=True)
            raise typer.Exit(code=1) from None
        return
    agent = ReplayAgent(answers)
    _tell(g, names, [agent] * len(names), head["seed"], pools=pools, variants=variants,
          viewer=None if seat is None else seat - 1, spectator=seat is None, plain=plain, step=step)
