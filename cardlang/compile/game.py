"""Load a game: parse its rules, cards, bots and scenarios, check them, and compile them into a CompiledGame
(compile/compiled.py: what a load makes).

Reads the files compile/sources.py finds (games/<id>/, cards/<id>/, expansions); knows nothing about any
particular game.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from cardlang.compile.codecache import CodeLog, fact, open_log
from cardlang.compile.linked import PLAN, link_game, plan_of
from cardlang.compile.compiled import CompiledGame, Pool  # noqa: F401  (loaded games are these)
from cardlang.compile.compiler import Compiler, Scope
from cardlang.compile.sources import (CARD_SUFFIX, RULES_SUFFIX, SCENARIO_SUFFIX, game_ids,  # noqa: F401
                                      game_sources, load_key, project_root, shown_path, source_files)
from cardlang.compile.declared import bots_of, card_defs, card_list, game_spec
from cardlang.compile.passes import OPTIMISED, Options
from cardlang.compile.properties import property_cycles, wrong_type
from cardlang.compile.spec import GameSpec
from cardlang.compile.visibility import watcher_question
from cardlang.errors import CardCompileError, CardLangError, CardWarning, ErrorList, Span, did_you_mean
from cardlang.primitives import CORE, Registry
from cardlang.primitives.lowering import Reactions
from cardlang.runtime.state import Ctx
from cardlang.syntax import ast
from cardlang.syntax.cached import parse_cached, source_key
from cardlang.syntax.walk import nodes


def parse_files(paths: list[Path], errors: list[CardLangError],
                keys: list[bytes] | None = None) -> list[ast.SourceFile]:
    """Parse PATHS (from the cache when their bytes were parsed before), adding to ERRORS what is wrong;
    KEYS, when given, gets the key of each file's path and bytes, in order (what the code cache is keyed by)."""
    files = []
    cwd = Path.cwd().resolve() if paths else None  # once for all files, as their folders are
    folders: dict[str, str] = {}
    for path in paths:
        try:
            data = path.read_bytes()
            text = data.decode("utf-8")
        except OSError as e:
            errors.append(CardCompileError(f"cannot read this file: {e.strerror or e.__class__.__name__}",
                                           Span(shown_path(path, cwd), 1, 1, 1, 1)))
            continue
        except UnicodeDecodeError as e:
            line = data.count(b"\n", 0, e.start) + 1
            col = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
            errors.append(CardCompileError(f"this file is not UTF-8 text: byte 0x{data[e.start]:02x} at line {line}",
                                           Span(shown_path(path, cwd), line, col, line, col + 1),
                                           hint="save the file as UTF-8"))
            continue
        rel = shown_path(path, cwd, folders)
        key = source_key(data, rel)
        if keys is not None:
            keys.append(key)
        try:
            files.append(parse_cached(data, text, rel, key))
        except CardLangError as e:
            errors.append(e)
    return files


def load_game(game_id: str, extra: list[Path] | None = None, registry: Registry = CORE, *,
              replace: list[Path] | None = None, checking: bool = False,
              options: Options = OPTIMISED, linked: bool = True) -> CompiledGame:
    """Parse and compile everything of one game (plus expansion folders). Raises ErrorList with all errors.

    Cards in REPLACE (files or folders) take the place of the game's cards of the same name, keeping their
    position (so a seed deals the same kingdom), and are added when new: one edited card, A/B tested.
    CHECKING: the load is for its errors (`cardlang check`): sources the cache holds no code for are checked
    whole, every function generated, but a function is compiled only if it runs (codecache.CodeLog.checking_only),
    and no code is stored; the game still plays, compiling each function as it is first called.
    OPTIONS: which passes the compile runs (compile/passes.py); a load without all of them has cache entries
    of its own. LINKED: a load whose artifact holds the game's plan makes the game from it, running no compile
    rule (compile/linked.py); False, the rules run (a scenario compiles statements against the game: their
    calls of its verbs run in place only with the rules' facts)."""
    with _collector_paused():
        return _load_game(game_id, extra, registry, replace, checking, options, linked)


