"""Blocks and statements as sentences: assignments, if/else (by player count too), may, choose one, phases
(loops and attacks: loops.py). Each statement class has its rule in doc.STMT_TEXT (syntax/rules.py); one
without a rule raises NoRule, never prints nothing unnoticed. Inside one block, a `let` that picks cards is read together with the statement
that acts on it ("Trash a card from your hand. If you do, ..."), and later mentions read "it". Knows no game."""
from __future__ import annotations

from cardlang.syntax import ast
from cardlang.compile.describe.doc import _DOC, STMT_TEXT, current_doc, install_block_writer, writing
from cardlang.compile.describe import conds, loops  # noqa: F401  (their rules of COND_TEXT, STMT_TEXT)
from cardlang.compile.describe.words import (and_list, _base, _clause, _if_clause, _is_number, join_sentences,
    lower_first, _may, _or, _they)
from cardlang.compile.describe.numbers import _is_local, _remember, _static, _static_branch, _static_cond
from cardlang.compile.describe.exprs import (is_player_pick, _uses, cond_text, describe_choose,
    expr_text)
from cardlang.compile.describe.labels import counter_word
from cardlang.compile.describe.calls import _call_text, describe_call
from cardlang.compile.describe.picks import (_acted, _acts_on, _first_of_if, _implies, _is_again, _is_break_unless,
    _is_pick, _is_silent, _pick_phrase, _pick_source)


def describe_block(block: ast.Block, comp, who: str) -> str:
    if _DOC.get() is None:
        with writing():
            return join_sentences(sentence_parts(block.stmts, comp, who), who)
    return join_sentences(sentence_parts(block.stmts, comp, who), who)


def sentence_parts(stmts, comp, who: str) -> list[str]:
    """One entry per sentence. A lower-case entry is a bare predicate ("draws a card."), whose subject is
    added by the caller; an entry starting with "+" is a bonus ("+1 Card.")."""
    stmts = list(stmts)
    out: list[str] = []
    i = 0
    while i < len(stmts):
        st = stmts[i]
        if isinstance(st, ast.Let) and isinstance(st.value, ast.Choose) \
                and isinstance(st.value.source, ast.NameRef) and st.value.source.name == "nothing":
            i += 1  # a choice from nothing asks and picks nothing (a question whose presence must not tell)
            continue
        if isinstance(st, ast.Let) and _is_pick(st.value):
            text, used = _pick(st, stmts[i + 1:], comp, who)
            out.extend(text)
            i += 1 + used
            continue
        if isinstance(st, ast.Let) or (isinstance(st, ast.Assign) and _is_local(st, comp)):
            _remember(st, comp)
            i += 1
            continue
        if isinstance(st, ast.If) and _static_branch(st, comp):
            i += 1
            continue
        if _is_bookkeeping(st, comp):
            i += 1
            continue
        if isinstance(st, ast.Assign) and st.op == "=":
            group = [st]
            while i + len(group) < len(stmts) and isinstance(stmts[i + len(group)], ast.Assign) \
                    and stmts[i + len(group)].op == "=" and not _is_local(stmts[i + len(group)], comp) \
                    and not _is_bookkeeping(stmts[i + len(group)], comp):
                group.append(stmts[i + len(group)])
            out.append(_set_text(group, comp, who))
            i += len(group)
            continue
        if _is_again(st, stmts[i - 1] if i else None):
            out.append(f"{st.args[0].name} it again.")
            i += 1
            continue
        s = describe_stmt(st, comp, who)
        if s:
            out.append(s)
        i += 1
    return _times(out)


_TIMES = {2: "twice", 3: "three times", 4: "four times", 5: "five times"}


def _times(parts: list[str]) -> list[str]:
    """The same sentence said again and again is said once, with how often: "Take one Resource of your choice
    from the bank, twice." (`take_any; take_any;`), never the sentence repeated."""
    out: list[str] = []
    runs: list[int] = []
    for p in parts:
        if out and p == out[-1] and p.endswith(".") and not p.startswith("+"):
            runs[-1] += 1
        else:
            out.append(p)
            runs.append(1)
    return [p if k == 1 else f"{p[:-1]}, {_TIMES.get(k, f'{k} times')}." for p, k in zip(out, runs)]


