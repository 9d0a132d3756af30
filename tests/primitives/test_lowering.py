"""A primitive's `lower` (the code generated in place of a call) does what its reference `run` does: on states
reached by seeded random play of the four shipped games, for every primitive of the registry that has a
lowering, the lowered code and `run` over the same arguments leave the same state, the same events, the same
reports to an invariant checker, and give the same value or the same error.

Each argument is drawn for its parameter's type from the state (a zone, one card, cards in a local or a name,
`top N of ZONE`, a whole zone, a number, a word the game uses) and written in each shape the compiler emits,
since a lowering looks at the shape of its arguments' code. Every case runs with a log, with nobody watching
(the fast paths), and with an invariant checker; a verb that can switch players (`for P`) is also run so.
"""
from __future__ import annotations

import ast as py
import random
from pathlib import Path

import pytest

from cardlang.compile.compiler import Compiler
from cardlang.compile import codegen as G
from cardlang.compile import reacting as R_
from cardlang.compile.game import load_game
from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.emit import emit
from cardlang.compile.primitive_code import zones_read
from cardlang.primitives import CORE
from cardlang.primitives.lowering import UNKNOWN, Site
from cardlang.primitives.registry import NAME, Bound, Function, Verb
from cardlang.runtime import board as B
from cardlang.runtime import zones as Z
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import run_turn, setup_game
from cardlang.runtime.state import Ctx, GameOver

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "game.cl").is_file())
LOWERED = [p for p in CORE.all() if p.lower is not None]
POSITIONS = 8   # states per game and primitive, each after a random number of turns of random play
DRAWS = 5       # argument draws per state (a function's, which changes nothing, are cheaper: READS)
READS = 30


@pytest.fixture(scope="module")
def games():
    return {g: load_game(g) for g in GAMES}


def test_the_primitives_with_a_fast_path_are_the_ones_checked():
    """A new lowering is checked here without a word more; one that no longer exists fails loudly."""
    assert {p.verb for p in LOWERED} >= {"move", "reveal", "trigger", "note", "reset", "attached", "card_at", "column",
                                         "row", "adjacent", "count", "refill", "display", "attach", "first_turn",
                                         "modify", "claim", "bank", "create", "claims", "claimant",
                                         "claimed", "place"}


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("prim", LOWERED, ids=lambda p: p.verb)
def test_lowered_code_leaves_what_run_leaves(games, game_id, prim):
    game = games[game_id]
    rng = random.Random(f"{game_id} {prim.verb}")
    compared = 0
    for position in range(POSITIONS):
        seed, turns = rng.randrange(10_000), rng.randrange(0, 20)
        probe = _position(game, seed, turns)
        if probe is None:
            continue
        for draw in range(READS if isinstance(prim, Function) else DRAWS):
            case = _draw(prim, game, probe, random.Random(f"{seed} {turns} {draw}"))
            if case is None:
                continue
            for mode in ("logged", "quiet", "checked", "for"):
                if mode == "for" and not (isinstance(prim, Verb) and prim.switches):
                    continue
                compared += _compare(prim, game, seed, turns, probe, case, mode)
    assert compared > 0 or not _applies(prim, game), f"no case of {prim.verb} could be drawn in {game_id}"


def _applies(prim, game) -> bool:
    """Can PRIM's lowering be reached in GAME at all (a grid function in a game with no grid cannot)?"""
    if prim.verb in ("card_at",):
        return any(z.grid for z in game.spec.zones.values())
    if prim.verb == "reset":
        return any(c.per_card for c in game.spec.counters.values())
    if prim.verb == "block":  # lowered only with its outcome blocks given as statements (the pass claim-inline),
        return False          # which no drawn case has: tests/primitives/test_block.py plays them with it on
    return True


# ---- positions ----------------------------------------------------------------------------------------------