def check_parsed(game_id: str, rules: list[ast.SourceFile], cards: list[ast.SourceFile],
                 extra_rules: list[ast.SourceFile], errors: list[CardLangError],
                 registry: Registry = CORE) -> CompiledGame:
    """Check sources already parsed (an editor's unsaved text among them: cardlang/lsp) as a checking load of
    GAME_ID does, with ERRORS found so far (files that did not read or parse); raises ErrorList with them and
    all it finds. Functions are generated for their checks and compiled only if they run; nothing is stored."""
    if errors and not rules:
        raise ErrorList(errors)
    sources = Sources(game_id, project_root() / "games" / game_id, rules, cards, [], extra_rules)
    with _collector_paused():
        return compile_game(sources, registry, errors, CodeLog(None, checking_only=True))


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Hold Python's cycle collector while a game loads (tens of thousands of new objects), then hand them to
    the oldest generation unlooked-at (gc.freeze, unfreeze; not when the process froze objects of its own, as
    the language server does): the first collection after went over them all (8-15 ms of a cached load)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def _load_game(game_id: str, extra: list[Path] | None, registry: Registry,
               replace: list[Path] | None, checking: bool = False,
               options: Options = OPTIMISED, linked: bool = True) -> CompiledGame:
    game_dir = project_root() / "games" / game_id
    if not (game_dir / "game.cl").is_file():
        raise KeyError(game_id)
    errors: list[CardLangError] = []
    rule_paths, card_paths, replace_paths, extra_rule_paths = game_sources(game_id, extra or [], replace or [])
    keys: list[bytes] = [game_id.encode("utf-8", "surrogatepass")]
    if options.key:  # another set of passes is other code: never the optimised load's entries
        keys.append(options.key)
    rules = parse_files(rule_paths, errors, keys)
    keys.append(b"cards")
    card_files = parse_files(card_paths, errors, keys)
    keys.append(b"replace")
    overrides = parse_files(replace_paths, errors, keys)
    keys.append(b"extra rules")
    extra_rules = parse_files(extra_rule_paths, errors, keys)
    if errors and not rules:
        raise ErrorList(errors)
    sources = Sources(game_id, game_dir, rules, card_files, overrides, extra_rules)
    if errors:  # (a file that cannot be read or parsed) the rest is checked for more, never run
        return compile_game(sources, registry, errors, CodeLog(None, checking_only=True), options)
    if registry is not CORE:  # only a clean load of the built-in primitives is stored
        return compile_game(sources, registry, errors, options=options)
    log = open_log(b"\0".join(keys))
    if checking and log.stored is None:  # (a check after an edit: compiling afresh was two thirds of it)
        game = compile_game(sources, registry, errors, CodeLog(None, checking_only=True), options)
        game.code_key = log.key
        return game
    plan = log.stored_facts.get(PLAN) if linked and log.stored_facts is not None else None
    if plan is not None:
        game = _linked(sources, log, plan, options)
        if game is not None:
            game.code_key = log.key
            return game
    try:
        game = compile_game(sources, registry, errors, log, options)
    except ErrorList:
        if log.stored is None:
            raise
        log.stale = True  # an artifact is never made from sources with errors: report them all, checked afresh
    if log.stale:  # the artifact was not made from these sources after all: compile everything afresh
        log = CodeLog(log.key)
        game = compile_game(sources, registry, [], log, options)
    if not log.stale and (log.stored_facts is None or PLAN not in log.stored_facts):
        log.fact(PLAN, lambda: plan_of(game, log))  # (stored with the artifact: the next load links it)
    log.save()
    game.code_key = log.key
    return game


