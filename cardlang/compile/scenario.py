"""Scenario files: a position, scripted decisions, actions and assertions, run against a real game.

    scenario "Forge draws three" {
      game my_game; players 2; seed 1;         // set-up runs first, then the position is overridden
      p1.hand = [Forge, Coin];                 // zone contents, top card first
      p1.deck = [Gem, Coin, Land, Coin];
      answer none;                             // scripted answers, consumed in order
      play Forge in hand;                      // any statement of the game, as the current player
      expect count(p1.hand) == 4;
      expect p1.hand == [Coin, Gem, Coin, Land];   // compared as a multiset
      expect_in_order p1.deck == [];               // compared in order, top card first
    }

An unscripted decision, an unused answer or a false `expect` fails the scenario with its path:line. The
statements a scenario adds to the language are in STATEMENTS, an explicit table (a name from a source is
never looked up as a Python attribute); docs/language.md describes each. The statements that set the position
are in scenario_position, the checks in scenario_checks, the scripted answers in scenario_script.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from cardlang.compile import scenario_checks as C
from cardlang.compile import scenario_position as P
from cardlang.compile.compiler import PLAYER, Compiler, Scope
from cardlang.compile.game import CompiledGame, load_game
from cardlang.compile.scenario_checks import ScenarioFailed
from cardlang.compile.scenario_script import Answer, Forced, Refusal, ScenarioAgent, unused, watch_forced
from cardlang.errors import CardCompileError, CardLangError, Span, did_you_mean
from cardlang.runtime import engine
from cardlang.runtime.state import CardDef, Ctx, GameOver, GameState, IllegalAction, Zone, ZoneSpec
from cardlang.syntax import ast
from cardlang.syntax.cached import parse_cached

_CONFIG = ("game", "players", "seed", "kingdom", "setup_refused")
SETTINGS = _CONFIG  # the statements given once, at a scenario's top (an editor completes them: cardlang/lsp)

__all__ = ["ScenarioFailed", "ScenarioResult", "STATEMENTS", "collect", "load_scenarios", "run_scenario"]


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
    f = parse_cached(text.encode("utf-8", "surrogatepass"), text, str(path))
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
            cache[key] = load_game(gid, extra, linked=False)  # (its statements may run verbs in place)
        except KeyError:
            raise CardCompileError(f"unknown game '{gid}'", cfg["game"].span) from None
    game: CompiledGame = cache[key]
    players = int(_word(cfg["players"], "number")) if "players" in cfg else game.players[0]
    refused = Refusal(cfg.get("setup_refused"), decl.span)
    # Answers written before the first other statement are queued before set-up runs, so set-up
    # decisions (a first player choosing a resource) can be scripted too.
    leading = 0
    while leading < len(body) and isinstance(body[leading], ast.Call) and body[leading].verb in _SCRIPTED:
        leading += 1
    if refused.st is not None and len(body) > leading:
        raise CardCompileError("a scenario that expects its set-up to be refused runs nothing after it "
                               "(answers for set-up's questions only)", body[leading].span)
    if not game.players[0] <= players <= game.players[1]:
        return refused.by(f"{game.id} is for {game.players[0]} to {game.players[1]} players, not {players}",
                          cfg["players"].span)
    seed = int(_word(cfg["seed"], "number")) if "seed" in cfg else 1
    pools = None
    if "kingdom" in cfg:
        pools = _kingdom(game, cfg["kingdom"])
    script: list = []
    agents = [ScenarioAgent(script, f"p{i + 1}") for i in range(players)]
    state = game.new_state(players, seed, log=True)
    state.chance = ScenarioAgent(script, "chance")  # `by chance` picks are scripted like any decision
    watch_forced(state, script)  # an answer written for a pick the rules made alone fails at its line
    if "variant" in cfg:
        variants = tuple(_word(st, "variant name") for st in cfg["variant"])
    problem = game.variant_problem(variants, players)
    if problem is not None:
        return refused.by(problem, cfg["variant"][0].span if "variant" in cfg else decl.span)
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
        return refused.by(f"set-up: {e}", decl.span, failed=True)
    refused.accepted(f"{gid} with {players} players" + (f", variant {', '.join(variants)}" if variants else ""))
    runner.execute()
    left = unused(script)
    if left is not None:
        raise left
    if script:
        raise ScenarioFailed(f"{len(script)} scripted answer(s) were never asked for: {script}", decl.span)
    if state.fixed_dice:
        raise ScenarioFailed(f"{len(state.fixed_dice)} fixed dice were never rolled: {state.fixed_dice}",
                             decl.span)


def _kingdom(game: CompiledGame, st: ast.Call) -> dict[str, list[CardDef]]:
    """The pool a scenario's `kingdom [...]` sets: each card once, each one the pool may hold."""
    if not game.pools:
        raise CardCompileError(f"{game.id} has no pool of cards for `kingdom` to set", st.span,
                               hint="leave `kingdom` out: the game's set-up places every card")
    pool = next(iter(game.pools.values()))
    allowed = {d.name for d in pool.candidates}
    names: list[CardDef] = []
    for a in st.args:
        items = a.items if isinstance(a, ast.ListLit) else (a,)
        for i in items:
            n = i.name if isinstance(i, ast.NameRef) else getattr(i, "value", None)
            if n not in game.defs_by_name:
                raise CardCompileError(f"unknown card '{n}'", i.span, hint=did_you_mean(str(n), game.defs_by_name))
            if n not in allowed:
                raise CardCompileError(f"{n} is not a card the {pool.name} may hold", i.span,
                                       hint=did_you_mean(str(n), allowed) or f"the {pool.name} is drawn from "
                                       f"{len(allowed)} cards, e.g. {', '.join(sorted(allowed)[:4])}")
            if any(d.name == n for d in names):
                raise CardCompileError(f"{n} is in the {pool.name} twice", i.span,
                                       hint=f"name each card of the {pool.name} once")
            names.append(game.defs_by_name[n])
    return {pool.name: names}