def _position(game, seed: int, turns: int):
    """The state after set-up and TURNS turns of seeded random play (always the same for the same arguments),
    or None when the game ended before. In one position of four a player has peeked at a quarter of the cards
    (as `peek` leaves it: a private look the fast paths must not lose track of); in another, where a zone
    keeps attachments, a card is attached to one there (as `attach` leaves it); in another a modifier is summing
    a property (as `modify` runs); in the last a player is out."""
    agents = [RandomAgent(seed * 10 + i) for i in range(2)]
    try:
        state = setup_game(game, agents, seed)
        for _ in range(turns):
            run_turn(game, state)
    except GameOver:
        return None
    if seed % 4 == 0:
        for cid in range(seed % 3, len(state.card_def), 4):
            state.peeked.setdefault(cid, set()).add(1)
    if seed % 4 == 2:  # inside a modifier summing a property of one card (as abilities.modifier_total runs it)
        state.modifying = [seed % len(state.card_def), _SUMMED[seed % 2], 0]
    if seed % 4 == 3:  # a player out of the game (asked nothing more: a block, a call of a claim)
        state.out[seed % state.num_players] = True
    hosts = [c for z in state.all_zones() if z.spec.keeps_attachments for c in z.cards]
    if hosts and seed % 4 == 1:  # a card attached to one in a zone that keeps attachments, as `attach` leaves it
        host = hosts[seed % len(hosts)]
        loose = [c for c in range(len(state.card_def)) if c != host and state.loc[c].cells is None]
        B.attach(state, loose[seed % len(loose)], host)
    return state


# ---- drawing arguments ----------------------------------------------------------------------------------------

_SUMMED = ("offence", "power")  # the properties a position's modifier sums, and the words `modify` is given

def _zones(state) -> list:
    return [z for z in state.all_zones()]


def _draw(prim, game, state, rng: random.Random):
    """Run's arguments for one call, as specs that give the same value (or code) on any copy of this position:
    ("const", V), ("zone", KEY), ("cards", SHAPE, ...), or None when nothing can be drawn."""
    types = prim.lowers if isinstance(prim, Function) and prim.lowers is not None else None
    out = []
    params = prim.params if isinstance(prim, Function) else [prim.param_of(n) for n in prim.run_args]
    slot: list[int] = []  # a taken slot of the grid zone just drawn, for the column and row after it
    for i, p in enumerate(params):
        if p is None:
            out.append(("compiled",))
            continue
        t = types[i] if types is not None else p.type
        if t == "int" and slot:
            out.append(("const", slot.pop(0)))
        elif t == NAME:
            out.append(("const", rng.choice(_words(game, state, p.name))))
        elif not p.required and rng.random() < 0.3:
            out.append(("const", p.default))
        else:
            spec = _draw_value(t, state, rng)
            if spec is None:
                return None
            out.append(spec)
            cells = _zone_of(state, spec[1]).cells if spec[0] == "zone" else None
            if cells and rng.random() < 0.6:
                slot = list(rng.choice(sorted(cells)))
    return out


def _words(game, state, param: str) -> list[str]:
    """Plain words a game's sources give a NAME parameter: its events, its counters, `top` and `bottom`."""
    events = sorted({e for d in state.defs for e in d.triggers})
    counters = sorted(game.spec.counters)
    return {"at": ["top", "bottom"], "event": events + ["no such event"],
            "counter": counters or ["damage"], "property": list(_SUMMED)}.get(param, events + counters)


def _zone_key(z) -> tuple:
    return (z.spec.slot, z.owner, z.pile)


