"""English for generated rules text: joining sentences ("+1 Card, +2 Actions."), "they" verb forms ("puts"
-> "put"), plurals, articles and template filling. Works on strings only: knows no AST and no game."""
from __future__ import annotations

import re
from typing import Any


def join_sentences(parts: list[str], who: str) -> str:
    """Sentences as printed: capitalised; a bare "they" predicate gets "They"; consecutive bonuses are
    listed the way printed cards list them: "+1 Card, +2 Actions."."""
    # Each sentence is kept as its pieces, so a long run of bonuses is joined once (linear, not quadratic).
    out: list[list[str]] = []
    per = False  # does the last sentence hold a " per " bonus (kept, not searched for again: linear)
    for p in parts:
        if not p:
            continue
        if who != "you" and p[0].islower():
            p = "They " + _base(p)
        p = upper_first(p)
        last = out[-1] if out else None
        if last and p.startswith("+") and last[0].startswith("+") and last[-1].endswith(".") and not per:
            last[-1] = last[-1][:-1]
            last.append(p)
        else:
            out.append([p])
            per = False
        per = per or " per " in p
    return " ".join(", ".join(pieces) for pieces in out)


def _each(subject: str, parts: list[str]) -> str:
    """"Each other player" + predicates: "Each other player reveals X and puts it onto their deck." """
    lead: list[str] = []
    rest = list(parts)
    while rest and rest[0][:1].islower() and ". " not in rest[0].rstrip("."):
        lead.append(rest.pop(0).rstrip("."))
    lead = _merge_puts(lead)
    if not lead:
        return f"{subject}: {join_sentences(rest, 'they')}" if rest else ""
    first = f"{subject} {and_list(lead)}."
    return " ".join([first] + ([join_sentences(rest, "they")] if rest else []))


_PUT = re.compile(r"^(puts?|Put) (.+) (into|onto) (.+)$")


def _merge_puts(items: list[str]) -> list[str]:
    """"puts 7 A onto their deck", "puts 3 B onto their deck" -> "puts 7 A and 3 B onto their deck"."""
    out: list[str] = []
    held: list[str] = []
    key = None
    for it in items + [""]:
        m = _PUT.match(it)
        k = (m.group(1), m.group(3), m.group(4)) if m else None
        if held and (k is None or k != key):
            out.append(f"{key[0]} {and_list(held)} {key[1]} {key[2]}")
            held = []
        if k is not None:
            key = k
            held.append(m.group(2))
        elif it:
            out.append(it)
    return out


def and_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def upper_first(s: str) -> str:
    return s[0].upper() + s[1:] if s and s[0].islower() else s


def lower_first(s: str) -> str:
    if not s or s.startswith("+"):
        return s
    word = s.split(" ", 1)[0]
    if word.isupper() and len(word) > 1:  # an acronym stays as it is
        return s
    return s[0].lower() + s[1:]


def _may(sentence: str, who: str) -> str:
    if who == "you":
        return "you may " + lower_first(sentence)
    return "may " + _base(sentence)


def _if_clause(word: str, parts: list[str], who: str, joiner: str = " ") -> str:
    subject = "you" if who == "you" else "they"
    items = []
    for i, p in enumerate(parts):
        if who != "you" and p[:1].islower():
            p = "they " + _base(p)
        items.append(lower_first(p) if i == 0 else (upper_first(p) if joiner == " " else lower_first(p).rstrip(".")))
    again = f"if {subject} {word}, "
    while items and items[0].startswith(again):  # a clause inside the same clause: never "If you did, if you did"
        items[0] = items[0][len(again):]
    if joiner != " ":
        items = [items[0].rstrip(".")] + items[1:]
        body = items[0] if len(items) == 1 else ", ".join(items[:-1]) + joiner + items[-1]
        return f"If {subject} {word}, {body}."
    return f"If {subject} {word}, {' '.join(items)}"


