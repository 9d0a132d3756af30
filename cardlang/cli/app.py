"""The Typer app every `cardlang` command registers on, its shared options, and the argument checks the
commands share (games, players, pools, variants). An error here is an `error:` line and exit 2 (bad usage)
or 1 (errors found in a source); nothing here plays a game or knows any game.
"""
from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang.cli import inputs
from cardlang.cli.inputs import BadUsage, echo
from cardlang.cli.inputs import print_errors as _print_errors

app = typer.Typer(no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Write card games as text; check, test, play, simulate and print them.")

WithOpt = Annotated[Optional[list[Path]], typer.Option("--with", metavar="FOLDER",
                                                       help="An expansion folder (or .card/.cl file) to add.")]
VariantOpt = Annotated[Optional[list[str]], typer.Option("--variant", metavar="NAME",
                                                         help="A variant the game declares (repeat for several).")]
NoOptOpt = Annotated[bool, typer.Option("--no-opt", help="Compile with no optimisation passes "
                                        "(compile/passes.py): the plain code, for comparing; the same results.")]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `cardlang games`).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
WorkersOpt = Annotated[Optional[int], typer.Option(metavar="N", min=1, help="Processes to use (default: every core). "
                                                   "Results never depend on it.")]
ExecutorOpt = Annotated[Optional[str], typer.Option(metavar="ADDRESS", help="dask://HOST:N: play the games on the Dask scheduler "
                                                    "there (needs the dask extra of cardlang); dask+tls://HOST:N "
                                                    "with the TLS settings of Dask's configuration.")]


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import PackageNotFoundError, version
        try:
            v = version("cardlang")
        except PackageNotFoundError:
            v = "unknown"
        typer.echo(f"cardlang {v}")
        raise typer.Exit()


@app.callback()
def _main(version: Annotated[Optional[bool], typer.Option("--version", callback=_version, is_eager=True,
                                                          help="Print the version and exit.")] = None) -> None:
    """Write card games as text; check, test, play, simulate and print them."""


def _usage(check, *args) -> None:
    """Run a check from cli/inputs.py; a problem becomes `error: ...` and exit 2."""
    try:
        check(*args)
    except BadUsage as e:
        raise _fail_usage(str(e)) from None


def _fail_usage(message: str) -> "typer.Exit":
    echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


def _load(game_id: str, extra: list[Path] | None = None, replace: list[Path] | None = None, *,
          no_opt: bool = False):
    from cardlang.compile.game import game_ids, load_game
    from cardlang.compile.passes import OPTIMISED, PLAIN
    from cardlang.errors import ErrorList
    if game_id not in game_ids():
        from cardlang.errors import did_you_mean
        hint = did_you_mean(game_id, game_ids())
        raise _fail_usage(f"unknown game '{game_id}'" + (f"; {hint}" if hint else "")
                          + f" (games: {', '.join(game_ids())})")
    _usage(inputs.with_paths, extra or [])
    try:
        return load_game(game_id, extra, replace=replace, options=PLAIN if no_opt else OPTIMISED)
    except ErrorList as e:
        _print_errors(e.errors)
        echo(f"{len(e.errors)} error(s) in {game_id}", err=True)
        raise typer.Exit(code=1) from None


def _parse_variants(game, variants: list[str] | None, players: int) -> frozenset[str]:
    chosen = [v.strip() for v in variants or () if v.strip()]
    problem = game.variant_problem(chosen, players)
    if problem is not None:
        raise _fail_usage(problem)
    return frozenset(chosen)


def _parse_players(game, players: str) -> list[str]:
    from cardlang.agents import UnknownAgent, agent_names, check_agent, split_players
    names = split_players(players)
    if "" in names:  # `a,,b` or a stray comma: a seat left out by mistake, not a smaller game
        where = "is empty" if names == [""] else "has an empty name (two commas, or a comma at an end)"
        raise _fail_usage(f"--players {players!r} {where}; name each seat, e.g. --players big-money,random")
    lo, hi = game.players
    if not (lo <= len(names) <= hi):
        raise _fail_usage(f"{game.id} is for {lo} to {hi} players; --players names {len(names)}")
    known = agent_names(game)
    for n in names:
        try:
            check_agent(game, n)
        except UnknownAgent:
            raise _fail_usage(f"unknown player '{n}' (choose from: {', '.join(known)})") from None
        except ValueError as e:  # the search bot's options (cardlang/search/options.py)
            raise _fail_usage(str(e)) from None
    return names


def _parse_pools(game, kingdom: Optional[str]):
    if kingdom is None:
        return None
    if not game.pools:
        raise _fail_usage(f"{game.id} has no card pool to choose")
    pool = next(iter(game.pools.values()))
    if kingdom == "random":
        return {pool.name: "random"}
    by_name = {d.name: d for d in pool.candidates}
    try:
        chosen = [by_name[n] for n in inputs.card_names(kingdom, by_name, "--kingdom", f"{pool.name} card")]
    except BadUsage as e:
        raise _fail_usage(str(e)) from None
    if len(chosen) != pool.size:
        raise _fail_usage(f"--kingdom needs {pool.size} cards, got {len(chosen)}")
    return {pool.name: chosen}


def _warn_absent(game, names: list[str], pools) -> None:
    """A bot that buys or plays a card by name that this game will not hold plays a weaker game than its
    author meant: say so (once per bot), and play on."""
    from cardlang.compile.bots import absent_cards
    for n in dict.fromkeys(names):
        if n in game.bots:
            missing = absent_cards(game, n, pools)
            if missing:
                echo(f"warning: bot '{n}' picks {', '.join(missing)} by name, but this game does not have "
                     f"{'it' if len(missing) == 1 else 'them'}", err=True)
