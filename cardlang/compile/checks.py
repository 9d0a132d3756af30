"""Whole-game checks on the AST that no single statement's compilation can make: verbs that call each other
without end, and `this` in an ability that only ever runs for a card's name; and the verbs that can never
run inside themselves (their calls skip the nesting bookkeeping); and, as warnings, bot rules for decisions
nothing asks.

Each check returns compile errors (it never raises) and reports only what is certain; what may or may not
happen at run time is left to the budgets there. Knows no game.
"""
from __future__ import annotations

import typing
from typing import Iterable, Iterator

from cardlang.errors import CardCompileError, CardLangError, CardWarning, Span, did_you_mean
from cardlang.syntax import ast
from cardlang.syntax.rules import Rules
from cardlang.syntax.walk import nodes

# Primitives after which a verb's next statement might not run: the game may end, or abilities run that may.
_MAY_STOP = {"win", "eliminate", "trigger"}


def verb_cycles(verbs: dict[str, ast.VerbDecl], primitives: Iterable[str]) -> list[CardLangError]:
    """Verbs that call each other (or themselves) on every path, before anything that could end the game:
    `verb ping() { pong; }  verb pong() { ping; }` can only recurse until the nesting limit."""
    prims = set(primitives)
    safe = _returning_verbs(verbs, prims)
    edges = {name: list(_certain_calls(decl.body, verbs, prims, safe)) for name, decl in verbs.items()}
    errors: list[CardLangError] = []
    reported: set[frozenset[str]] = set()
    for start in sorted(verbs, key=lambda n: (verbs[n].span.path, verbs[n].span.line, verbs[n].span.column)):
        cycle = _find_cycle(start, edges)
        if cycle is None or frozenset(v for v, _ in cycle) in reported:
            continue
        reported.add(frozenset(v for v, _ in cycle))
        names = [v for v, _ in cycle]
        steps = ", ".join(f"'{v}' calls '{names[(i + 1) % len(names)]}' at line {span.line}"
                          for i, (v, span) in enumerate(cycle))
        what = (f"verb '{start}' always calls itself" if len(cycle) == 1
                else f"verbs {', '.join(repr(n) for n in names)} always call each other")
        errors.append(CardCompileError(f"{what}, so it never ends: {steps}", cycle[0][1],
                                       hint="make one of the calls depend on a condition: if ... { ... }"))
    return errors


# What a statement runs besides the calls written inside it (flat_verbs follows each as a path of calls):
# `attack` runs the game's `on attack` rules and the cards' `on attack in ZONE`; every other statement runs
# only its calls, which flat_verbs reads itself. A new statement class has no rule until it says, and then
# flat_verbs raises NoRule rather than calling a verb flat that is not (tests/test_completeness.py).
RUNS_BESIDES_CALLS = Rules("the paths of calls a statement makes (flat verbs)")
_STATEMENTS = typing.get_args(ast.Stmt)


@RUNS_BESIDES_CALLS.rule(ast.Attack)
def _attack_runs(node: ast.Attack) -> tuple[tuple[str, str], ...]:
    return (("event", "attack"),)


@RUNS_BESIDES_CALLS.rule(ast.Let, ast.Assign, ast.If, ast.Repeat, ast.While, ast.For, ast.Phase, ast.ChooseOption,
                         ast.May, ast.Break, ast.Call, ast.Simultaneous)
def _runs_its_calls(node) -> tuple[tuple[str, str], ...]:
    return ()