class _Runner:
    def __init__(self, game: CompiledGame, state: GameState, script: list, box: Zone) -> None:
        self.game, self.state, self.script, self.box = game, state, script, box
        self.comp = Compiler.for_game(game)
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
            build = STATEMENTS.get(st.verb)
            if build is not None:
                return build(self, st)
            if st.verb in _CONFIG or st.verb == "variant":
                raise CardCompileError(f"'{st.verb}' is given once, at the top of the scenario", st.span)
            if st.verb not in self.game.spec.verbs and self.comp.registry.get(st.verb) is None:
                known = [*STATEMENTS, *_CONFIG, "variant", *self.game.spec.verbs,
                         *(p.verb for p in self.comp.registry.all() if p.kind == "verb")]
                raise CardCompileError(
                    f"unknown statement '{st.verb}': not a scenario statement nor a verb of this game", st.span,
                    hint=did_you_mean(st.verb, known) or "scenario statements: " + ", ".join(STATEMENTS))
        if isinstance(st, ast.Assign) and st.op == "=" and st.target[-1] in self.game.spec.zones:
            return P.set_zone(self, st)
        if isinstance(st, ast.Assign) and st.target[-1] == "turns" and st.target[-1] not in self.game.spec.counters:
            return P.set_turns(self, st)
        step = self.comp.stmt(st, self.scope)
        if isinstance(st, ast.Call) and st.verb not in STATEMENTS:
            return self._needs_named_cards(st, step)
        return step

    def _needs_named_cards(self, st: ast.Call, step: Callable[[Ctx], None]) -> Callable[[Ctx], None]:
        """STEP, failing first at ST's line when a card it names in a zone (`play Forge in hand;`) is not
        there: in a card an empty selection is a rule (nothing to play), but a scenario that names the card
        means it to be there."""
        checks = []
        for a in st.args:
            if not (isinstance(a, ast.In) and isinstance(a.item, ast.NameRef)
                    and a.item.name in self.game.defs_by_name):
                continue
            checks.append((self.comp.fn_of(self.comp.expr(a, self.scope)), a))
        if not checks:
            return step
        span = st.span

        def run_with_cards_there(ctx: Ctx) -> None:
            for fn, a in checks:
                if not C.checked(ctx.state, lambda: fn(ctx), span):
                    raise ScenarioFailed(f"{st.verb}: no {a.item.name} in {C._src(a.container)} (p{ctx.you + 1} is "
                                         "the current player)", a.span,
                                         hint=f"put it there first, e.g. p{ctx.you + 1}.hand = [{a.item.name}];")
            step(ctx)
        return run_with_cards_there

    def answer_value(self, a: ast.Expr):
        if isinstance(a, ast.ListLit):
            return [self.answer_value(i) for i in a.items]
        if isinstance(a, ast.NameRef):
            if a.name in ("none", "yes", "no") or a.name in self.game.defs_by_name:
                return a.name
            if a.name.startswith("p") and a.name[1:].isdigit():
                return a.name
        if isinstance(a, ast.StrLit):
            return a.value
        if isinstance(a, ast.IntLit):  # a die's face (`choose 1 from dice`), or any label that is a number
            return str(a.value)
        raise CardCompileError("an answer is a card name, an option label, a number, none, yes, no, p1..p4, or a "
                               "list",
                               a.span)


