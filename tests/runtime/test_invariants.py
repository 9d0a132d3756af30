"""The shared invariant checker (cardlang/runtime/invariants.py) holds on real games and catches each kind
of broken state: a card in two zones, a card lost, a location that lies, a counter past its bounds, a bank
not conserved, a grid slot that names a card elsewhere. It is not vacuous."""
from __future__ import annotations

import re

import pytest

from cardlang.compile.game import load_game
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game
from cardlang.runtime.checker import InvariantChecker
from cardlang.runtime.invariants import InvariantViolation, check_state


def finished(gid: str, players: int = 3, seed: int = 4):
    g = load_game(gid)
    checker = InvariantChecker()
    r = play_game(g, [RandomAgent(seed + i) for i in range(players)], seed, check=checker, max_turns=60)
    assert checker.steps > 50, "the engine calls the checker after every mutation"
    check_state(r.state)
    return r.state


def test_a_card_in_two_zones_and_a_lost_card() -> None:
    state = finished("dominion")
    full = [z for z in state.all_zones() if len(z.cards) >= 2]
    a, b = full[0], full[1]
    b.cards.append(a.cards[-1])  # also in b: in two places
    with pytest.raises(InvariantViolation, match="sits in|in two places"):
        check_state(state)
    b.cards.pop()
    lost = a.cards.pop()  # in no zone at all
    with pytest.raises(InvariantViolation, match=rf"cards lost \[{lost}\]"):
        check_state(state)
    a.cards.append(lost)
    check_state(state)
    state.loc[lost] = b  # the location lies
    with pytest.raises(InvariantViolation, match="but its location says"):
        check_state(state)
    state.loc[lost] = a
    first = a.cards[0]
    a.cards[0] = a.cards[1]  # the same count of cards, all where they say: one twice in a, one in none
    with pytest.raises(InvariantViolation, match=rf"cards lost \[{first}\], in two places \[{a.cards[1]}\]"):
        check_state(state)


def test_counter_bounds_and_bank_conservation() -> None:
    state = finished("greedy-kingdoms")
    slot = next(i for i, c in enumerate(state.counter_specs) if c.bank is not None)
    spec = state.counter_specs[slot]
    state.counters[slot][0] += 1  # out of nowhere: the bank no longer adds up
    with pytest.raises(InvariantViolation, match=f"bank of {spec.name} not conserved"):
        check_state(state)
    state.counters[slot][0] -= 1
    check_state(state)
    bounded = next(i for i, c in enumerate(state.counter_specs) if c.maximum is not None and c.bank is None
                   and not c.numbers and not c.per_card)
    state.counters[bounded][0] = state.counter_specs[bounded].maximum + 1
    with pytest.raises(InvariantViolation, match="is outside"):
        check_state(state)


def test_a_grid_slot_that_names_a_card_elsewhere() -> None:
    state = finished("warring-kingdom", players=2)
    grid = next(z for z in state.all_zones() if z.cells)
    cell, cid = next(iter(grid.cells.items()))
    elsewhere = next(z for z in state.all_zones() if z.cells is None and z.cards)
    other = elsewhere.cards[-1]
    grid.cells[cell] = other
    with pytest.raises(InvariantViolation, match="names card"):
        check_state(state)
    grid.cells[cell] = cid
    check_state(state)


def test_the_checker_names_the_step() -> None:
    state = finished("fall-of-kingdoms")
    checker = InvariantChecker()
    checker(state)
    z = next(z for z in state.all_zones() if z.cards)
    z.cards.append(z.cards[-1])
    with pytest.raises(InvariantViolation, match=r"^step 2, turn \d+: "):
        checker(state)


class _Corrupting(RandomAgent):
    """A random agent that, after answering its AT-th decision, breaks the state behind the checker's back,
    as a primitive that writes zones or counters itself would, and counts the decisions answered since."""

    def __init__(self, seed: int, at: int, corrupt) -> None:
        super().__init__(seed)
        self.at, self.corrupt, self.answered, self.after = at, corrupt, 0, None

    def decide(self, view, decision):
        picks = super().decide(view, decision)
        self.answered += 1
        if self.after is not None:
            self.after += 1
        elif self.answered == self.at:
            state = view.rules_state
            self.step, self.turn = state.check.steps, state.turn_number
            self.corrupt(state)
            self.after = 0
        return picks


def _doubled_card(state) -> None:  # a card copied into a second zone, its location left as it was
    a, b = [z for z in state.all_zones() if z.cards][:2]
    b.cards.append(a.cards[-1])


def _duplicate_in_place(state) -> None:  # every zone keeps its size and every location holds: one card twice
    z = next(z for z in state.all_zones() if len(z.cards) >= 2)
    z.cards[0] = z.cards[1]


def _bank_leak(state) -> None:  # a token out of nowhere
    slot = next(i for i, c in enumerate(state.counter_specs) if c.bank is not None)
    state.counters[slot][0] += 1


def _location_lies(state) -> None:  # the location of a pile's bottom card points elsewhere
    z = max(state.all_zones(), key=lambda z: len(z.cards))
    state.loc[z.cards[0]] = next(o for o in state.all_zones() if o is not z)


def _out_of_bounds(state) -> None:  # a bounded counter past its top
    slot = next(i for i, c in enumerate(state.counter_specs) if c.maximum is not None and c.bank is None
                and not c.numbers and not c.per_card)
    state.counters[slot][0] = state.counter_specs[slot].maximum + 1


def _slot_lies(state) -> None:  # a grid slot names a card that lies elsewhere
    grid = next(z for z in state.all_zones() if z.cells)
    other = next(z for z in state.all_zones() if z.cells is None and z.cards)
    grid.cells[next(iter(grid.cells))] = other.cards[-1]


