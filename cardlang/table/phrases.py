"""Small pieces of English for the table: who a seat is, a verb said of someone else, plurals, a verb's
template turned to the third person, lists of moved cards. Knows no game."""
from __future__ import annotations

import re
from typing import Any

from cardlang.compile.describe.words import third_person_phrase  # the rules text's own ("put it" -> "puts it")


def who(p: int | None) -> str:
    if p is None:
        return "the table"
    return "chance" if p < 0 else f"p{p + 1}"


# Words a template may start with that are not its verb: such a template is said after "p1:" as written.
NOT_VERBS = {"if", "until", "each", "every", "the", "that", "what", "once", "while", "as", "in", "instead",
              "when", "whenever", "after", "before", "all", "any", "no", "its", "his", "her", "their", "a", "an",
              "this", "those", "these", "up", "at", "on", "for", "from", "with", "to", "nobody", "everyone",
              "one", "two", "three", "four", "five", "then", "so", "more", "other", "another"}
MAX_INDENT = 3  # nested verbs indent the lines of what they do, up to this depth


def third_person(phrase: str) -> str:
    """"take an action" -> "takes an action" (the verb of a "you" template, said of someone else)."""
    word = phrase.split(" ", 1)[0].lower()
    if word in ("cannot", "will") or not word.isalpha():
        return phrase
    if word == "are":
        return "is" + phrase[3:]
    return third_person_phrase(phrase)


def plural(word: str, n: Any) -> str:
    if str(n) in ("1", "-1") or word.endswith("s") or not word[-1:].isalpha():
        return word
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def they_form(text: str) -> str:
    """A verb's template as said of someone else: its "they" part, else its "you" part turned round
    ("take an action" -> "takes an action"; "your X" -> "'s X"; "if ..." -> ": if ...")."""
    if "|" in text:
        return text.split("|", 1)[1]
    if text.startswith("{") or text.startswith("+"):
        return text
    if text.startswith("you "):
        return text[4:]
    if text.startswith("your "):
        return "'s " + text[5:]
    first = text.split(" ", 1)[0].lower()
    if first in NOT_VERBS:
        return ": " + text
    said = third_person(text)
    return re.sub(r"\band ([a-z]+)\b", lambda m: "and " + (third_person(m.group(1))
                  if m.group(1) not in NOT_VERBS else m.group(1)), said, count=1)


def grouped(moves: list) -> list:
    out: list = []
    for key, name in moves:
        if out and out[-1][0] == key:
            out[-1][1].append(name)
        else:
            out.append((key, [name]))
    return out


class OnTop(str):
    """A card's name seen only because it lies on top of a `top public` pile (a discarded card): said as the
    pile's new top card, and only while no card has covered it."""


def count_or_names(names: list) -> str:
    """Moved cards as one seat may name them: names where seen, else a count, with the new top card of a
    pile whose top alone is public ("3 cards (X on top)")."""
    top = names[-1] if names and isinstance(names[-1], OnTop) else None
    shown = [n for n in names if n is not None and not isinstance(n, OnTop)]
    hidden = len(names) - len(shown)
    on_top = f" ({top} on top)" if top else ""
    if hidden == len(names):
        if top and hidden == 1:
            return str(top)  # the one card put on the pile is its top: everybody sees it
        return ("a card" if hidden == 1 else f"{hidden} cards") + on_top
    return ", ".join(shown + ([f"{hidden} more"] if hidden else [])) + on_top