def _linked(sources: "Sources", log: CodeLog, plan: Any, options: Options) -> CompiledGame | None:
    """The game of clean SOURCES linked from LOG's artifact and its PLAN (compile/linked.py), no compile rule
    run; None when the plan does not fit them (the load then runs the rules)."""
    errors: list[CardLangError] = []
    try:
        spec = game_spec(sources.game_id, sources.game_dir, sources.rules, sources.extra_rules, errors)
        cards = card_list(sources.cards, sources.overrides, errors)
        bots = bots_of(sources.rules + sources.extra_rules, errors)
        if errors:
            return None
        return link_game(plan, log, spec, CORE, card_defs(cards), cards, bots, options,
                         lambda: compile_game(sources, CORE, [], CodeLog(log.key, log.stored, log.stored_facts),
                                              options))
    except (ErrorList, LookupError, TypeError, ValueError):
        return None


@dataclass(frozen=True)
class Sources:
    """The parsed files of one load: the game's rules, its cards, the cards that replace some of them, and
    extra rules (expansions)."""

    game_id: str
    game_dir: Path
    rules: list[ast.SourceFile]
    cards: list[ast.SourceFile]
    overrides: list[ast.SourceFile]
    extra_rules: list[ast.SourceFile]


def compile_game(sources: Sources, registry: Registry = CORE, errors: list[CardLangError] | None = None,
                 log: CodeLog | None = None, options: Options = OPTIMISED) -> CompiledGame:
    """Check and compile parsed sources into a game, adding to ERRORS (raised as ErrorList at the end).
    LOG: the load's artifact (compile/codecache.py), whose modules are taken while it holds them and which
    records those compiled; with LOG.checking_only, functions are generated for their checks and compiled
    only if they run (the load is for its errors). Reads and writes no module state: loads in several
    threads at once are independent. OPTIONS: which passes run (compile/passes.py)."""
    errors = [] if errors is None else errors
    game = _check_and_compile(sources.game_id, sources.game_dir, registry, errors, sources.rules, sources.cards,
                              sources.overrides, sources.extra_rules, log, options)
    return game


def _check_and_compile(game_id: str, game_dir: Path, registry: Registry, errors: list[CardLangError],
                       rules: list[ast.SourceFile], card_files: list[ast.SourceFile],
                       overrides: list[ast.SourceFile], extra_rules: list[ast.SourceFile],
                       log: CodeLog | None = None, options: Options = OPTIMISED) -> CompiledGame:
    spec = game_spec(game_id, game_dir, rules, extra_rules, errors)
    # An entry of these sources' code is there only because a load of them found no error (compile/codecache.py):
    # what only finds errors may be left out (a stale entry is found at the first function it lacks, and the
    # load then starts again without it, checking everything).
    known_clean = not errors and log is not None and log.stored is not None
    game = _compile(spec, registry, card_files, errors, overrides, known_clean, log, options)
    game.bots.update(bots_of(rules + extra_rules, errors))
    if not errors and log is not None and log.checks_known_clean():
        return game  # these sources checked clean before (compile/codecache.py): what follows finds nothing
    from cardlang.compile.bots import check_bots
    errors.extend(check_bots(game, log))  # (their code stored with the load's artifact: CodeLog.held)
    from cardlang.compile.checks import this_without_card, verb_cycles
    errors.extend(verb_cycles(game.spec.verbs, (p.verb for p in registry.all())))
    errors.extend(this_without_card(game.decls.values(), game.facts.trigger_sites))
    if errors:
        raise ErrorList(errors)
    return game


def _events_used(decl: ast.GameDecl, cards: list[ast.CardDecl]) -> set[str]:
    """Every event some rule or card can fire: `trigger EVENT ...` calls, and `attack`."""
    found = {"attack", "modify"}  # `modify`: read whenever a modified property is (primitives/modify.py)
    for node in nodes((decl, tuple(cards))):
        if isinstance(node, ast.Call) and node.verb == "trigger" and node.args and isinstance(node.args[0],
                                                                                        ast.NameRef):
            found.add(node.args[0].name)
    return found