@pytest.mark.parametrize("gid, corrupt, message", [
    ("dominion", _doubled_card, "sits in"), ("dominion", _duplicate_in_place, "in two places"),
    ("dominion", _location_lies, "its location says"), ("greedy-kingdoms", _bank_leak, "not conserved"),
    ("greedy-kingdoms", _out_of_bounds, "is outside"), ("warring-kingdom", _slot_lies, "names card")])
def test_a_change_no_mutation_reports_is_caught_within_one_decision(gid, corrupt, message) -> None:
    """The checker looks only at what each mutation says it touched; a change made without telling it is
    still caught before the next decision is answered (or at the end of the turn), by comparing the whole
    state with its copy, and the message names the step."""
    agents = [_Corrupting(1, 12, corrupt), RandomAgent(2)]
    with pytest.raises(InvariantViolation) as caught:
        play_game(load_game(gid), agents, 3, check=InvariantChecker(), max_turns=60)
    bad = agents[0]
    assert bad.after == 0, "a decision was answered after the state broke"
    text = str(caught.value)
    m = re.match(r"step (\d+), turn (\d+): ", text)
    assert m and int(m[1]) >= bad.step and int(m[2]) == bad.turn, text
    assert message in text, text



def test_a_checkpoint_compares_the_whole_state_with_the_last_checked_one() -> None:
    """Every zone the same size, every location true, one card listed twice and one in no zone: only a
    comparison of the whole state finds it; a silent change that keeps the invariants is accepted."""
    state = finished("dominion")
    checker = InvariantChecker()
    checker(state)
    checker.checkpoint(state, "before a decision")
    z = next(z for z in state.all_zones() if len(z.cards) >= 3)
    z.cards.reverse()  # a new order is no violation
    checker.checkpoint(state, "before a decision")
    z.cards[0] = z.cards[1]
    with pytest.raises(InvariantViolation, match=r"^step 1, turn \d+: before a decision, after a change no step "
                                                 r"reported: cards lost \[\d+\], in two places \[\d+\]"):
        checker.checkpoint(state, "before a decision")


def _broken_at_a_linked_step(monkeypatch, corrupt, match: str, *, after: int = -1, max_turns: int = 60):
    """Play a Warring Kingdom game whose first linked step past step AFTER that CORRUPT(state, card) agrees to
    break breaks the state just before the checker looks; returns the violation (matching MATCH) and that step."""
    real, seen = InvariantChecker.linked, {}

    def linked(self, state, cards) -> None:
        if not seen and self.steps > after and corrupt(state, cards[0]):
            seen["step"] = self.steps + 1
        real(self, state, cards)
    monkeypatch.setattr(InvariantChecker, "linked", linked)
    with pytest.raises(InvariantViolation, match=match) as e:
        play_game(load_game("warring-kingdom"), [RandomAgent(1), RandomAgent(2)], 2, check=InvariantChecker(),
                  max_turns=max_turns)
    return str(e.value), seen["step"]


def _slot_names_a_card_that_left(state, cid) -> bool:
    """A slot is pointed at a card that left its slot (or never had one)."""
    if state.cell.get(cid) is not None:
        return False
    grid = next((z for z in state.all_zones() if z.cells), None)
    if grid is None or state.loc[cid] is grid:
        return False
    grid.cells[next(iter(grid.cells))] = cid
    return True


def test_a_grid_move_that_breaks_a_slot_is_caught_at_its_step(monkeypatch) -> None:
    """Moves on and off a grid are checked by what they touched too: a slot left naming a card that moved
    away fails at that very step."""
    error, step = _broken_at_a_linked_step(monkeypatch, _slot_names_a_card_that_left,
                                           r"^step \d+, turn \d+: slot \(\d+, \d+\) of \S+ names card")
    assert error.startswith(f"step {step}, ")


def _slot_names_another(state, cid) -> bool:
    """The card that moved onto a grid believes it sits in another card's slot."""
    grid, k = state.loc[cid], state.cell.get(cid)
    other = None if k is None or grid.cells is None else next((s for s in grid.cells if s != k), None)
    if other is None:
        return False
    state.cell[cid] = other
    return True


def _attachment_forgotten(state, cid) -> bool:
    """Some card's host no longer lists it among its attachments (not the card that moved)."""
    if not state.host:
        return False
    a, h = next(iter(state.host.items()))
    state.attached[h].remove(a)
    return True


def _slot_dropped(state, cid) -> bool:
    """The card that moved onto a grid loses its slot but stays in the grid's zone."""
    grid, k = state.loc[cid], state.cell.get(cid)
    if k is None or grid.cells is None:
        return False
    del grid.cells[k], state.cell[cid]
    return True


@pytest.mark.parametrize("corrupt, message", [
    (_slot_names_another, r"names card \d+, which is not there|thinks it is in slot"),
    (_attachment_forgotten, r"is attached to card \d+ \(.*\) but is not with it"),
    (_slot_dropped, r"is in \S+ but in no slot and attached to nothing"),
])
def test_a_linked_step_checks_the_slots_and_attachments_that_changed(monkeypatch, corrupt, message) -> None:
    """`linked` looks only at the slots, hosts and attachments that changed since the last good state, yet a
    break in any of them (the moved card's own or another's) fails at that very step."""
    error, step = _broken_at_a_linked_step(monkeypatch, corrupt, rf"^step \d+, turn \d+: .*({message})",
                                           after=20, max_turns=100)  # (step 1 checks the whole state)
    assert error.startswith(f"step {step}, ")
    assert "no step reported" not in error, "the step itself must catch it, not the next checkpoint"
