"""A game you can step and copy (runtime/stepping.py): a Match answered from outside plays the game an ordinary
run plays; a checkpoint at any decision, resumed, plays the same game on; a copy holds every field of a state;
a replay that no longer fits says so; a quiet replay comes to the position a watched one does; a position is
refused by another game."""
import pytest

from cardlang.agents import make_agent
from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent, View
from cardlang.runtime.engine import play_game
from cardlang.runtime.events import render_event
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.state import GameState, IllegalAction
from cardlang.runtime.stepping import (COPIED, SHARED, Diverged, Match, PositionMismatch, Recorder, copy_state,
                                       game_key, play_on)

GAMES = {"dominion": "big-money", "warring-kingdom": "economy", "greedy-kingdoms": "reader",
         "fall-of-kingdoms": "honest"}


@pytest.fixture(scope="module", params=list(GAMES))
def game(request):
    return load_game(request.param)


def lines(state) -> list[str]:
    return [render_event(state, e) for e in state.log]


def played_from_outside(game, seed: int, players: int, answer) -> Match:
    m = Match(game, [None] * players, seed, log=True)
    while (d := m.advance()) is not None:
        m.answer(answer(m, d))
    return m


@pytest.mark.parametrize("players", [2, 3])
def test_a_match_answered_from_outside_is_the_ordinary_game(game, players: int) -> None:
    lo, hi = game.players
    if not lo <= players <= hi:
        pytest.skip(f"{game.id} is for {lo}-{hi} players")
    r = play_game(game, [RandomAgent(100 + i) for i in range(players)], 5, log=True)
    outside = [RandomAgent(100 + i) for i in range(players)]
    m = played_from_outside(game, 5, players, lambda m, d: outside[d.player].decide(View(m.state, d.player), d))
    assert lines(m.state) == lines(r.state)
    assert (m.result.winners, m.result.scores) == (r.winners, r.scores)


