"""The balance lab's questions as commands: `tournament` (every group of bots in every seating, a win-rate
matrix and openskill ratings), `sweep` (one number of one card over a range of values) and `impact` (each
kingdom card's effect on a bot's win rate, by taking it out of the bot's choices). The analyses are in
cardlang/lab/; this module parses and checks the arguments, plays the runs on the parallel simulation
(simulate.Runner: every core, or a Dask cluster) and prints.
"""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Annotated, Optional

import typer

from cardlang.cli.app import (ExecutorOpt, VariantOpt, WithOpt, WorkersOpt, _fail_usage, _load, _parse_players,
                              _parse_pools, _parse_variants, _warn_absent, app)

GameArg = Annotated[str, typer.Argument(metavar="GAME", help="Game id.")]
SeedOpt = Annotated[int, typer.Option(metavar="N", help="Seed; every run plays the same seeds.")]
KingdomOpt = Annotated[Optional[str], typer.Option(metavar="CARDS", help="'random' or a list of cards.")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")]


class LabRuns:
    """Plays the runs of one command on one executor, with one progress bar over all of them."""

    def __init__(self, total: int, *, seed: int, pools, variants, extra, workers, executor, quiet: bool) -> None:
        from cardlang.cli.simulate import Runner
        from cardlang.cli.progress import Progress
        self.seed, self.pools, self.variants, self.extra = seed, pools, variants, extra
        self.bar = Progress(total, sys.stderr, enabled=not quiet)
        self.runner = Runner(total, workers, executor, self.bar)
        self.done = 0

    def play(self, game, players: list[str], games: int, accumulators: tuple, *, replace=None, banned=(),
             on_records=None) -> list:
        """The accumulators of GAMES games; with ON_RECORDS, each batch's per-game records go to it."""
        from cardlang.cli.simulate import make_job
        job = make_job(game, players, self.seed, pools=self.pools, variants=self.variants, extra=self.extra,
                       replace=replace, accumulators=accumulators, banned=banned, records=on_records is not None)
        before = self.done
        o = self.runner.play(game, job, games, on_progress=lambda n: self.bar(before + n), on_records=on_records)
        if o.partial:
            self.close()
            typer.echo(f"interrupted after {before + o.totals.games} games; nothing is reported", err=True)
            raise typer.Exit(code=130)
        self.done += games
        return o.accumulators

    def close(self) -> None:
        self.bar.close()
        self.runner.close()

    def __enter__(self) -> "LabRuns":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def require_lab() -> None:
    """An `error:` line and exit 1 when the lab extra (scipy, openskill) is missing: before any game is played."""
    try:
        import openskill  # noqa: F401
        import scipy  # noqa: F401
    except ImportError as e:
        typer.echo(f"error: this command needs {e.name}: pip install 'cardlang[lab]'", err=True)
        raise typer.Exit(code=1) from None


def _bots(game, text: str, size: int) -> list[str]:
    from cardlang.agents import split_players
    names = [n for n in split_players(text) if n]
    lo, hi = game.players
    if not lo <= size <= hi:
        raise _fail_usage(f"{game.id} is for {lo} to {hi} players; --players {size}")
    if len(set(names)) != len(names):
        raise _fail_usage("--bots: a bot is named twice; name each once")
    if len(names) < max(2, size):
        raise _fail_usage(f"--bots: a tournament of {size}-player games needs at least {max(2, size)} bots")
    for n in names:
        _parse_players(game, ",".join([n] * lo))  # an unknown bot: the usual error
        if n == "human":
            raise _fail_usage("a tournament plays bots only; 'human' cannot take part")
    return names


@app.command()
def tournament(game: GameArg,
               bots: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names (or random).")],
               players: Annotated[int, typer.Option(metavar="N", help="Players a game (default: the fewest the "
                                                   "game allows).")] = 0,
               games: Annotated[int, typer.Option(metavar="N", min=1, help="Games per group of bots (split over "
                                                 "its seating orders).")] = 200,
               seed: SeedOpt = 1, kingdom: KingdomOpt = None, json_: JsonOpt = False,
               workers: WorkersOpt = None, executor: ExecutorOpt = None,
               with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Round-robin: every group of PLAYERS bots plays in every seating; prints the head-to-head win-rate
    matrix with 95% intervals and openskill ratings with their uncertainty."""
    from cardlang.lab.outcomes import OutcomeAccumulator
    from cardlang.lab.tournament import groups, orders, run_tournament, text_lines
    import math
    require_lab()
    g = _load(game, with_)
    size = players or g.players[0]
    names = _bots(g, bots, size)
    pools = _parse_pools(g, kingdom)
    variants = _parse_variants(g, variant, size)
    _warn_absent(g, names, pools)
    runs = sum(len(orders(x)) for x in groups(names, size))
    total = runs * math.ceil(games / math.factorial(size - 1))
    with LabRuns(total, seed=seed, pools=pools, variants=variants, extra=with_, workers=workers,
                 executor=executor, quiet=json_) as lab:
        t = run_tournament(lambda ps, n: lab.play(g, ps, n, (OutcomeAccumulator,))[0].outcomes, names, size, games)
    if json_:
        typer.echo(json.dumps({"game": g.id, "seed": seed, **t.to_json()}))
        return
    for line in text_lines(t, g.title):
        typer.echo(line)


@app.command()
def sweep(game: GameArg,
          card: Annotated[str, typer.Option(metavar="CARD", help="The card whose number changes.")],
          number: Annotated[str, typer.Option(metavar="NAME", help="Which number: PROPERTY (cost), VERB (draw), "
                                              "VERB.KEY, VERB#N or @LINE:COL in the card's file.")],
          values: Annotated[str, typer.Option(metavar="VALUES", help="2..5, or 2,3,5.")],
          players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is "
                                               "measured.")],
          games: Annotated[int, typer.Option(metavar="N", min=1, help="Games per value.")] = 500,
          seed: SeedOpt = 1, kingdom: KingdomOpt = None, json_: JsonOpt = False,
          chart: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Also write the chart here (SVG).")] = None,
          workers: WorkersOpt = None, executor: ExecutorOpt = None,
          with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Play the game once per value of one number of one card (on the same seeds) and print the first bot's
    win rate against the value, with 95% intervals and the paired difference to the card as it is."""
    from cardlang.cli import inputs
    from cardlang.compile.sources import project_root
    from cardlang.lab.outcomes import OutcomeAccumulator
    from cardlang.lab.sweep import SweepError, find_number, parse_values, run_sweep, text_lines
    require_lab()
    g = _load(game, with_)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("sweep plays bots only; 'human' cannot take part")
    try:
        (name,) = inputs.card_names(card, [d.name for d in g.defs], "--card")
        vals = parse_values(values)
    except (inputs.BadUsage, SweepError) as e:
        raise _fail_usage(str(e)) from None
    except ValueError:
        raise _fail_usage("--card: name one card") from None
    if chart is not None:
        _check_output(chart, "--chart")
    shown = g.defs_by_name[name].meta.get("path", "")
    path = Path(shown) if Path(shown).is_absolute() else project_root() / shown
    try:
        num = find_number(path, shown, name, number)
    except SweepError as e:
        raise _fail_usage(str(e)) from None
    except OSError as e:
        raise _fail_usage(f"cannot read {shown}: {e.strerror}") from None
    pools, variants = _parse_pools(g, kingdom), _parse_variants(g, variant, len(names))
    _warn_absent(g, names, pools)
    with tempfile.TemporaryDirectory(prefix="cardlang-sweep-") as tmp, \
            LabRuns(games * len(vals), seed=seed, pools=pools, variants=variants, extra=with_, workers=workers,
                    executor=executor, quiet=json_) as lab:
        def play(file: Path, value: int):
            version = _load(game, with_, [file])
            return lab.play(version, names, games, (OutcomeAccumulator,), replace=[file])[0].outcomes
        try:
            s = run_sweep(play, num, vals, names[0], Path(tmp))
        except SweepError as e:
            raise _fail_usage(str(e)) from None
    if chart is not None:
        from cardlang.render.charts import sweep_chart
        from cardlang.render.svg import standalone
        _write(chart, standalone(sweep_chart(s)), "--chart")
    if json_:
        typer.echo(json.dumps({"game": g.id, "seed": seed, "players": names, **s.to_json()}))
        return
    for line in text_lines(s, g.title):
        typer.echo(line)
    if chart is not None:
        typer.echo(f"wrote {chart}")


def _check_output(path: Path, option: str) -> None:
    if path.is_dir() or not path.parent.is_dir():
        raise _fail_usage(f"{option} {path}: not a file in an existing folder")


def _write(path: Path, text: str, option: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as e:
        raise _fail_usage(f"{option} {path}: cannot write: {e.strerror}") from None


@app.command()
def impact(game: GameArg,
           players: Annotated[str, typer.Option(metavar="BOTS", help="Comma-separated bot names; the first is "
                                                "measured.")],
           cards: Annotated[Optional[str], typer.Option(metavar="CARDS", help="The cards to take out, one at a "
                                                        "time (default: the kingdom, else every card the bot "
                                                        "picks by name).")] = None,
           everyone: Annotated[bool, typer.Option("--everyone", help="Take each card out of every bot's "
                                                  "choices, not only the first bot's.")] = False,
           games: Annotated[int, typer.Option(metavar="N", min=2, help="Games per card.")] = 500,
           seed: SeedOpt = 1, kingdom: KingdomOpt = None, json_: JsonOpt = False,
           chart: Annotated[Optional[Path], typer.Option(metavar="FILE", help="Also write the chart here (SVG).")] = None,
           workers: WorkersOpt = None, executor: ExecutorOpt = None,
           with_: WithOpt = None, variant: VariantOpt = None) -> None:
    """Which card decides games: each card in turn taken out of the first bot's choices (or every bot's),
    on the same seeds as the game with it; the change in its win rate with corrected 95% intervals."""
    from cardlang.cli import inputs
    from cardlang.lab.impact import run_impact, text_lines
    from cardlang.lab.outcomes import OutcomeAccumulator
    require_lab()
    g = _load(game, with_)
    names = _parse_players(g, players)
    if "human" in names:
        raise _fail_usage("impact plays bots only; 'human' cannot take part")
    pools, variants = _parse_pools(g, kingdom), _parse_variants(g, variant, len(names))
    _warn_absent(g, names, pools)
    if cards is not None:
        try:
            chosen = inputs.card_names(cards, [d.name for d in g.defs], "--cards")
        except inputs.BadUsage as e:
            raise _fail_usage(str(e)) from None
    else:
        chosen = _default_cards(g, names, pools, everyone)
        if not chosen:
            raise _fail_usage(f"no card to take out: {names[0]} picks no card by name; name them with --cards")
    if chart is not None:
        _check_output(chart, "--chart")
    with LabRuns(games * (len(chosen) + 1), seed=seed, pools=pools, variants=variants, extra=with_,
                 workers=workers, executor=executor, quiet=json_) as lab:
        imp = run_impact(lambda banned: lab.play(g, names, games, (OutcomeAccumulator,), banned=banned)[0].outcomes,
                         names, chosen, everyone)
    if chart is not None:
        from cardlang.render.charts import impact_chart
        from cardlang.render.svg import standalone
        _write(chart, standalone(impact_chart(imp.rows, imp.bot)), "--chart")
    if json_:
        typer.echo(json.dumps({"game": g.id, "seed": seed, **imp.to_json()}))
        return
    for line in text_lines(imp, g.title):
        typer.echo(line)
    if chart is not None:
        typer.echo(f"wrote {chart}")


def _default_cards(game, names: list[str], pools, everyone: bool) -> list[str]:
    """The pool's cards when the game deals one and it is known (given, or the default), else the cards the
    bots concerned pick by name."""
    from cardlang.compile.bots import cards_named
    for name, pool in game.pools.items():
        chosen = (pools or {}).get(name)
        if chosen == "random" or (chosen is None and not pool.default):
            break
        return [d.name for d in (chosen if chosen is not None else pool.default)]
    out: list[str] = []
    for bot in names if everyone else names[:1]:
        if bot in game.bots:
            out.extend(c for c in cards_named(game, bot) if c not in out)
    return out