# ---- decisions and actions ----------------------------------------------------------------------------
def _answer(runner: _Runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`answer Gem, none, yes, p2, [Coin, Land], "Attack";`: the next decisions' answers."""
    if not st.args or st.kwargs:
        raise CardCompileError("answer takes answers: answer Gem, none, yes;", st.span)
    answers = [Answer(runner.answer_value(a), a.span) for a in st.args]
    script = runner.script
    return lambda ctx: script.extend(answers)


def _forced(runner: _Runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`forced Gem;`: the next pick is made by the rules alone (one legal option) and takes Gem; the
    answers after this line are for the questions after that pick (see scenario_script)."""
    if len(st.args) != 1 or st.kwargs:
        raise CardCompileError("forced takes what the pick takes: forced Gem; forced [Gem, Coin];", st.span)
    entry = Forced(runner.answer_value(st.args[0]), st.args[0].span)
    script = runner.script
    return lambda ctx: script.append(entry)


def _current(runner: _Runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`current p2;`: p2 is the current player (whose turn `run turn` runs, whom `you` names)."""
    if len(st.args) != 1 or st.kwargs:
        raise CardCompileError("current takes one player: current p2;", st.span)
    who = runner.comp.coerce(runner.comp.expr(st.args[0], runner.scope), PLAYER, st.args[0].span)

    def run_current(ctx: Ctx) -> None:
        ctx.state.current = who(ctx)
    return run_current


def _run_step(runner: _Runner, st: ast.Call) -> Callable[[Ctx], None]:
    """`run turn;`, `run phase NAME;`, `run game;`: play on, with the scripted answers."""
    what = st.args[0].name if st.args and isinstance(st.args[0], ast.NameRef) else None
    game = runner.game
    if what == "turn" and len(st.args) == 1:
        def run_turn(ctx: Ctx) -> None:
            state = ctx.state
            _skip_out(state, span)  # as the game loop does (engine.play_out): a player out of the game has no turn
            engine.run_turn(game, state)
            if state.winners is None and game.end is not None and game.end(Ctx(state, state.current)):
                state.ended_by = engine.end_reason(game, state)
                engine.finish(game, state)
                return
            if state.winners is None:
                state.current = (state.current + 1) % state.num_players
                _skip_out(state, span)
        span = st.span
        return _guarded(run_turn, st.span)
    if what == "game" and len(st.args) == 1:
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


def _skip_out(state: GameState, span: Span) -> None:
    """Make the current player the next one still in the game (the current one, when they are)."""
    for _ in range(state.num_players):
        if not state.out[state.current]:
            return
        state.current = (state.current + 1) % state.num_players
    raise ScenarioFailed("every player is out of the game: no one has a turn to run", span)


# Every statement a scenario adds to the language, by name. Anything else is a statement of the game.
STATEMENTS: dict[str, Callable[[_Runner, ast.Call], Callable[[Ctx], None]]] = {
    "answer": _answer,
    "answer_refused": C.answer_refused,
    "forced": _forced,
    "not_offered": C.not_offered,
    "current": _current,
    "dice": P.dice,
    "put": P.put,
    "run": _run_step,
    "expect": C.expect,
    "expect_in_order": C.expect_in_order,
    "expect_log": C.expect_log,
    "expect_no_log": C.expect_no_log,
    "winner": C.winner,
}
_SCRIPTED = ("answer", "answer_refused", "not_offered", "forced")  # queued before set-up when they come first


def _guarded(fn: Callable[[Ctx], None], span: Span) -> Callable[[Ctx], None]:
    def run(ctx: Ctx) -> None:
        try:
            fn(ctx)
        except GameOver:
            pass
    return run


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