def _draw_value(t: str, state, rng: random.Random):
    zones = _zones(state)
    grids = [z for z in zones if z.cells is not None]
    if t == "zone":
        z = rng.choice(grids if grids and rng.random() < 0.5 else zones)  # (a grid's slots: card_at)
        return ("zone", _zone_key(z), rng.choice(("read", "const")))
    if t == "int":
        taken = [n for z in grids for cell in z.cells for n in cell]  # (a slot a card is in, half the time)
        return ("const", rng.choice(taken) if taken and rng.random() < 0.5 else rng.randrange(-1, 7))
    if t == "text":
        return ("const", rng.choice(("The attack fails", "")))
    if t == "bool":
        return ("const", rng.random() < 0.5)
    if t == "card name":  # (most often the definition of a card in play: a claim of it may be true)
        return ("const", state.card_def[rng.randrange(len(state.card_def))] if rng.random() < 0.8 else
                rng.choice(state.defs))
    if t == "card names":
        return ("const", rng.sample(state.defs, min(len(state.defs), rng.randrange(0, 3))))
    if t == "player":
        return ("const", rng.randrange(state.num_players))
    if t in ("cards", "any"):
        shape = rng.choice(("one", "local", "named", "top", "top", "all", "list", "none"))
        cards = [c for z in zones for c in z.cards]
        if shape in ("one", "local") and cards:
            # (a card someone peeked at, one in a slot of a grid, one attached or attached to, or any card)
            placed = [c for z in grids for c in z.cards]
            summed = [state.modifying[0]] if state.modifying is not None else cards  # (the card a modifier sums)
            pick = rng.choice(rng.choice([sorted(state.peeked) or cards, placed or cards, sorted([*state.attached, *state.host]) or cards,
                                          summed, cards]))
            return ("cards", shape, [pick] if shape == "one" or rng.random() < 0.7 else
                    rng.sample(cards, min(len(cards), rng.randrange(0, 4))))
        if shape in ("named", "list") and cards:
            return ("cards", shape, rng.sample(cards, min(len(cards), rng.randrange(0, 4))))
        if shape in ("top", "all"):
            z = rng.choice([z for z in zones if z.cells is None and (z.cards or rng.random() < 0.2)] or zones)
            return ("cards", shape, _zone_key(z), rng.choice((0, 1, 2, 3, 5)))
        return ("cards", "list", [])
    return None


def _zone_of(state, key):
    slot, owner, pile = key
    if pile is not None:
        return state.piles[(slot, pile)]
    row = state.zones[slot]
    return row[owner if owner is not None else 0]


def _value(spec, state):
    """The evaluated argument on STATE (reading it as the call would: `top N` may refill and shuffle)."""
    kind = spec[0]
    if kind == "const":
        return spec[1]
    if kind == "zone":
        return _zone_of(state, spec[1])
    shape = spec[1]
    if shape == "top":
        return Z.top(state, _zone_of(state, spec[2]), spec[3])
    if shape == "all":
        return list(_zone_of(state, spec[2]).cards)
    return list(spec[2])


def _code(spec, gen, state, first: list) -> py.expr:
    """The code of the argument, in the shape the compiler emits it; FIRST gets statements to run before
    (a local's assignment)."""
    kind = spec[0]
    if kind == "const":
        v = spec[1]
        return G.const(v) if v is None or isinstance(v, (str, int, bool)) else gen.const(v)
    if kind == "zone":
        slot, owner, pile = spec[1]
        if spec[2] == "read" and pile is None:
            return emit(gen, N.ZoneRef(slot, N.Const(owner if owner is not None else 0)))
        return gen.const(_zone_of(state, spec[1]))
    shape = spec[1]
    if shape == "one":
        return py.List([py.Constant(spec[2][0])], py.Load())
    if shape == "local":
        local = gen.fresh("l")
        first.append(py.Assign([G.store(local)], py.List([py.Constant(c) for c in spec[2]], py.Load())))
        return G.name(local)
    if shape == "named":
        first.append(G.set_var("u", py.List([py.Constant(c) for c in spec[2]], py.Load())))
        return G.var("u")
    if shape == "top":
        return G.call(gen.const(Z.top), G.ctx_attr("state"), _code(("zone", spec[2], "read"), gen, state, first),
                      py.Constant(spec[3]))
    if shape == "all":
        return gen.emit_expr(N.ZoneCards(N.Py(_code(("zone", spec[2], "read"), gen, state, first))))
    return py.List([py.Constant(c) for c in spec[2]], py.Load())


# ---- running both ---------------------------------------------------------------------------------------------

