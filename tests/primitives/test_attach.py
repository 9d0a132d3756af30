"""Attachments: `attach`, `detach`, `attached()`, `carrier()`. An attached card shares its card's zone,
takes no slot, moves with it, stays attached in zones that keep attachments and comes off anywhere else."""
import pytest

from cardlang.errors import RuleViolation
from cardlang.primitives import CORE
from cardlang.runtime import events as E

from field_game import field


def test_attach_joins_the_zone_without_a_slot(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="attach hand where card is Gear to card_at(board, 2, 1);")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (2, 1))
    b = g.put(s, "p1.hand", "Blade")
    g.run(s)
    assert g.at(s, "p1.board") == {(2, 1): "Knight"}          # the Blade takes no slot
    assert g.names(s, "p1.board") == ["Knight", "Blade"]
    assert s.host == {b: k} and s.attached == {k: [b]}
    assert g.events(s, "Attached")[-1] == E.Attached(b, "Blade", k, "Knight")


def test_attachments_follow_their_card_and_stay_where_attachments_are_kept(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move card_at(board, 2, 1) to fallen;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (2, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert g.names(s, "p1.fallen") == ["Knight", "Blade"]
    assert s.host == {b: k}
    assert g.at(s, "p1.board") == {}


def test_attachments_come_off_in_other_zones(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move card_at(board, 2, 1) to discard;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (2, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert g.names(s, "p1.discard") == ["Knight", "Blade"]
    assert s.host == {} and s.attached == {}
    assert (g.events(s, "Detached")[-1].card, g.events(s, "Detached")[-1].host) == ("Blade", "Knight")


def test_into_a_pile_zone_each_card_goes_to_its_own_pile(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move card_at(board, 1, 1) to supply;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert s.loc[k].label == "supply[Knight]" and s.loc[b].label == "supply[Blade]"
    assert s.host == {}


def test_moving_an_attached_card_by_itself_takes_it_off(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="move attached(card_at(board, 1, 1)) to hand;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert g.names(s, "p1.hand") == ["Blade"] and s.host == {}


def test_detach_and_carrier(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="tally += count(carrier(attached(card_at(board, 1, 1)))); "
                                            "detach attached(card_at(board, 1, 1)); "
                                            "tally += 10 * count(attached(card_at(board, 1, 1)));")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    b = g.put(s, "p1.board", "Blade")
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 1
    assert s.loc[b] is s.loc[k] and s.host == {}


def test_a_swap_on_the_grid_keeps_attachments(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="place card_at(board, 1, 1) to board column=1 row=2;")
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (1, 1))
    b = g.put(s, "p1.board", "Blade")
    g.put(s, "p1.board", "Squire", (1, 2))
    from cardlang.runtime.board import attach
    attach(s, b, k)
    g.run(s)
    assert g.at(s, "p1.board") == {(1, 2): "Knight", (1, 1): "Squire"} and s.host == {b: k}


def test_attaching_where_attachments_are_not_kept_is_a_rule_violation(tmp_path, monkeypatch) -> None:
    g = field(tmp_path, monkeypatch, probe="attach hand where card is Gear to discard;")
    s = g.state()
    g.put(s, "p1.hand", "Blade")
    g.put(s, "p1.discard", "Knight")
    with pytest.raises(RuleViolation, match="cannot be attached in p1.discard"):
        g.run(s)


def test_rules_text() -> None:
    assert CORE.get("attach").describe({"what": "it", "to": "a unit"}) == "Attach it to a unit."
    assert CORE.get("detach").describe({"what": "it"}) == "Take it off."


def test_attached_and_is_of_one_card_or_of_several(tmp_path, monkeypatch) -> None:
    # generated code computes these in place for one card (compile/inline.py), and calls for several or none
    probe = ("let k = card_at(board, 2, 1); let both = board where card is Unit; let none = card_at(board, 1, 1); "
             "tally += count(attached(k)) + 10 * count(attached(both)) + 100 * count(attached(none)); "
             "if k is Unit { tally += 1000; } if both is Unit { tally += 10000; } if none is Unit { tally += 1; } "
             "if attached(k) is Unit { tally += 1; } if k is not Gear { tally += 100000; }")
    g = field(tmp_path, monkeypatch, probe=probe)
    s = g.state()
    k = g.put(s, "p1.board", "Knight", (2, 1))
    q = g.put(s, "p1.board", "Squire", (3, 1))
    from cardlang.runtime.board import attach
    attach(s, g.put(s, "p1.board", "Blade"), k)
    attach(s, g.put(s, "p1.board", "Shield"), q)
    g.run(s)
    assert s.counters[g.game.spec.counters["tally"].slot][0] == 1 + 20 + 1000 + 10000 + 100000
