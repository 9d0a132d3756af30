"""AST -> rules text. Sentences come from each primitive's describe() and each verb's text template, so the
text printed on a card is generated from the very source that runs. Knows no game.

Two styles: "card" (what a card face prints: "+1 Card, +1 Action.") and "rules" (the rules reference: whole
sentences, "draw 5 cards"). Two voices: "you" (imperative: "Trash a card from your hand.") and "they" (what
each other player does: "discards down to 3 cards in hand"). Inside one ability, a `let` that picks cards is
read together with the statement that acts on them ("Trash a card from your hand. If you do, ..."), and later
mentions of the pick read "it" or "the trashed card". The rules reference prints numbers that depend on the
player count side by side ("8 / 12 / 12").

The text is written per construct, imports pointing one way:
  words (English, strings only) -> doc (what the text knows so far, the tables of rules) -> numbers (set-up
  numbers per player count) -> labels (the game's declared names: types, zones, counters, card names) ->
  exprs (expressions, filters) -> conds (conditions) -> calls (verbs and primitives) -> picks, loops
  (for/attack/repeat/while) -> statements (blocks, picks, if/may/choose...) -> cards (a card's paragraphs).
Every construct has its rule in a table by node class (syntax/rules.py; tests/test_completeness.py checks
that none is missing): a construct without one raises, never prints nothing.
"""
from cardlang.compile.describe.cards import describe_card
from cardlang.compile.describe.calls import describe_call
from cardlang.compile.describe.doc import writing
from cardlang.compile.describe.exprs import cond_text, describe_choose, expr_text
from cardlang.compile.describe.labels import prop_label
from cardlang.compile.describe.statements import describe_block, describe_stmt

__all__ = ["prop_label", "cond_text", "describe_block", "describe_call", "describe_card", "describe_choose",
           "describe_stmt", "expr_text", "writing"]
