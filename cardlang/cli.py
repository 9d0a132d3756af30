"""The cardlang command line: games, cards, check, test, play, simulate, compare, report, primitives,
sheets.

Errors in sources are printed as `path:line:col: error: ...` with the line and a caret; bad usage exits 2,
errors found exit 1, and no input ever produces a Python traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang import cli_input
from cardlang.cli_input import BadUsage, echo

app = typer.Typer(no_args_is_help=True, add_completion=True, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Write card games as text; check, test, play, simulate and print them.")

WithOpt = Annotated[Optional[list[Path]], typer.Option("--with", metavar="FOLDER",
                                                       help="An expansion folder (or .card/.cl file) to add.")]
VariantOpt = Annotated[Optional[list[str]], typer.Option("--variant", metavar="NAME",
                                                         help="A variant the game declares (repeat for several).")]
GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id (see `cardlang games`).")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]
WorkersOpt = Annotated[Optional[int], typer.Option(min=1, help="Processes to use (default: every core). "
                                                   "Results never depend on it.")]
ExecutorOpt = Annotated[Optional[str], typer.Option(help="dask://HOST:N: play the games on the Dask scheduler "
                                                    "there (needs the dask extra of cardlang).")]


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
    """Run a check from cli_input; a problem becomes `error: ...` and exit 2."""
    try:
        check(*args)
    except BadUsage as e:
        raise _fail_usage(str(e)) from None


def _fail_usage(message: str) -> "typer.Exit":
    echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


def _print_errors(errors) -> None:
    for e in errors:
        echo(e.render(), err=True)
        echo("", err=True)


def _load(game_id: str, extra: list[Path] | None = None, replace: list[Path] | None = None):
    from cardlang.compile.game import game_ids, load_game
    from cardlang.errors import ErrorList
    if game_id not in game_ids():
        from cardlang.errors import did_you_mean
        hint = did_you_mean(game_id, game_ids())
        raise _fail_usage(f"unknown game '{game_id}'" + (f"; {hint}" if hint else "")
                          + f" (games: {', '.join(game_ids())})")
    _usage(cli_input.with_paths, extra or [])
    try:
        return load_game(game_id, extra, replace=replace)
    except ErrorList as e:
        _print_errors(e.errors)
        echo(f"{len(e.errors)} error(s) in {game_id}", err=True)
        raise typer.Exit(code=1) from None


@app.command()
def games(json_: JsonOpt = False) -> None:
    """List the games that ship with cardlang."""
    from cardlang.compile.game import game_ids, load_game
    from cardlang.errors import ErrorList
    rows = []
    for gid in game_ids():
        try:
            g = load_game(gid)
            rows.append({"id": gid, "title": g.title, "players": list(g.players), "cards": len(g.defs),
                         "variants": list(g.spec.variants), "bots": _players_of(g)})
        except ErrorList as e:  # a broken game still gets listed; `check` says why
            rows.append({"id": gid, "errors": len(e.errors)})
    if json_:
        typer.echo(json.dumps(rows))
        return
    for r in rows:
        if "errors" in r:
            echo(f"{r['id']:20} (does not load: run `cardlang check games/{r['id']}`)")
        else:
            echo(f"{r['id']:20} {r['title']} ({r['players'][0]}-{r['players'][1]} players, {r['cards']} cards)")


def _players_of(game) -> list[str]:
    from cardlang.agents import bot_names
    return bot_names(game)


def _card_line(d, marks: bool = True, types: tuple[str, ...] | None = None, dynamic=None) -> str:
    rec = d.meta.get("reconstructed", set())
    props = []
    for k, v in d.props.items():
        props.append(f"{k} {v}{'†' if k in rec else ''}")
    for k in d.dynamic if dynamic is None else dynamic:  # DYNAMIC: the ones printed as "*"
        props.append(f"{k} *{'†' if k in rec else ''}")
    types = ", ".join(sorted(d.types) if types is None else types)  # TYPES: as printed, main type first
    text = " ".join(d.text)
    if any(r.startswith("on ") for r in rec):
        text += " †"
    return f"{d.name} [{types}] {'; '.join(props)}\n    {text}".rstrip()


@app.command()
def cards(game: GameArg, with_: WithOpt = None, json_: JsonOpt = False) -> None:
    """Every card of a game: cost, types, properties, and rules text generated from its source.

    A † marks a number or ability that is reconstructed (not from a public source)."""
    from cardlang.render.build import printed_dynamic, type_line
    g = _load(game, with_)
    if json_:
        _cards_json(g)
        return
    for d in sorted(g.defs, key=lambda d: (d.props.get("cost", 0) if isinstance(d.props.get("cost", 0), int)
                                           else 0, d.name)):
        typer.echo(_card_line(d, types=type_line(g, d.name), dynamic=printed_dynamic(g, d)))
    if any(d.meta.get("reconstructed") for d in g.defs):
        echo("\n† reconstructed: not from a public source; correct it by editing the card file.")


def _cards_json(g) -> None:
    defs = sorted(g.defs, key=lambda d: (d.props.get("cost", 0) if isinstance(d.props.get("cost", 0), int)
                                         else 0, d.name))
    typer.echo(json.dumps([{"name": d.name, "types": sorted(d.types), "properties": dict(d.props),
                            "dynamic": sorted(d.dynamic), "text": " ".join(d.text),
                            "reconstructed": sorted(d.meta.get("reconstructed", ())),
                            "file": str(g.card_files.get(d.name, ""))} for d in defs]))


@app.command()
def check(paths: Annotated[list[Path], typer.Argument(metavar="PATH...", help="Card, game or scenario files or folders.")],
          game: Annotated[Optional[str], typer.Option(metavar="GAME", help="Check loose files as cards of this game.")] = None,
          with_: WithOpt = None) -> None:
    """Parse and compile sources; print every error, all in one run."""
    from cardlang.compile.game import game_ids, load_game, project_root, source_files
    from cardlang.compile.scenario import load_scenarios
    from cardlang.errors import CardLangError, ErrorList, Span
    from cardlang.syntax.parser import parse
    for p in paths:
        if not p.exists():
            raise _fail_usage(f"{p}: no such file or folder")
    root = project_root().resolve()
    ids = set(game_ids())
    if game and game not in ids:
        from cardlang.errors import did_you_mean
        hint = did_you_mean(game, ids)
        raise _fail_usage(f"unknown game '{game}'" + (f"; {hint}" if hint else "") + f" (games: {', '.join(sorted(ids))})")
    _usage(cli_input.with_paths, with_ or [])
    games_to_load: set[str] = set()
    loose: list[Path] = []
    found = [f for f in source_files(paths, (".card", ".cl", ".scenario")) if f.is_file()]
    if not found:
        raise _fail_usage(f"nothing to check: no .card, .cl or .scenario files in {', '.join(map(str, paths))}")
    for f in found:
        parts = f.resolve().parts
        gid = None
        for folder in ("cards", "games"):
            base = (root / folder).parts
            if parts[: len(base)] == base and len(parts) > len(base) and parts[len(base)] in ids:
                gid = parts[len(base)]
        if gid is not None and f.suffix != ".scenario":
            games_to_load.add(gid)
        else:
            loose.append(f)
    extra = list(with_ or []) + ([f for f in loose if f.suffix == ".card"] if game else [])
    if game:
        games_to_load.add(game)
    errors: list[CardLangError] = []
    checked = 0
    for gid in sorted(games_to_load):
        try:
            g = load_game(gid, extra if gid == game else list(with_ or []))
            checked += len(g.defs)
        except ErrorList as e:
            errors.extend(e.errors)
    for f in loose:
        if game and f.suffix == ".card":
            continue
        try:
            if f.suffix == ".scenario":
                load_scenarios(f)
            else:
                parse(f.read_text(encoding="utf-8"), str(f))
        except CardLangError as e:
            errors.append(e)
        except (OSError, UnicodeDecodeError) as e:
            errors.append(CardLangError(f"cannot read this file: {e.__class__.__name__}", Span(str(f), 1, 1, 1, 1)))
    if errors:
        _print_errors(errors)
        echo(f"{len(errors)} error(s)", err=True)
        raise typer.Exit(code=1)
    echo(f"ok: {checked} cards in {len(games_to_load)} game(s), {len(loose)} other file(s)")


@app.command()
def test(paths: Annotated[list[Path], typer.Argument(metavar="PATH...", help="Scenario files or folders.")],
         with_: WithOpt = None, variant: VariantOpt = None,
         quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Print only failures and the count.")] = False
         ) -> None:
    """Run scenario files; report each as passed or failed."""
    from cardlang.compile.game import game_ids, load_game
    from cardlang.compile.scenario import collect, run_scenario
    from cardlang.errors import CardLangError, ErrorList
    for p in paths:
        if not p.exists():
            raise _fail_usage(f"{p}: no such file or folder")
    _usage(cli_input.with_paths, with_ or [])
    found = collect(paths)
    if not found:
        raise _fail_usage("no .scenario files found")
    extra = list(with_ or [])
    variants = tuple(v.strip() for v in variant or () if v.strip())
    # Each game the scenarios name is loaded once, up front: a source that does not load is reported
    # once (not once per scenario), and a --variant the game does not declare is a usage error.
    cache: dict = {}
    broken: set[str] = set()
    for gid in sorted({g for _, item in found if not isinstance(item, CardLangError)
                       for g in [_scenario_game(item)] if g in game_ids()}):
        try:
            game = cache[(gid, tuple(map(str, extra)))] = load_game(gid, extra)
        except ErrorList as e:
            _print_errors(e.errors)
            echo(f"{len(e.errors)} error(s) in {gid}: its scenarios cannot run", err=True)
            broken.add(gid)
            continue
        unknown = [v for v in variants if v not in game.spec.variants]
        if unknown:
            known = ", ".join(game.spec.variants) or "none"
            raise _fail_usage(f"{gid} has no variant '{unknown[0]}' (variants: {known})")
    failed = passed = 0
    for path, item in found:
        if isinstance(item, CardLangError):
            echo(item.render(), err=True)
            failed += 1
            continue
        if _scenario_game(item) in broken:
            failed += 1
            continue
        try:
            r = run_scenario(item, extra, cache, variants=variants)
        except ErrorList as e:  # cards beside the scenario that do not load
            _print_errors(e.errors)
            failed += 1
            continue
        if r.passed:
            passed += 1
            if not quiet:
                echo(f"PASS {path}: {item.name}")
        else:
            failed += 1
            echo(f"FAIL {path}: {item.name}")
            echo(r.error.render(), err=True)
    echo(f"{passed} passed, {failed} failed")
    if failed:
        raise typer.Exit(code=1)


def _scenario_game(decl) -> str | None:
    """The game a scenario names in its `game ID;` line (underscores read as dashes), if it names one."""
    from cardlang.syntax import ast
    for st in decl.body.stmts:
        if isinstance(st, ast.Call) and st.verb == "game" and len(st.args) == 1 \
                and isinstance(st.args[0], ast.NameRef):
            return st.args[0].name.replace("_", "-")
    return None


def _parse_variants(game, variants: list[str] | None, players: int) -> frozenset[str]:
    chosen = [v.strip() for v in variants or () if v.strip()]
    problem = game.variant_problem(chosen, players)
    if problem is not None:
        raise _fail_usage(problem)
    return frozenset(chosen)


def _parse_players(game, players: str) -> list[str]:
    from cardlang.agents import agent_names
    names = [p.strip() for p in players.split(",") if p.strip()]
    lo, hi = game.players
    if not (lo <= len(names) <= hi):
        raise _fail_usage(f"{game.id} is for {lo} to {hi} players; --players names {len(names)}")
    known = agent_names(game)
    for n in names:
        if n not in known:
            raise _fail_usage(f"unknown player '{n}' (choose from: {', '.join(known)})")
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
        chosen = [by_name[n] for n in cli_input.card_names(kingdom, by_name, "--kingdom", f"{pool.name} card")]
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


@app.command()
def play(game: Annotated[str, typer.Argument(help="Game id.")],
         players: Annotated[Optional[str], typer.Option(
             help="Comma-separated: human, random, or bot names (default: human against the game's first "
                  "bot; big-money where there is one).")] = None,
         seed: Annotated[int, typer.Option(help="Seed of the game's one RNG.")] = 1,
         kingdom: Annotated[Optional[str], typer.Option(help="'random' or a comma-separated list of cards.")] = None,
         log: Annotated[Optional[Path], typer.Option(help="Write every event as JSON lines to this file "
                                                     "(`cardlang replay` shows it again).")] = None,
         quiet: Annotated[bool, typer.Option(help="Print only the result.")] = False,
         input_: Annotated[Optional[Path], typer.Option("--input", help="Answer the prompts from this file, "
                                                        "one answer a line.")] = None,
         plain: Annotated[bool, typer.Option(help="No colour (also when NO_COLOR is set or not a terminal).")] = False,
         with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Play one game in the terminal, humans against bots, told turn by turn in the game's own words."""
    from cardlang.agents import make_agent
    g = _load(game, with_)
    if players is None:
        from cardlang.agents import bot_names
        bots = bot_names(g)
        players = "human," + ("big-money" if "big-money" in bots else bots[0] if bots else "random")
    names = _parse_players(g, players)
    pools = _parse_pools(g, kingdom)
    if log is not None:
        _usage(cli_input.output_file, log, "--log")
    _warn_absent(g, names, pools)
    variants = _parse_variants(g, variant, len(names))
    if input_ is not None and not input_.is_file():
        raise _fail_usage(f"--input {input_}: no such file")
    agents = [make_agent(g, n, seed + i) for i, n in enumerate(names)]
    humans = [i for i, n in enumerate(names) if n == "human"]
    if input_ is not None:
        from cardlang.table.session import input_answers
        try:
            answers = input_answers(input_)  # one file answers every person's prompts, in game order
        except (OSError, UnicodeDecodeError) as e:
            raise _fail_usage(f"--input {input_}: cannot read: {e}") from None
        for i in humans:
            agents[i].answers = answers
    talk: list = []  # table talk: what one person says ("say ...") the others read; bots never do
    for i in humans:
        agents[i].shared_screen = len(humans) > 1  # secret picks then clear the screen between players
        agents[i].table = talk
    # One person: that seat's view; several: only what is public; bots alone: an all-seeing spectator.
    viewer = humans[0] if len(humans) == 1 else None
    _tell(g, names, agents, seed, pools=pools, variants=variants, viewer=viewer, spectator=not humans,
          plain=plain, log=log, quiet=quiet, with_=with_)


