"""What a game's parsed sources declare, before any compile rule runs: its spec (GameSpec), its cards in
order with their definitions (CardDef, not yet compiled), its bots. Shared by a load that runs the compile
rules (compile/game.py) and one linked from the artifact's plan (compile/linked.py), which must make them
the same way. Knows no game.
"""
from __future__ import annotations

from pathlib import Path

from cardlang.compile.overrides import replace_cards
from cardlang.compile.sources import shown_path
from cardlang.compile.spec import GameSpec
from cardlang.errors import CardCompileError, CardLangError, ErrorList, Span
from cardlang.runtime.state import CardDef
from cardlang.syntax import ast


def game_spec(game_id: str, game_dir: Path, rules: list[ast.SourceFile], extra_rules: list[ast.SourceFile],
              errors: list[CardLangError]) -> GameSpec:
    """The spec of the one game the rules declare (with the verbs of EXTRA_RULES), and the decision tags its
    bots answer `none` first; raises ErrorList with ERRORS and what is wrong."""
    games = [d for f in rules for d in f.decls if isinstance(d, ast.GameDecl)]
    if len(games) != 1:
        raise ErrorList(errors + [CardCompileError(f"games/{game_id} must declare exactly one game",
                                                   Span(shown_path(game_dir / 'game.cl'), 1, 1, 1, 1))])
    game_decl = games[0]
    extra_verbs = tuple(d for f in rules + extra_rules for d in f.decls if isinstance(d, ast.VerbDecl))
    if extra_verbs:
        game_decl = _with_verbs(game_decl, extra_verbs)
    try:
        spec = GameSpec.from_decl(game_id, game_decl)
    except ErrorList as e:
        raise ErrorList(errors + e.errors) from None
    spec.none_first = frozenset(r.tag for f in rules + extra_rules for d in f.decls if isinstance(d, ast.BotDecl)
                                for r in d.rules if r.prefs and r.prefs[0].kind == "none" and r.prefs[0].cond is None)
    spec.never_none = frozenset(r.tag for f in rules + extra_rules for d in f.decls if isinstance(d, ast.BotDecl)
                                for r in d.rules if any(p.kind not in ("name", "none") for p in r.prefs)
                                or (r.prefs and r.prefs[0].kind == "name" and r.prefs[0].cond is None))
    return spec


def _with_verbs(decl: ast.GameDecl, verbs: tuple[ast.VerbDecl, ...]) -> ast.GameDecl:
    from cardlang.syntax.nodes import replace
    return replace(decl, verbs=tuple(decl.verbs) + tuple(v for v in verbs if v not in decl.verbs))


def card_list(card_files: list[ast.SourceFile], overrides: list[ast.SourceFile],
              errors: list[CardLangError]) -> list[tuple[ast.CardDecl, str]]:
    """The game's cards in order, each with its file's path (those of OVERRIDES in the place of the cards
    they replace), adding to ERRORS what is wrong."""
    cards: list[tuple[ast.CardDecl, str]] = []
    seen: dict[str, ast.CardDecl] = {}
    for f in card_files:
        for d in f.decls:
            if not isinstance(d, ast.CardDecl):
                errors.append(CardCompileError("card files hold cards only", d.span,
                                               hint="put rules, verbs and bots under games/"))
                continue
            if d.name in seen:
                errors.append(CardCompileError(f"card '{d.name}' is defined twice (first at {seen[d.name].span})",
                                               d.span, hint="an edited copy of a game's card (an arm of "
                                               "`compare --b`) is checked with `check --game GAME --replace`"))
                continue
            seen[d.name] = d
            cards.append((d, f.path))
    replace_cards(cards, overrides, errors)
    return cards


def card_defs(cards: list[tuple[ast.CardDecl, str]]) -> list[CardDef]:
    """A definition of each card, its name, types, span, path and tree (its compiled values not yet made)."""
    defs: list[CardDef] = []
    for i, (d, path) in enumerate(cards):
        cd = CardDef(i, d.name, frozenset(d.types) | frozenset(d.tags))
        cd.meta.update(span=d.span, path=path, decl=d,
                       reconstructed={p.name for p in d.props if p.reconstructed}
                       | {f"on {t.event}" for t in d.triggers if t.reconstructed})
        defs.append(cd)
    return defs


def bots_of(rules: list[ast.SourceFile], errors: list[CardLangError]) -> dict[str, ast.BotDecl]:
    """The bots the rules define, by name, adding to ERRORS a bot defined twice and a card or scenario
    in a rules file."""
    bots: dict[str, ast.BotDecl] = {}
    for f in rules:
        for d in f.decls:
            if isinstance(d, (ast.CardDecl, ast.ScenarioDecl)):  # (they were dropped without a word)
                kind = "card" if isinstance(d, ast.CardDecl) else "scenario"
                errors.append(CardCompileError(f"a .cl file holds a game, verbs and bots, not a {kind}", d.span,
                                               hint=f"put it in a .{kind} file of its own"))
            if isinstance(d, ast.BotDecl):
                if d.name in bots:
                    errors.append(CardCompileError(f"bot '{d.name}' is defined twice", d.span))
                bots[d.name] = d
    return bots
