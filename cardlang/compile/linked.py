"""A cached load without the compile rules: the game's values linked from the artifact's plan.

A load that ran the compile rules over clean sources writes, beside its modules in the artifact
(compile/codecache.py), the game's plan (`plan_of`): every value the compiled game holds that the rules made
(each card's computed properties, abilities and rules text, the verbs' and phases' functions, the set-up, the
turn, the end, the modifier and watcher tables, the pools, the facts later compiles read) as plain data, each
compiled value a symbol of the artifact's Linker (a function of a module by its place, a card by name, a span,
a function of cardlang's own modules). A later load of the same sources (the artifact's key: every source's
bytes, cardlang's code, the Python version) finds the plan, makes each module's functions from its stored code
object (linked when first run: codecache.Unbound) and the game from the plan (`link_game`), and runs no
compile rule at all. The parsed trees still come from the cache (the game's declarations, the cards' and
bots' trees are the compiled game's).

Not in a plan: the statements a call may run a verb's code in place with (GameFacts.verb_inline: compile
rules' products, read only by a later compile of statements against the game: a linked game has none, so
such a compile calls the verb, the same game as the pass verb-in-place off; a scenario loads its game with
the rules, `load_game(linked=False)`, so that its code is what it always was), and the generated modules'
Python trees (`cardlang compile`): a linked game runs the compile rules for them when first asked (`Rules`),
against the same artifact, so they are what a load that ran them would have made.
A plan is written only when every value has a symbol and every module links from symbols alone; else the
artifact has none, and loads run the rules as before. Knows no game.
"""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any, Callable

from cardlang.compile import codecache as C
from cardlang.compile.compiled import CompiledGame, Pool
from cardlang.compile.compiler import Compiler
from cardlang.errors import CardWarning, Span
from cardlang.primitives.lowering import Reactions
from cardlang.primitives.types import made_leaving_names
from cardlang.runtime.acts import told_verb

PLAN = "linked game"  # the artifact's fact holding the plan
_LAYOUT = 1  # the plan's layout; another is read as no plan
_SCALARS = (type(None), bool, int, str, float)


class NoPlan(Exception):
    """A value of the game has no symbol: no plan is written."""


# ---- plain data of values: containers by tag, leaves plain or a Linker symbol --------------------------------
def _encode(v: Any, linker: C.Linker) -> Any:
    t = type(v)
    if t in _SCALARS:
        return v
    if t is tuple:
        return ("T", tuple(_encode(x, linker) for x in v))
    if t is list:
        return ("L", tuple(_encode(x, linker) for x in v))
    if t is set or t is frozenset:
        return ("S" if t is set else "F", tuple(sorted((_encode(x, linker) for x in v), key=repr)))
    if t is dict:
        return ("D", tuple((_encode(k, linker), _encode(x, linker)) for k, x in v.items()))
    if t is Span or not isinstance(v, (dict, list, tuple, set, frozenset)):
        sym = linker.symbol(v)
        if sym is not None and sym[0] not in ("compiler", "method"):  # (the linked game has no rules' compiler)
            return ("@", sym)
    raise NoPlan(repr(v)[:80])


def _decode(x: Any, linker: C.Linker) -> Any:
    if type(x) is not tuple:
        return x
    tag, body = x
    if tag == "@":
        return linker.resolve(body)
    if tag == "T":
        return tuple(_decode(v, linker) for v in body)
    if tag == "L":
        return [_decode(v, linker) for v in body]
    if tag == "S":
        return {_decode(v, linker) for v in body}
    if tag == "F":
        return frozenset(_decode(v, linker) for v in body)
    if tag == "D":
        return {_decode(k, linker): _decode(v, linker) for k, v in body}
    raise LookupError(tag)


