"""The commands about sources: games, cards, check, test, primitives, sheets (registered on the app of
app.py; commands.py gathers every command module).

Errors in sources are printed as `path:line:col: error: ...` with the line and a caret; bad usage exits 2,
errors found exit 1, and no input ever produces a Python traceback.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang.cli import inputs
from cardlang.cli.inputs import BadUsage, echo
from cardlang.cli.app import GameArg, JsonOpt, VariantOpt, WithOpt, _fail_usage, _load, _print_errors, _usage, app

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
            # what `play --players` and `simulate --players` accept: `human`, `random` and the game's bots
            echo(f"{'':20} bots: {', '.join(r['bots']) if r['bots'] else '(none)'}")
            if r["variants"]:
                echo(f"{'':20} variants: {', '.join(r['variants'])}")
    # the players every game takes besides its bots (cardlang/agents.py; the search bot: cardlang/search)
    echo("")
    echo("Every game also seats: human, random, and search (a search bot for any game; options after a colon:")
    echo("  search:iterations=N or seconds=S per decision, rollout=BOT or random, cap=TURNS, c=X)")


def _players_of(game) -> list[str]:
    from cardlang.agents import bot_names
    return bot_names(game)


@app.command()
def cards(game: GameArg, with_: WithOpt = None, json_: JsonOpt = False) -> None:
    """Every card of a game: cost, types, properties, and rules text generated from its source.

    A † marks a number or ability that is reconstructed (not from a public source)."""
    from cardlang.render.build import card_words, type_line
    g = _load(game, with_)
    if json_:
        _cards_json(g)
        return
    for d in sorted(g.defs, key=lambda d: (d.props.get("cost", 0) if isinstance(d.props.get("cost", 0), int)
                                           else 0, d.name)):
        # the card as its face prints it: its numbers by the game's names ("Cost 1 Food"), never `cost_food`
        numbers, text = card_words(g, d.name)
        typer.echo(f"{d.name} [{', '.join(type_line(g, d.name))}] {numbers}\n    {text}".rstrip())
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
          with_: WithOpt = None,
          replace: Annotated[bool, typer.Option("--replace", help="The loose cards replace the --game's cards of "
                                                "the same name, as an arm of `compare --a/--b`.")] = False) -> None:
    """Parse and compile sources; print every error, all in one run."""
    from cardlang.cli.check import run_check
    code = run_check(paths, game, with_, replace=replace)  # also run without Typer, by the entry point (main.py)
    if code:
        raise typer.Exit(code=code)


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
    _usage(inputs.with_paths, with_ or [])
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


@app.command()
def primitives(game: Annotated[Optional[str], typer.Option(metavar="GAME", help="Also list this game's own verbs.")] = None,
               json_: JsonOpt = False) -> None:
    """Print every verb and function of the language, from the registry (never hand-written)."""
    from cardlang.primitives import CORE
    g = _load(game) if game is not None else None  # a wrong (or empty) game id is an error before anything is printed
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
def sheets(game: Annotated[str, typer.Argument(metavar="GAME", help="Game id.")],
           out: Annotated[str, typer.Option("-o", "--out", metavar="FOLDER", help="Output folder.")] = "sheets",
           format: Annotated[str, typer.Option(metavar="FORMAT", help="html, pdf or md.")] = "html",
           paper: Annotated[str, typer.Option(metavar="SIZE", help="a4 or letter.")] = "a4",
           cards_: Annotated[Optional[str], typer.Option("--cards", metavar="CARDS", help="Only these cards, comma-separated.")] = None,
           with_: WithOpt = None) -> None:
    """Print card sheets (63 x 88 mm, 9 a page) and a rules reference, generated from the sources."""
    from cardlang.render.build import card_faces, rules_reference
    from cardlang.render import sheets as S
    if format not in ("html", "pdf", "md"):
        raise _fail_usage("--format is html, pdf or md")
    if paper not in ("a4", "letter"):
        raise _fail_usage("--paper is a4 or letter")
    if not out.strip():
        raise _fail_usage("--out: no folder given (write `-o .` for this folder)")
    out = Path(out)
    _usage(inputs.output_folder, out, "--out")
    try:  # made now, before the game loads: a folder that cannot be made (/sys, /proc) is a usage error
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise _fail_usage(f"--out {out}: cannot create this folder: {e.strerror or e}") from None
    g = _load(game, with_)
    names = None
    if cards_ is not None:
        try:
            names = inputs.card_names(cards_, [d.name for d in g.defs], "--cards", f"card of {g.id}")
        except BadUsage as e:
            raise _fail_usage(str(e)) from None
    from cardlang.cli.outfile import WriteFailed, write_whole
    faces = card_faces(g, names)
    ref = rules_reference(g)
    try:
        if format == "md":
            path = out / f"{g.id}.md"
            write_whole(path, S.render_markdown(faces, ref, title=g.title), "--out")
        else:
            html = S.render_html(faces, ref, paper=paper, title=g.title)
            if format == "html":
                path = out / f"{g.id}.html"
                write_whole(path, html, "--out")
            else:
                path = out / f"{g.id}.pdf"
                S.render_pdf(html, path)
    except S.MissingExtra as e:
        echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    except WriteFailed as e:
        echo(f"error: {e}", err=True)
        raise typer.Exit(code=1) from None
    except OSError as e:  # the PDF writer's own file
        echo(f"error: --out {path}: cannot write: {e.strerror or e}", err=True)
        raise typer.Exit(code=1) from None
    echo(f"wrote {path} ({len(faces)} cards)")


@app.command()
def lsp(folder: Annotated[Optional[Path], typer.Option(metavar="FOLDER", help="The folder with games/ and cards/ "
                                                       "(default: the editor's workspace, else this checkout).")] = None,
        game: Annotated[Optional[str], typer.Option(metavar="GAME", help="Check loose files as cards of this game.")] = None,
        with_: WithOpt = None,
        stdio: Annotated[bool, typer.Option("--stdio", help="Serve on stdin and stdout (the only way it serves; "
                                            "accepted because many editors' clients add it).")] = False) -> None:
    """Run the language server on stdin and stdout, for an editor (needs the extra `lsp`)."""
    from cardlang.lsp import run  # (pygls only when the server runs)
    code, message = run(folder, game, list(with_ or []))
    if message:
        echo(f"error: {message}", err=True)
    if code:
        raise typer.Exit(code=code)

