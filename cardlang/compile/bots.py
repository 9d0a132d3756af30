"""Bots written in the language: per decision tag, an ordered list of preferences, compiled to an agent.

A bot's conditions and weighed values may read only what its player may see (its own zones, public zones,
counts, what it was shown): compile/visibility.py checks each before it is compiled.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable

from cardlang.compile.botgen import NAMES_ONLY, BotPref, compile_condition, generate, reads, repeated_calls, shape
from cardlang.compile.codecache import cached_code
from cardlang.compile.visibility import check_bot_expr
from cardlang.compile.compiler import CARD, CARDS, INT, PLAYER, Compiler, Scope
from cardlang.errors import CardCompileError, CardLangError, Span
from cardlang.runtime.decisions import NOT_NAMED, View
from cardlang.runtime.state import Ctx, Decision

@dataclass(slots=True)
class CompiledBot:
    """A bot's rules by decision tag (its own first, then those it extends), checked when the game loads (or
    first asked for, after a load of sources that checked clean before: compile/codecache.py); each rule's
    code is generated the first time a decision with its tag is put to the bot (a game's bots have dozens of
    rules, a game plays few of them: loading stays cheap)."""

    comp: Any
    name: str
    rules: dict[str, tuple[Span, list[BotPref]]]
    codes: dict[str, tuple[Callable | None, Callable | None, Callable | None]] = field(default_factory=dict)
    named: "NamedPicks" = field(init=False)
    named_in: "NamedPicks" = field(init=False)
    key: bytes | None = None  # the user-cache key of its code (a game that loaded from the cache), if any
    nones: frozenset[str] = field(init=False)
    never_none: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.named = NamedPicks(self)
        self.named_in = NamedPicks(self, 2)
        self.nones = answers_none(self.rules, self.comp.options)
        self.never_none = never_none(self.rules, self.comp.options, self.comp.spec.never_none)

    def code(self, tag: str) -> tuple[Callable | None, Callable | None, Callable | None]:
        """(decide, by_name, by_name_in) for TAG: decide(ctx, kind, options, min, max, labels, names, rng) (a
        decision's fields: compile/ir/emit_decisions.py DECIDE_PARAMS) gives the picked indices, by_name(bot,
        state, seat, find, where) the pick for a rule of names and `none` only (else None), by_name_in the
        same with the zone picked from as a last argument (botgen.generate); (None, None, None) with no rule."""
        got = self.codes.get(tag)
        if got is not None:
            return got
        with self.comp.code_lock:  # (two threads playing the same game may ask at once)
            return self._code(tag)

    def _code(self, tag: str) -> tuple[Callable | None, Callable | None]:
        got = self.codes.get(tag)
        if got is None:
            rule = self.rules.get(tag)
            if rule is None:
                got = (None, None, None)
            elif self.key is None:
                got = generate(self.comp, f"bot {self.name}: on {tag}", *rule)
            else:  # its code from the user's cache, under the bot's key and the tag
                got = cached_code(self.key + b"\0on\0" + tag.encode("utf-8", "surrogatepass"), self.comp,
                                  lambda: generate(self.comp, f"bot {self.name}: on {tag}", *rule))
            self.codes[tag] = got
        return got

    def generate_all(self) -> None:
        """The code of every rule (for `cardlang compile`)."""
        for tag in self.rules:
            self.code(tag)


def answers_none(rules: dict, options) -> frozenset[str]:
    """The tags whose rule's first preference is `none` with no condition, in a rule by_name answers (names
    and `none` only): its pick by name is none whatever the state, without a call (the pass `none-rules`,
    compile/ir/emit_ask.py). Empty with the pass off, or with bot-by-name off (no pick by name at all)."""
    if not options.on("none-rules") or not options.on("bot-by-name"):
        return frozenset()
    return frozenset(tag for tag, (_, prefs) in rules.items()
                     if prefs and prefs[0].kind == "none" and prefs[0].cond is None
                     and all(p.kind in NAMES_ONLY for p in prefs))


def never_none(rules: dict, options, tested: frozenset[str] = frozenset()) -> frozenset[str]:
    """The tags whose rule never answers `none` by name before naming a card: a rule answered from the full list
    of options only (a preference other than a name or `none`; every rule, with bot-by-name off), for which
    `named_picks` hold None, and a rule whose first preference is a name with no condition, whose by_name tries
    that name first; and of the tags the code tests (TESTED: GameSpec.never_none), those the bot has no rule for
    (`named_picks` None too). For these asking/picks_none is False whatever the state, so a choice that needs
    no card is put in full without calling it (the pass `none-first-inline`, compile/ir/emit_ask.py). Empty
    with that pass off."""
    if not options.on("none-first-inline"):
        return frozenset()
    by_name = options.on("bot-by-name")
    return frozenset(tag for tag, (_, prefs) in rules.items()
                     if not (by_name and all(p.kind in NAMES_ONLY for p in prefs))
                     or (prefs and prefs[0].kind == "name" and prefs[0].cond is None)) | (tested - rules.keys())


class NamedPicks(dict):
    """A bot's picks by name, by decision tag: by_name(bot, state, player, find, where) for a rule of names
    and `none` only, else None (the decision is put in full); generated the first time a tag is asked. A
    decision calls it itself (compile/decisions.py): no call of the agent in between. WHICH 2: by_name_in, which
    takes the zone picked from too (compile/asking.py named_cards_in)."""

    def __init__(self, bot: CompiledBot, which: int = 1) -> None:
        super().__init__()
        self.bot = bot
        self.which = which

    def __missing__(self, tag: str) -> Callable | None:
        fn = self[tag] = self.bot.code(tag)[self.which]
        return fn


_PLAYER_WORDS = ("human", "random")  # what --players takes besides the bots' names (agents.py)


def check_bots(game, load=None) -> list[CardLangError]:
    """What is wrong with the game's bots, each compiled (and kept: CompiledGame.bot_rules). LOAD: the
    artifact of the load running the checks (compile/codecache.py CodeLog), whose key the bots' code is
    stored under (with the load's own artifact, once it is known clean), as a bot compiled after a cached
    load is: the next load of these sources generates none of it."""
    errors: list[CardLangError] = []
    for bot in game.bots.values():
        if not bot.name.strip() or "," in bot.name or bot.name in _PLAYER_WORDS:
            why = "is empty" if not bot.name.strip() else "holds a comma, which --players uses between players" \
                if "," in bot.name else "is a kind of player already: --players could never name this bot"
            errors.append(CardCompileError(f"bot name '{bot.name}' {why}", bot.span, hint="give the bot another name"))
        if bot.extends is not None and bot.extends not in game.bots:
            errors.append(CardCompileError(f"bot '{bot.name}' extends unknown bot '{bot.extends}'", bot.span))
            continue
        chain = [bot.name]
        while chain[-1] in game.bots and game.bots[chain[-1]].extends is not None:
            nxt = game.bots[chain[-1]].extends
            if nxt == bot.name:
                steps = ", ".join(f"'{a}' extends '{b}'" for a, b in zip(chain, chain[1:] + [bot.name]))
                errors.append(CardCompileError(f"bot '{bot.name}' extends itself: {steps}", bot.span,
                                               hint="a bot extends another that does not extend it back"))
                break
            if nxt in chain:
                break  # a cycle further on: reported at its own bots
            chain.append(nxt)
        try:
            compile_bot(game, bot.name, load)
        except CardLangError as e:
            errors.append(e)
    return errors


def compile_bot(game, name: str, load=None) -> CompiledBot:
    """The bot NAME, compiled once per game (its code reads only a ctx, so every seat and every game can
    share it): when the load checks the bots (LOAD: its artifact, check_bots), or at first use after a load
    that skipped them."""
    cache = getattr(game, "bot_rules", None)
    if cache is not None and name in cache:
        return cache[name]
    with game.facts.code_lock:  # (two threads playing the same game may ask at once)
        return _compile_bot_once(game, name, cache, load)


def _compile_bot_once(game, name: str, cache: dict | None, load=None) -> CompiledBot:
    if cache is not None and name in cache:
        return cache[name]
    comp = Compiler.for_game(game)  # (its labels are those of the load's checks of bots, whenever it runs)
    key = getattr(game, "code_key", None)
    hold = None
    if key is None and load is not None and load.key is not None:  # the load's checks: the game has no key
        key, hold = load.key, load  # yet (it is set once the load is clean), its artifact has
    bot = _compile_bot(game, name, comp) if key is None else _compile_cached(game, name, key, comp, hold)
    if cache is not None:
        cache[name] = bot
    return bot


def _compile_cached(game, name: str, key: bytes, comp, hold=None) -> CompiledBot:
    """Bot NAME, its conditions' code from the user's cache as a load takes it (compile/codecache.py), keyed
    by the game's sources and the bot's name; so is each rule's code, when first asked for. Compiled by the
    checks of a load that compiles its game (HOLD: its artifact, stored with it once the load is clean), or
    when first asked for after a load that skipped them (its sources checked clean before)."""
    key += b"\0bot\0" + name.encode("utf-8", "surrogatepass")
    bot = cached_code(key, comp, lambda: _compile_bot(game, name, comp), hold)
    bot.key = key
    return bot


def _compile_bot(game, name: str, comp=None) -> CompiledBot:
    comp = comp if comp is not None else Compiler.for_game(game)
    chain = []
    seen = set()
    first = game.bots[name]
    while name is not None and name not in seen:
        seen.add(name)
        decl = game.bots[name]
        chain.append(decl)
        name = decl.extends if decl.extends in game.bots else None
    rules: dict[str, tuple[Span, list[BotPref]]] = {}
    for decl in chain:
        for rule in decl.rules:
            if rule.tag in rules:
                continue
            compiled: list[BotPref] = []
            shared = repeated_calls([p.cond for p in rule.prefs if p.cond is not None])
            for pref in rule.prefs:
                # `picked`: the cards this decision has picked so far (one pick is made at a time)
                cond, subs = (compile_condition(comp, pref.cond, Scope({"picked": CARDS}), shared)
                              if pref.cond is not None else (None, ()))
                value: object = pref.value
                if pref.kind in ("lowest", "highest"):
                    each = {"card": CARD, "slot": "slot", "number": INT, "player": PLAYER}  # the option weighed
                    value = comp.coerce_ce(comp.expr(pref.value, Scope(each)), INT, pref.value.span)
                elif pref.kind == "name":
                    if value not in comp.defs_by_name and not isinstance(value, str):
                        raise CardCompileError(f"unknown card '{value}'", pref.span)
                # what the bot may read: checked on its source, after the compiler has checked names and types
                if pref.cond is not None:
                    check_bot_expr(comp.spec, pref.cond, ("picked",))
                if pref.kind in ("lowest", "highest"):
                    check_bot_expr(comp.spec, pref.value, ("card", "slot", "number", "player"))
                cshape = shape(pref.cond) if pref.cond is not None else None
                compiled.append(BotPref(pref.kind, value, cond, cshape, reads(cshape, "picked"), pref.span,
                                        subs))
            rules[rule.tag] = (rule.span, compiled)
    return CompiledBot(comp, first.name, rules)


class LanguageBot:
    """An agent that answers decisions from a bot's compiled preferences (generated code, see botgen)."""

    def __init__(self, game, name: str, seed: int = 0) -> None:
        self.name = name
        bot = self._bot = compile_bot(game, name)
        self.rules = bot.rules
        self._codes = bot.codes  # tag -> (decide, by_name, by_name_in), shared by every seat of every game
        self.named_picks = bot.named  # tag -> by_name or None, shared likewise (see NamedPicks)
        self.named_picks_in = bot.named_in  # tag -> by_name_in or None, likewise
        self.nones = bot.nones  # the tags it answers `none` by name whatever the state (answers_none)
        self.never_none = bot.never_none  # the tags it never answers none by name before naming a card
        self._seed = seed
        self._rng: random.Random | None = None  # made when first used: most bots never draw from it
        self._ctx: Ctx | None = None  # the bot's context, reused while the game and seat stay

    @property
    def rng(self):
        """The stream of `random` preferences: its own, seeded per seat (seeding one costs more than most
        games' decisions, so it is made only for a bot that asks a decision in full)."""
        if self._rng is None:
            self._rng = random.Random(self._seed)
        return self._rng

    def _ctx_for(self, state, player: int) -> Ctx:
        """A new context for another game or seat (the callers check inline whether the one kept still
        serves): one per game and seat, which the bot's conditions only read (its `picked`, and the option
        being weighed, are set by the generated code for each decision)."""
        self._ctx = Ctx(state, player, None, {}, f"bot {self.name}")
        return self._ctx

    def pick_by_name(self, state, player: int, tag: str, find: Callable, where: Ctx):
        """Answer a one-pick card decision by trying only the names this bot prefers: FIND(WHERE, name) gives
        the option of that name the decision's filter (running in the effect's context WHERE) lets through,
        or None. Returns the pick (or None) when the bot's rule for TAG names cards (and `none`) only, the
        same pick `decide` would make from the full list of options; NOT_NAMED when the decision must be
        built in full. (A decision reads `named_picks` itself; this is the same, as a call.)"""
        fn = self.named_picks[tag]
        return NOT_NAMED if fn is None else fn(self, state, player, find, where)

    def decide(self, view: View, decision: Decision) -> list[int]:
        code = self._codes.get(decision.tag)
        if code is None:
            code = self._bot.code(decision.tag)
        fn = code[0]
        if fn is None:  # no rule: no to a question, else the fewest options allowed, in offer order
            return [] if decision.kind == "yesno" else list(range(min(decision.min, len(decision.options))))
        ctx = self._ctx
        state = view.rules_state
        if ctx is None or ctx.state is not state or ctx.you != view.player:
            ctx = self._ctx_for(state, view.player)
        rng = self._rng  # the `rng` property, inline: no call for the decisions after the first
        # (its fields, not the decision: decide_on's rule takes them so; LABELS None when NAMES make them)
        return fn(ctx, decision.kind, decision.options, decision.min, decision.max, decision._labels,
                  decision._names, rng if rng is not None else self.rng)

    def decide_on(self, state, player: int, tag: str, kind: str, options: list, lo: int, hi: int,
                  labels: list | None, names) -> list[int]:
        """Answer a decision of these fields (those of a `Decision`: LABELS a list, or None and NAMES what makes
        them) by the rule for TAG, as `decide` does a Decision: a decision nobody reads is put so without being
        built (runtime/decisions.py ask_rules). (`decide`'s code, not a call of it or from it: a call more for
        each decision.)"""
        code = self._codes.get(tag)
        if code is None:
            code = self._bot.code(tag)
        fn = code[0]
        if fn is None:  # no rule: no to a question, else the fewest options allowed, in offer order
            return [] if kind == "yesno" else list(range(min(lo, len(options))))
        ctx = self._ctx
        if ctx is None or ctx.state is not state or ctx.you != player:
            ctx = self._ctx_for(state, player)
        rng = self._rng  # the `rng` property, inline: no call for the decisions after the first
        return fn(ctx, kind, options, lo, hi, labels, names, rng if rng is not None else self.rng)


def cards_named(game, name: str) -> list[str]:
    """The card names a bot's preferences pick by name (its own rules and those it extends, but not a
    helper's: shared habits list every card a decision might offer), in order."""
    out: list[str] = []
    seen: set[str] = set()
    known = game.defs_by_name
    while name in game.bots and name not in seen:
        seen.add(name)
        decl = game.bots[name]
        for rule in () if decl.helper else decl.rules:
            for pref in rule.prefs:
                if pref.kind == "name" and pref.value in known and pref.value not in out:
                    out.append(pref.value)
        name = decl.extends
    return out


def absent_cards(game, name: str, chosen_pools: dict | None) -> list[str]:
    """Cards bot NAME picks by name that this game will not hold: pool candidates outside the chosen
    pools (the default when none is chosen). None to say when a pool is drawn at random."""
    in_pools = {d.name for p in game.pools.values() for d in p.candidates}
    present: set[str] = set()
    for pname, pool in game.pools.items():
        chosen = (chosen_pools or {}).get(pname)
        if chosen == "random" or (chosen is None and not pool.default):
            return []
        present |= {d.name for d in (chosen if chosen is not None else pool.default)}
    return [n for n in cards_named(game, name) if n in in_pools and n not in present]
