"""Compiled game -> what a sheet prints (CardFace, RulesReference). Every line of text comes from the AST
through the compiler's describe step, so a printed sheet cannot disagree with play."""
from __future__ import annotations

import re
from typing import Any

from cardlang.compile.describe.calls import describe_call
from cardlang.compile.describe.doc import current_doc, writing
from cardlang.compile.describe.exprs import card_filter, find_node, cond_text, expr_text
from cardlang.compile.describe.labels import counter_word, prop_label, zone_label, type_label, variant_label
from cardlang.compile.describe.statements import sentence_parts
from cardlang.compile.describe.words import and_list, join_sentences, lower_first, plural_of, upper_first
from cardlang.render.model import CardFace, RulesReference, Section, Stat
from cardlang.syntax import ast
from cardlang.syntax.rules import Rules
from cardlang.syntax.walk import nodes as walk_nodes

_HIDDEN_PROPS = {"copies"}
_MARK = "\u2020"  # the sheets' mark of a reconstructed fact (render/sheets.py MARK)


def card_faces(game, names: list[str] | None = None) -> list[CardFace]:
    """One face per card, in cost then name order; NAMES limits the list (unknown names raise KeyError)."""
    defs = game.defs
    if names:
        by = {d.name.lower(): d for d in defs}
        defs = [by[n.lower()] for n in names]
    faces = []
    places = printed_places(game)
    marks = yes_no_properties(game)
    for d in sorted(defs, key=lambda d: (_num(d.props.get("cost", 0)), d.name)):
        rec = d.meta.get("reconstructed", set())
        cost = None
        if "cost" in d.props:
            cost = Stat("Cost", str(d.props["cost"]), "cost" in rec)
        # every number the card's source declares, 0 included ("offence 0" is a printed number too), but a
        # yes/no mark: a card prints it as a keyword ("Forced."), never as "Forced 1"
        stats = _merged(tuple(Stat(*_stat(k, v, game), k in rec, places.get(k, "")) for k, v in d.props.items()
                              if k != "cost" and k not in _HIDDEN_PROPS and k not in marks and v not in ("", None)))
        keywords = tuple(prop_label(k) + (_MARK if k in rec else "") + "." for k, v in d.props.items()
                         if k in marks and v == 1)
        # a number computed in play prints "*" (its sentence says how); a yes/no one ("ready when ...") is
        # no number at all, so only its sentence is printed
        stats += tuple(Stat(prop_label(k), "*", k in rec) for k in printed_dynamic(game, d))
        faces.append(CardFace(game=game.id, name=d.name, types=type_line(game, d.name), cost=cost, stats=stats,
                              text=keywords + tuple(d.text), text_reconstructed=any(r.startswith("on ") for r in rec),
                              copies=int(d.props.get("copies", 1)) if isinstance(d.props.get("copies", 1), int)
                              else 1))
    return faces


def yes_no_properties(game) -> set[str]:
    """The properties a game declares `number 0 to 1`: marks a card has or has not (Reach, Steadfast)."""
    return {p.name for p in game.spec.decl.properties if p.bounds == (0, 1)}


def printed_places(game) -> dict[str, str]:
    """Where the game prints each property on a card face, when not in the foot row: {"icon": "corner"}."""
    return {p.name: str(o.words[1]) for p in game.spec.decl.properties for o in p.options
            if len(o.words) == 2 and o.words[0] == "printed"}


def card_words(game, name: str) -> tuple[str, str]:
    """A card as its face prints it, in words: ("Cost 1 Marble† · Icon Key†", "Income: +1 Mark. †"), the
    printed numbers (each as the game names it, † where reconstructed) and the rules text. The one source
    for every listing of a card (`cardlang cards`, the card reader at the table)."""
    face = card_faces(game, [name])[0]
    stats = ([face.cost] if face.cost is not None else []) + list(face.stats)
    numbers = " · ".join([f"{st.label} {st.value}{'†' if st.reconstructed else ''}" for st in stats]
                         + ([f"\u00d7{face.copies}"] if face.copies > 1 else []))  # as the sheet: "×4"
    text = " ".join(face.text) + (" †" if face.text_reconstructed and face.text else "")
    return numbers, text