def _passes_values(node: Any) -> bool:
    """Does this card (or node) hold a `trigger EVENT X NAME=VALUE` call?"""
    return any(isinstance(n, ast.Call) and n.verb == "trigger" and any(kw.key != "for" for kw in n.kwargs)
               for n in nodes(node))


def _compile(spec: GameSpec, registry: Registry, card_files: list[ast.SourceFile],
             errors: list[CardLangError], overrides: list[ast.SourceFile] = (),
             known_clean: bool = False, log: CodeLog | None = None,
             options: Options = OPTIMISED) -> CompiledGame:
    decl = spec.decl
    cards = card_list(card_files, overrides, errors)
    spec.card_names = [d.name for d, _ in cards]
    defs = card_defs(cards)
    by_name = {cd.name: cd for cd in defs}
    comp = Compiler(spec, registry, by_name, options=options)
    comp.code_log = log.attach(comp) if log is not None else None
    from cardlang.primitives.modify import modified_properties, modifier_index, touchable
    comp.modified.update(modified_properties([d for d, _ in cards], errors, spec.verbs))
    comp.abilities.prop_defaults.update((n, comp.prop_default(n)) for n in spec.properties)
    events = None if known_clean else _events_used(decl, [d for d, _ in cards])  # read by checks only
    known_types = set(spec.types) | set(spec.tags)
    # Static properties first, so that compiled expressions know which properties are dynamic.
    for (d, _), cd in zip(cards, defs):
        for i, (t, tspan) in enumerate(zip(d.types + d.tags, _type_spans(d))):
            if t not in known_types:
                errors.append(CardCompileError(f"'{t}' is not a card type of this game", tspan,
                                               hint=did_you_mean(t, known_types)))
            elif (i < len(d.types)) != (t in spec.types):  # a tag under `types`, or a type under `tags`
                what, where = ("type", "types") if t in spec.types else ("tag", "tags")
                errors.append(CardCompileError(f"'{t}' is a {what} of this game, not a {'tag' if what == 'type' else 'type'}",
                                               tspan, hint=f"list it under `{where}`"))
        for p in d.props:
            if p.name not in spec.properties:
                errors.append(CardCompileError(f"'{p.name}' is not a card property of this game", p.span,
                                               hint=did_you_mean(p.name, spec.properties)
                                               or "declare it in the game: `property NAME = 0;`"))
                continue
            problem = wrong_type(p, *spec.property_types.get(p.name, ("number", None)))
            if problem is not None:
                errors.append(problem)
                continue
            if isinstance(p.value, ast.IntLit):
                cd.props[p.name] = p.value.value
            elif isinstance(p.value, ast.StrLit):
                cd.props[p.name] = p.value.value
            elif isinstance(p.value, ast.Neg) and isinstance(p.value.value, ast.IntLit):
                cd.props[p.name] = -p.value.value.value
            else:
                cd.dynamic[p.name] = None  # type: ignore[assignment]  # compiled below
    defaults = [(n, comp.prop_default(n)) for n in spec.properties]
    for cd in defs:  # (CardDef.printed: every declared property, its default where the card prints none)
        cd.printed = {n: cd.props.get(n, v) for n, v in defaults}
    if not known_clean:
        errors.extend(property_cycles([d for d, _ in cards], spec.properties))
    for (d, _), cd in zip(cards, defs):
        for p in d.props:
            if p.name in cd.dynamic:
                try:
                    cd.dynamic[p.name] = comp.coerce(comp.expr(p.value, Scope(in_card=True)), "int", p.value.span)
                except CardCompileError as e:
                    errors.append(e)
                    cd.dynamic.pop(p.name)
    comp.cards_settled = True  # (no card's properties change from here: Compiler.cards_memo)
    from cardlang.compile.checks import flat_verbs
    # (facts like this one, found by walking the sources, are kept in the artifact: codecache.CodeLog.fact)
    comp.flat_verbs.update(fact(log, "flat verbs", lambda: flat_verbs(spec.verbs, [d for d, _ in cards], decl.reactions,
                                                       (p.verb for p in registry.all()), bool(comp.modified))))
    # The events some card has an `on EVENT` ability for (CardDef.triggers, made below): before any code is
    # compiled, so that a `trigger` of another event knows no card can react (the pass dead-triggers), nor a card
    # of types no card that reacts has (typed-triggers)
    spec.card_events = Reactions(tuple((cd.types, frozenset(t.event for t in d.triggers if t.zone is None))
                                       for (d, _), cd in zip(cards, defs)))
    comp.compile_verbs()
    for ev in getattr(decl, "events", ()) if events is not None else ():
        if ev.name not in events:
            errors.append(CardCompileError(f"no rule of this game fires '{ev.name}'", ev.span,
                                           hint=did_you_mean(ev.name, events)))
    # Set-up and turn before the cards' abilities, and cards that pass values first: the values of
    # `trigger EVENT X NAME=VALUE` give the abilities of EVENT those names, with their types.
    game_scope = Scope()
    comp.gen_label = "setup"
    setup = comp.block(decl.setup, game_scope) if decl.setup else no_rules
    comp.gen_label = "turn"
    turn = comp.block(decl.turn, Scope()) if decl.turn else no_rules
    for t in decl.reactions:  # before the cards: a `trigger` here gives their abilities its names
        comp.gen_label = "on attack"
        comp.attack_rules.append(comp.block(t.body, Scope({"attacker": "player"})))
    for i in fact(log, "card order", lambda: sorted(range(len(cards)), key=lambda i: not _passes_values(cards[i][0]))):
        (d, _), cd = cards[i], defs[i]
        for t in d.triggers:
            if events is not None and t.event not in events:
                errors.append(CardCompileError(f"no rule of this game fires '{t.event}'", t.span,
                                               hint=did_you_mean(t.event, events)))
                continue
            names = dict(comp.event_args.get(t.event, {}))
            if t.zone:
                names["attacker"] = "player"
            scope = Scope(names, in_card=True)
            comp.gen_label = f"card {d.name!r}: on {t.event}" + (f" in {t.zone}" if t.zone else "")
            comp.gen_card = d.name
            body = comp.block(t.body, scope)
            if t.zone is None:
                cd.triggers[t.event] = body
            elif t.zone not in spec.zones:
                errors.append(CardCompileError(f"this game has no zone '{t.zone}'", t.span,
                                               hint=did_you_mean(t.zone, spec.zones)))
            else:
                asks = watcher_question(spec, t.zone, t.body)
                if asks is not None:
                    errors.append(CardCompileError(
                        f"a card watching '{t.zone}' asks a question there: being asked would tell the others it "
                        f"holds the card ('{t.zone}' is not public)", asks.span,
                        hint="ask it in the game's window, which every target is asked whatever they hold "
                             "(`on attack { ... privately ...; trigger ... }`), and let the card answer the trigger"))
                cd.watchers[t.event] = (t.zone, body)
                entry = next((e for e in comp.watch_index.setdefault(t.event, []) if e[0] == t.zone), None)
                if entry is None:
                    entry = (t.zone, set())
                    comp.watch_index[t.event].append(entry)
                entry[1].add(cd.index)
    comp.gen_label, comp.gen_card = "rules", None
    comp.modifiers.update(modifier_index(comp.watch_index.get("modify", []), [d for d, _ in cards], spec.verbs,
                                         {n: z.slot for n, z in spec.zones.items()},
                                         targets=comp.options.on("modify-targets")))
    comp.abilities.touchable.update(touchable(comp.modifiers))
    end = score = None
    tiebreak = None
    try:
        if decl.end is not None:
            end = comp.fn_of(comp.expr(decl.end, Scope()), listed=True)  # checked after every turn: one generated function
        if decl.score is not None:
            score = comp.coerce(comp.expr(decl.score, Scope()), "int", decl.score.span)
        if decl.tiebreak is not None:
            kind, e = decl.tiebreak
            if kind not in ("fewest", "most"):
                raise CardCompileError(f"tiebreak is 'fewest' or 'most', not '{kind}'", e.span)
            tiebreak = (kind, comp.coerce(comp.expr(e, Scope()), "int", e.span))
    except CardCompileError as e:
        errors.append(e)
    pools: dict[str, Pool] = {}
    warnings: list[CardLangError] = []
    for pd in decl.pools:
        try:
            cand_ce = comp.expr(pd.source, Scope())
            if cand_ce.type != "card names":
                raise CardCompileError("a pool is drawn from card names, e.g. `cards where card is Action`",
                                       pd.source.span)
            candidates = comp.fn_of(cand_ce)(Ctx(_NoState(), 0))  # type: ignore[arg-type]  # card-name filters read no state
            default = []
            for n in pd.default:
                if n not in by_name:
                    raise CardCompileError(f"unknown card '{n}' in the default {pd.name}", pd.span,
                                           hint=did_you_mean(n, by_name))
                default.append(by_name[n])
            pools[pd.name] = Pool(pd.name, pd.size, candidates, default)
            if pd.size > len(candidates):  # allowed: set-up fills the pool with what there is (choose_pools)
                warnings.append(CardWarning(f"pool {pd.name} of {pd.size} is drawn from {len(candidates)} "
                                            f"card(s): it will hold {len(candidates)}", pd.span,
                                            hint=f"say `pool {pd.name} {len(candidates)} from ...`, or add cards"))
        except CardCompileError as e:
            errors.append(e)
        except Exception as e:  # a pool filter that reads the state
            errors.append(CardCompileError(f"a pool filter may only read card properties ({e})", pd.span))
    errors.extend(comp.errors)
    comp.errors = []
    end_parts = []
    if end is not None:
        try:
            parts = _or_parts(decl.end)
            texts = fact(log, "end texts", lambda: [_describe().cond_text(e, comp, "you") for e in parts])
            end_parts = [(text, comp.fn_of(comp.expr(e, Scope()))) for text, e in zip(texts, parts)]
        except CardCompileError:  # already reported when the whole condition was compiled
            pass
    for cd, text in zip(defs, fact(log, "card texts", lambda: _card_texts(cards, comp, errors))):
        cd.text = list(text)
    return CompiledGame(spec.id, spec.title, spec, defs, decl.players, setup, turn, comp.phases, end, score,
                        tiebreak, pools, registry, comp.facts, card_files={d.name: Path(p) for d, p in cards},
                        decls={d.name: d for d, _ in cards}, end_parts=end_parts, warnings=warnings)


