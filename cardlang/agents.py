"""Agents by name: `random`, a bot written in the game's language, or the search bot (`search`, with options:
`search:iterations=800,rollout=big-money`, cardlang/search); `human` is a name too, but a person at the
terminal is the command line's to seat (cardlang/cli/human.py). Knows no game."""
from __future__ import annotations


class UnknownAgent(ValueError):
    pass


def bot_names(game) -> list[str]:
    """The bots that may take a seat: every bot but the helpers (`helper bot "x"`), which exist to be
    extended."""
    return sorted(n for n, b in game.bots.items() if not b.helper)


def agent_names(game) -> list[str]:
    return ["human", "random", "search"] + bot_names(game)


def rollout_names(game) -> list[str]:
    """The bots the search bot may play its rollouts with: the game's bots in the order declared, then
    random (the default is the first)."""
    return [n for n, b in game.bots.items() if not b.helper] + ["random"]


def split_players(text: str) -> list[str]:
    """The player names of a comma-separated list, where the search bot's options are comma-separated too:
    `search:iterations=800,rollout=big-money,random` is two players (an item KEY=VALUE after a name with
    options belongs to it)."""
    names: list[str] = []
    for item in text.split(","):
        name = item.strip()
        if names and ":" in names[-1] and "=" in name and ":" not in name:
            names[-1] += "," + name
        else:
            names.append(name)
    return names


def check_agent(game, name: str) -> None:
    """Raise UnknownAgent for a name no agent of GAME has, or SearchSpecError (a ValueError, its message
    for people) for a search bot whose options cannot be played."""
    from cardlang.search.options import is_search, parse
    if is_search(name):
        parse(name, rollout_names(game))
    elif name not in agent_names(game):
        raise UnknownAgent(name)


# The class of a bot written in the language, imported at the first make_agent (importing this module loads no
# compiler), then kept: an import statement run at every call cost eight times the bot it made (a simulation
# makes two agents a game)
_LANGUAGE_BOT: list = []


def make_agent(game, name: str, seed: int):
    if name == "random":
        from cardlang.runtime.decisions import RandomAgent
        return RandomAgent(seed)
    if name in game.bots and not game.bots[name].helper:
        if not _LANGUAGE_BOT:
            from cardlang.compile.bots import LanguageBot
            _LANGUAGE_BOT.append(LanguageBot)
        return _LANGUAGE_BOT[0](game, name, seed)
    from cardlang.search.options import is_search, parse
    if is_search(name):
        from cardlang.search.agent import SearchAgent
        rollouts = rollout_names(game)
        options = parse(name, rollouts)
        rollout = options.rollout or rollouts[0]
        return SearchAgent(game, options, seed, lambda s: make_agent(game, rollout, s))
    raise UnknownAgent(name)


class Without:
    """An agent that may not take the cards named in BANNED from outside its own zones (a card taken out of
    its choices, to measure what the card is worth to it: it never buys or gains one): a choice of cards is
    put to the agent without those, unless the rules leave nothing else to pick. Choices among its own
    cards (what to discard, trash or play) are untouched. It answers every decision in full (no answers by
    name), which by the bots' contract picks what the named answer would."""

    named_picks = named_picks_in = None

    def __init__(self, agent, banned: frozenset[str]) -> None:
        self.agent = agent
        self.banned = banned
        self.name = agent.name

    def decide(self, view, decision) -> list[int]:
        if decision.kind != "cards":
            return self.agent.decide(view, decision)
        labels = decision.labels
        loc, me = view.rules_state.loc, decision.player
        keep = [i for i, label in enumerate(labels)
                if label not in self.banned or _own(loc[decision.options[i]], me)]
        if len(keep) == len(labels) or len(keep) < decision.min:
            return self.agent.decide(view, decision)
        from cardlang.runtime.state import Decision
        fewer = Decision(decision.player, decision.tag, decision.prompt, decision.kind,
                         [decision.options[i] for i in keep], decision.min, min(decision.max, len(keep)),
                         [labels[i] for i in keep], decision.secret, decision.private)
        return [keep[i] for i in self.agent.decide(view, fewer)]


def _own(zone, player: int) -> bool:
    return zone.spec.per_player and zone.owner == player


def without(agents: list, bot_of_seat: list[int], banned) -> list:
    """AGENTS (in seat order) with each bot of BANNED ((bot index, card names) pairs) wrapped in Without."""
    by_bot = {b: frozenset(names) for b, names in banned}
    return [Without(a, by_bot[bot_of_seat[j]]) if bot_of_seat[j] in by_bot else a for j, a in enumerate(agents)]