def _amount_of(name: str, spec) -> tuple[str, str] | None:
    """A property counted in one of the game's counters, named `PROPERTY_COUNTER` (`cost_honor`): its
    label and the counter's name -> ("cost", "honor"); None for any other property."""
    head, _, tail = name.rpartition("_")
    return (head, tail) if head and tail in spec.counters else None


def _stat(name: str, value, comp) -> tuple[str, str]:
    """How a printed number reads: ("HP", "6"); one counted in a counter reads as the game names that
    counter: `cost_honor 1` -> ("Cost", "1 Honor")."""
    amount = _amount_of(name, comp.spec)
    head, _, tail = name.rpartition("_")
    if amount is None and tail == "any" and any(_amount_of(p, comp.spec) and p.startswith(head + "_")
                                                for p in comp.spec.properties):
        # `cost_any 1` beside `cost_marks`, `cost_pips`...: an amount of the payer's choice, "Cost 1 of your choice"
        return prop_label(head), f"{value} of your choice"
    if amount is None:
        return prop_label(name), str(value)
    label, counter = amount
    return prop_label(label), f"{value} {counter_word(counter, value, comp)}"


def _merged(stats: tuple[Stat, ...]) -> tuple[Stat, ...]:
    """Neighbouring stats with one label and one mark are one: "Price 2 Marks, 1 Star"."""
    out: list[Stat] = []
    for st in stats:
        if out and out[-1].label == st.label and st.value.endswith(" of your choice"):
            # a badge of its own, so the first stays one line on the card: "Cost 2 Marks, 1 Pip"
            # then "Cost and 2 of your choice"
            out.append(Stat(st.label, f"and {st.value}", st.reconstructed, st.place))
        elif out and out[-1].label == st.label and out[-1].reconstructed == st.reconstructed:
            out[-1] = Stat(st.label, f"{out[-1].value}, {st.value}", st.reconstructed, st.place)
        else:
            out.append(st)
    return tuple(out)


def type_line(game, name: str) -> tuple[str, ...]:
    """A card's types as printed, main type first: its types in the order the game declares them
    (`types Action, Treasure, ...;`), then its tags in the order the game declares them, each in the
    rulebook's words ("Magic Item", "Against Accuse"); a quiet tag (the game's bookkeeping) is left out."""
    decl = game.decls.get(name)
    if decl is None:
        return ()
    spec = game.spec
    order = {t: i for i, t in enumerate(list(spec.types) + [t for t in spec.tags if t not in spec.types])}
    ranked = sorted(set(decl.types), key=lambda t: (order.get(t, len(order)), t)) \
        + sorted(set(decl.tags) - set(decl.types), key=lambda t: (order.get(t, len(order)), t))
    quiet = set(spec.decl.quiet_tags)  # set-up markers (`tags Kingdom: quiet;`) are not printed
    return tuple(type_label(t) for t in ranked if t not in quiet)


def printed_dynamic(game, d) -> list[str]:
    """The properties card D computes in play that print as "*": the numbers. A yes/no one (`ready
    count(Widget in hand) > 0;`) is no number, so only its sentence ("Ready when ...") is printed."""
    decl = game.decls.get(d.name)
    yes_no = {p.name for p in (decl.props if decl is not None else ())
              if isinstance(p.value, ast.TESTS)}
    return [k for k in d.dynamic if k not in yes_no]


def _num(v) -> int:
    return v if isinstance(v, int) else 0