# ---- writing the plan ------------------------------------------------------------------------------------
def plan_of(game: CompiledGame, log: C.CodeLog) -> tuple | None:
    """GAME, made by the compile rules with LOG (the load's artifact), as plain data to link again, or None
    when some value or module has no symbol (the game's code outside the artifact: loads then run the rules)."""
    linker = log.linker
    modules = log.recorded[:log.checks_at]
    if linker is None or log.checks_at is None or any(m[5] is None or _unlinked(m[5]) for m in modules):
        return None
    linker.symbols({})  # (the places of the artifact's functions, for the symbols below)
    facts, a = game.facts, game.facts.abilities
    if any(facts.told_verbs.get(n) is None for n in facts.verbs) or list(facts.told_verbs) != list(facts.verbs):
        return None
    try:
        e = lambda v: _encode(v, linker)  # noqa: E731
        cards = tuple((d.name, e(d.props), e(d.printed), e(d.dynamic), e(d.triggers), e(d.watchers), e(d.text))
                      for d in game.defs)
        # the modules listed (`cardlang compile`) up to the load's checks: what a fresh load's checks list
        # after them (its bots' conditions) is the bots' own, not kept (a cached load lists none of them)
        generated = []
        places = [linker.symbol(g.fn) for g in facts.generated]
        for g, place in zip(facts.generated, places):
            if place is None or place[0] != "fn":
                break
            generated.append((place[1], place[2], g.label, e(g.span), g.card, g.uses_names))
        if any(p is not None and p[0] == "fn" for p in places[len(generated):]):
            return None
        return (_LAYOUT, log.key, cards, e(game.setup), e(game.turn), e(game.phases), e(game.end), e(game.score),
                e(game.tiebreak), tuple((p.name, p.size, e(p.candidates), e(p.default)) for p in game.pools.values()),
                e(game.end_parts), tuple((w.message, e(w.span), w.hint) for w in game.warnings),
                e(dict(facts.verbs)), e(facts.flat_verbs), e(facts.event_args), e(facts.trigger_sites),
                e(a.watch_index), e(a.attack_rules), e(a.modifiers), e(a.touchable), e(a.modified),
                e(a.prop_defaults), tuple(generated))
    except NoPlan:
        return None


def _unlinked(symbols: tuple) -> bool:
    """Do a module's symbols name the compiler or its methods (state only the rules make)?"""
    def bad(sym: tuple) -> bool:
        return (sym[0] in ("compiler", "method") or sym[0] == "table" and any(bad(x) for _, x in sym[1])
                or sym[0] == "made" and bad(sym[1]))
    return any(bad(s) for _, s in symbols)