def test_a_checkpoint_resumed_plays_the_same_game_on(game) -> None:
    outside = RandomAgent(3)
    answers, points = [], []

    def answer(m, d):
        points.append((len(answers), m.checkpoint()))
        answers.append(outside.decide(View(m.state, d.player), d))
        return answers[-1]

    whole = played_from_outside(game, 11, 2, answer)
    assert len(points) > 4
    for k, point in (points[1], points[len(points) // 2], points[-1]):
        again = Match.resume(game, point, [None, None], log=True)
        i = k
        while (d := again.advance()) is not None:
            again.answer(answers[i])
            i += 1
        assert i == len(answers)
        assert lines(again.state) == lines(whole.state)


def test_a_bot_seat_plays_inside_a_match(game) -> None:
    bot = GAMES[game.id]
    r = play_game(game, [make_agent(game, bot, 1), make_agent(game, bot, 2)], 8, log=True)
    outside = make_agent(game, bot, 1)
    m = Match(game, [None, make_agent(game, bot, 2)], 8, log=True)
    while (d := m.advance()) is not None:
        assert d.player == 0
        m.answer(outside.decide(View(m.state, 0), d))
    assert lines(m.state) == lines(r.state)


def test_a_copy_names_every_field_and_plays_on_alike(game) -> None:
    fresh = game.new_state(2, 1)
    assert set(GameState.__slots__) == SHARED | COPIED and not hasattr(fresh, "__dict__")
    for f in GameState.__slots__:
        getattr(fresh, f)  # every field set by the state's __init__
    bot = GAMES[game.id]
    seen = []

    class Copying:
        def __init__(self, seat):
            self.agent, self.name = make_agent(game, bot, seat), bot

        def decide(self, view, d):
            if not seen:
                seen.append(copy_state(view.rules_state))
            return self.agent.decide(view, d)

    r = play_game(game, [Copying(0), Copying(1)], 4)
    snap = seen[0]
    for f in GameState.__slots__:
        getattr(snap, f)  # every field set in the copy (a slot never set would raise)
    assert snap.zones is not r.state.zones and snap.card_def is not r.state.card_def
    checker = InvariantChecker()
    checker.final(snap)  # every card in one zone, counters in bounds, in the copy too


def test_the_copy_is_independent(game) -> None:
    r = play_game(game, [make_agent(game, GAMES[game.id], i) for i in range(2)], 2)
    st = r.state
    c = copy_state(st)
    before = [z.cards[:] for z in st.all_zones()], [row[:] for row in st.counters], st.rng.getstate()
    for z in c.all_zones():
        z.cards.reverse()
    for row in c.counters:
        row[:] = [0] * len(row)
    c.rng.random()
    assert before == ([z.cards for z in st.all_zones()], st.counters, st.rng.getstate())
    assert all(c.loc[cid] is z for z in c.all_zones() for cid in z.cards)


def test_a_replay_that_no_longer_fits_diverges(game) -> None:
    outside = RandomAgent(9)
    m = Match(game, [None, None], 13)
    d = m.advance()
    for _ in range(30):
        if d is None:
            pytest.skip("the game ended early")
        m.answer(outside.decide(View(m.state, d.player), d))
        d = m.advance()
        point = m.checkpoint()
        if point.answers:
            break
    else:
        pytest.skip("no turn with an answer")
    who, tag, picks, ids = point.answers[0]
    wrong = type(point)(point.game_key, point.state, ((who, tag + "-not", picks, ids),) + point.answers[1:], point.kind,
                        point.history, point.rng_state)
    state = wrong.resume(game, [RandomAgent(1), RandomAgent(2)])
    with pytest.raises(Diverged):
        play_on(game, state)
    m.close()


def test_done_is_called_at_the_decision_the_copy_was_taken_at(game) -> None:
    outside = RandomAgent(4)
    m = Match(game, [None, None], 21)
    for _ in range(12):
        d = m.advance()
        if d is None:
            pytest.skip("the game ended early")
        m.answer(outside.decide(View(m.state, d.player), d))
    d = m.advance()
    if d is None:
        pytest.skip("the game ended early")
    point = m.checkpoint()
    met = []

    def done(state):
        met.append(True)
        state.rng.seed(99)  # a sampled world's future is its own

    class Stop(Exception):
        pass

    class Asked:
        name = "asked"

        def decide(self, view, decision):
            assert met, "asked before the replay was over"
            raise Stop(decision)

    state = point.resume(game, [Asked(), Asked()], done=done, until=(d.player, d.tag))
    with pytest.raises(Stop) as got:
        play_on(game, state)
    assert met == [True]
    again = got.value.args[0]
    assert (again.player, again.tag, again.labels) == (d.player, d.tag, d.labels)
    m.close()


def _position(state) -> tuple:
    """What a state is at a decision: its zones' cards, counters, where each card is, its RNG, its pools."""
    return ([(z.label, z.cards[:], None if z.cells is None else dict(z.cells)) for z in state.all_zones()],
            [row[:] for row in state.counters], [z.label for z in state.loc], state.rng.getstate(),
            {k: dict(v) for k, v in state.card_counters.items()}, dict(state.vars), state.turn_number)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_quiet_replay_comes_to_the_position_a_watched_one_does(game, seed: int) -> None:
    """Checkpoint.resume(quiet=True): no event built while it replays, the bots' answers by name put aside (the
    replay answers every decision), and the same position at the decision, the seats' agents seated there."""
    bot = GAMES[game.id]
    recorder: list[Recorder] = []
    met = 0

    class Stop(BaseException):
        pass

    class Stopper:
        name = "stopper"

        def decide(self, view, decision):
            st = view.rules_state
            raise Stop(_position(st), (decision.player, decision.tag, decision.options), list(st.agents),
                       list(st.listeners))

    def arrive(point, d, quiet: bool):
        agents = [make_agent(game, bot, i + 1) for i in range(2)]  # bots that answer by name when nobody listens
        agents[d.player] = Stopper()
        state = point.resume(game, agents, quiet=quiet, until=(d.player, d.tag))
        with pytest.raises(Stop) as got:
            play_on(game, state)
        position, decision, seated, listeners = got.value.args
        assert seated == agents
        return position, decision, listeners

    class Probe:
        name = "probe"

        def __init__(self, seat):
            self.agent = RandomAgent(10 * seed + seat)  # (many questions a turn)

        def decide(self, view, d):
            nonlocal met
            rec = recorder[0]
            if rec.kind == "turn" and view.rules_state.turn_number % 3 == 1:
                point = rec.checkpoint()
                quiet, watched = arrive(point, d, True), arrive(point, d, False)
                assert quiet[:2] == watched[:2], f"{game.id}: a quiet replay came to another position ({d.tag})"
                assert quiet[2] == [] == watched[2]
                met += bool(point.answers)
            return self.agent.decide(view, d)

    play_game(game, [Probe(0), Probe(1)], seed, max_turns=40,
              on_state=lambda st: recorder.append(Recorder(game_key(game), st)))
    assert met >= 3  # positions with answers replayed


def test_a_quiet_replay_keeps_no_log_and_no_record() -> None:
    game = load_game("dominion")
    m = Match(game, [None, None], 3)
    m.advance()
    point = m.checkpoint()
    for how in ({"log": True}, {"record": True}):
        with pytest.raises(ValueError):
            point.resume(game, [RandomAgent(1), RandomAgent(2)], quiet=True, **how)
    m.close()


def test_a_position_is_refused_by_another_game() -> None:
    dom, wk = load_game("dominion"), load_game("warring-kingdom")
    m = Match(dom, [None, None], 1)
    m.advance()
    point = m.checkpoint()
    with pytest.raises(PositionMismatch, match="from game dominion cannot be applied to game warring-kingdom"):
        Match.resume(wk, point, [None, None])
    with pytest.raises(PositionMismatch):
        point.resume(wk, [])
    m.close()


def test_a_search_bot_cannot_join_a_game_resumed_from_a_checkpoint() -> None:
    """A search bot keeps its seat's observer from set-up on: seated at a checkpoint it would search from what
    it never saw (or from another game's record), so the resumed Match refuses it, naming the seat."""
    game = load_game("dominion")
    m = Match(game, [None, None], 1)
    m.advance()
    point = m.checkpoint()
    m.close()
    search = make_agent(game, "search:iterations=10", 2)
    with pytest.raises(ValueError, match="seat 2: .* cannot join one resumed from a checkpoint"):
        Match.resume(game, point, [None, search])
    again = Match.resume(game, point, [None, make_agent(game, "big-money", 2)])  # a bot of rules may join
    assert again.advance() is not None
    again.close()


def test_a_wrong_answer_is_refused_and_the_match_waits() -> None:
    game = load_game("dominion")
    with Match(game, [None, None], 1) as m:
        d = m.advance()
        with pytest.raises(IllegalAction):
            m.answer([len(d.options) + 5])
        assert m.pending is d
        with pytest.raises(IllegalAction, match="no decision"):
            Match(game, [None, None], 1).answer([0])


def test_a_recorder_is_installed_once() -> None:
    game = load_game("dominion")
    state = game.new_state(2, 1)
    assert Recorder.of(state, game) is Recorder.of(state, game)


def test_a_relabelled_copy_records_its_own_cards_not_the_positions() -> None:
    game = load_game("dominion")
    with Match(game, [None, None], 3) as m:
        m.advance()
        point = m.checkpoint()
        some = next(cid for cid, d in enumerate(point.state.card_def) if d.name != "Gold")
        gold = point.state.def_by_name["Gold"]
        state = point.resume(game, [RandomAgent(1), RandomAgent(2)], relabel={some: gold}, record=True)
        start = Recorder.of(state, game).checkpoint().state
        assert start.card_def[some] is gold and point.state.card_def[some] is not gold


def test_cards_are_replayed_by_id_wherever_the_copy_offers_them() -> None:
    from cardlang.runtime.decisions import recorded
    from cardlang.runtime.state import Decision
    from cardlang.runtime.stepping import Replay
    game = load_game("dominion")
    state = game.new_state(2, 1)
    d = Decision(0, "trash", "", "cards", [7, 8, 9], 0, 2, ["a", "b", "c"])
    entry = recorded(d, [2, 0])
    assert entry == (0, "trash", (2, 0), (9, 7))
    r = Replay([entry])
    moved = Decision(0, "trash", "", "cards", [9, 3, 7], 0, 2, ["c", "x", "a"])
    assert r.answer(state, moved) and r.picks == [0, 2]
    with pytest.raises(Diverged, match="does not offer"):
        Replay([entry]).answer(state, Decision(0, "trash", "", "cards", [9, 3], 0, 2, ["c", "x"]))


def test_the_readme_example_prints_what_the_readme_says(capsys) -> None:
    import runpy
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    runpy.run_path(str(root / "examples" / "stepping" / "step_a_game.py"), run_name="__main__")
    printed = capsys.readouterr().out
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert printed.strip() and f"```\n{printed}```" in readme