def rules_reference(game, counts: tuple[int, ...] | None = None) -> RulesReference:
    """Players, zones, set-up by player count, the turn and its phases, end and scoring, and a glossary of the
    keywords the cards use: all generated from games/<id>/game.cl and the card sources. COUNTS: the player
    counts whose set-up figures are printed (all the game allows, side by side, unless given)."""
    decl = game.spec.decl
    comp = game
    lo, hi = decl.players
    counts = tuple(range(lo, hi + 1)) if counts is None else tuple(counts)
    sections: list[Section] = []
    with writing("rules", counts) as doc:
        players = f"{lo} players." if lo == hi else f"{lo} to {hi} players."
        sections.append(Section("Players", (players, "Players take turns in seat order.")))
        sections.append(Section("Zones", tuple(_zone_line(z.name, game) for z in decl.zones)))
        setup = [_pool_line(p, comp) for p in decl.pools]
        if decl.setup is not None:
            setup += _lines(decl.setup.stmts, comp)
        if doc.varied and len(counts) > 1:
            setup.insert(0, f"A number written like {doc.varied} is for {' / '.join(map(str, counts))} players.")
        if setup:
            sections.append(Section("Set-up", tuple(setup)))
        variants = [_variant_line(v) for v in getattr(decl, "variants", ())]
        if variants:
            sections.append(Section("Variants", tuple(variants)))
        doc.counts, doc.env = (), {}  # numbers during play are not known in advance
        if decl.turn is not None:
            sections.extend(_turn_sections(decl.turn, comp))
        sections.extend(_steps_sections(decl, comp))
        for r in getattr(decl, "reactions", ()):  # `on attack { ... }`: asked of every attacked player
            sections.append(Section("When you are attacked", tuple(_lines(r.body.stmts, comp)) or ("Nothing happens.",)))
        end = []
        if decl.end is not None:
            end.append(f"The game ends at the end of a turn when {cond_text(decl.end, comp, 'you')}.")
        if decl.score is not None:
            end.append(f"Each player scores {expr_text(decl.score, comp, 'they')}. The highest score wins.")
        if decl.tiebreak is not None:
            kind, e = decl.tiebreak
            end.append(f"On a tie, the tied player with the {kind} {expr_text(e, comp, 'they')} wins; players "
                       "still tied share the win.")
        if decl.end is None:
            end.insert(0, "The game ends as soon as a rule or a card makes a player win, or leaves one player in "
                          "the game.")
        wins = _mentions(decl, lambda n: isinstance(n, ast.Call) and n.verb in ("win", "eliminate"))
        if wins:
            end.insert(1, f"Rules that can end the game at once: {and_list(wins)}.")
        sections.append(Section("End and scoring", tuple(end)))
        printed = " ".join([ln for sec in sections for ln in sec.lines] + [t for d in game.defs for t in d.text])
        glossary = _glossary(game, printed)
    return RulesReference(game.id, game.title, tuple(sections), tuple(glossary))


def _lines(stmts, comp, who: str = "you") -> list[str]:
    return [join_sentences([p], who) for p in sentence_parts(stmts, comp, who)]


_SEEN = {"public": "face up", "hidden": "face down", "owner": "seen only by its owner",
         "top public": "face up, but only the top card can be seen"}


def _variant_line(v: ast.VariantDecl) -> str:
    """`variant epic "Epic War: ..." players 2 to 3;` -> "Epic War: ... (2 to 3 players)." """
    text = v.text or f"{variant_label(v)}."
    text = text if text.endswith((".", "!", "?")) else text + "."
    if v.players is not None:
        lo, hi = v.players
        text = text[:-1] + f" ({lo} players)." if lo == hi else text[:-1] + f" ({lo} to {hi} players)."
    return upper_first(text)


def _zone_line(name: str, game) -> str:
    zs = game.spec.zones[name]
    words = ["one per player" if zs.per_player else "shared", _SEEN.get(zs.visibility, zs.visibility)]
    if zs.piles:
        words.append("in one pile per card")
    line = f"{upper_first(zone_label(name, game))}: {', '.join(words)}"
    if zs.refill:
        line += (f"; when a card is needed from an empty {zone_label(name, game)}, shuffle "
                 f"{'your' if zs.per_player else 'the'} {zone_label(zs.refill, game)} to form a new one")
    return line + "."


