"""Verbs that can never run inside themselves (compile/checks.flat_verbs): their calls skip the nesting
bookkeeping, so every path back to a verb (its own calls, the abilities its triggers run, an attack's
reactions) must keep it counted."""
from cardlang.compile.checks import flat_verbs
from cardlang.primitives.registry import CORE
from cardlang.syntax import ast
from cardlang.syntax.parser import parse

VERBS = """
verb enter() { ping; }
verb ping() { if true { pong; } }
verb pong() { ping; }
verb boom() { trigger blast this; }
verb raid() { attack p in others { draw 1; } }
verb draw(n: int) { move top n of deck to hand; }
"""
CARDS = """
card Bomb { types Action; on blast { boom; } }
card Guard { types Action; on attack in hand { raid; } }
"""


def _decls(text: str, kind: type) -> list:
    return [d for d in parse(text, "t.cl").decls if isinstance(d, kind)]


def test_only_verbs_with_no_path_back_to_themselves_are_flat() -> None:
    verbs = {v.name: v for v in _decls(VERBS, ast.VerbDecl)}
    cards = _decls(CARDS, ast.CardDecl)
    prims = [p.verb for p in CORE.all()]
    assert flat_verbs(verbs, cards, (), prims, False) == {"enter", "draw"}
    assert flat_verbs(verbs, (), (), prims, False) == {"enter", "draw", "boom", "raid"}
    assert flat_verbs(verbs, cards, (), prims, True) == {"enter", "draw"}  # modifiers: see the next test


MODIFIED = """
verb strength(u: cards) { value = u.power; }
verb bonus() { if count(board where card is Guard) > 0 { modify power this by 1; } }
verb loop() { loop; }
"""
AURA = "card Guard { types Unit; power 2; on modify in board { bonus; } }"


def test_modifiers_make_no_verb_counted() -> None:
    # `strength` reads power, which runs Guard's modifier and so `bonus`; inside it reads run no modifier,
    # so no path through a modifier can repeat: both stay flat. A verb calling itself stays counted.
    verbs = {v.name: v for v in _decls(MODIFIED, ast.VerbDecl)}
    cards = _decls(AURA, ast.CardDecl)
    prims = [p.verb for p in CORE.all()]
    assert flat_verbs(verbs, cards, (), prims, True) == {"strength", "bonus"}


def test_a_call_of_something_unknown_makes_no_verb_flat() -> None:
    verbs = {v.name: v for v in _decls(VERBS + "verb odd() { mystery 1; }\n", ast.VerbDecl)}
    assert flat_verbs(verbs, (), (), [p.verb for p in CORE.all()], False) == set()