def _is_bookkeeping(st: ast.Stmt, comp) -> bool:
    """A change to a `quiet` counter: bookkeeping the game keeps for itself (never logged, never shown at the
    table), so rules text does not print it either: "Set your in extra to 1" says nothing to a player."""
    if isinstance(st, ast.Call) and st.verb == "reset" and st.args and isinstance(st.args[0], ast.NameRef):
        spec = comp.spec.counters.get(st.args[0].name)  # `reset damage;` of a quiet counter: the same
        return spec is not None and bool(getattr(spec, "quiet", False))
    if not isinstance(st, ast.Assign):
        return False
    spec = comp.spec.counters.get(st.target[-1])
    return spec is not None and bool(getattr(spec, "quiet", False))


def describe_stmt(st: ast.Stmt, comp, who: str) -> str:
    """One statement as a sentence (a bare predicate when WHO is not "you"), by the rule for its class; ""
    when it says nothing a player reads. A class without a rule raises NoRule (syntax/rules.py)."""
    return STMT_TEXT(st, comp, who)


STMT_TEXT.rule(ast.Call)(describe_call)


@STMT_TEXT.rule(ast.Assign)
def _assign_text(st: ast.Assign, comp, who: str) -> str:
    doc = current_doc()
    name = st.target[-1]
    if who != "you" and len(st.target) == 1 and name in comp.spec.counters \
            and comp.spec.counters[name].per_player:
        # a bare counter is the caller's own even inside a sentence about others (`for v in others {
        # v.marks -= 1; marks += 1; }`): "you get 1 Mark", never "they add 1 to their marks" (nor "+1 Mark",
        # which would read as theirs)
        amount = expr_text(st.value, comp, "you")
        if st.op in ("+=", "-=") and _is_number(amount):
            return f"You {'get' if st.op == '+=' else 'lose'} {amount} {counter_word(name, amount, comp)}."
        return _assign_text(st, comp, "you")
    amount = expr_text(st.value, comp, who)
    if st.op == "=":
        return _set_text([st], comp, who)
    own = len(st.target) == 1 or st.target[0] == "you"
    if doc.style == "card" and _is_number(amount) and own:
        sign = "+" if st.op == "+=" else "-"
        return f"{sign}{amount} {counter_word(name, amount, comp)}."
    seat = (_seat(ast.NameRef(st.target[0])) or _local_player(st.target[0])) if len(st.target) == 2 else ""
    if seat and _is_number(amount):  # "Your left-hand neighbour gets 1 Food."
        verb = "gets" if st.op == "+=" else "loses"
        return f"{seat} {verb} {amount} {counter_word(name, amount, comp)}."
    owner = _owner(st, who)
    if who != "you" and st.target[0] != "you":  # a predicate: "Each player adds 3 to their coins."
        verb = "adds" if st.op == "+=" else "takes"
        return f"{verb} {amount} {'to' if st.op == '+=' else 'from'} their {name.replace('_', ' ')}."
    verb = "go up" if st.op == "+=" else "go down"
    if not name.endswith("s"):  # "your coins go up", "your defense goes down"
        verb = "goes" + verb[2:]
    return f"{owner} {name.replace('_', ' ')} {verb} by {amount}."


@STMT_TEXT.rule(ast.Let)
def _let_text(st: ast.Let, comp, who: str) -> str:
    """A choice said on its own ("Choose a card from your hand."); any other `let` is read where it is used
    (numbers.py `_remember`), so it says nothing here."""
    if isinstance(st.value, ast.Choose):
        return describe_choose(st.value, comp, who) + "."
    return ""


@STMT_TEXT.rule(ast.Phase)
def _phase_text(st: ast.Phase, comp, who: str) -> str:
    return describe_block(st.body, comp, who)


@STMT_TEXT.rule(ast.Simultaneous)
def _simultaneous_text(st: ast.Simultaneous, comp, who: str) -> str:
    prim = comp.registry.get("simultaneous")
    return prim.describe({"body": describe_block(st.body, comp, who)}) if prim is not None else ""