def _pool_line(pool: ast.PoolDecl, comp) -> str:
    src = pool.source
    if isinstance(src, ast.Where):
        what, cond = card_filter(src.cond, comp, "you")
        where = f"the {plural_of(what, 2)}{cond}"
    else:
        where = expr_text(src, comp, "you")
    line = f"Choose {pool.size} {pool.name.replace('_', ' ')} cards from {where}"
    if pool.default:
        line += f" (if nobody chooses: {', '.join(pool.default)})"
    return line + "."


def _turn_sections(turn: ast.Block, comp) -> list[Section]:
    before: list[ast.Stmt] = []
    after: list[ast.Stmt] = []
    phases: list[ast.Phase] = []
    for st in turn.stmts:
        if isinstance(st, ast.Phase):
            phases.append(st)
        else:
            (after if phases else before).append(st)
    lines = [f"At the start of your turn: {lower_first(line)}" for line in _lines(before, comp)]
    if phases:
        names = [p.name.replace("_", " ") for p in phases]
        count = f"{len(names)} phases" if len(names) > 1 else "one phase"
        if lines:
            lines.append(f"Then play the phases in order: {and_list(names)}." if len(names) > 1
                         else f"Then play the {names[0]} phase.")
        else:
            lines.append(f"A turn has {count}, played in order: {and_list(names)}." if len(names) > 1
                         else f"A turn has one phase: the {names[0]} phase.")
    lines += [f"After the last phase: {lower_first(line)}" for line in _lines(after, comp)]
    out = [Section("Your turn", tuple(lines))] if lines else []
    for p in phases:
        out.append(Section(f"{p.name.replace('_', ' ').capitalize()} phase",
                           tuple(_lines(p.body.stmts, comp)) or ("Nothing happens.",)))
    return out


def _steps_sections(decl, comp) -> list[Section]:
    """A section for each verb the game gives steps (`verb combat(defender: player) "attack {defender}" steps
    "Combat" { ... }`): its statements, one line each, as the rules that run them say them; a player parameter
    reads by its name ("the defender")."""
    out = []
    doc = current_doc()
    for v in decl.verbs:
        if not v.steps:
            continue
        saved = dict(doc.names)
        for p in v.params:
            if p.type == "player":
                doc.names[p.name] = f"the {p.name.replace('_', ' ')}"
        try:
            out.append(Section(v.steps, tuple(_lines(_steps_of(v.body.stmts, comp), comp)) or ("Nothing happens.",)))
        finally:
            doc.names = saved
    return out


def _steps_of(stmts, comp) -> list:
    """The steps of a procedure, one statement each: a loop or a test on the game's own bookkeeping (a quiet
    counter with no words for a player, `while restart == 1`: a card may send the battle back to its start) is
    how the rules are carried out, not a step; a loop's steps are listed in its place."""
    out = []
    for st in stmts:
        if isinstance(st, ast.While) and _books_only(st.cond, comp):
            out.extend(_steps_of(st.body.stmts, comp))
        elif isinstance(st, ast.If) and _books_only(st.cond, comp):
            continue
        else:
            out.append(st)
    return out


def _books_only(cond, comp) -> bool:
    names = [n.name for n in walk_nodes(cond) if isinstance(n, ast.NameRef)]
    counters = comp.spec.counters
    return bool(names) and all(n in counters and getattr(counters[n], "quiet", False)
                               and getattr(counters[n], "flag", None) is None for n in names)


