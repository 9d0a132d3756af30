"""The cardlang command line: games, cards, check, test, play, simulate, primitives, sheets.

Errors in sources are printed as `path:line:col: error: ...` with the line and a caret; bad usage exits 2,
errors found exit 1, and no input ever produces a Python traceback.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

app = typer.Typer(no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False,
                  help="Write card games as text; check, test, play, simulate and print them.")

WithOpt = Annotated[Optional[list[Path]], typer.Option("--with", help="An expansion folder of cards to add.")]
VariantOpt = Annotated[Optional[list[str]], typer.Option("--variant", help="A variant the game declares "
                                                          "(repeat for several).")]


def _fail_usage(message: str) -> "typer.Exit":
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code=2)


def _print_errors(errors) -> None:
    for e in errors:
        typer.echo(e.render(), err=True)
        typer.echo("", err=True)


def _load(game_id: str, extra: list[Path] | None = None):
    from cardlang.compile.game import game_ids, load_game
    from cardlang.errors import ErrorList
    if game_id not in game_ids():
        from cardlang.errors import did_you_mean
        hint = did_you_mean(game_id, game_ids())
        raise _fail_usage(f"unknown game '{game_id}'" + (f"; {hint}" if hint else "")
                          + f" (games: {', '.join(game_ids())})")
    for p in extra or []:
        if not p.exists():
            raise _fail_usage(f"--with {p}: no such file or folder")
    try:
        return load_game(game_id, extra)
    except ErrorList as e:
        _print_errors(e.errors)
        typer.echo(f"{len(e.errors)} error(s) in {game_id}", err=True)
        raise typer.Exit(code=1) from None


@app.command()
def games() -> None:
    """List the games that ship with cardlang."""
    from cardlang.compile.game import game_ids, load_game
    for gid in game_ids():
        try:
            g = load_game(gid)
            typer.echo(f"{gid:20} {g.title} ({g.players[0]}-{g.players[1]} players, {len(g.defs)} cards)")
        except Exception:  # a broken game still gets listed; `check` says why
            typer.echo(f"{gid:20} (does not load: run `cardlang check games/{gid}`)")


def _card_line(d, marks: bool = True) -> str:
    rec = d.meta.get("reconstructed", set())
    props = []
    for k, v in d.props.items():
        props.append(f"{k} {v}{'†' if k in rec else ''}")
    for k in d.dynamic:
        props.append(f"{k} *{'†' if k in rec else ''}")
    types = ", ".join(sorted(d.types))
    text = " ".join(d.text)
    if any(r.startswith("on ") for r in rec):
        text += " †"
    return f"{d.name} [{types}] {'; '.join(props)}\n    {text}".rstrip()


@app.command()
def cards(game: Annotated[str, typer.Argument(help="Game id (see `cardlang games`).")],
          with_: WithOpt = None) -> None:
    """Every card of a game: cost, types, properties, and rules text generated from its source.

    A † marks a number or ability that is reconstructed (not from a public source)."""
    g = _load(game, with_)
    for d in sorted(g.defs, key=lambda d: (d.props.get("cost", 0) if isinstance(d.props.get("cost", 0), int)
                                           else 0, d.name)):
        typer.echo(_card_line(d))
    if any(d.meta.get("reconstructed") for d in g.defs):
        typer.echo("\n† reconstructed: not from a public source; correct it by editing the card file.")


@app.command()
def check(paths: Annotated[list[Path], typer.Argument(help="Card, game or scenario files or folders.")],
          game: Annotated[Optional[str], typer.Option(help="Check loose files as cards of this game.")] = None,
          with_: WithOpt = None) -> None:
    """Parse and compile sources; print every error, all in one run."""
    from cardlang.compile.game import game_ids, load_game, project_root, source_files
    from cardlang.compile.scenario import load_scenarios
    from cardlang.errors import CardLangError, ErrorList
    from cardlang.syntax.parser import parse
    for p in paths:
        if not p.exists():
            raise _fail_usage(f"{p}: no such file or folder")
    root = project_root().resolve()
    ids = set(game_ids())
    games_to_load: set[str] = set()
    loose: list[Path] = []
    for f in source_files(paths, (".card", ".cl", ".scenario")):
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
        if game not in ids:
            raise _fail_usage(f"unknown game '{game}'")
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
            typer.echo(f"{f}: error: cannot read: {e}", err=True)
            raise typer.Exit(code=1) from None
    if errors:
        _print_errors(errors)
        typer.echo(f"{len(errors)} error(s)", err=True)
        raise typer.Exit(code=1)
    typer.echo(f"ok: {checked} cards in {len(games_to_load)} game(s), {len(loose)} other file(s)")


@app.command()
def test(paths: Annotated[list[Path], typer.Argument(help="Scenario files or folders.")],
         with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Run scenario files; report each as passed or failed."""
    from cardlang.compile.scenario import collect, run_scenario
    from cardlang.errors import CardLangError
    for p in paths:
        if not p.exists():
            raise _fail_usage(f"{p}: no such file or folder")
    found = collect(paths)
    if not found:
        raise _fail_usage("no .scenario files found")
    cache: dict = {}
    failed = passed = 0
    for path, item in found:
        if isinstance(item, CardLangError):
            typer.echo(item.render(), err=True)
            failed += 1
            continue
        r = run_scenario(item, list(with_ or []), cache, variants=tuple(variant or ()))
        if r.passed:
            passed += 1
            typer.echo(f"PASS {path}: {item.name}")
        else:
            failed += 1
            typer.echo(f"FAIL {path}: {item.name}")
            typer.echo(r.error.render(), err=True)
    typer.echo(f"{passed} passed, {failed} failed")
    if failed:
        raise typer.Exit(code=1)


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
    by_lower = {d.name.lower(): d for d in pool.candidates}
    chosen = []
    for n in [x.strip() for x in kingdom.split(",") if x.strip()]:
        d = by_lower.get(n.lower())
        if d is None:
            from cardlang.errors import did_you_mean
            hint = did_you_mean(n, [c.name for c in pool.candidates])
            raise _fail_usage(f"'{n}' is not a {pool.name} card" + (f"; {hint}" if hint else ""))
        chosen.append(d)
    if len(chosen) != pool.size:
        raise _fail_usage(f"--kingdom needs {pool.size} cards, got {len(chosen)}")
    return {pool.name: chosen}


