"""An A/B arm's card files (`compare --a/--b`, `load_game(..., replace=...)`): each card in them takes the place of
the game's card of the same name before anything compiles. Knows the cards' declarations only: nothing of the
compiler, the runtime or any particular game.
"""
from __future__ import annotations

from cardlang.errors import CardCompileError, CardLangError, did_you_mean
from cardlang.syntax import ast


def replace_cards(cards: list, overrides: list[ast.SourceFile], errors: list[CardLangError]) -> None:
    """Put each card of OVERRIDES in the place of the card of the same name. A card of no such name is an
    error: it would be a new card, and an A/B arm made of it (a misspelt name) would compare the game with
    itself."""
    at = {d.name: i for i, (d, _) in enumerate(cards)}
    seen: dict[str, ast.CardDecl] = {}
    for f in overrides:
        for d in f.decls:
            if not isinstance(d, ast.CardDecl):
                errors.append(CardCompileError("card files hold cards only", d.span))
            elif d.name in seen:
                errors.append(CardCompileError(f"card '{d.name}' is defined twice (first at {seen[d.name].span})",
                                               d.span))
            else:
                seen[d.name] = d
                if d.name in at:
                    cards[at[d.name]] = (d, f.path)
                else:
                    hint = did_you_mean(d.name, at)
                    errors.append(CardCompileError(
                        f"card '{d.name}' replaces no card of this game" + (f"; {hint}" if hint else ""), d.span,
                        hint="an arm's cards replace the game's cards of the same name; new cards go in a "
                             "--with folder"))