def _glossary(game, printed: str = "") -> list[tuple[str, str]]:
    """The keywords the cards use (types, game verbs, counters, printed numbers), each explained from the
    game's own source. A quiet tag (the rules' own marker, not printed on the cards) has an entry only where
    the PRINTED text names it (a set-up that says "the Shelved cards")."""
    spec, comp, decl = game.spec, game, game.spec.decl
    used = _Used()
    for d in game.decls.values():
        used.walk(d)
    entries: list[tuple[str, str]] = []
    for t in list(spec.types) + list(spec.tags):
        cards = sorted(d.name for d in game.decls.values() if t in d.types or t in d.tags)
        if not cards:
            continue
        kind = "A card type" if t in spec.types else "A card tag"
        if t in decl.quiet_tags and not re.search(rf"\b{re.escape(type_label(t))}\b", printed):
            continue
        if t in decl.quiet_tags:
            kind += ", not printed on the cards"
        listed = ", ".join(cards) if len(cards) <= 8 else f"{len(cards)} cards"
        where = _mentions(decl, lambda n: isinstance(n, ast.Is) and n.type_name == t)
        refer = f" The rules refer to it in: {and_list(where)}." if where else ""
        entries.append((type_label(t), f"{kind} ({listed}).{refer}"))
    for name, v in spec.verbs.items():
        if name not in used.verbs and name not in current_doc().named_verbs:
            continue
        meaning = _verb_meaning(v, comp)
        if meaning:  # a verb that only keeps the game's books has nothing to explain
            entries.append((name.replace("_", " ").capitalize(), meaning))
    for name, cs in spec.counters.items():
        if name not in used.names:
            continue
        entries.append((name.replace("_", " ").capitalize(), _counter_meaning(name, cs, decl, comp)))
    meanings = {p.name: p.text for p in decl.properties}
    for name in spec.properties:
        if name not in used.props:
            continue
        where = _mentions(decl, lambda n: isinstance(n, ast.Attr) and n.name == name)
        amount = _amount_of(name, spec)
        label = prop_label(name) if amount is None else \
            f"{prop_label(amount[0])} in {counter_word(amount[1], 2, comp)}"  # "Cost in Honor"
        if amount is None and _stat(name, 1, comp)[1] == "1 of your choice":
            label = f"{_stat(name, 1, comp)[0]} of your choice"
        # what the property means, as the game declares it (`property icon = "" "the symbol ...";`)
        meaning = meanings.get(name, "")
        text = upper_first(meaning.rstrip(".") + ".") if meaning else "Shown on the card."
        entries.append((label, text + (f" The rules use it in: {and_list(where)}." if where else "")))
    # (an event's words are printed on each card that has it: "Combat, after each roll: ...", so the glossary
    # has no entry for the event's name, which only the source uses)
    return sorted(entries, key=lambda e: e[0].lower())


def _verb_meaning(v: ast.VerbDecl, comp) -> str:
    doc = current_doc()
    saved = dict(doc.names)
    for p in v.params:
        if p.type == "int":
            doc.names[p.name] = p.name.upper()
        elif p.type == "cards":
            doc.names[p.name] = "the cards"
        elif p.type == "zone" and p.default is not None:
            doc.names[p.name] = expr_text(p.default, comp, "you")
        elif p.type in ("player", "players"):  # "the player's card", never "the card's card"
            doc.names[p.name] = "the player" if p.type == "player" else "the players"
        else:
            doc.names[p.name] = "the card"
    try:
        text = join_sentences(sentence_parts(v.body.stmts, comp, "you"), "you")
        if v.text:
            # a verb the designer worded is explained in their words, as its cards print it: its steps, said one
            # by one, read the engine aloud ("If you did, if you did", "the 'promote_rules' ability")
            call = ast.Call(v.name, tuple(ast.NameRef(p.name) for p in v.params), ())
            summary = upper_first(describe_call(call, comp, "you"))
            # "Promote: Promote a Hero." says nothing; "Promote: Promote a Hero: the top Advanced Hero ..." does
            if not summary.lower().startswith(v.name.replace("_", " ")) or len(summary.split()) > 6:
                text = summary if summary.endswith(".") else summary + "."
    finally:
        doc.names = saved
    return text