@STMT_TEXT.rule(ast.Break)
def _break_text(st: ast.Break, comp, who: str) -> str:
    """Nothing: `break` is how a loop is carried out, and the sentence of the test that guards it says when
    the rest happens (`if not x { break; }` after a pick: "You may ...; if you do, then ...", see _pick)."""
    return ""


@STMT_TEXT.rule(ast.ChooseOption)
def _choose_one_text(st: ast.ChooseOption, comp, who: str) -> str:
    """`choose { "Search" { draw 2; } "Shop" { buys += 1; } }` -> "Choose one: Search \u2014 +2 Cards; or
    Shop \u2014 +1 Buy." An option that does nothing reads "do nothing"; the last sentence of each option loses its full
    stop, so the list reads as one sentence the way printed cards list their choices."""
    items = []
    for o in st.options:
        body = describe_block(o.body, comp, who).strip()
        body = lower_first(body[:-1] if body.endswith(".") else body) or "do nothing"
        label = o.label.strip()
        items.append(f"{label} \u2014 {body}" if label and label.lower() != body.lower() else body)
    lead = "Choose one" if who == "you" else "chooses one"
    by = st.opts.by
    chooser = _local_player(by.name) or _seat(by) if isinstance(by, ast.NameRef) and by.name != "you" else ""
    if chooser:  # `choose by first { ... }`: "the first player chooses one"
        lead = f"{chooser} chooses one"
    return f"{lead}: {'; or '.join(items)}."


def _owner(st: ast.Assign, who: str) -> str:
    if len(st.target) == 2:
        return "your" if st.target[0] == "you" else "their"
    return "Your" if who == "you" else "their"


def _local_player(name: str) -> str:
    """A local holding a player (`let first = choose 1 from players ...;`, `let second = first.left;`): "the
    first player" when the designer named it with a word, else "that player"; "" for anything else."""
    doc = current_doc()
    v = doc.values.get(name)
    is_player = doc.names.get(name) == "that player" or name in doc.players or \
        (isinstance(v, ast.Attr) and v.name in ("left", "right"))
    if not is_player:
        return ""
    return f"the {name} player" if name.isalpha() and len(name) >= 3 else "that player"


def _seat(e: ast.Expr) -> str:
    """`left` -> "your left-hand neighbour"; `left.left` (or a local holding it) -> "the player two seats to
    your left"; "" for anyone else."""
    doc = current_doc()
    steps: list[str] = []
    while True:
        if isinstance(e, ast.NameRef) and e.name in doc.values:
            e = doc.values[e.name]
        elif isinstance(e, ast.Attr) and e.name in ("left", "right"):
            steps.append(e.name)
            e = e.obj
        elif isinstance(e, ast.NameRef) and e.name in ("left", "right") and e.name not in doc.names:
            steps.append(e.name)
            break
        else:
            return ""
    if len(set(steps)) != 1:
        return ""
    if len(steps) == 1:
        return f"your {steps[0]}-hand neighbour"
    seats = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(len(steps), str(len(steps)))
    return f"the player {seats} seats to your {steps[0]}"


def _set_text(group: list[ast.Assign], comp, who: str) -> str:
    """`actions = 1; buys = 1;` -> "Set your actions to 1 and your buys to 1." """
    items = []
    for st in group:
        owner = _owner(st, who).lower()
        items.append(f"{owner} {st.target[-1].replace('_', ' ')} to {expr_text(st.value, comp, who)}")
    return f"{'set' if who == 'you' else 'sets'} {and_list(items)}."


