"""Hidden information: an agent sees its own active Characters and Destiny cards, the public Valley of Ashes and
used pile, and every count; never another player's Characters or Destiny cards, nor its own reserve, unless an
effect shows them to it (a Prophet's look). Bots are held to the same by the compiler."""
from __future__ import annotations

import pytest

from cardlang.errors import ErrorList
from cardlang.primitives.peek import sees
from cardlang.runtime.decisions import ScriptedAgent, View
from cardlang.runtime import zones as Z
from cardlang.runtime.events import render_event_for
from cardlang.runtime.state import Ctx

from fall_helpers import scripted_setup


def zone(state, name: str, player: int | None = None):
    row = state.zones[state.zone_slot[name]]
    return row[player] if player is not None else row[0]


def test_a_view_shows_own_cards_public_zones_and_counts_only(game) -> None:
    state, _ = scripted_setup(game, 3)
    v = View(state, 0)
    assert v.zone_cards(zone(state, "active", 0)) is not None
    assert v.zone_cards(zone(state, "destiny", 0)) is not None
    assert v.zone_cards(zone(state, "ashes")) is not None          # the Valley of Ashes is public
    for hidden in (zone(state, "active", 1), zone(state, "destiny", 2), zone(state, "reserve", 0),
                   zone(state, "reserve", 1), zone(state, "house"), zone(state, "destiny_pile")):
        assert v.zone_cards(hidden) is None, hidden.label
        assert sees(state, 0, hidden) == []
    assert set(v.counters()) >= {"coins", "morale", "defense"}    # counts are public


def test_a_prophets_look_shows_one_card_to_the_prophet_only(game) -> None:
    state, script = scripted_setup(game, 3)
    p2_active = zone(state, "active", 1)
    target = state.card_def[p2_active.cards[0]].name
    # p1 claims a Prophet on p2 (a bluff or not, nobody calls); p2 does not block; p1 looks at a Character
    # (p2 has no Destiny card left, so that is the only choice: taken without asking).
    script.extend(["Prophet", "p2", "no", "no", "none"])
    state.chance = ScriptedAgent([target])
    for cid in list(zone(state, "destiny", 1).cards):   # no Defense Only card for p2 to play
        Z.move(state, cid, zone(state, "used"))
    game.phases["action"](Ctx(state, 0, None, {}, "turn"))
    assert script == []
    seen_by_p1 = [state.card_def[c].name for c in sees(state, 0, p2_active)]
    assert seen_by_p1 == [target]
    assert sees(state, 2, p2_active) == []                        # p3 saw nothing
    assert View(state, 0).zone_cards(p2_active) is None           # the hand as a whole stays hidden
    peeks = [e for e in state.log if e.kind == "Peeked"]
    assert render_event_for(state, peeks[0], 0).startswith(f"p1 looked at {target}")
    assert target not in render_event_for(state, peeks[0], 2)


@pytest.mark.parametrize("condition", [
    "count(Saint in left.active) > 0",
    "count(Saint in left.destiny) > 0",
    "count(Saint in reserve) > 0",
    "count(Saint in house) > 0",
])
def test_a_bot_may_not_read_hidden_cards(tmp_path, monkeypatch, condition: str) -> None:
    import shutil
    from cardlang.compile.game import load_game, project_root
    root = project_root()
    for part in ("games/fall-of-kingdoms", "cards/fall-of-kingdoms"):
        shutil.copytree(root / part, tmp_path / part)
    (tmp_path / "games/fall-of-kingdoms/bots/nosy.cl").write_text(
        f'bot "nosy" {{ on challenge {{ yes if {condition}; no; }} }}\n', encoding="utf-8")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    with pytest.raises(ErrorList) as caught:
        load_game("fall-of-kingdoms")
    assert any("a bot may not look into" in e.message for e in caught.value.errors)


def test_a_bot_may_count_hidden_zones_and_use_what_it_was_shown(tmp_path, monkeypatch) -> None:
    import shutil
    from cardlang.compile.game import load_game, project_root
    root = project_root()
    for part in ("games/fall-of-kingdoms", "cards/fall-of-kingdoms"):
        shutil.copytree(root / part, tmp_path / part)
    (tmp_path / "games/fall-of-kingdoms/bots/fair.cl").write_text(
        'bot "fair" { on challenge { yes if count(left.active) == 2 and count(Saint in seen(left.active)) > 0 '
        'and count(Saint in ashes) >= 0; no; } }\n', encoding="utf-8")
    monkeypatch.setenv("CARDLANG_HOME", str(tmp_path))
    g = load_game("fall-of-kingdoms")
    assert "fair" in g.bots


def test_the_log_a_player_reads_hides_other_hands(game) -> None:
    from cardlang.runtime.decisions import RandomAgent
    from cardlang.runtime.engine import play_game
    r = play_game(game, [RandomAgent(i) for i in range(3)], 4, log=True)
    state = r.state
    for e in state.log:
        line = render_event_for(state, e, 0)
        if e.kind == "Moved" and e.dst in ("p2.active", "p3.active", "p2.reserve", "house") and \
                e.src in ("house", "p2.reserve", "p3.reserve", "destiny_pile"):
            assert line.startswith("a card moved"), line
        if e.kind == "Decided" and e.player not in (0,):
            if e.how == "private":          # a choice the rules keep to its player: no line at all
                assert line is None, line
            else:
                assert line.startswith(f"{'chance' if e.player < 0 else f'p{e.player + 1}'} decided ("), line