def flat_verbs(verbs: dict[str, ast.VerbDecl], cards: Iterable[ast.CardDecl], reactions: Iterable[ast.Trigger],
               primitives: Iterable[str], modified: bool) -> set[str]:
    """Verbs that can never run inside themselves: no path of calls from their body leads back to them,
    through the verbs it calls, the abilities its `trigger`s run (every card's `on EVENT`, in any zone) or an
    `attack` (the game's `on attack` rules, the cards' `on attack in ZONE`). A call of one needs no nesting
    bookkeeping: a cycle of calls that never ends passes only through the others, or through abilities,
    which count themselves. Conservative: a call of something not known, and no verb is flat.

    Modifiers (`on modify in ZONE`, run by property reads, MODIFIED) add no path: inside a modifier a read
    gives the printed value and runs none, so a stack of calls holds at most one modifier, and a path
    through one can never repeat without end. The verbs a modifier calls are followed as any others."""
    prims = set(primitives)
    bodies: dict[tuple[str, str], list] = {("verb", n): [d.body] for n, d in verbs.items()}
    for c in cards:
        for t in c.triggers:
            bodies.setdefault(("event", t.event), []).append(t.body)
    for t in reactions:
        bodies.setdefault(("event", "attack"), []).append(t.body)
    edges: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for key, blocks in bodies.items():
        out = edges[key] = set()
        for n in (n for b in blocks for n in _nodes(b)):
            if isinstance(n, _STATEMENTS):
                out.update(RUNS_BESIDES_CALLS(n))
            if not isinstance(n, ast.Call):
                continue
            if n.verb in verbs:
                out.add(("verb", n.verb))
            elif n.verb == "trigger":
                if not n.args or not isinstance(n.args[0], ast.NameRef):
                    return set()
                out.add(("event", n.args[0].name))
            elif n.verb not in prims:
                return set()
    flat = set()
    for name in verbs:
        start = ("verb", name)
        stack, seen = list(edges[start]), set()
        while stack:
            k = stack.pop()
            if k == start:
                break
            if k not in seen:
                seen.add(k)
                stack.extend(edges.get(k, ()))
        else:
            flat.add(name)
    return flat


def _returning_verbs(verbs: dict[str, ast.VerbDecl], prims: set[str]) -> set[str]:
    """Verbs that cannot end the game or run abilities, whatever they do: nothing in them, nor in the verbs
    they call, is `win`, `eliminate`, `trigger` or a call with outcome blocks."""
    calls = {name: [c for c in _nodes(decl.body) if isinstance(c, ast.Call)] for name, decl in verbs.items()}
    safe = {name for name, cs in calls.items()
            if all(not c.cases and (c.verb in verbs or (c.verb in prims and c.verb not in _MAY_STOP)) for c in cs)}
    changed = True
    while changed:  # a verb is safe only if every verb it calls is
        changed = False
        for name in list(safe):
            if any(c.verb in verbs and c.verb not in safe for c in calls[name]):
                safe.discard(name)
                changed = True
    return safe


def _certain_calls(body: ast.Block, verbs: dict, prims: set[str], safe: set[str]) -> Iterator[tuple[str, Span]]:
    """Calls of the game's own verbs that a run of BODY always reaches: its own top-level statements, up to
    the first that could end the game or leave the body early."""
    for st in body.stmts:
        if isinstance(st, (ast.Let, ast.Assign)):
            continue
        if not isinstance(st, ast.Call) or st.cases:
            return
        if st.verb in verbs:
            yield st.verb, st.span
            if st.verb not in safe:
                return  # it may end the game: what follows may never run
            continue
        if st.verb not in prims or st.verb in _MAY_STOP:
            return


def _find_cycle(start: str, edges: dict[str, list[tuple[str, Span]]]) -> list[tuple[str, Span]] | None:
    """A cycle of certain calls from START back to it, as (verb, span of its call of the next verb)."""
    stack: list[tuple[str, list[tuple[str, Span]]]] = [(start, [])]
    seen: set[str] = set()
    while stack:
        verb, path = stack.pop()
        for nxt, span in edges.get(verb, ()):
            if nxt == start:
                return path + [(verb, span)]
            if nxt not in seen:
                seen.add(nxt)
                stack.append((nxt, path + [(verb, span)]))
    return None