def no_rules(ctx: Ctx) -> None:
    """The set-up or turn of a game that declares none."""


class _NoState:
    """What a pool's filter runs on before any game: no state, only a step budget for its loops to spend."""

    __slots__ = ("steps", "step_budget")

    def __init__(self) -> None:
        self.steps, self.step_budget = 0, 200_000


def _describe():
    """compile/describe, imported only when a text is made (a cached load takes the texts from the cache)."""
    from cardlang.compile import describe
    return describe


def _card_texts(cards: list, comp: Compiler, errors: list[CardLangError]) -> list[list[str]]:
    """Each card's rules text (none for a card whose text has an error, added to ERRORS)."""
    texts = []
    for d, _ in cards:
        try:
            texts.append(_describe().describe_card(d, comp))
        except CardCompileError as e:
            errors.append(e)
            texts.append([])
    return texts


def _or_parts(e: ast.Expr) -> list[ast.Expr]:
    return _or_parts(e.left) + _or_parts(e.right) if isinstance(e, ast.Or) else [e]


def _type_spans(d: ast.CardDecl) -> list[Span]:
    spans = list(d.type_spans)
    n = len(d.types) + len(d.tags)
    if len(spans) < n:
        spans += [d.span] * (n - len(spans))
    return spans if len(spans) == n else [spans[0] if spans else d.span] * n