@app.command()
def play(game: Annotated[str, typer.Argument(help="Game id.")],
         players: Annotated[Optional[str], typer.Option(
             help="Comma-separated: human, random, or bot names (default: human against the game's first "
                  "bot; big-money where there is one).")] = None,
         seed: Annotated[int, typer.Option(help="Seed of the game's one RNG.")] = 1,
         kingdom: Annotated[Optional[str], typer.Option(help="'random' or a comma-separated list of cards.")] = None,
         log: Annotated[Optional[Path], typer.Option(help="Write every event as JSON lines to this file.")] = None,
         quiet: Annotated[bool, typer.Option(help="Print only the result.")] = False,
         with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Play one game in the terminal, humans against bots, printed turn by turn."""
    from cardlang.agents import make_agent
    from cardlang.errors import CardLangError
    from cardlang.runtime.engine import play_game
    from cardlang.runtime.events import event_dict, render_event, render_event_for
    from cardlang.cli_human import InputClosed
    g = _load(game, with_)
    if players is None:
        bots = list(g.bots)
        players = "human," + ("big-money" if "big-money" in bots else bots[0] if bots else "random")
    names = _parse_players(g, players)
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, len(names))
    agents = [make_agent(g, n, seed + i) for i, n in enumerate(names)]
    out = open(log, "w", encoding="utf-8") if log else None
    humans = [i for i, n in enumerate(names) if n == "human"]
    talk: list = []  # table talk: what one person says ("say ...") the others read; bots never do
    for i in humans:
        agents[i].shared_screen = len(humans) > 1  # secret picks then clear the screen between players
        agents[i].table = talk
    # With one person at the table the log shows what that seat may see; with several, only what is
    # public; a game of bots alone is watched by an all-seeing spectator.
    viewer = humans[0] if len(humans) == 1 else None

    def listener_factory():
        def listen(e: tuple) -> None:
            if out is not None:
                out.write(json.dumps(event_dict(e)) + "\n")
            if quiet:
                return
            if not humans:
                if e[0] not in ("Moved", "Created", "Counter"):
                    typer.echo(render_event(state, e))
                return
            line = render_event_for(state, e, viewer)
            if line is not None:
                typer.echo(line)
        return listen
    from cardlang.runtime import engine
    try:
        state = g.new_state(len(agents), seed, log=False)
        state.variants = variants
        state.agents = agents
        state.listeners.append(listener_factory())
        engine.choose_pools(g, state, pools)
        from cardlang.runtime.state import Ctx, GameOver
        try:
            g.setup(Ctx(state, 0, None, {}, "setup"))
        except GameOver:
            pass
        r = engine.play_out(g, state)
    except InputClosed:
        typer.echo("\nInput closed: game abandoned.", err=True)
        raise typer.Exit(code=1) from None
    except CardLangError as e:
        typer.echo(e.render(), err=True)
        raise typer.Exit(code=1) from None
    finally:
        if out is not None:
            out.close()
    winners = ", ".join(f"p{w + 1} ({names[w]})" for w in r.winners) or "nobody"
    typer.echo(f"Scores: {', '.join(f'p{i + 1} {names[i]}: {s}' for i, s in enumerate(r.scores))}")
    typer.echo(f"Turns: {r.turns}. Winner: {winners}")


@app.command()
def simulate(game: Annotated[str, typer.Argument(help="Game id.")],
             players: Annotated[str, typer.Option(help="Comma-separated bot names (or random).")],
             games: Annotated[int, typer.Option(min=1, help="Number of games.")] = 100,
             seed: Annotated[int, typer.Option(help="Seed; the same seed gives the same results.")] = 1,
             kingdom: Annotated[Optional[str], typer.Option(help="'random' or a list of cards.")] = None,
             json_: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
             per_game: Annotated[Optional[Path], typer.Option(help="Write one JSON line per game here.")] = None,
             workers: Annotated[Optional[int], typer.Option(min=1, help="Processes to use (default: every "
                                                            "core). Results never depend on it.")] = None,
             executor: Annotated[Optional[str], typer.Option(help="dask://HOST:N: play the games on the Dask "
                                                             "scheduler there (needs the dask extra of cardlang).")] = None,
             start: Annotated[int, typer.Option(min=0, help="Index of the first game (replay part of a run "
                                                "alone: game N always has the same seed).")] = 0,
             check: Annotated[bool, typer.Option("--check", help="Check the invariants after every step; "
                                                 "report each game that breaks one.")] = False,
             max_turns: Annotated[int, typer.Option(min=1, help="Stop a game after this many turns "
                                                    "(counted as stopped).")] = 1000,
             with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Simulate many bot games on every core; print wins with 95% intervals, ties, turns and speed.

    Ctrl-C prints the totals of the games finished so far, marked partial, and exits 130."""
    from cardlang.cli_simulate import print_outcome, run_job
    g = _load(game, with_)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("simulate plays bots only; 'human' cannot take part")
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, len(names))
    outcome, job = run_job(g, names, games, seed, pools=pools, variants=variants, per_game=per_game,
                           workers=workers, executor=executor, start=start, check=check, max_turns=max_turns,
                           extra=with_, quiet=json_)
    print_outcome(g, job, outcome, games, json_=json_, start=start)


@app.command()
def primitives(game: Annotated[Optional[str], typer.Option(help="Also list this game's own verbs.")] = None) -> None:
    """Print every verb and function of the language, from the registry (never hand-written)."""
    from cardlang.primitives import CORE
    for p in CORE.all():
        kind = p.kind
        typer.echo(f"{p.signature:50} {kind}: {p.doc}")
        if p.example:
            typer.echo(f"{'':50}   e.g. {p.example}")
    if game:
        g = _load(game)
        typer.echo(f"\n{g.title}: verbs written in the language")
        for name, v in g.spec.verbs.items():
            params = ", ".join(p.name + (f": {p.type}" if p.type else "") for p in v.params)
            typer.echo(f"{name}({params})  {v.text or ''}  [{v.span}]")


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
    g = _load(game, with_)
    names = [n.strip() for n in cards_.split(",")] if cards_ else None
    try:
        faces = card_faces(g, names)
    except KeyError as e:
        raise _fail_usage(f"unknown card {e}") from None
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
                typer.echo(f"error: {e}", err=True)
                raise typer.Exit(code=1) from None
    typer.echo(f"wrote {path} ({len(faces)} cards)")


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