def this_without_card(cards: Iterable[ast.CardDecl], sites: dict[str, dict[str, list[Span]]]
                      ) -> list[CardLangError]:
    """`this` in an `on EVENT` ability when every `trigger EVENT` names a card rather than passing a card in
    play (`trigger use role;`): the ability runs with no card, so `this` would be nothing."""
    cards = list(cards)
    bodies = {(c.name, t.event): t for c in cards for t in c.triggers if t.zone is None}
    errors: list[CardLangError] = []
    for (card, event), trig in bodies.items():
        found = sites.get(event, {})
        if not found.get("name"):
            continue
        # a `trigger EVENT this` inside an ability of that same event does not bring a card into play
        in_play = [s for s in found.get("cards", ()) if not any(_inside(s, t.span) for (_, e), t in
                                                                bodies.items() if e == event)]
        if in_play:
            continue
        first = found["name"][0]
        for node in _this_refs(trig.body):
            errors.append(CardCompileError(
                f"'this' is nothing here: '{card}' runs 'on {event}' for its name, with no card in play "
                f"(trigger {event} at {first})", node.span,
                hint="name the card by its name, or pass what the ability needs: trigger EVENT X NAME=VALUE"))
    return errors


def _inside(s: Span, outer: Span) -> bool:
    return s.path == outer.path and (outer.line, outer.column) <= (s.line, s.column) and \
        (s.end_line, s.end_column) <= (outer.end_line, outer.end_column)


def _this_refs(node) -> Iterator[ast.NameRef]:
    return (n for n in _nodes(node) if isinstance(n, ast.NameRef) and n.name == "this")


def _nodes(node) -> Iterator:
    """Every AST node under NODE, in source order, without recursion."""
    return nodes(node)


def warnings_of(game) -> list[CardLangError]:
    """Everything a check of a loaded GAME warns about: the load's own warnings, and bot rules nothing asks."""
    sources = [game.spec.decl, *game.decls.values()]
    return [*game.warnings, *unasked_bot_rules(sources, game.bots.values(), game.registry)]


def unasked_bot_rules(sources: Iterable[object], bots: Iterable[ast.BotDecl], registry) -> list[CardLangError]:
    """Warnings for bot rules (`on TAG { ... }`) whose decision no source asks: no `choose`, `may` or
    `choose { options }` of the game's rules, verbs or cards (SOURCES: their syntax trees) and no primitive
    they call asks TAG, so the rule never runs (most often a misspelt tag). A warning, not an error: a helper
    bot or an expansion may hold rules for decisions that cards not loaded ask."""
    asked = decision_tags(sources, registry)
    out: list[CardLangError] = []
    for bot in bots:
        for rule in bot.rules:
            if rule.tag not in asked:
                hint = did_you_mean(rule.tag, asked)
                out.append(CardWarning(f"bot '{bot.name}' has a rule for decision '{rule.tag}', which nothing in "
                                       "this game asks", rule.span,
                                       hint=hint or "the decisions asked: " + ", ".join(sorted(asked)[:12])
                                       + (", ..." if len(asked) > 12 else "")))
    return out


def decision_tags(sources: Iterable[object], registry) -> set[str]:
    """The tags of every decision SOURCES can ask: `as TAG` (else `choose` / `may`), and what the primitives
    they call ask (a `tag=` argument, else the primitive's default tag, and its fixed ones: Primitive.asks)."""
    tags: set[str] = set()
    for root in sources:
        for n in nodes(root):
            if isinstance(n, (ast.Choose, ast.ChooseOption)):
                tags.add(n.opts.tag or "choose")
            elif isinstance(n, ast.May):
                tags.add(n.opts.tag or "may")
            elif isinstance(n, ast.Call):
                prim = registry.get(n.verb)
                if prim is None:
                    continue
                tags.update(prim.asks)
                given = next((k.value for k in n.kwargs if k.key == "tag"), None)
                if isinstance(given, (ast.NameRef, ast.StrLit)):
                    tags.add(given.name if isinstance(given, ast.NameRef) else given.value)
                else:
                    tags.update(p.default for p in prim.params if p.name == "tag" and isinstance(p.default, str))
    return tags