def _tell(g, names, agents, seed, *, log=None, plain=False, step=False, **kw) -> None:
    """Run a game through the table (cardlang/table/session.py), with the CLI's error handling."""
    from cardlang.cli_human import InputClosed
    from cardlang.errors import CardLangError
    from cardlang.table.session import BadLog, run
    from cardlang.table.style import Style, wants_colour
    try:
        out = open(log, "w", encoding="utf-8") if log else None
    except OSError as e:
        raise _fail_usage(f"--log {log}: cannot write: {e.strerror}") from None
    after = (lambda: typer.prompt("", default="", show_default=False, prompt_suffix="(Enter) ")) if step else None
    try:
        run(g, names, agents, seed, echo=typer.echo, style=Style(g, wants_colour(plain)), log_file=out,
            after_turn=after, **kw)
    except InputClosed:
        typer.echo("\nerror: the input ended before the game did: game abandoned", err=True)
        raise typer.Exit(code=1) from None
    except BadLog as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    except CardLangError as e:
        echo(e.render(), err=True)
        raise typer.Exit(code=1) from None
    finally:
        if out is not None:
            out.close()


@app.command()
def replay(log: Annotated[Path, typer.Argument(help="A log written by `cardlang play --log FILE.jsonl`.")],
           seat: Annotated[Optional[int], typer.Option(help="Show the game as this seat saw it (1, 2, ...); "
                                                       "default: a spectator who sees everything.")] = None,
           step: Annotated[bool, typer.Option(help="Wait for Enter after each turn.")] = False,
           plain: Annotated[bool, typer.Option(help="No colour.")] = False) -> None:
    """Show a logged game again, turn by turn, from any seat's view."""
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
    agent = ReplayAgent(answers)
    _tell(g, names, [agent] * len(names), head["seed"], pools=pools, variants=variants,
          viewer=None if seat is None else seat - 1, spectator=seat is None, plain=plain, step=step)


