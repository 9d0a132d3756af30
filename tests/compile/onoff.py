"""One check for every pass's test: the same games with the pass on and off. A pass changes the code only, so
the two compiles of a game must play the same winners, scores, turns and event log (every `repr` of every
event), seed by seed; and the generated code a pass's test looks for. Imported by the tests of tests/compile
(pytest puts this folder on the path)."""
from __future__ import annotations

from cardlang.agents import make_agent
from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import source_of
from cardlang.compile.game import load_game
from cardlang.compile.passes import SWITCHABLE, Options
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game, setup_game
from cardlang.runtime.state import Ctx


def without(*names: str) -> Options:
    """The game's passes with these off (an unknown name is a bug in the test: KeyError)."""
    unknown = set(names) - SWITCHABLE
    if unknown:
        raise KeyError(f"no such pass: {sorted(unknown)}")
    return Options(SWITCHABLE - set(names))


def played(game, bots: tuple[str, ...], seeds) -> list[tuple]:
    """Each seed's logged game: winners, scores, turns and the whole event log."""
    out = []
    for seed in seeds:
        agents = [make_agent(game, b, seed + j) for j, b in enumerate(bots)]
        r = play_game(game, agents, seed, log=True)
        out.append((r.winners, r.scores, r.turns, [repr(e) for e in r.state.log]))
    return out


def assert_same_games(on, off, bots: tuple[str, ...], seeds=range(12)) -> None:
    """`on` and `off` (two loads of one game, or their game ids) play the same games."""
    on = load_game(on) if isinstance(on, str) else on
    off = load_game(off) if isinstance(off, str) else off
    a, b = played(on, bots, seeds), played(off, bots, seeds)
    assert a and a == b


def turn_source(game) -> str:
    """The generated code of GAME's turn (the functions whose header names it)."""
    return "\n".join(source_of(m) for m in game.generated if "'turn'" in source_of(m)[:200])


def verb_source(game_id: str, options, verb: str) -> str:
    """The generated code of the verb VERB of the game GAME_ID compiled with OPTIONS (its own function)."""
    game = load_game(game_id, options=options)
    return "".join(source_of(g) for g in game.facts.generated if g.label == f"verb {verb}")


def bot_source(game, bot: str, label: str) -> str:
    """The generated code labelled LABEL once BOT's rules are generated (they are when first asked)."""
    compile_bot(game, bot).generate_all()
    return "\n".join(source_of(m) for m in game.generated if m.label == label)


def play_from_hand(game, name: str, hand: list[str]):
    """A two-player set-up of GAME (seed 1, random players) whose first seat's hand is exactly the cards named
    HAND (the dealt ones put in the trash), then a new card NAME in play runs its `play`: the state after it."""
    state = setup_game(game, [RandomAgent(1), RandomAgent(2)], 1)
    zone = state.zones[state.zone_slot["hand"]][0]
    trash = state.zones[state.zone_slot["trash"]][0]
    for cid in list(zone.cards):
        state.loc[cid] = trash
        trash.cards.append(cid)
    zone.cards.clear()
    for n in hand:
        state.new_card(game.defs_by_name[n], zone)
    cid = state.new_card(game.defs_by_name[name], state.zones[state.zone_slot["inplay"]][0])
    game.abilities.run_ability(Ctx(state, 0), cid, "play")
    return state
