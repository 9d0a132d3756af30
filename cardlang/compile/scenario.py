"""Scenario files: a position, scripted decisions, actions and assertions, run against a real game.

    scenario "Forge draws three" {
      game my_game; players 2; seed 1;         // set-up runs first, then the position is overridden
      p1.hand = [Forge, Coin];                 // zone contents, top card first
      p1.deck = [Gem, Coin, Land, Coin];
      answer none;                             // scripted answers, consumed in order
      play Forge in hand;                      // any statement of the game, as the current player
      expect count(p1.hand) == 4;
      expect p1.hand == [Coin, Gem, Coin, Land];   // compared as a multiset
    }

An unscripted decision, an unused answer or a false `expect` fails the scenario with its path:line.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cardlang.compile.compiler import CARDNAME, CARDNAMES, CARDS, PLAYER, Scope, _names_fn, _text
from cardlang.compile.game import CompiledGame, load_game
from cardlang.errors import CardCompileError, CardLangError, RuleViolation, Span, did_you_mean
from cardlang.runtime import engine
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import ScriptedAgent
from cardlang.runtime.state import Ctx, GameOver, GameState, IllegalAction, Zone, ZoneSpec
from cardlang.syntax import ast
from cardlang.syntax.parser import parse

_CONFIG = ("game", "players", "seed", "kingdom")


class ScenarioFailed(CardLangError):
    kind = "scenario failed"


@dataclass
class ScenarioResult:
    name: str
    path: str
    span: Span
    error: CardLangError | None

    @property
    def passed(self) -> bool:
        return self.error is None


def load_scenarios(path: Path) -> list[ast.ScenarioDecl]:
    text = path.read_text(encoding="utf-8")
    f = parse(text, str(path))
    out = []
    for d in f.decls:
        if not isinstance(d, ast.ScenarioDecl):
            raise CardCompileError("scenario files hold scenarios only", d.span)
        out.append(d)
    return out


def _config(decl: ast.ScenarioDecl) -> tuple[dict, list[ast.Stmt]]:
    cfg: dict = {}
    rest = []
    for st in decl.body.stmts:
        if isinstance(st, ast.Call) and st.verb == "variant":  # `variant quick;`: any number of them
            cfg.setdefault("variant", []).append(st)
        elif isinstance(st, ast.Call) and st.verb in _CONFIG and st.verb not in cfg:
            cfg[st.verb] = st
        else:
            rest.append(st)
    return cfg, rest


def run_scenario(decl: ast.ScenarioDecl, extra: list[Path] | None = None,
                 cache: dict | None = None, variants: tuple[str, ...] = ()) -> ScenarioResult:
    """Run one scenario; never raises for an author's mistake (it is the result's error). VARIANTS apply
    unless the scenario names its own (`variant NAME;`)."""
    try:
        _run(decl, extra or [], cache if cache is not None else {}, variants)
        return ScenarioResult(decl.name, decl.span.path, decl.span, None)
    except CardLangError as e:
        return ScenarioResult(decl.name, decl.span.path, decl.span, e)


def _word(st: ast.Call, what: str) -> str:
    if len(st.args) != 1 or not isinstance(st.args[0], (ast.NameRef, ast.StrLit, ast.IntLit)):
        raise CardCompileError(f"'{st.verb}' takes one {what}", st.span)
    a = st.args[0]
    return str(a.name if isinstance(a, ast.NameRef) else a.value)


def _run(decl: ast.ScenarioDecl, extra: list[Path], cache: dict, variants: tuple[str, ...] = ()) -> None:
    cfg, body = _config(decl)
    if "game" not in cfg:
        raise CardCompileError("a scenario names its game first, e.g. `game my_game;`", decl.span)
    gid = _word(cfg["game"], "game id").replace("_", "-")
    here = Path(decl.span.path).parent
    if not extra and any(here.glob("*.card")):
        extra = [here]  # a scenario beside an expansion's card files tests those cards
    key = (gid, tuple(map(str, extra)))
    if key not in cache:
        try:
            cache[key] = load_game(gid, extra)
        except KeyError:
            raise CardCompileError(f"unknown game '{gid}'", cfg["game"].span) from None
    game: CompiledGame = cache[key]
    players = int(_word(cfg["players"], "number")) if "players" in cfg else game.players[0]
    seed = int(_word(cfg["seed"], "number")) if "seed" in cfg else 1
    pools = None
    if "kingdom" in cfg:
        names = []
        for a in cfg["kingdom"].args:
            items = a.items if isinstance(a, ast.ListLit) else (a,)
            for i in items:
                n = i.name if isinstance(i, ast.NameRef) else getattr(i, "value", None)
                if n not in game.defs_by_name:
                    raise CardCompileError(f"unknown card '{n}'", i.span, hint=did_you_mean(str(n), game.defs_by_name))
                names.append(game.defs_by_name[n])
        pools = {next(iter(game.pools)): names} if game.pools else None
    script: list = []
    agents = [ScriptedAgent(script, f"p{i + 1}") for i in range(players)]
    # Answers written before the first other statement are queued before set-up runs, so set-up
    # decisions (a first player choosing a resource) can be scripted too.
    leading = 0
    while leading < len(body) and isinstance(body[leading], ast.Call) and body[leading].verb == "answer":
        leading += 1
    state = game.new_state(players, seed, log=True)
    state.chance = ScriptedAgent(script, "chance")  # `by chance` picks are scripted like any decision
    if "variant" in cfg:
        variants = tuple(_word(st, "variant name") for st in cfg["variant"])
    problem = game.variant_problem(variants, players)
    if problem is not None:
        raise CardCompileError(problem, cfg["variant"][0].span if "variant" in cfg else decl.span)
    state.variants = frozenset(variants)
    box = Zone(ZoneSpec("box", False, visibility="hidden"), None)
    runner = _Runner(game, state, script, box)
    runner.decl_span = decl.span
    runner.compile(body)
    for step in runner.steps[:leading]:
        step(runner.ctx())
    runner.steps = runner.steps[leading:]
    try:
        engine.setup_into(game, state, agents, pools=pools)
    except IllegalAction as e:
        raise ScenarioFailed(f"set-up: {e}", decl.span) from None
    runner.execute()
    if script:
        raise ScenarioFailed(f"{len(script)} scripted answer(s) were never asked for: {script}", decl.span)
    if state.fixed_dice:
        raise ScenarioFailed(f"{len(state.fixed_dice)} fixed dice were never rolled: {state.fixed_dice}",
                             decl.span)


class _Runner:
    def __init__(self, game: CompiledGame, state: GameState, script: list, box: Zone) -> None:
        self.game, self.state, self.script, self.box = game, state, script, box
        self.comp = game.compiler
        n = state.num_players
        self.scope = Scope({f"p{i + 1}": PLAYER for i in range(n)}, scenario=True)
        self.vars = {f"p{i + 1}": i for i in range(n)}
        self.steps: list[Callable[[Ctx], None]] = []
        self.decl_span = Span("<scenario>", 1, 1, 1, 1)

    def ctx(self) -> Ctx:
        return Ctx(self.state, self.state.current, None, self.vars, "scenario")

    def compile(self, stmts: list[ast.Stmt]) -> None:
        for st in stmts:
            self.steps.append(self.stmt(st))
        if self.comp.errors:
            errs, self.comp.errors = self.comp.errors, []
            raise errs[0]

    def execute(self) -> None:
        for step in self.steps:
            try:
                step(self.ctx())
            except GameOver:
                pass
            except IllegalAction as e:  # raised outside any card statement (the runner's own steps)
                raise ScenarioFailed(str(e), self.decl_span) from None

    def stmt(self, st: ast.Stmt) -> Callable[[Ctx], None]:
        if isinstance(st, ast.Call):
            handler = getattr(self, f"_{st.verb}", None)
            if handler is not None:
                return handler(st)
        if isinstance(st, ast.Assign) and st.op == "=" and st.target[-1] in self.game.spec.zones:
            return self._set_zone(st)
        return self.comp.stmt(st, self.scope)

    # ---- position
    def _set_zone(self, st: ast.Assign) -> Callable[[Ctx], None]:
        zname = st.target[-1]
        zs = self.game.spec.zones[zname]
        if len(st.target) == 2:
            who = self.comp.name(st.target[0], self.scope, st.span)
            if who.type != PLAYER:
                raise CardCompileError(f"'{st.target[0]}' is not a player", st.span)
            zone_fn = lambda ctx: ctx.state.zones[zs.slot][who.fn(ctx)]  # noqa: E731
        else:
            zone_fn = (lambda ctx: ctx.state.zones[zs.slot][ctx.you]) if zs.per_player else \
                (lambda ctx: ctx.state.zones[zs.slot][0])
        value = self.comp.expr(st.value, self.scope)
        if value.type not in (CARDNAMES, CARDNAME):
            raise CardCompileError("a zone is set to a list of card names, top card first", st.value.span)
        names = self.comp.coerce(value, CARDNAMES, st.value.span)
        box = self.box

        def run_set_zone(ctx: Ctx) -> None:
            state = ctx.state
            zone = zone_fn(ctx)
            for cid in list(zone.cards):
                Z.move(state, cid, box)
            wanted = names(ctx)
            for d in reversed(wanted):  # bottom card first, so the first name ends on top
                cid = next((c for c in box.cards if state.card_def[c] is d), None)
                if cid is None:
                    pile = state.piles.get((next(iter(state.pile_order), -1), d.name))
                    source = pile if pile is not None and pile.cards else None
                    if source is not None:
                        cid = source.cards[-1]
                    else:
                        cid = state.new_card(d, box)
                Z.move(state, cid, zone)
        return run_set_zone

    def _dice(self, st: ast.Call) -> Callable[[Ctx], None]:
        """`dice [3, 3, 6];`: the next rolls show these faces, in order (then the seeded RNG goes on)."""
        values: list[int] = []
        for a in st.args:
            items = a.items if isinstance(a, ast.ListLit) else (a,)
            for i in items:
                if not isinstance(i, ast.IntLit):
                    raise CardCompileError("dice takes numbers: dice [3, 3, 6];", i.span)
                values.append(i.value)
        if st.kwargs:
            raise CardCompileError("dice takes numbers only: dice [3, 3, 6];", st.kwargs[0].span)

        def run_dice(ctx: Ctx) -> None:
            ctx.state.fixed_dice.extend(values)
        return run_dice

    def _put(self, st: ast.Call) -> Callable[[Ctx], None]:
        """`put Guard to p1.board column=4 row=1;`: one card into a zone (into a slot of a grid; onto a
        taken slot it is attached to the card there). The card comes from those a zone assignment put aside,
        else from its supply pile, else it is made."""
        kw = {k.key: k.value for k in st.kwargs}
        if len(st.args) != 1 or not ({"to"} <= set(kw) <= {"to", "into", "column", "row"}):
            raise CardCompileError("put takes a card and a zone: put Guard to p1.board column=4 row=1;",
                                   st.span)
        name = self.comp.coerce(self.comp.expr(st.args[0], self.scope), CARDNAME, st.args[0].span)
        zone = self.comp.coerce(self.comp.expr(kw["to"], self.scope), "zone", kw["to"].span)
        col = self.comp.coerce(self.comp.expr(kw["column"], self.scope), "int", kw["column"].span) \
            if "column" in kw else None
        row = self.comp.coerce(self.comp.expr(kw["row"], self.scope), "int", kw["row"].span) if "row" in kw else None
        if (col is None) != (row is None):
            raise CardCompileError("put needs both column= and row=, or neither", st.span)

        def run_put(ctx: Ctx) -> None:
            from cardlang.runtime import board as B
            state = ctx.state
            cid = _fetch_card(self.box, state, name(ctx))
            dest = zone(ctx)
            if col is None:
                Z.move(state, cid, dest)
                return
            cell = (col(ctx), row(ctx))
            there = B.card_at(dest, cell)
            if there is not None:
                B.attach(state, cid, there)
            else:
                Z.move(state, cid, dest, cell=cell)
        return run_put

    def _answer(self, st: ast.Call) -> Callable[[Ctx], None]:
        answers = []
        for a in st.args:
            answers.append(self._answer_value(a))
        script = self.script

        def run_answer(ctx: Ctx) -> None:
            script.extend(answers)
        return run_answer

    def _answer_value(self, a: ast.Expr):
        if isinstance(a, ast.ListLit):
            return [self._answer_value(i) for i in a.items]
        if isinstance(a, ast.NameRef):
            if a.name in ("none", "yes", "no") or a.name in self.game.defs_by_name:
                return a.name
            if a.name.startswith("p") and a.name[1:].isdigit():
                return a.name
        if isinstance(a, ast.StrLit):
            return a.value
        raise CardCompileError("an answer is a card name, an option label, none, yes, no, p1..p4, or a list",
                               a.span)

    def _current(self, st: ast.Call) -> Callable[[Ctx], None]:
        who = self.comp.coerce(self.comp.expr(st.args[0], self.scope), PLAYER, st.args[0].span)

        def run_current(ctx: Ctx) -> None:
            ctx.state.current = who(ctx)
        return run_current

    def _run(self, st: ast.Call) -> Callable[[Ctx], None]:
        what = st.args[0].name if st.args and isinstance(st.args[0], ast.NameRef) else None
        game = self.game
        if what == "turn":
            def run_turn(ctx: Ctx) -> None:
                state = ctx.state
                engine.run_turn(game, state)
                if state.winners is None and game.end is not None and game.end(Ctx(state, state.current)):
                    engine.finish(game, state)
                    return
                state.current = (state.current + 1) % state.num_players
            return _guarded(run_turn, st.span)
        if what == "game":
            def run_game(ctx: Ctx) -> None:
                engine.play_out(game, ctx.state)
            return _guarded(run_game, st.span)
        if what == "phase" and len(st.args) == 2 and isinstance(st.args[1], ast.NameRef):
            name = st.args[1].name
            if name not in game.phases:
                raise CardCompileError(f"this game has no phase '{name}'", st.args[1].span,
                                       hint=did_you_mean(name, game.phases))
            phase = game.phases[name]
            return _guarded(lambda ctx: phase(Ctx(ctx.state, ctx.state.current, None, {}, "turn")), st.span)
        raise CardCompileError("run what? `run turn;`, `run phase NAME;` or `run game;`", st.span)

    # ---- assertions
    def _expect(self, st: ast.Call) -> Callable[[Ctx], None]:
        if len(st.args) != 1:
            raise CardCompileError("expect takes one condition", st.span)
        cond = st.args[0]
        ce = self.comp.expr(cond, self.scope)
        explain = self._explainer(cond)
        span = st.span

        def run_expect(ctx: Ctx) -> None:
            if not ce.fn(ctx):
                raise ScenarioFailed(f"expected {_src(cond)}, but {explain(ctx)}", span)
        return run_expect

    def _explainer(self, cond: ast.Expr) -> Callable[[Ctx], str]:
        if isinstance(cond, ast.Compare):
            left = self.comp.expr(cond.left, self.scope)
            right = self.comp.expr(cond.right, self.scope)

            def show(ce, node):
                if ce.type in (CARDS, CARDNAMES, CARDNAME, "zone", "card"):
                    f = _names_fn(self.comp, ce, node.span)
                    return lambda ctx: "[" + ", ".join(sorted(f(ctx))) + "]"
                return lambda ctx: _text(ctx, ce.fn(ctx), ce.type)
            lf, rf = show(left, cond.left), show(right, cond.right)
            return lambda ctx: f"{_src(cond.left)} is {lf(ctx)} (expected {cond.op} {rf(ctx)})"
        return lambda ctx: "it is false"

    def _expect_log(self, st: ast.Call) -> Callable[[Ctx], None]:
        """`expect_log "text";`: some log line contains the text. Several texts: lines containing them come
        in this order (other lines may come between)."""
        if not st.args or not all(isinstance(a, ast.StrLit) for a in st.args) or st.kwargs:
            raise CardCompileError('expect_log takes quoted texts: expect_log "Shuffled p1.deck";', st.span)
        needles = [a.value for a in st.args]
        span = st.span

        def run_expect_log(ctx: Ctx) -> None:
            from cardlang.runtime.events import render_event
            lines = [render_event(ctx.state, e) for e in ctx.state.log or []]
            at = 0
            for n, needle in enumerate(needles):
                found = next((i for i in range(at, len(lines)) if needle in lines[i]), None)
                if found is None:
                    if len(needles) == 1:
                        raise ScenarioFailed(f"no log line contains {needle!r}; last lines: {lines[-5:]}", span)
                    where = "after the line with the text before it" if n else "in the log"
                    raise ScenarioFailed(f"no log line {where} contains {needle!r} (text {n + 1} of "
                                         f"{len(needles)}); lines from there: {lines[at:at + 8]}", span)
                at = found + 1
        return run_expect_log

    def _winner(self, st: ast.Call):  # `winner p1;` shorthand
        who = self.comp.coerce(self.comp.expr(st.args[0], self.scope), PLAYER, st.args[0].span)
        span = st.span

        def run_winner(ctx: Ctx) -> None:
            w = ctx.state.winners
            if w != [who(ctx)]:
                raise ScenarioFailed(f"expected winner p{who(ctx) + 1}, but winners are "
                                     f"{[f'p{x + 1}' for x in (w or [])]}", span)
        return run_winner


def _fetch_card(box: Zone, state: GameState, d) -> int:
    """A card of definition D for a scenario: one put aside, else the top of its supply pile, else new."""
    cid = next((c for c in box.cards if state.card_def[c] is d), None)
    if cid is not None:
        return cid
    for piles in state.pile_order.values():
        for pile in piles:
            if pile.pile == d.name and pile.cards:
                return pile.cards[-1]
    return state.new_card(d, box)


def _guarded(fn: Callable[[Ctx], None], span: Span) -> Callable[[Ctx], None]:
    def run(ctx: Ctx) -> None:
        try:
            fn(ctx)
        except GameOver:
            pass
    return run


def _src(node: ast.Expr) -> str:
    s = node.span
    try:
        text = Path(s.path).read_text(encoding="utf-8").splitlines()
        if s.line == s.end_line:
            return text[s.line - 1][s.column - 1: s.end_column - 1]
        return text[s.line - 1][s.column - 1:]
    except (OSError, IndexError):
        return "the condition"


def collect(paths: list[Path]) -> list[tuple[Path, ast.ScenarioDecl | CardLangError]]:
    """Every scenario under PATHS (files or folders), or the error that stopped its file."""
    from cardlang.compile.game import source_files
    out: list = []
    for f in source_files(paths, (".scenario",)):
        try:
            for d in load_scenarios(f):
                out.append((f, d))
        except CardLangError as e:
            out.append((f, e))
    return out