@STMT_TEXT.rule(ast.If)
def _if_text(st: ast.If, comp, who: str) -> str:
    doc = current_doc()
    c = st.cond
    # `if this in inplay { trash this; }`: a card that has left a zone cannot be moved from it again, which
    # the printed sentence already implies ("Trash this card.").
    if isinstance(c, ast.In) and isinstance(c.item, ast.NameRef) and c.item.name == "this" and st.else_ is None \
            and all(_uses(s, "this") for s in st.then.stmts):
        return describe_block(st.then, comp, who)
    # `if x { ... }` after `x` was acted on: for a top card, "if there is one" goes without saying.
    if isinstance(c, ast.NameRef) and c.name in doc.done and st.else_ is None:
        parts = sentence_parts(st.then.stmts, comp, who)
        if doc.kinds.get(c.name) == "top":
            return join_sentences(parts, who) if who == "you" else " ".join(_they(parts))
        return _if_clause("do", parts, who) if parts else ""
    if doc.counts and _static_cond(c) is not None:
        return _by_count(st, comp, who)
    said = [x for x in st.then.stmts if not _is_bookkeeping(x, comp)]
    inner = said[0] if len(said) == 1 else None
    if st.else_ is None and isinstance(inner, ast.If) and inner.else_ is None \
            and not (isinstance(inner.cond, ast.NameRef) and inner.cond.name in doc.done) \
            and not (isinstance(inner.cond, ast.In) and isinstance(inner.cond.item, ast.NameRef)
                     and inner.cond.item.name == "this"):
        # `if a { if b { ... } }` reads "If a and b, ...", not "If a, if b, ..."
        return _if_text(ast.If(ast.And(c, inner.cond), inner.then, None), comp, who)
    then = sentence_parts(st.then.stmts, comp, who)
    if not then:
        return ""
    cond = cond_text(c, comp, who)
    body = _clause(then, who)
    while body.lower().startswith(f"if {cond}, "):  # `if a { if b { ... } }` both read "you did": say it once
        body = body[len(cond) + 5:]
    s = f"If {cond}, {body}"
    if isinstance(st.else_, ast.Block):
        other = sentence_parts(st.else_.stmts, comp, who)
        if other:
            s += f" Otherwise, {_clause(other, who)}"
    elif isinstance(st.else_, ast.If):
        other = _if_text(st.else_, comp, who)
        if other:
            s += f" Otherwise, {lower_first(other)}"
    return s


def _by_count(st: ast.If, comp, who: str) -> str:
    """`if count(players) == 2 { A } else if ... { B } else { C }` in the set-up: "With 2 players, A. With 3
    or 4 players, B. ..." (a branch that applies to no player count is left out)."""
    doc = current_doc()
    left = list(doc.counts)
    out = []
    node: ast.If | ast.Block | None = st
    while node is not None and left:
        if isinstance(node, ast.If):
            c = _static_cond(node.cond)
            if c is None:  # the rest of the chain depends on play: say it as written
                text = _if_text(node, comp, who)
                out.append(((), f"Otherwise, {lower_first(text)}" if out and text else text))
                break
            applies = [n for n in left if c[n]]
            block, node = node.then, node.else_
        else:
            applies, block, node = list(left), node, None
        left = [n for n in left if n not in applies]
        parts = sentence_parts(_apply_for(block.stmts, applies, comp), comp, who) if applies else []
        if parts:
            said = _clause(parts, who)
            if out and out[-1][0] and out[-1][1] == said:  # two branches alike: "With 3 or 4 players, ..."
                applies = list(out.pop()[0]) + applies
            out.append((applies, said))
    return " ".join(f"With {_counts_text(ns)} players, {said}" if ns else said for ns, said in out if said)


def _apply_for(stmts, applies: list[int], comp) -> list:
    """A branch's own local numbers (`each = 5;` under `if n == 2`) hold for its player counts only: set them
    for APPLIES and leave the other statements to be said (set for every count, the last branch's value
    would print for all: "the top 2 cards" where play deals 3)."""
    doc = current_doc()
    rest = []
    for s in stmts:
        v = _static(s.value) if isinstance(s, ast.Assign) and _is_local(s, comp) and s.op == "=" else None
        if v is None:
            rest.append(s)
            continue
        for n in applies:
            doc.env[n][s.target[0]] = v[n]
    return rest


def _counts_text(ns: list[int]) -> str:
    if len(ns) > 2 and ns == list(range(ns[0], ns[-1] + 1)):
        return f"{ns[0]} to {ns[-1]}"
    return _or([str(n) for n in ns])