@app.command()
def simulate(game: Annotated[str, typer.Argument(help="Game id.")],
             players: Annotated[str, typer.Option(help="Comma-separated bot names (or random).")],
             games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
             seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same results.")] = 1,
             kingdom: Annotated[Optional[str], typer.Option(help="'random' or a list of cards.")] = None,
             json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
             per_game: Annotated[Optional[Path], typer.Option(help="Write one JSON line per game here.")] = None,
             workers: WorkersOpt = None, executor: ExecutorOpt = None,
             start: Annotated[int, typer.Option(min=0, help="Index of the first game (replay part of a run "
                                                "alone: game N always has the same seed).")] = 0,
             check: Annotated[bool, typer.Option("--check", help="Check the invariants after every step; "
                                                 "report each game that breaks one.")] = False,
             max_turns: Annotated[int, typer.Option(min=1, help="Stop a game after this many turns "
                                                    "(counted as stopped).")] = 1000,
             stats: Annotated[bool, typer.Option("--stats", help="Per-card and per-seat statistics, game "
                                                 "lengths, margins and end conditions.")] = False,
             with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Simulate many bot games on every core; print wins with 95% intervals, ties, turns and speed.

    Ctrl-C prints the totals of the games finished so far, marked partial, and exits 130."""
    from cardlang.cli_simulate import print_outcome, run_job
    from cardlang.stats import StatsAccumulator
    g = _load(game, with_)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("simulate plays bots only; 'human' cannot take part")
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, len(names))
    if per_game is not None:
        _usage(cli_input.output_file, per_game, "--per-game")
    _warn_absent(g, names, pools)
    outcome, job = run_job(g, names, games, seed, pools=pools, variants=variants, per_game=per_game,
                           workers=workers, executor=executor, start=start, check=check, max_turns=max_turns,
                           extra=with_, quiet=json_,
                           accumulators=(StatsAccumulator,) if stats else ())
    print_outcome(g, job, outcome, games, json_=json_, start=start)


def _arms(game, players, a, b, with_, variant, command: str):
    """Load both arms of an A/B run and check the players and variants against them."""
    arms, labels, replace = [], [], []
    for opt, path in (("--a", a), ("--b", b)):
        if path is not None and not path.exists():
            raise _fail_usage(f"{opt} {path}: no such file or folder")
        replace.append([path] if path else None)  # the workers load the arm from these paths too
        arms.append(_load(game, with_, replace[-1]))
        labels.append(str(path) if path else "the cards as shipped")
    names = _parse_players(arms[0], players)
    if "human" in names:
        raise _fail_usage(f"{command} plays bots only; 'human' cannot take part")
    _parse_players(arms[1], players)
    return arms, labels, replace, names, _parse_variants(arms[0], variant, len(names))


ArmOpt = "An expansion folder or a card file; its cards replace the game's cards of the same name " \
    "(default: the cards as shipped)."


@app.command()
def compare(game: Annotated[str, typer.Argument(help="Game id.")],
            players: Annotated[str, typer.Option(help="Comma-separated bot names; the first is compared.")],
            a: Annotated[Optional[Path], typer.Option("--a", help="Arm A. " + ArmOpt)] = None,
            b: Annotated[Optional[Path], typer.Option("--b", help="Arm B. " + ArmOpt)] = None,
            games: Annotated[int, typer.Option(min=1, help="Games per arm.")] = 1000,
            seed: Annotated[int, typer.Option(help="Seed; both arms play the same seeds.")] = 1,
            kingdom: Annotated[Optional[str], typer.Option(help="'random' or a list of cards.")] = None,
            json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
            workers: WorkersOpt = None, executor: ExecutorOpt = None,
            with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """A/B test a card edit: both versions on the same seeds, each arm's win rates, and the paired
    difference B - A with its 95% interval and an exact sign-test p-value."""
    from cardlang.cli_simulate import play_arms
    from cardlang.compare import Comparison, text_lines
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "compare")
    (arm_a, arm_b), _ = play_arms(arms, replace, names, games, seed, pools=[_parse_pools(g, kingdom) for g in arms],
                                  variants=variants, extra=with_, workers=workers, executor=executor, quiet=json_)
    c = Comparison(names, arm_a, arm_b, (labels[0], labels[1]))
    if json_:
        typer.echo(json.dumps({"game": arms[0].id, "seed": seed, **c.to_json()}))
        return
    for line in text_lines(c, arms[0].title):
        typer.echo(line)


@app.command()
def report(game: Annotated[str, typer.Argument(help="Game id.")],
           players: Annotated[str, typer.Option(help="Comma-separated bot names; the first is compared.")],
           out: Annotated[Path, typer.Option("-o", "--out", help="The HTML file to write.")] = Path("report.html"),
           games: Annotated[int, typer.Option(min=1, help="Games (per arm, with --b).")] = 1000,
           seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same report.")] = 1,
           kingdom: Annotated[Optional[str], typer.Option(help="'random' or a list of cards.")] = None,
           a: Annotated[Optional[Path], typer.Option("--a", help="Cards simulated (arm A). " + ArmOpt)] = None,
           b: Annotated[Optional[Path], typer.Option("--b", help="With it, an A/B comparison. " + ArmOpt)] = None,
           workers: WorkersOpt = None, executor: ExecutorOpt = None,
           with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """One HTML page of tables and charts: win rates, seats, game lengths, end conditions, per-card win
    rates and (with --b) the A/B difference. Needs the `cardlang[report]` extra; works with no network."""
    from cardlang.cli_simulate import play_arms
    from cardlang.compare import Comparison
    from cardlang.render.report import MissingExtra, render_report, require_plotly
    arms, labels, replace, names, variants = _arms(game, players, a, b, with_, variant, "report")
    if out.is_dir() or not out.parent.is_dir():
        raise _fail_usage(f"-o {out}: not a file in an existing folder")
    try:
        require_plotly()  # before the games are played, not after
    except MissingExtra as e:
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    if b is None:
        arms, replace = arms[:1], replace[:1]
    outcomes, stats = play_arms(arms, replace, names, games, seed, pools=[_parse_pools(g, kingdom) for g in arms],
                                variants=variants, extra=with_, workers=workers, executor=executor, stats=True)
    arm_a = outcomes[0]
    comparison = None if b is None else Comparison(names, arm_a, outcomes[1], (labels[0], labels[1]))
    meta = [f"{games} games{' per arm' if b else ''}, seed {seed}, seats rotating; bots: {', '.join(names)}"
            + (f"; variant {', '.join(sorted(variants))}" if variants else "") + f"; cards: {labels[0]}"]
    page = render_report(title=f"{arms[0].title}: balance report", meta=meta, stats=stats,
                         wins=arm_a.figures(), comparison=comparison)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as e:
        raise _fail_usage(f"-o {out}: cannot write: {e.strerror}") from None
    typer.echo(f"wrote {out} ({stats.games} games{', A/B' if b else ''})")


@app.command()
def primitives(game: Annotated[Optional[str], typer.Option(metavar="GAME", help="Also list this game's own verbs.")] = None,
               json_: JsonOpt = False) -> None:
    """Print every verb and function of the language, from the registry (never hand-written)."""
    from cardlang.primitives import CORE
    g = _load(game) if game else None  # a wrong game id is an error before anything is printed
    core = [{"name": p.verb, "kind": p.kind, "signature": p.signature, "doc": p.doc, "example": p.example}
            for p in CORE.all()]
    own = [{"name": name, "kind": "game verb", "params": [{"name": p.name, "type": p.type} for p in v.params],
            "text": v.text, "at": str(v.span)} for name, v in g.spec.verbs.items()] if g else []
    if json_:
        typer.echo(json.dumps({"primitives": core, "game_verbs": own}))
        return
    for p in core:
        echo(f"{p['signature']:50} {p['kind']}: {p['doc']}")
        if p["example"]:
            echo(f"{'':50}   e.g. {p['example']}")
    if g:
        echo(f"\n{g.title}: verbs written in the language")
        for name, v in g.spec.verbs.items():
            params = ", ".join(p.name + (f": {p.type}" if p.type else "") for p in v.params)
            echo(f"{name}({params})  {v.text or ''}  [{v.span}]")


@app.command()
def sheets(game: Annotated[str, typer.Argument(help="Game id.")],
           out: Annotated[Path, typer.Option("-o", "--out", help="Output folder.")] = Path("sheets"),
           format: Annotated[str, typer.Option(help="html, pdf or md.")] = "html",
           paper: Annotated[str, typer.Option(help="a4 or letter.")] = "a4",
           cards_: Annotated[Optional[str], typer.Option("--cards", help="Only these cards, comma-separated.")] = None,
           with_: WithOpt = None) -> None:
    """Print card sheets (63 x 88 mm, 9 a page) and a rules reference, generated from the sources."""
    from cardlang.render.build import card_faces, rules_reference
    from cardlang.render import sheets as S
    if format not in ("html", "pdf", "md"):
        raise _fail_usage("--format is html, pdf or md")
    if paper not in ("a4", "letter"):
        raise _fail_usage("--paper is a4 or letter")
    _usage(cli_input.output_folder, out, "--out")
    g = _load(game, with_)
    names = None
    if cards_ is not None:
        try:
            names = cli_input.card_names(cards_, [d.name for d in g.defs], "--cards", f"card of {g.id}")
        except BadUsage as e:
            raise _fail_usage(str(e)) from None
    faces = card_faces(g, names)
    ref = rules_reference(g)
    out.mkdir(parents=True, exist_ok=True)
    if format == "md":
        path = out / f"{g.id}.md"
        path.write_text(S.render_markdown(faces, ref, title=g.title), encoding="utf-8")
    else:
        html = S.render_html(faces, ref, paper=paper, title=g.title)
        if format == "html":
            path = out / f"{g.id}.html"
            path.write_text(html, encoding="utf-8")
        else:
            path = out / f"{g.id}.pdf"
            try:
                S.render_pdf(html, path)
            except S.MissingExtra as e:
                echo(f"error: {e}", err=True)
                raise typer.Exit(code=1) from None
    echo(f"wrote {path} ({len(faces)} cards)")


from cardlang import cli_compile  # noqa: E402,F401  (registers `cardlang compile`)


def main() -> None:
    """Entry point: like `app()`, but an engine bug ends with one line, not a traceback."""
    import os
    try:
        app()
    except KeyboardInterrupt:
        typer.echo("\ninterrupted", err=True)
        raise SystemExit(130) from None
    except Exception as e:  # noqa: BLE001 - the last line of defence; CARDLANG_DEBUG=1 shows the traceback
        if os.environ.get("CARDLANG_DEBUG"):
            raise
        typer.echo(f"internal error: {e.__class__.__name__}: {e} (set CARDLANG_DEBUG=1 for details)", err=True)
        raise SystemExit(1) from None