class _Told:
    """An invariant checker that records what it is told (the lowered code must tell it what run tells it)."""

    def __init__(self) -> None:
        self.told: list[tuple] = []

    def __call__(self, state) -> None:
        self.told.append(("called",))

    def moved(self, state, cid, src, dest) -> None:
        self.told.append(("moved", cid, _zone_key(src), _zone_key(dest)))

    def refilled(self, state, zone, src, order) -> None:
        self.told.append(("refilled", _zone_key(zone), _zone_key(src), tuple(order)))

    def linked(self, state, cards) -> None:
        self.told.append(("linked", tuple(cards)))

    def counted(self, state, slot, i) -> None:
        self.told.append(("counted", slot, i))

    def card_counted(self, state, cid, spec) -> None:
        self.told.append(("card_counted", cid, spec.name))

    def shuffled(self, state, zone) -> None:
        self.told.append(("shuffled", _zone_key(zone)))

    def checkpoint(self, state, where) -> None:
        self.told.append(("checkpoint", where))


def _snapshot(state) -> tuple:
    """Everything a primitive may change, as plain values (zones by key, not by identity)."""
    return (
        [[(_zone_key(z), list(z.cards), dict(z.cells) if z.cells is not None else None) for z in row]
         for row in state.zones],
        sorted((k, list(z.cards)) for k, z in state.piles.items()),
        {s: [_zone_key(z) for z in zs] for s, zs in state.pile_order.items()},
        [_zone_key(z) for z in state.loc], len(state.card_def),
        [list(r) for r in state.counters], list(state.banks),
        {k: dict(v) for k, v in state.card_counters.items()},
        dict(state.cell), dict(state.host), {k: list(v) for k, v in state.attached.items()},
        {k: set(v) for k, v in state.peeked.items()}, state.immune, list(state.out), state.winners, state.ended_by,
        list(state.claims),
        state.current, state.rng.getstate(), state.steps, state.depth, state.secret, state.modifying,
        list(state.log) if state.log is not None else None,
    )


def _outcome(fn):
    """What FN gives, or the error it raises (an ability triggered for an event it is not written for may fail
    reading a value that event would pass: the same failure either way)."""
    try:
        return ("value", fn())
    except Exception as e:  # noqa: BLE001 - compared, not hidden
        return ("raised", type(e).__name__, str(e))


def _compare(prim, game, seed: int, turns: int, probe, case: list, mode: str) -> int:
    """Run PRIM's `run` and its lowered code on two copies of one position (PROBE is a third); 1 when compared,
    0 when the lowering leaves this shape of call to the plain call."""
    if not _lowers(prim, game, probe, case, mode):
        return 0
    told = {"reference": _Told(), "lowered": _Told()}
    states = {}
    if isinstance(prim, Function) and all(s[1] != "top" for s in case):
        # a read (no argument refills a deck): both on the position itself, which neither may change
        if mode != "quiet":
            return 0
        before = _snapshot(probe)
        fn = _lowered_fn(prim, game, probe, case, mode)
        got = _outcome(lambda: fn(Ctx(probe, 0, None, {}, "test")))
        want = _outcome(lambda: prim.run(probe, *[_value(s, probe) for s in case]))
        assert got == want and _snapshot(probe) == before, f"{prim.verb}: seed {seed}, {turns} turns, {case}"
        return 1
    for side in ("reference", "lowered"):
        state = _position(game, seed, turns)
        state.log = [] if mode in ("logged", "for") else None
        if mode == "checked":
            state.check = told[side]
        states[side] = state
    you, other = 0, 1
    ref, low = states["reference"], states["lowered"]
    fn = _lowered_fn(prim, game, low, case, mode)

    def reference():
        ctx = Ctx(ref, other if mode == "for" else you, None, {}, "test")
        compiled = _compiled(prim, game, case)
        values = [compiled.pop(0) if s[0] == "compiled" else _lazy(s, ref) if _is_lazy(prim, i) else _value(s, ref)
                  for i, s in enumerate(case)]
        if isinstance(prim, Function):
            return prim.run(ref, *values)
        return prim.run(ctx, *values)

    got_ref = _outcome(reference)
    got_low = _outcome(lambda: fn(Ctx(low, you, None, {}, "test")))
    where = f"{prim.verb}: seed {seed}, {turns} turns, {mode}, arguments {case}"
    assert got_low == got_ref, where
    assert _snapshot(low) == _snapshot(ref), where
    assert told["lowered"].told == told["reference"].told, where
    return 1