@STMT_TEXT.rule(ast.May)
def _may_text(st: ast.May, comp, who: str) -> str:
    """`may { A; B; }` -> "You may A. If you do, B." """
    parts = sentence_parts(st.body.stmts, comp, who)
    if not parts:
        return ""
    first, rest = parts[0], parts[1:]
    if who != "you" and st.opts.by is None:  # inside an attack, the attacker decides
        s = f"You may have them {_base(first) if first[:1].islower() else lower_first(first)}"
    elif who != "you":
        s = f"may {_base(first)}" if first[:1].islower() else f"They may {lower_first(first)}"
    else:
        s = f"You may {lower_first(first)}"
    if rest:
        s += " " + _if_clause("do", rest, who if st.opts.by is not None or who == "you" else "they")
    if isinstance(st.else_, ast.Block):
        other = sentence_parts(st.else_.stmts, comp, who)
        if other:
            s += " " + _if_clause("do not", other, who)
    return s


# ---- picks: `let x = choose ...;` or `let x = top N of ...;`, read with the statement that acts on them -----

def _pick(let: ast.Let, rest: list, comp, who: str) -> tuple[list[str], int]:
    """The sentences for a pick and the statements after it that they cover; returns (sentences, used)."""
    doc = current_doc()
    x = let.value
    name = let.name
    chooser_is_you = isinstance(x, ast.Choose) and x.opts.by is None
    phrase, optional = _pick_phrase(x, comp, who)
    doc.kinds[name] = "top" if isinstance(x, ast.TopOf) else "choose"
    j = 0
    skipped_break = False
    while j < len(rest) and (_is_silent(rest[j]) or _is_break_unless(rest[j], name)):
        if _is_break_unless(rest[j], name):
            skipped_break = True
        else:
            _remember(rest[j], comp)
        j += 1
    nxt = rest[j] if j < len(rest) else None
    of_your_choice = " of your choice" if who != "you" and chooser_is_you else ""
    source = _pick_source(x)
    for st in ([nxt] if nxt is not None else []) + _first_of_if(nxt, name):
        if _acts_on(st, name) and _implies(st, source, comp):  # `gain` takes from the supply by itself
            phrase = phrase.replace(f" from {expr_text(source, comp, who)}", "", 1)
    if nxt is not None and _acts_on(nxt, name):
        text = _call_text(nxt, comp, who, first=phrase + of_your_choice)
        _acted(name, nxt.verb)
        if is_player_pick(x):  # `let first = choose 1 from players ...; first_turn first;`: still a player
            doc.players.add(name)
        return [_may(text, who) if optional else text], j + 1
    if nxt is not None and isinstance(nxt, ast.If) and isinstance(nxt.cond, ast.NameRef) \
            and nxt.cond.name == name:
        body = list(nxt.then.stmts)
        k = 0
        while k < len(body) and _is_silent(body[k]):
            _remember(body[k], comp)
            k += 1
        if k < len(body) and _acts_on(body[k], name):
            out = [_call_text(body[k], comp, who, first=phrase + of_your_choice)]
            if optional:
                out[0] = _may(out[0], who)
            _acted(name, body[k].verb)
            then = sentence_parts(body[k + 1:], comp, who)
            if then:
                out.append(_if_clause("do", then, who))
            if isinstance(nxt.else_, ast.Block):
                other = sentence_parts(nxt.else_.stmts, comp, who)
                if other:
                    exact = isinstance(x, ast.Choose) and x.quantity.kind == "exactly"
                    out.append(_if_clause("cannot" if exact else "do not", other, who))
            return out, j + 1
    doc.names[name] = "that player" if is_player_pick(x) else "it"
    verb = "choose" if who == "you" or not chooser_is_you else "you choose"
    sentence = f"{verb} {phrase}." if isinstance(x, ast.Choose) else f"look at {phrase}."
    if isinstance(x, ast.Choose) and who != "you" and not chooser_is_you:
        sentence = f"chooses {phrase}."
    if skipped_break:  # `if not x { break; }`: everything after it happens only when a card was picked
        then = sentence_parts(rest[j:], comp, who)
        may = _may(sentence, who)
        if then:
            return [may[:-1] + "; " + lower_first(_if_clause("do", then, who, joiner=", then "))], len(rest)
        return [may], len(rest)
    return [sentence], 0


install_block_writer(describe_block, sentence_parts)