def _counter_meaning(name: str, cs, decl: ast.GameDecl, comp) -> str:
    words = ["A number each player has" if cs.per_player else "A number all players share"]
    bounds = []
    if cs.minimum is not None:
        bounds.append(f"never below {cs.minimum}")
    if cs.maximum is not None:
        bounds.append(f"never above {cs.maximum}")
    if cs.bank is not None:
        bounds.append(f"taken from and returned to a bank of {cs.bank}")
    elif cs.bank_of is not None:
        bounds.append(f"tokens of the {cs.bank_of} bank, held aside")
    text = words[0] + (", " + and_list(bounds) if bounds else "") + "."
    if decl.turn is not None:
        for st in decl.turn.stmts:
            if isinstance(st, ast.Assign) and st.op == "=" and st.target == (name,):
                text += f" It is set to {expr_text(st.value, comp, 'you')} at the start of each turn."
    return text


def _mentions(decl: ast.GameDecl, match) -> list[str]:
    """Where in the game's rules a node matching MATCH occurs: "the buy phase", "play", "scoring"."""
    places: list[tuple[str, Any]] = []
    if decl.setup is not None:
        places.append(("set-up", decl.setup))
    places.append(("set-up", tuple(p.source for p in decl.pools)))
    if decl.turn is not None:
        places += [(f"the {st.name.replace('_', ' ')} phase", st) for st in decl.turn.stmts
                   if isinstance(st, ast.Phase)]
        places.append(("your turn", tuple(st for st in decl.turn.stmts if not isinstance(st, ast.Phase))))
    places += [(v.name.replace("_", " "), v.body) for v in decl.verbs]  # a verb by its words: "line up"
    places += [("the end of the game", decl.end), ("scoring", decl.score)]
    out: list[str] = []
    for name, node in places:
        if node is not None and name not in out and find_node(node, match):
            out.append(name)
    return out


class _Used:
    """The verbs, names, properties and events the card sources use."""

    def __init__(self) -> None:
        self.verbs: set[str] = set()
        self.names: set[str] = set()
        self.props: set[str] = set()
        self.events: set[str] = set()

    def walk(self, node: Any) -> None:
        for n in walk_nodes(node):
            GLOSSARY_RULES(n, self)


# What each node tells the glossary the card sources use, by node class (syntax/rules.py): every statement
# and expression class has a rule, so a new one is a decision here, not a silent gap (tests/test_completeness.py).
# A rule reads only its node's own fields; the nodes below it are walked in turn.
GLOSSARY_RULES = Rules("the sheet's glossary (what the card sources use)")


@GLOSSARY_RULES.rule(ast.CardDecl)
def _card_uses(n: ast.CardDecl, used: _Used) -> None:
    used.props |= {p.name for p in n.props}
    used.events |= {t.event for t in n.triggers}


@GLOSSARY_RULES.rule(ast.Call)
def _call_uses(n: ast.Call, used: _Used) -> None:
    used.verbs.add(n.verb)


@GLOSSARY_RULES.rule(ast.Assign)
def _assign_uses(n: ast.Assign, used: _Used) -> None:
    used.names.add(n.target[-1])


@GLOSSARY_RULES.rule(ast.NameRef)
def _name_uses(n: ast.NameRef, used: _Used) -> None:
    used.names.add(n.name)


@GLOSSARY_RULES.rule(
    ast.Prop, ast.Trigger,  # a card's parts, read by its rule above
    ast.Block, ast.Let, ast.If, ast.Repeat, ast.While, ast.For, ast.Attack, ast.Phase, ast.OptionBlock,
    ast.ChooseOption, ast.May, ast.Break, ast.Simultaneous, ast.Kwarg, ast.Case,
    # a property or counter read as `x.NAME` is not counted (Attr): only a bare name or an assignment
    ast.IntLit, ast.StrLit, ast.BoolLit, ast.Attr, ast.Func, ast.ListLit, ast.TopOf, ast.Where, ast.BinOp,
    ast.Compare, ast.Is, ast.In, ast.And, ast.Or, ast.Not, ast.Neg, ast.Quantity, ast.ChooseOpts, ast.Choose)
def _no_uses(n: Any, used: _Used) -> None:
    """Nothing of its own: what it uses is in the nodes below it."""