def _is_lazy(prim, i: int) -> bool:
    """Is run's argument I one it is handed as a function of the context (`Verb.lazy`)?"""
    if not isinstance(prim, Verb):
        return False
    p = prim.param_of(prim.run_args[i])
    return p is not None and p.name in prim.lazy


def _lazy(spec, state):
    """A lazy argument as run is handed it: a function of the context, reading the value when run calls it
    (`top N` then refills and shuffles where the lowered code reads it), or None for one left out."""
    if spec[0] == "const" and spec[1] is None:
        return None
    return lambda ctx: _value(spec, state)


def _lowered_fn(prim, game, state, case: list, mode: str):
    """The lowered code of the call as a generated function of the context, built against STATE's objects (a
    zone constant is that state's zone); `for P` (MODE "for") switches to player 1 around what acts."""
    def body_of(gen: G.Gen) -> list[py.stmt]:
        first: list[py.stmt] = []
        compiled = _compiled(prim, game, case)
        codes = [gen.const(compiled.pop(0)) if s[0] == "compiled" else _code(s, gen, state, first) for s in case]
        if isinstance(prim, Function):
            return first + [py.Return(prim.lower(gen, codes))]
        compiled = _compiled(prim, game, case)
        known = tuple(compiled.pop(0) if s[0] == "compiled" else s[1] if s[0] == "const" else UNKNOWN
                      for s in case)
        site = Site(known, zones_read(tuple(game.spec.zones.values())), _as_player_1 if mode == "for" else None, R_.free,
                    R_.free_read)
        return first + prim.lower(gen, codes, site) + [py.Return(py.Constant(None))]
    return G.build_function(f"lowering {prim.verb}", None, body_of, "run_lowered").fn


def _as_player_1(body: list[py.stmt]) -> list[py.stmt]:
    """`ctx.you = 1; try: BODY finally: ctx.you = 0`: what the compiler wraps a call made `for P` in."""
    you = py.Attribute(G.name(G.CTX), "you", py.Store())
    return [py.Assign([you], py.Constant(1)), py.Try(body, [], [], [py.Assign([you], py.Constant(0))])]


def _lowers(prim, game, state, case: list, mode: str) -> bool:
    """Does PRIM's lowering give code of its own for these arguments (else the compiler emits the plain call)?"""
    gen = G.Gen("probe")
    compiled = _compiled(prim, game, case)
    codes = [gen.const(compiled.pop(0)) if s[0] == "compiled" else _code(s, gen, state, []) for s in case]
    if isinstance(prim, Function):
        return prim.lower(gen, codes) is not None
    compiled = _compiled(prim, game, case)
    known = tuple(compiled.pop(0) if s[0] == "compiled" else s[1] if s[0] == "const" else UNKNOWN for s in case)
    switched = (lambda body: body) if mode == "for" else None
    return prim.lower(gen, codes, Site(known, zones_read(tuple(game.spec.zones.values())), switched, R_.free,
                                       R_.free_read)) is not None


def _compiled(prim, game, case) -> list:
    """The values of run's compiled arguments (a verb's `prepare`, from the game's compiler)."""
    if not isinstance(prim, Verb) or not prim.compiled:
        return []
    b = Bound()
    for n, s in zip(prim.run_args, case):
        p = prim.param_of(n)
        if p is not None and s[0] == "const":
            b.consts[p.name] = s[1]
    b.cases = {case: _outcome_block(case) for case in prim.cases}
    values = prim.prepare(b, Compiler.for_game(game))  # a compiler sharing the game's facts, as a bot's
    return [values[n] for n in prim.run_args if n in prim.compiled]


def _outcome_block(case: str):
    """An outcome block (`honest { ... }`) that says in the state's public record of claims that it ran, with
    the names its verb set for it (`caller`, `proof`): the lowered code must run the same blocks, so."""
    def ran(ctx) -> None:
        ctx.state.claims.append((case, ctx.vars.get("caller"), tuple(ctx.vars.get("proof") or ())))
    return ran
