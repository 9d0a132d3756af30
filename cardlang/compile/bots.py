"""Bots written in the language: per decision tag, an ordered list of preferences, compiled to an agent.

A bot's conditions are compiled with the bot flag set, so they may read only what its player may see
(own zones, public zones, counts); the compiler rejects anything else.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.compiler import CARD, CARDNAME, CARDS, INT, PLAYER, Scope
from cardlang.errors import CardCompileError, CardLangError
from cardlang.runtime.decisions import View
from cardlang.runtime.state import Ctx, Decision
from cardlang.syntax import ast

_Rule = list[tuple[str, object, Callable | None]]
# Decisions a bot may answer with `lowest EXPR` / `highest EXPR`, and the name each option has in EXPR.
_WEIGHED = {"cards": "card", "slots": "slot", "numbers": "number", "players": "player"}


def check_bots(game) -> list[CardLangError]:
    errors: list[CardLangError] = []
    for bot in game.bots.values():
        if bot.extends is not None and bot.extends not in game.bots:
            errors.append(CardCompileError(f"bot '{bot.name}' extends unknown bot '{bot.extends}'", bot.span))
        try:
            compile_bot(game, bot.name)
        except CardLangError as e:
            errors.append(e)
    return errors


def compile_bot(game, name: str) -> dict[str, _Rule]:
    """Rules by decision tag, the bot's own first, then those it extends; compiled once per game (the rules
    are pure functions of a ctx, so every seat and every game can share them)."""
    cache = getattr(game, "bot_rules", None)
    if cache is not None and name in cache:
        return cache[name]
    rules = _compile_bot(game, name)
    if cache is not None:
        cache[name] = rules
    return rules


def _compile_bot(game, name: str) -> dict[str, _Rule]:
    chain = []
    seen = set()
    while name is not None and name not in seen:
        seen.add(name)
        decl = game.bots[name]
        chain.append(decl)
        name = decl.extends if decl.extends in game.bots else None
    rules: dict[str, _Rule] = {}
    comp = game.compiler
    for decl in chain:
        for rule in decl.rules:
            if rule.tag in rules:
                continue
            compiled: _Rule = []
            for pref in rule.prefs:
                # `picked`: the cards this decision has picked so far (one pick is made at a time)
                cond = comp.as_fn(comp.expr(pref.cond, Scope({"picked": CARDS}, bot=True))) \
                    if pref.cond is not None else None
                value: object = pref.value
                if pref.kind in ("lowest", "highest"):
                    each = {"card": CARD, "slot": "slot", "number": INT, "player": PLAYER}  # the option weighed
                    value = comp.coerce(comp.expr(pref.value, Scope(each, bot=True)), INT, pref.value.span)
                elif pref.kind == "name":
                    if value not in game.compiler.defs_by_name and not isinstance(value, str):
                        raise CardCompileError(f"unknown card '{value}'", pref.span)
                compiled.append((pref.kind, value, cond))
            rules[rule.tag] = compiled
    return rules


class LanguageBot:
    """An agent that answers decisions from a bot's compiled preferences."""

    def __init__(self, game, name: str, seed: int = 0) -> None:
        import random
        self.name = name
        self.rules = compile_bot(game, name)
        self._names_only = {tag: all(kind in ("name", "none") for kind, _, _ in rule) for tag, rule in self.rules.items()}
        self.rng = random.Random(seed)  # for `random` preferences; its own stream, seeded per seat
        self._ctx: Ctx | None = None  # pick_by_name's context, reused while the game and seat stay

    def pick_by_name(self, state, player: int, tag: str, find: Callable, where: Ctx) -> tuple[bool, int | None]:
        """Answer a one-pick card decision by trying only the names this bot prefers: FIND(WHERE, name) gives
        the option of that name the decision's filter (running in the effect's context WHERE) lets through,
        or None. Returns (True, the pick or None) when the bot's rule for TAG names cards (and `none`) only,
        the same pick `decide` would make from the full list of options; (False, None) when the decision
        must be built in full."""
        rule = self.rules.get(tag)
        if rule is None or not self._names_only.get(tag, False):
            return False, None
        ctx = self._ctx
        if ctx is None or ctx.state is not state or ctx.you != player:
            # One context per game and seat, reused: a preference's condition only reads it (nothing is
            # ever added to `picked` here: the decision picks one card).
            ctx = self._ctx = Ctx(state, player, None, {"picked": []}, f"bot {self.name}")
        for kind, value, cond in rule:
            if cond is not None and not cond(ctx):
                continue
            if kind == "none":
                return True, None
            got = find(where, value)
            if got is not None:
                return True, got
        return True, None

    def decide(self, view: View, decision: Decision) -> list[int]:
        state = view.rules_state
        ctx = Ctx(state, view.player, None, {}, f"bot {self.name}")
        rule = self.rules.get(decision.tag)
        picks: list[int] = []
        if decision.kind == "yesno":
            if rule:
                for kind, _, cond in rule:
                    if cond is None or cond(ctx):
                        return [0] if kind == "yes" else []
            return []
        remaining = list(range(len(decision.options)))
        picked: list[int] = []
        ctx.vars["picked"] = picked
        while len(picks) < decision.max and remaining:
            choice = self._pick(rule or [], decision, remaining, ctx)
            if choice is None:
                break
            picks.append(choice)
            remaining.remove(choice)
            if isinstance(decision.options[choice], int) and decision.kind == "cards":
                picked.append(decision.options[choice])
        while len(picks) < decision.min:
            # No preference applies to a forced pick: take the cheapest-looking option in offer order.
            choice = self._fallback(decision, remaining, ctx)
            picks.append(choice)
            remaining.remove(choice)
        return picks

    def _pick(self, rule: _Rule, decision: Decision, remaining: list[int], ctx: Ctx) -> int | None:
        first: dict[str, int] | None = None  # label -> its first remaining option, made at the first name
        for kind, value, cond in rule:
            if cond is not None and not cond(ctx):
                continue
            if kind == "none":
                return None
            if kind == "name":
                if first is None:
                    labels = decision.labels
                    first = {}
                    for i in reversed(remaining):  # reversed: the earliest option of a label is kept
                        first[labels[i]] = i
                i = first.get(value)
                if i is not None:
                    return i
            elif kind in ("lowest", "highest"):
                if decision.kind not in _WEIGHED or not remaining:
                    continue
                key = self._key(value, decision, ctx)
                best = min(remaining, key=key) if kind == "lowest" else max(remaining, key=key)
                return best
            elif kind == "random":
                return self.rng.choice(remaining)
        return None

    def _key(self, fn, decision: Decision, ctx: Ctx):
        var = _WEIGHED[decision.kind]

        def key(i: int):
            ctx.vars[var] = decision.options[i]
            return fn(ctx)
        return key

    def _fallback(self, decision: Decision, remaining: list[int], ctx: Ctx) -> int:
        return remaining[0]


def cards_named(game, name: str) -> list[str]:
    """The card names a bot's preferences pick by name (its own rules and those it extends, but not a
    helper's: shared habits list every card a decision might offer), in order."""
    out: list[str] = []
    seen: set[str] = set()
    while name in game.bots and name not in seen:
        seen.add(name)
        decl = game.bots[name]
        for rule in () if decl.helper else decl.rules:
            for pref in rule.prefs:
                if pref.kind == "name" and pref.value in game.compiler.defs_by_name and pref.value not in out:
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