def plural_of(word: str, n: Any) -> str:
    if str(n) == "1":
        return word
    if word.endswith("s"):
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _they(parts: list[str]) -> list[str]:
    return [("They " + _base(p)) if p[:1].islower() else p for p in parts]


def _clause(parts: list[str], who: str) -> str:
    """Sentences after "If ..., ": the first one continues the sentence."""
    if who != "you":
        parts = ["they " + _base(p) if p[:1].islower() else p for p in parts]
    text = join_sentences(parts, "you")
    return lower_first(text)


_FULL = ("You ", "Your ", "They ", "Their ", "If ", "Each ", "When ", "At ", "The ", "A ", "An ", "All ")


def _full_sentence(text: str) -> bool:
    return text.startswith(_FULL)


def third_person_phrase(phrase: str) -> str:
    """"put it" -> "puts it"; "may x" stays."""
    word, _, rest = phrase.partition(" ")
    lw = word.lower()
    if lw in ("may", "must", "can"):
        conj = word
    elif lw == "have":
        conj = "has"
    elif lw.endswith(("s", "sh", "ch", "x", "z", "o")):
        conj = word + "es"
    elif lw.endswith("y") and lw[-2:-1] not in "aeiou":
        conj = word[:-1] + "ies"
    else:
        conj = word + "s"
    return conj + (" " + rest if rest else "")


def _base(phrase: str) -> str:
    """"puts it" -> "put it"; "trashes" -> "trash"."""
    word, _, rest = phrase.partition(" ")
    lw = word.lower()
    if lw in ("may", "must", "can", "is", "was"):
        base = {"is": "are", "was": "were"}.get(lw, word)
    elif lw == "has":
        base = "have"
    elif lw == "does":
        base = "do"
    elif lw.endswith("ies") and len(lw) > 4:
        base = word[:-3] + "y"
    elif lw.endswith(("sses", "shes", "ches", "xes", "zes", "oes")):
        base = word[:-2]
    elif lw.endswith("s") and not lw.endswith("ss"):
        base = word[:-1]
    else:
        base = word
    return base + (" " + rest if rest else "")


def _past(verb: str) -> str:
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgkmnpt]", verb):  # one syllable ending vowel + consonant: dropped
        return verb + verb[-1] + "ed"
    if verb.endswith("e"):
        return verb + "d"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ied"
    return verb + "ed"


def _articles(text: str) -> str:
    """"draws 1 card" -> "draws a card" (printed cards spell out one card)."""
    return re.sub(r"(?<![+\-\d/] )(?<![+\-\d])\b1 (?!(?:to|of|or|and|in|on|at|is|per|from)\b)([a-z][a-z]+)\b",
                  lambda m: _a(m.group(1)), text)  # "1 to 5", "row 1 of": a number, not "a card"


def _fill(template: str, args: dict[str, str]) -> str:
    last_number: list[str] = ["1"]

    def sub(m: re.Match) -> str:
        key = m.group(1)
        if key == "s":
            return "" if last_number[0] == "1" else "s"
        value = args.get(key, key)
        last_number[0] = value
        return value
    # "{side}'s units" with side = you: "your units"
    template = re.sub(r"\{([A-Za-z_]+)\}'s\b", lambda m: "your" if args.get(m.group(1)) == "you" else m.group(0),
                      template)
    out = re.sub(r"\{([A-Za-z_]+)\}", sub, template)
    return out if out.endswith((".", "!", "?", ":")) else out + "."


def _or(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


_YOU_SOUND = ("uni", "use", "usu", "uti", "eu", "one")  # a vowel letter that sounds like a consonant


def _a(word: str) -> str:
    """"an Action", "a Unit", "an Upgrade"."""
    lw = word.lower()
    vowel = lw[:1] in "aeiou" and not lw.startswith(_YOU_SOUND)
    return ("an " if vowel else "a ") + word


def _is_number(s: str) -> bool:
    return bool(re.fullmatch(r"-?\d+( / -?\d+)*", s))
