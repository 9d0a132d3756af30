"""agents.Without: a banned card is not taken from outside the bot's own zones; its own cards are untouched."""
from cardlang.agents import Without
from cardlang.runtime.decisions import View
from cardlang.runtime.state import CardDef, Decision, GameState, ZoneSpec


class First:
    name = "first"

    def decide(self, view, decision):
        return [0] if decision.options else []


def state_with(zones: dict[str, list[str]]) -> tuple[GameState, dict[str, list[int]]]:
    specs = [ZoneSpec("supply", False, slot=0), ZoneSpec("hand", True, slot=1)]
    defs = [CardDef(i, n, frozenset()) for i, n in enumerate(["Smithy", "Silver"])]
    s = GameState(defs=defs, zone_specs=specs, counter_specs=[], num_players=2, seed=0)
    ids = {}
    for name, cards in zones.items():
        zone = s.zone(0 if name == "supply" else 1, 0 if name == "hand" else None)
        ids[name] = [s.new_card(s.def_by_name[c], zone) for c in cards]
    return s, ids


def ask(agent, state, options: list[int]) -> str:
    d = Decision(0, "buy", "Buy a card", "cards", options, 0, 1, [state.name_of(c) for c in options])
    return state.name_of(options[agent.decide(View(state, 0), d)[0]])


def test_a_banned_card_is_not_taken_from_the_supply_but_stays_the_bots_own() -> None:
    state, ids = state_with({"supply": ["Smithy", "Silver"], "hand": ["Smithy", "Silver"]})
    bot = Without(First(), frozenset({"Smithy"}))
    assert ask(First(), state, ids["supply"]) == "Smithy"
    assert ask(bot, state, ids["supply"]) == "Silver"   # offered both: takes the other
    assert ask(bot, state, ids["hand"]) == "Smithy"     # a card of its own: to discard, trash or play
    only = Decision(0, "buy", "Buy a card", "cards", ids["supply"][:1], 0, 1, ["Smithy"])
    assert bot.decide(View(state, 0), only) == []       # may buy nothing: buys nothing
    must = Decision(0, "gain", "Gain a card", "cards", ids["supply"][:1], 1, 1, ["Smithy"])
    assert bot.decide(View(state, 0), must) == [0]      # the rules leave nothing else: the rules win
    assert Without(First(), frozenset()).named_picks is None  # every decision asked in full
