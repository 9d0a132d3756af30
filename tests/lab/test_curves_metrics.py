"""Per-turn curves from the runtime's events, and the game metrics read from outcomes."""
import pickle

from cardlang.compile.game import load_game
from cardlang.lab import metrics
from cardlang.lab.curves import CurveAccumulator
from cardlang.lab.outcomes import Game, GameOutcomes, OutcomeAccumulator
from cardlang.simulation.simulate import play_games, seating

BOTS = ["smithy-bm", "big-money"]


def _run(game, cuts: list[int]) -> CurveAccumulator:
    merged = None
    for a, b in zip(cuts, cuts[1:]):
        acc = pickle.loads(pickle.dumps(play_games(game, BOTS, 3, a, b, accumulators=[CurveAccumulator(game, BOTS)])
                                        .accumulators[0]))  # as a worker's batch comes back
        if merged is None:
            merged = acc
        else:
            merged.merge(acc)
    return merged


def test_curves_are_read_from_events_and_merge_exactly() -> None:
    game = load_game("dominion")
    whole, parts = _run(game, [0, 16]), _run(game, [0, 5, 6, 16])
    assert whole.to_json() == parts.to_json()  # any cut into batches: the same curves
    names = whole.names
    curve = {n: whole.curve(0, i) for i, n in enumerate(names)}
    first = {n: c[0] for n, c in curve.items()}
    assert first["score"]["mean"] == 3  # three Estates
    assert 10 <= first["cards owned"]["low"] <= first["cards owned"]["high"] <= 11  # 7 Coppers, 3 Estates, a buy
    assert 2 <= first["coins (most in the turn)"]["low"] <= first["coins (most in the turn)"]["high"] <= 5
    assert first["actions (most in the turn)"]["mean"] == 1  # the turn's one Action, though none is played
    assert curve["cards owned"][-1]["mean"] > 15  # the deck grows
    assert {p["mean"] for p in curve["actions (most in the turn)"]} == {1}  # one a turn, spent on Smithy or not
    assert sum(whole.lead_changes.values()) == 16


def test_a_game_without_a_score_has_no_lead_figures() -> None:
    game = load_game("warring-kingdom")
    bots = ["economy", "rush"]
    acc = play_games(game, bots, 1, 0, 3, accumulators=[CurveAccumulator(game, bots)]).accumulators[0]
    assert "score" not in acc.names and acc.names
    assert metrics.lead(acc) is None


def _game(i: int, winners: tuple, scores=(1, 0), stopped=False) -> Game:
    return Game(i, (i % 2, 1 - i % 2), scores, winners, 30, stopped, "x")


def test_seat_advantage_is_tested_and_said_in_words() -> None:
    fair = GameOutcomes(["a", "b"], [_game(i, (i % 2,)) for i in range(200)])
    first = GameOutcomes(["a", "b"], [_game(i, (0,) if i % 4 else (1,)) for i in range(200)])  # seat 1 wins 75%
    s_fair, s_first = metrics.seats(fair), metrics.seats(first)
    assert s_fair["p_value"] == 1.0 and s_first["p_value"] < 1e-6
    assert s_first["seats"][0]["win_rate"] == 0.75
    words = metrics.notes({2: s_first, 3: s_fair}, {"won outright": 200}, 200, None, metrics.length(first))
    assert words[0].startswith("Seat advantage at 2 players: seat 1 wins 75.0%")
    assert words[1].startswith("No seat advantage stands out at 3 players")


def test_ties_and_how_they_were_settled() -> None:
    games = [_game(0, (0,)), _game(1, (0, 1), (5, 5)), _game(2, (1,), (5, 5)), _game(3, (), (0, 0), True)]
    out = GameOutcomes(["a", "b"], games)
    assert metrics.ties(out) == {"won outright": 1, "tied score, broken by the tie-break": 1, "shared win": 1,
                                 "no winner (stopped)": 1}
    words = metrics.notes({}, metrics.ties(out), 4, None, metrics.length(out))
    assert any(w.startswith("Ties stand out: 75.0%") for w in words)
    assert any("turn limit" in w for w in words)
    assert out.games[1].share(1) == 0.5


def test_outcomes_name_the_bot_in_each_seat() -> None:
    game = load_game("dominion")
    acc = play_games(game, BOTS, 4, 0, 4, accumulators=[OutcomeAccumulator(game, BOTS)]).accumulators[0]
    games = acc.outcomes.games
    assert [g.index for g in games] == [0, 1, 2, 3]
    assert all(sorted(g.bots) == [0, 1] for g in games)
    assert all(list(g.bots) == seating(BOTS, g.index)[1] for g in games)  # the simulation's own seating


def test_lab_accumulators_seat_every_bot_by_the_one_schedule() -> None:
    """Three bots, games past the first block: the outcomes, the curves and the game records all seat the bots
    by cardlang/simulation/seating.py's schedule, so a bot's results are never read from another bot's seat."""
    from cardlang.simulation.seating import bot_of_seat
    game = load_game("dominion")
    bots = ["smithy-bm", "big-money", "random"]
    outcomes = OutcomeAccumulator(game, bots)
    watched = []

    class Seen(CurveAccumulator):
        def watch(self, state, game_index, seats):
            super().watch(state, game_index, seats)
            watched.append(self.watcher.bots)
    batch = play_games(game, bots, 2, 4, 10, records=True, accumulators=[outcomes, Seen(game, bots)])
    games = batch.accumulators[0].outcomes.games
    assert [g.index for g in games] == list(range(4, 10))
    for g, rec in zip(games, batch.records):
        assert list(g.bots) == bot_of_seat(3, g.index)
        assert rec["seats"] == [bots[b] for b in g.bots]  # the names the games were played with
    assert len({tuple(g.bots) for g in games}) > 3  # more than one order round the table
    assert watched == [list(g.bots) for g in games]  # the curves credit each seat's turns to its bot
