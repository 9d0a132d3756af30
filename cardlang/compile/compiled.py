"""What a load makes: a compiled game as plain data and functions (its card definitions, zones, counters,
pools, compiled rules and the facts its compile found), with no compiler inside; runtime/ plays it.

Made by compile/game.py; read by the runtime, the table, the simulation, the lab, render and the language
server. Knows no game and no source file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from cardlang.compile.compiler import GameFacts
from cardlang.compile.spec import GameSpec
from cardlang.errors import CardLangError
from cardlang.primitives import Registry
from cardlang.runtime.abilities import Abilities
from cardlang.runtime.state import CardDef, Ctx, GameState, StatePlan
from cardlang.syntax import ast


@dataclass
class Pool:
    name: str
    size: int
    candidates: list[CardDef]
    default: list[CardDef]


@dataclass
class CompiledGame:
    """A game ready to play: card definitions, zones, counters and the compiled rules."""

    id: str
    title: str
    spec: GameSpec
    defs: list[CardDef]
    players: tuple[int, int]
    setup: Callable[[Ctx], None]
    turn: Callable[[Ctx], None]
    phases: dict[str, Callable[[Ctx], None]]
    end: Callable[[Ctx], Any] | None
    score: Callable[[Ctx], int] | None
    tiebreak: tuple[str, Callable[[Ctx], int]] | None
    pools: dict[str, Pool]
    registry: Registry
    # what the compile made and found (compile/compiler.py): the verbs' bodies, what the cards' code calls at
    # play time (runtime/abilities.py), the generated modules, and what later compiles against this game read
    facts: GameFacts
    bots: dict[str, ast.BotDecl] = field(default_factory=dict)
    card_files: dict[str, Path] = field(default_factory=dict)
    decls: dict[str, ast.CardDecl] = field(default_factory=dict)
    # `end when A or B`: each part in the rules' words with its test, to say which one ended a game
    end_parts: list[tuple[str, Callable[[Ctx], Any]]] = field(default_factory=list)
    bot_rules: dict[str, dict] = field(default_factory=dict, repr=False)  # compiled bots, once per game
    # the key of this game's entry in the code cache, after a clean load: its bots' code is kept there too
    code_key: bytes | None = field(default=None, repr=False)
    # what the load found allowed but most likely a mistake (errors.CardWarning); `cardlang check` shows these
    # and those of compile/checks.py's warnings_of, which only a check looks for (a load need not walk the trees)
    warnings: list[CardLangError] = field(default_factory=list, repr=False)
    _shared: tuple | None = field(default=None, repr=False, compare=False)  # new_state's tables, made once

    @property
    def defs_by_name(self) -> dict[str, CardDef]:
        return {d.name: d for d in self.defs}

    @property
    def abilities(self) -> Abilities:
        """Abilities resolved by event, watchers, attack rules and modifier totals, as play reads them."""
        return self.facts.abilities

    @property
    def verbs(self) -> dict[str, Callable]:
        """The game's own verbs' bodies by name, each called as `body(ctx, *arguments)` in its parameters' order."""
        return self.facts.verbs

    def call_verb(self, ctx: Ctx, name: str, *args: Any) -> None:
        """Run the game's verb NAME on CTX with ARGS (in its parameters' order), as generated code calls it:
        told as events to a state whose listener asked for the game's acts (runtime/acts.py)."""
        (self.facts.told_verbs if ctx.state.acts else self.facts.verbs)[name](ctx, *args)

    @property
    def generated(self) -> list:
        """Every module generated for this game so far, in order (codegen.Generated; `cardlang compile`)."""
        return self.facts.generated

    def variant_problem(self, names, players: int) -> str | None:
        """Why these variants cannot be played with this many players, or None when they can."""
        for n in names:
            v = self.spec.variants.get(n)
            if v is None:
                known = ", ".join(self.spec.variants) or "none"
                return f"{self.id} has no variant '{n}' (variants: {known})"
            if v.players is not None and not v.players[0] <= players <= v.players[1]:
                return f"variant '{n}' is for {v.players[0]} to {v.players[1]} players, not {players}"
        return None

    def new_state(self, num_players: int, seed: int, *, log: bool = False) -> GameState:
        # The tables every state of this game reads and none changes (runtime/stepping.py's SHARED), made once
        # for all its games (a game's set-up is a tenth of a short game), again if the definitions grew
        key = (len(self.defs), len(self.spec.zones), len(self.spec.counters))
        made = self._shared
        if made is None or made[0] != key:
            zone_specs = sorted(self.spec.zones.values(), key=lambda z: z.slot)
            counter_specs = sorted(self.spec.counters.values(), key=lambda c: c.slot)
            made = self._shared = (key, zone_specs, counter_specs, {d.name: d for d in self.defs},
                                   {spec.name: i for i, spec in enumerate(zone_specs)}, {})
        _, zone_specs, counter_specs, by_name, zone_slot, plans = made
        plan = plans.get(num_players)  # (the zones and counters a state of this many players starts with)
        if plan is None:
            plan = plans[num_players] = StatePlan(zone_specs, counter_specs, num_players)
        return GameState(defs=self.defs, zone_specs=zone_specs, counter_specs=counter_specs,
                         num_players=num_players, seed=seed, log=log, def_by_name=by_name, zone_slot=zone_slot,
                         plan=plan)
