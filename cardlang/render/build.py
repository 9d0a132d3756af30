"""Compiled game -> what a sheet prints (CardFace, RulesReference). Every line of text comes from the AST
through the compiler's describe step, so a printed sheet cannot disagree with play."""
from __future__ import annotations

from cardlang.compile.describe import cond_text, describe_block, expr_text
from cardlang.render.model import CardFace, RulesReference, Section, Stat
from cardlang.syntax import ast

_HIDDEN_PROPS = {"copies"}


def card_faces(game, names: list[str] | None = None) -> list[CardFace]:
    """One face per card, in cost then name order; NAMES limits the list (unknown names raise KeyError)."""
    defs = game.defs
    if names:
        by = {d.name.lower(): d for d in defs}
        defs = [by[n.lower()] for n in names]
    faces = []
    for d in sorted(defs, key=lambda d: (_num(d.props.get("cost", 0)), d.name)):
        rec = d.meta.get("reconstructed", set())
        cost = None
        if "cost" in d.props:
            cost = Stat("Cost", str(d.props["cost"]), "cost" in rec)
        stats = tuple(Stat(k.upper() if len(k) <= 3 else k.capitalize(), str(v), k in rec)
                      for k, v in d.props.items()
                      if k != "cost" and k not in _HIDDEN_PROPS and v not in (0, "", None))
        stats += tuple(Stat(k.upper() if len(k) <= 3 else k.capitalize(), "*", k in rec) for k in d.dynamic)
        faces.append(CardFace(game=game.id, name=d.name, types=tuple(sorted(d.types)), cost=cost, stats=stats,
                              text=tuple(d.text), text_reconstructed=any(r.startswith("on ") for r in rec),
                              copies=int(d.props.get("copies", 1)) if isinstance(d.props.get("copies", 1), int)
                              else 1))
    return faces


def _num(v) -> int:
    return v if isinstance(v, int) else 0


def rules_reference(game) -> RulesReference:
    """Set-up, turn phases, end and scoring, and a glossary, generated from games/<id>/game.cl."""
    decl = game.spec.decl
    comp = game.compiler
    sections: list[Section] = []
    lo, hi = decl.players
    sections.append(Section("Players", (f"{lo} to {hi} players.",)))
    zones = []
    for z in decl.zones:
        zs = game.spec.zones[z.name]
        whose = "each player has one" if zs.per_player else "shared"
        zones.append(f"{z.name}: {whose}; {zs.visibility}" + (", in piles by card" if zs.piles else "")
                     + (f"; refilled from {zs.refill} when empty" if zs.refill else ""))
    sections.append(Section("Zones", tuple(zones)))
    if decl.setup is not None:
        sections.append(Section("Set-up", _lines(decl.setup, comp)))
    if decl.turn is not None:
        for st in decl.turn.stmts:
            if isinstance(st, ast.Phase):
                sections.append(Section(f"Turn: {st.name} phase", _lines(st.body, comp)))
    end = []
    if decl.end is not None:
        end.append(f"The game ends after a turn when {cond_text(decl.end, comp, 'you')}.")
    if decl.score is not None:
        end.append(f"Each player scores {expr_text(decl.score, comp, 'you')}.")
    if decl.tiebreak is not None:
        end.append(f"Ties are broken by {decl.tiebreak[0]} {expr_text(decl.tiebreak[1], comp, 'you')}; "
                   "players still tied share the win.")
    if end:
        sections.append(Section("End and scoring", tuple(end)))
    glossary = [(t, f"a card type") for t in decl.types]
    for name, v in game.spec.verbs.items():
        if v.text:
            glossary.append((name, v.text.split("|")[0].replace("{", "").replace("}", "")))
    return RulesReference(game.id, game.title, tuple(sections), tuple(glossary))


def _lines(block: ast.Block, comp) -> tuple[str, ...]:
    out = []
    for st in block.stmts:
        text = describe_block(ast.Block((st,)), comp, "you")
        if text:
            out.append(text)
    return tuple(out) or ("(see the game source)",)