# ---- linking a game from its plan ---------------------------------------------------------------------------
def link_game(plan: Any, log: C.CodeLog, spec: Any, registry: Any, defs: list, cards: list, bots: dict,
              options: Any, rules: Callable[[], CompiledGame]) -> CompiledGame:
    """The game PLAN describes, its modules LOG's artifact's, linked against SPEC and DEFS (the card
    definitions as the sources give them, CARDS their (declaration, path) pairs) and BOTS (their trees).
    RULES: runs the compile rules for what the plan leaves out (`Rules`). Raises LookupError, TypeError or
    ValueError when the plan does not fit (the load then runs the rules)."""
    (layout, key, card_data, setup, turn, phases, end, score, tiebreak, pools, end_parts, warnings, verbs, flat,
     event_args, trigger_sites, watch_index, attack_rules, modifiers, touchable, modified, prop_defaults,
     generated) = plan
    if layout != _LAYOUT or key != log.key or len(card_data) != len(defs):  # (the plan of other sources)
        raise LookupError("plan")
    comp = Compiler(spec, registry, {d.name: d for d in defs}, options=options)
    linker = C.Linker(comp)
    lock = log.lock
    unbound = []
    known = ({"card": comp.defs_by_name, "counter": spec.counters}, [])
    helpers = tuple({**C.G.HELPERS, "__builtins__": None})
    n_helpers = len(helpers)
    for f, n, names, code, facts, symbols in log.stored:
        if not (type(code) is C._CODE and type(names) is tuple and type(symbols) is tuple and type(n) is str):
            raise TypeError("module")
        for _, sym in symbols:
            _check(sym, known)
        # the namespace's names as Unbound._linked makes them (the helpers', then the constants')
        if names[n_helpers:] != tuple(name for name, _ in symbols) or names[:n_helpers] != helpers:
            if tuple({**dict.fromkeys(helpers), **dict(symbols)}) != names:
                raise LookupError(f)
        u = C.Unbound(f, f, None, names, code, lock, linker, symbols, options, fn_names=n.split(","))
        unbound.append(u)
        linker.modules.append(u.fns)
        known[1].append(u.fns)
    d = lambda x: _decode(x, linker)  # noqa: E731
    for cd, (name, props, printed, dynamic, triggers, watchers, text) in zip(defs, card_data):
        if cd.name != name:
            raise LookupError(name)
        cd.props, cd.printed, cd.dynamic, cd.triggers = d(props), d(printed), d(dynamic), d(triggers)
        cd.watchers, cd.text = d(watchers), d(text)
    facts = comp.facts
    facts.verbs.update(d(verbs))
    for name, fn in facts.verbs.items():
        v = spec.verbs[name]
        facts.told_verbs[name] = told_verb(name, tuple((p.name, p.type) for p in v.params), fn)
    facts.flat_verbs.update(d(flat))
    facts.event_args.update(d(event_args))
    facts.trigger_sites.update(d(trigger_sites))
    facts.phases.update(d(phases))
    a = facts.abilities
    a.watch_index.update(d(watch_index))
    a.attack_rules.extend(d(attack_rules))
    a.modifiers.update(d(modifiers))
    a.touchable.update(d(touchable))
    a.modified.update(d(modified))
    a.prop_defaults.update(d(prop_defaults))
    spec.card_names = [cd.name for cd in defs]
    spec.card_events = Reactions(tuple((cd.types, frozenset(t.event for t in dc.triggers if t.zone is None))
                                       for (dc, _), cd in zip(cards, defs)))
    made = Rules(rules, lock)
    for j, (k, fn_name, label, span, card, uses) in enumerate(generated):
        g = C.G.Generated(label, d(span), None, linker.modules[k][fn_name], None, (lambda j=j: made.tree(j)),
                          unbound[k])
        g.card, g.uses_names, g.options = card, uses, options
        if not uses:  # (as codegen.build_function marks it: a generated function that reads no names)
            made_leaving_names(g.fn)
        facts.generated.append(g)
    pool_map = {}
    for name, size, candidates, default in pools:
        pool_map[name] = Pool(name, size, d(candidates), d(default))
    tb = d(tiebreak)
    return CompiledGame(spec.id, spec.title, spec, defs, spec.decl.players, d(setup), d(turn), facts.phases,
                        d(end), d(score), tb, pool_map, registry, facts,
                        bots=bots, card_files={dc.name: Path(p) for dc, p in cards},
                        decls={dc.name: dc for dc, _ in cards}, end_parts=d(end_parts),
                        warnings=[CardWarning(m, d(s), hint=h) for m, s, h in warnings])


def _check(sym: tuple, known: tuple[dict, list]) -> None:
    """Raise LookupError when SYM names a card, a counter or an earlier module's function these sources do
    not have (what else a symbol names is cardlang's own: the artifact's key holds its code), so that such
    an artifact is never linked without its compile rules (whose load then generates what does not link)."""
    kind = sym[0]
    if kind in ("card", "counter"):
        if sym[1] not in known[0][kind]:
            raise LookupError(sym)
    elif kind == "cards":
        if not all(n in known[0]["card"] for n in sym[1]):
            raise LookupError(sym)
    elif kind == "fn":
        if not (type(sym[1]) is int and 0 <= sym[1] < len(known[1]) and sym[2] in known[1][sym[1]]):
            raise LookupError(sym)
    elif kind == "table":
        for _, x in sym[1]:
            _check(x, known)
    elif kind == "made":
        _check(sym[1], known)


class Rules:
    """The compile rules run for what a linked game's plan leaves out, once, when first asked: the same
    sources compiled against the same artifact (nothing generated but what is asked for), kept apart from the
    linked game (its values are not this game's): the Python trees of its modules."""

    def __init__(self, run: Callable[[], CompiledGame], lock: threading.RLock) -> None:
        self.run, self.lock, self.game = run, lock, None

    def compiled(self) -> CompiledGame:
        with self.lock:
            if self.game is None:
                self.game = self.run()
            return self.game

    def tree(self, j: int) -> Any:
        return self.compiled().generated[j].tree
