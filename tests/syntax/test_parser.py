"""Valid source -> expected AST. The AST is frozen dataclasses that compare by value with spans excluded, so
each case states the whole tree it expects, independent of layout.

Snippets are wrapped into the smallest declaration that can hold them: an expression becomes the value of a
card property, a statement goes into an `on play` block.
"""
from __future__ import annotations

import pytest

from cardlang.errors import CardSyntaxError
from cardlang.syntax import ast as A
from cardlang.syntax.parser import parse


# ---- helpers: build expected trees briefly ------------------------------------------------------------

def N(name: str) -> A.NameRef:
    return A.NameRef(name)


def I(value: int) -> A.IntLit:  # noqa: E743 - short on purpose, used in dozens of expected trees
    return A.IntLit(value)


def S(value: str) -> A.StrLit:
    return A.StrLit(value)


def blk(*stmts) -> A.Block:
    return A.Block(tuple(stmts))


def call(verb: str, *args, **kwargs) -> A.Call:
    kws = tuple(A.Kwarg(k.rstrip("_"), v) for k, v in kwargs.items())
    return A.Call(verb, tuple(args), kws)


def attr(obj, *names):
    node = obj if not isinstance(obj, str) else N(obj)
    for n in names:
        node = A.Attr(node, n)
    return node


NO_OPTS = A.ChooseOpts()


def parse_expr(src: str) -> A.Expr:
    f = parse(f"card T {{ x {src}; }}", "t.card")
    (card,) = f.decls
    (prop,) = card.props
    assert prop.name == "x" and not prop.reconstructed
    return prop.value


def parse_stmts(src: str) -> tuple:
    f = parse(f"card T {{ on play {{ {src} }} }}", "t.card")
    (card,) = f.decls
    (trig,) = card.triggers
    return trig.body.stmts


def parse_stmt(src: str):
    (st,) = parse_stmts(src)
    return st


# ---- expressions --------------------------------------------------------------------------------------

EXPRS = [
    # literals and names
    ("42", I(42)),
    ("0", I(0)),
    ('"hi there"', S("hi there")),
    ('""', S("")),
    (r'"say \"hi\""', S('say "hi"')),
    (r'"a\nb"', S("a\nb")),
    (r'"back\\slash"', S("back\\slash")),
    ('"café"', S("café")),
    ("true", A.BoolLit(True)),
    ("false", A.BoolLit(False)),
    ("hand", N("hand")),
    ("_x9", N("_x9")),
    ("Council_Room", N("Council_Room")),
    # attributes
    ("p.hand", attr("p", "hand")),
    ("card.cost", attr("card", "cost")),
    ("you.left.hand", attr("you", "left", "hand")),
    ("(top 1 of deck).cost", attr(A.TopOf("top", I(1), N("deck")), "cost")),
    # function calls
    ("count(hand)", A.Func("count", (N("hand"),))),
    ("max(1, 2)", A.Func("max", (I(1), I(2)))),
    ("f()", A.Func("f", ())),
    ("sum(owned, card.vp)", A.Func("sum", (N("owned"), attr("card", "vp")))),
    ("count(p.hand) - 3", A.BinOp("-", A.Func("count", (attr("p", "hand"),)), I(3))),
    ("empty_piles(supply) >= 3", A.Compare(">=", A.Func("empty_piles", (N("supply"),)), I(3))),
    # lists
    ("[]", A.ListLit(())),
    ("[Copper]", A.ListLit((N("Copper"),))),
    ('[Copper, "Council Room", 3]', A.ListLit((N("Copper"), S("Council Room"), I(3)))),
    ("[[a], []]", A.ListLit((A.ListLit((N("a"),)), A.ListLit(())))),
    # top / bottom
    ("top 2 of deck", A.TopOf("top", I(2), N("deck"))),
    ("bottom 1 of p.deck", A.TopOf("bottom", I(1), attr("p", "deck"))),
    ("top n + 1 of deck", A.TopOf("top", A.BinOp("+", N("n"), I(1)), N("deck"))),
    ("top 1 of (Copper in hand)", A.TopOf("top", I(1), A.In(N("Copper"), N("hand")))),
    ("top count(shown) - count(t) of p.deck",
     A.TopOf("top", A.BinOp("-", A.Func("count", (N("shown"),)), A.Func("count", (N("t"),))), attr("p", "deck"))),
    ("top 1 of deck.x", A.TopOf("top", I(1), attr("deck", "x"))),
    # where
    ("hand where card is Action", A.Where(N("hand"), A.Is(N("card"), False, "Action"))),
    ("supply where card.cost <= coins",
     A.Where(N("supply"), A.Compare("<=", attr("card", "cost"), N("coins")))),
    ("cards where card is Kingdom and card.cost > 2",
     A.Where(N("cards"), A.And(A.Is(N("card"), False, "Kingdom"), A.Compare(">", attr("card", "cost"), I(2))))),
    ("hand where not card is Treasure", A.Where(N("hand"), A.Not(A.Is(N("card"), False, "Treasure")))),
    # arithmetic: precedence and associativity
    ("1 + 2", A.BinOp("+", I(1), I(2))),
    ("1 + 2 * 3", A.BinOp("+", I(1), A.BinOp("*", I(2), I(3)))),
    ("(1 + 2) * 3", A.BinOp("*", A.BinOp("+", I(1), I(2)), I(3))),
    ("10 - 3 - 2", A.BinOp("-", A.BinOp("-", I(10), I(3)), I(2))),
    ("7 / 2 % 3", A.BinOp("%", A.BinOp("/", I(7), I(2)), I(3))),
    ("a * b + c / d", A.BinOp("+", A.BinOp("*", N("a"), N("b")), A.BinOp("/", N("c"), N("d")))),
    ("60 - 7 * count(players)", A.BinOp("-", I(60), A.BinOp("*", I(7), A.Func("count", (N("players"),))))),
    ("((((1))))", I(1)),
    # unary minus
    ("-1", A.Neg(I(1))),
    ("- -x", A.Neg(A.Neg(N("x")))),
    ("-p.coins", A.Neg(attr("p", "coins"))),
    ("-top 1 of deck", A.Neg(A.TopOf("top", I(1), N("deck")))),
    ("2 * -3", A.BinOp("*", I(2), A.Neg(I(3)))),
    ("1 - -1", A.BinOp("-", I(1), A.Neg(I(1)))),
    # comparisons
    ("a == b", A.Compare("==", N("a"), N("b"))),
    ("a != b", A.Compare("!=", N("a"), N("b"))),
    ("a < b", A.Compare("<", N("a"), N("b"))),
    ("a <= b", A.Compare("<=", N("a"), N("b"))),
    ("a > b", A.Compare(">", N("a"), N("b"))),
    ("a >= b", A.Compare(">=", N("a"), N("b"))),
    ("a + 1 < b * 2", A.Compare("<", A.BinOp("+", N("a"), I(1)), A.BinOp("*", N("b"), I(2)))),
    # is / is not / in
    ("c is Treasure", A.Is(N("c"), False, "Treasure")),
    ("c is not Treasure", A.Is(N("c"), True, "Treasure")),
    ('card is "Council Room"', A.Is(N("card"), False, "Council Room")),
    ('card is not "Throne Room"', A.Is(N("card"), True, "Throne Room")),
    ("top 1 of deck is Action", A.Is(A.TopOf("top", I(1), N("deck")), False, "Action")),
    ("Copper in hand", A.In(N("Copper"), N("hand"))),
    ("this in inplay", A.In(N("this"), N("inplay"))),
    ('"Council Room" in p.hand', A.In(S("Council Room"), attr("p", "hand"))),
    # boolean logic: not > and > or
    ("a and b", A.And(N("a"), N("b"))),
    ("a or b", A.Or(N("a"), N("b"))),
    ("a and b or c", A.Or(A.And(N("a"), N("b")), N("c"))),
    ("a or b and c", A.Or(N("a"), A.And(N("b"), N("c")))),
    ("a or b or c", A.Or(A.Or(N("a"), N("b")), N("c"))),
    ("a and b and c", A.And(A.And(N("a"), N("b")), N("c"))),
    ("not a", A.Not(N("a"))),
    ("not not a", A.Not(A.Not(N("a")))),
    ("not a and b", A.And(A.Not(N("a")), N("b"))),
    ("not (a and b)", A.Not(A.And(N("a"), N("b")))),
    ("not a == b", A.Not(A.Compare("==", N("a"), N("b")))),
    ("(a or b) and c", A.And(A.Or(N("a"), N("b")), N("c"))),
    ("count(Province in supply) == 0 or empty_piles(supply) >= 3",
     A.Or(A.Compare("==", A.Func("count", (A.In(N("Province"), N("supply")),)), I(0)),
          A.Compare(">=", A.Func("empty_piles", (N("supply"),)), I(3)))),
    # choose expressions
    ("choose 1 from hand", A.Choose(A.Quantity("exactly", I(1)), N("hand"), NO_OPTS)),
    ("choose up to 4 from hand", A.Choose(A.Quantity("up_to", I(4)), N("hand"), NO_OPTS)),
    ("choose any from hand", A.Choose(A.Quantity("any", None), N("hand"), NO_OPTS)),
    ("choose count(p.hand) - 3 from p.hand by p as discard_down prompt \"Discard down to 3 cards\"",
     A.Choose(A.Quantity("exactly", A.BinOp("-", A.Func("count", (attr("p", "hand"),)), I(3))), attr("p", "hand"),
              A.ChooseOpts(N("p"), "discard_down", "Discard down to 3 cards"))),
    ('choose up to 1 from supply where card.cost <= coins as buy prompt "Buy a card"',
     A.Choose(A.Quantity("up_to", I(1)), A.Where(N("supply"), A.Compare("<=", attr("card", "cost"), N("coins"))),
              A.ChooseOpts(None, "buy", "Buy a card"))),
    ('choose 1 from others prompt "Whom?" as victim by current',
     A.Choose(A.Quantity("exactly", I(1)), N("others"), A.ChooseOpts(N("current"), "victim", "Whom?"))),
    ("choose up to n + 1 from hand", A.Choose(A.Quantity("up_to", A.BinOp("+", N("n"), I(1))), N("hand"), NO_OPTS)),
    ("choose 1 from kingdom", A.Choose(A.Quantity("exactly", I(1)), N("kingdom"), NO_OPTS)),
]


@pytest.mark.parametrize("src, expected", EXPRS, ids=[s for s, _ in EXPRS])
def test_expression(src, expected):
    assert parse_expr(src) == expected


# ---- statements ---------------------------------------------------------------------------------------

STMTS = [
    # let and assignment
    ("let x = 1;", A.Let("x", I(1))),
    ("let c = top 1 of deck;", A.Let("c", A.TopOf("top", I(1), N("deck")))),
    ("let c = choose up to 1 from hand where card is Action as play_action prompt \"Play\";",
     A.Let("c", A.Choose(A.Quantity("up_to", I(1)), A.Where(N("hand"), A.Is(N("card"), False, "Action")),
                         A.ChooseOpts(None, "play_action", "Play")))),
    ("actions = 1;", A.Assign(("actions",), "=", I(1))),
    ("coins += 2;", A.Assign(("coins",), "+=", I(2))),
    ("coins -= c.cost;", A.Assign(("coins",), "-=", attr("c", "cost"))),
    ("p.coins += 1;", A.Assign(("p", "coins"), "+=", I(1))),
    ("coins = -1;", A.Assign(("coins",), "=", A.Neg(I(1)))),
    ("found = found + 1;", A.Assign(("found",), "=", A.BinOp("+", N("found"), I(1)))),
    ("x = y == z;", A.Assign(("x",), "=", A.Compare("==", N("y"), N("z")))),
    # if / else / else if
    ("if x { draw 1; }", A.If(N("x"), blk(call("draw", I(1))), None)),
    ("if not c { break; }", A.If(A.Not(N("c")), blk(A.Break()), None)),
    ("if x { } else { }", A.If(N("x"), blk(), blk())),
    ("if a { x = 1; } else if b { x = 2; } else { x = 3; }",
     A.If(N("a"), blk(A.Assign(("x",), "=", I(1))),
          A.If(N("b"), blk(A.Assign(("x",), "=", I(2))), blk(A.Assign(("x",), "=", I(3)))))),
    ("if a { } else if b { }", A.If(N("a"), blk(), A.If(N("b"), blk(), None))),
    ("if k is Victory { create victory k to supply; } else { create 10 k to supply; }",
     A.If(A.Is(N("k"), False, "Victory"), blk(call("create", N("victory"), N("k"), to=N("supply"))),
          blk(call("create", I(10), N("k"), to=N("supply"))))),
    # loops
    ("repeat 3 { draw 1; }", A.Repeat(I(3), blk(call("draw", I(1))))),
    ("repeat count(hand) { }", A.Repeat(A.Func("count", (N("hand"),)), blk())),
    ("while actions > 0 { break; }", A.While(A.Compare(">", N("actions"), I(0)), blk(A.Break()))),
    ("while found < 2 { if x { break; } found += 1; }",
     A.While(A.Compare("<", N("found"), I(2)),
             blk(A.If(N("x"), blk(A.Break()), None), A.Assign(("found",), "+=", I(1))))),
    ("for p in others { draw 1 for p; }", A.For("p", N("others"), blk(call("draw", I(1), for_=N("p"))))),
    ("for x in hand where card is Treasure { }",
     A.For("x", A.Where(N("hand"), A.Is(N("card"), False, "Treasure")), blk())),
    ("for k in kingdom { }", A.For("k", N("kingdom"), blk())),
    # attack and phase
    ("attack p in others { gain Curse for p; }",
     A.Attack("p", N("others"), blk(call("gain", N("Curse"), for_=N("p"))))),
    ("attack q in [left, right] { }", A.Attack("q", A.ListLit((N("left"), N("right"))), blk())),
    ("phase buy { play hand where card is Treasure; }",
     A.Phase("buy", blk(call("play", A.Where(N("hand"), A.Is(N("card"), False, "Treasure")))))),
    ("phase cleanup { }", A.Phase("cleanup", blk())),
    # choose one of several options
    ('choose { "+2 Cards" { draw 2; } "+2 Coins" { coins += 2; } }',
     A.ChooseOption(NO_OPTS, (A.OptionBlock("+2 Cards", None, blk(call("draw", I(2)))),
                              A.OptionBlock("+2 Coins", None, blk(A.Assign(("coins",), "+=", I(2))))))),
    ('choose by p as pick prompt "Pick one" { "Trash" if count(hand) > 0 { } "Pass" { } }',
     A.ChooseOption(A.ChooseOpts(N("p"), "pick", "Pick one"),
                    (A.OptionBlock("Trash", A.Compare(">", A.Func("count", (N("hand"),)), I(0)), blk()),
                     A.OptionBlock("Pass", None, blk())))),
    # may
    ("may { draw 1; }", A.May(None, NO_OPTS, blk(call("draw", I(1))), None)),
    ('may "Set aside {c}?" as library_set_aside { move c to aside; } else { move c to hand; }',
     A.May("Set aside {c}?", A.ChooseOpts(None, "library_set_aside", None),
           blk(call("move", N("c"), to=N("aside"))), blk(call("move", N("c"), to=N("hand"))))),
    ('may by p as t prompt "Sure?" { }', A.May(None, A.ChooseOpts(N("p"), "t", "Sure?"), blk(), None)),
    ('may "Q" by p { } else { }', A.May("Q", A.ChooseOpts(N("p"), None, None), blk(), blk())),
    # break
    ("break;", A.Break()),
    # calls: positional arguments, `key=value`, and every preposition
    ("immune;", call("immune")),
    ("draw;", call("draw")),
    ("draw 5;", call("draw", I(5))),
    ("shuffle p.deck;", call("shuffle", attr("p", "deck"))),
    ("trigger play c;", call("trigger", N("play"), N("c"))),
    ('note "The attack fails";', call("note", S("The attack fails"))),
    ("create 7 Copper to p.deck;", call("create", I(7), N("Copper"), to=attr("p", "deck"))),
    ("create 60 - 7 * count(players) Copper to supply;",
     call("create", A.BinOp("-", I(60), A.BinOp("*", I(7), A.Func("count", (N("players"),)))), N("Copper"),
          to=N("supply"))),
    ("move top 2 of deck to hand;", call("move", A.TopOf("top", I(2), N("deck")), to=N("hand"))),
    ("move c into hand;", call("move", N("c"), into=N("hand"))),
    ("gain Silver to deck;", call("gain", N("Silver"), to=N("deck"))),
    ("gain c dest=hand;", call("gain", N("c"), dest=N("hand"))),
    ("gain c dest = hand;", call("gain", N("c"), dest=N("hand"))),
    ("x from supply with y by p;", call("x", from_=N("supply"), with_=N("y"), by=N("p"))),
    ("move c to deck at bottom;", call("move", N("c"), to=N("deck"), at=N("bottom"))),
    ("move c to deck at top;", call("move", N("c"), to=N("deck"), at=N("top"))),
    ("move top 1 of hand into p.deck at bottom;",
     call("move", A.TopOf("top", I(1), N("hand")), into=attr("p", "deck"), at=N("bottom"))),
    ("reveal v for p;", call("reveal", N("v"), for_=N("p"))),
    ("discard top count(shown) - count(t) of p.deck for p;",
     call("discard", A.TopOf("top", A.BinOp("-", A.Func("count", (N("shown"),)), A.Func("count", (N("t"),))),
                             attr("p", "deck")), for_=N("p"))),
    ("f a.b c;", call("f", attr("a", "b"), N("c"))),
    ("f [a] (b);", call("f", A.ListLit((N("a"),)), N("b"))),
    ("f -1;", call("f", A.Neg(I(1)))),
    ("f 1 -1;", call("f", A.BinOp("-", I(1), I(1)))),  # `-` binds as subtraction, as in any expression
    ('f "Council Room" true;', call("f", S("Council Room"), A.BoolLit(True))),
    ("win you;", call("win", N("you"))),
]


@pytest.mark.parametrize("src, expected", STMTS, ids=[s for s, _ in STMTS])
def test_statement(src, expected):
    assert parse_stmt(src) == expected


def test_statements_keep_their_order():
    assert parse_stmts("draw 1; actions += 1; let x = 2; break;") == (
        call("draw", I(1)), A.Assign(("actions",), "+=", I(1)), A.Let("x", I(2)), A.Break())


def test_empty_block():
    assert parse_stmts("") == ()


def test_at_takes_only_top_or_bottom():
    """`at` names an end of a zone (`move c to deck at bottom;`), so `top`/`bottom` stay keywords elsewhere."""
    with pytest.raises(CardSyntaxError):
        parse_stmt("move c to deck at z;")


# ---- cards --------------------------------------------------------------------------------------------

def card(name, types=(), tags=(), props=(), triggers=(), text=None) -> A.CardDecl:
    return A.CardDecl(name, tuple(types), tuple(tags), tuple(props), tuple(triggers), text)


CARDS = [
    ("card Copper { cost 0; worth 1; types Treasure; }",
     card("Copper", ["Treasure"], props=[A.Prop("cost", I(0), False), A.Prop("worth", I(1), False)])),
    ('card "Council Room" { cost 5; types Action; tags Kingdom; on play { draw 4; buys += 1; } }',
     card("Council Room", ["Action"], ["Kingdom"], [A.Prop("cost", I(5), False)],
          [A.Trigger("play", None, blk(call("draw", I(4)), A.Assign(("buys",), "+=", I(1))), False)])),
    ("card Curse { cost 0; vp -1; types Curse; }",
     card("Curse", ["Curse"], props=[A.Prop("cost", I(0), False), A.Prop("vp", A.Neg(I(1)), False)])),
    ("card Gardens { vp count(owned) / 10; types Victory; }",
     card("Gardens", ["Victory"],
          props=[A.Prop("vp", A.BinOp("/", A.Func("count", (N("owned"),)), I(10)), False)])),
    # `?` marks a reconstructed value: on props and on triggers
    ("card X { cost 3?; hp 5; strength -2 ?; }",
     card("X", props=[A.Prop("cost", I(3), True), A.Prop("hp", I(5), False),
                      A.Prop("strength", A.Neg(I(2)), True)])),
    ("card X { on play? { } on deploy { } }",
     card("X", triggers=[A.Trigger("play", None, blk(), True), A.Trigger("deploy", None, blk(), False)])),
    ("card Moat { on attack in hand { immune; } on attack ? in discard { } }",
     card("Moat", triggers=[A.Trigger("attack", "hand", blk(call("immune")), False),
                            A.Trigger("attack", "discard", blk(), True)])),
    # types, tags and text
    ("card X { types Action, Attack, Reaction; tags Kingdom, Base; }",
     card("X", ["Action", "Attack", "Reaction"], ["Kingdom", "Base"])),
    ("card X { types Action; types Attack; tags A; tags B; }", card("X", ["Action", "Attack"], ["A", "B"])),
    ('card X { types "Night Card", Action; }', card("X", ["Night Card", "Action"])),
    ('card X { text "Worth 1 VP for every 10 cards you have (round down)."; }',
     card("X", text="Worth 1 VP for every 10 cards you have (round down).")),
    (r'card X { text "Say \"no\"."; }', card("X", text='Say "no".')),
    ('card X { title "Ex"; }', card("X", props=[A.Prop("title", S("Ex"), False)])),
    ("card X { }", card("X")),
    ("card X {}", card("X")),
    # entries in any order, comments anywhere
    ("// a comment\ncard X {\n  // inside\n  on play { } // after\n  cost 2;\n}",
     card("X", props=[A.Prop("cost", I(2), False)], triggers=[A.Trigger("play", None, blk(), False)])),
    ("card X {\n  // only a comment\n}\n// trailing comment without newline", card("X")),
]


@pytest.mark.parametrize("src, expected", CARDS, ids=[s[:50] for s, _ in CARDS])
def test_card(src, expected):
    assert parse(src, "t.card").decls == (expected,)


def test_card_entries_in_any_order():
    a = parse('card X { cost 2; types Action; text "t"; on play { draw 1; } }', "a.card")
    b = parse('card X {\n on play { draw 1; }\n text "t";\n types Action;\n cost 2;\n}', "b.card")
    assert a.decls == b.decls


def test_layout_and_comments_do_not_matter():
    a = parse("card X{cost 2;on play{if a{draw 1;}else{draw 2;}}}", "a.card")
    b = parse("// header\ncard X {   // the card\n\tcost 2;  // two\n\ton play {\n\t\tif a { draw 1; }\n"
              "\t\telse { draw 2; }  // or\n\t}\n}\n", "b.card")
    assert a.decls == b.decls


def test_spans_are_kept_but_not_compared():
    f = parse("card X {\n  cost 3;\n}\n", "some/path.card")
    (c,) = f.decls
    assert c.props[0].span.path == "some/path.card"
    assert (c.props[0].span.line, c.props[0].span.column) == (2, 3)
    assert c.span.line == 1


def test_empty_file_and_comment_only_file():
    assert parse("", "e.card").decls == ()
    assert parse("// nothing here\n\n", "e.card").decls == ()


def test_source_file_keeps_path_and_text():
    f = parse("card X { }", "cards/x.card")
    assert f.path == "cards/x.card"
    assert f.text == "card X { }"


# ---- games --------------------------------------------------------------------------------------------

GAME_SRC = """
game demo {
  title "A Demo";
  players 2 to 4;
  types Action, Treasure;
  tags Kingdom;
  property cost = 0;
  property label;
  property reach = -1;
  zone supply: shared, public, piles;
  zone deck: per player, hidden, refill discard;
  zone board: per player, label "two words", max 5;
  counter coins: per player, min 0;
  counter gems: shared, bank 40, start 3, max 99;
  pool kingdom 10 from cards where card is Kingdom default [Cellar, "Council Room"];
  pool extras 2 from cards;
  setup { create 7 Copper to supply; }
  turn { phase buy { coins = 0; } }
  end when count(Province in supply) == 0;
  score sum(owned, card.vp);
  tiebreak fewest turns;
  verb draw(n: int) "+{n} Card{s}" { move top n of deck to hand; }
}
"""

GAME_AST = A.GameDecl(
    name="demo",
    props=(A.Prop("title", S("A Demo"), False),),
    types=("Action", "Treasure"),
    tags=("Kingdom",),
    players=(2, 4),
    zones=(
        A.ZoneDecl("supply", (A.Option(("shared",)), A.Option(("public",)), A.Option(("piles",)))),
        A.ZoneDecl("deck", (A.Option(("per", "player")), A.Option(("hidden",)), A.Option(("refill", "discard")))),
        A.ZoneDecl("board", (A.Option(("per", "player")), A.Option(("label", "two words")), A.Option(("max", 5)))),
    ),
    counters=(
        A.CounterDecl("coins", (A.Option(("per", "player")), A.Option(("min", 0)))),
        A.CounterDecl("gems", (A.Option(("shared",)), A.Option(("bank", 40)), A.Option(("start", 3)),
                               A.Option(("max", 99)))),
    ),
    properties=(A.PropertyDecl("cost", I(0)), A.PropertyDecl("label", None), A.PropertyDecl("reach", A.Neg(I(1)))),
    pools=(
        A.PoolDecl("kingdom", 10, A.Where(N("cards"), A.Is(N("card"), False, "Kingdom")), ("Cellar", "Council Room")),
        A.PoolDecl("extras", 2, N("cards"), ()),
    ),
    setup=blk(call("create", I(7), N("Copper"), to=N("supply"))),
    turn=blk(A.Phase("buy", blk(A.Assign(("coins",), "=", I(0))))),
    end=A.Compare("==", A.Func("count", (A.In(N("Province"), N("supply")),)), I(0)),
    score=A.Func("sum", (N("owned"), attr("card", "vp"))),
    tiebreak=("fewest", N("turns")),
    verbs=(A.VerbDecl("draw", (A.Param("n", "int", None),), "+{n} Card{s}",
                      blk(call("move", A.TopOf("top", N("n"), N("deck")), to=N("hand")))),),
)


def test_game_declaration():
    assert parse(GAME_SRC, "games/demo/game.cl").decls == (GAME_AST,)


def test_minimal_game_defaults():
    (g,) = parse('game "Two Words" { }', "g.cl").decls
    assert g == A.GameDecl(name="Two Words", props=(), types=(), tags=(), players=(2, 2), zones=(), counters=(),
                           properties=(), pools=(), setup=None, turn=None, end=None, score=None, tiebreak=None,
                           verbs=())


def test_game_types_accumulate_and_tiebreak_most():
    (g,) = parse("game g { types A; tags T; types B; tiebreak most coins; }", "g.cl").decls
    assert g.types == ("A", "B")
    assert g.tags == ("T",)
    assert g.tiebreak == ("most", N("coins"))


# ---- verbs --------------------------------------------------------------------------------------------

VERBS = [
    ("verb f() { }", A.VerbDecl("f", (), None, blk())),
    ("verb f(x) { }", A.VerbDecl("f", (A.Param("x", None, None),), None, blk())),
    ('verb play(c: cards) "play {c}" { for x in c { move x to inplay; trigger play x; } }',
     A.VerbDecl("play", (A.Param("c", "cards", None),), "play {c}",
                blk(A.For("x", N("c"), blk(call("move", N("x"), to=N("inplay")),
                                           call("trigger", N("play"), N("x"))))))),
    ('verb gain(c: card, dest: zone = discard) "gain {c}|gains {c}" { }',
     A.VerbDecl("gain", (A.Param("c", "card", None), A.Param("dest", "zone", N("discard"))), "gain {c}|gains {c}",
                blk())),
    ("verb hit(n = 1, who: player = current) { }",
     A.VerbDecl("hit", (A.Param("n", None, I(1)), A.Param("who", "player", N("current"))), None, blk())),
]


@pytest.mark.parametrize("src, expected", VERBS, ids=[s[:40] for s, _ in VERBS])
def test_verb(src, expected):
    assert parse(src, "v.cl").decls == (expected,)


# ---- bots ---------------------------------------------------------------------------------------------

def test_bot_every_preference_kind():
    src = """
    bot "big-money" extends "basics" {
      on buy {
        Province if coins >= 8;
        "Council Room";
        none;
        yes if actions == 0;
        no;
        lowest card.cost;
        highest card.cost + 1 if turns > 3;
        random;
      }
      on play_action { }
    }
    """
    expected = A.BotDecl("big-money", "basics", (
        A.BotRule("buy", (
            A.Pref("name", "Province", A.Compare(">=", N("coins"), I(8))),
            A.Pref("name", "Council Room", None),
            A.Pref("none", None, None),
            A.Pref("yes", None, A.Compare("==", N("actions"), I(0))),
            A.Pref("no", None, None),
            A.Pref("lowest", attr("card", "cost"), None),
            A.Pref("highest", A.BinOp("+", attr("card", "cost"), I(1)), A.Compare(">", N("turns"), I(3))),
            A.Pref("random", None, None),
        )),
        A.BotRule("play_action", ()),
    ))
    assert parse(src, "b.cl").decls == (expected,)


def test_bot_without_extends():
    assert parse('bot "b" { }', "b.cl").decls == (A.BotDecl("b", None, ()),)


# ---- scenarios and several declarations in one file ---------------------------------------------------

def test_scenario():
    (s,) = parse('scenario "first turn" { given x; expect count(hand) == 5; }', "s.scenario").decls
    assert s == A.ScenarioDecl("first turn", blk(call("given", N("x")),
                                                 call("expect", A.Compare("==", A.Func("count", (N("hand"),)), I(5)))))


def test_several_declarations_in_one_file():
    src = 'game g { }\nverb v() { }\nbot "b" { }\ncard C { }\nscenario "s" { }'
    decls = parse(src, "m.cl").decls
    assert [type(d) for d in decls] == [A.GameDecl, A.VerbDecl, A.BotDecl, A.CardDecl, A.ScenarioDecl]


# ---- shape errors the parser itself reports (the rest is the compiler's job) --------------------------

SHAPE_ERRORS = [
    ("card X { cost 3; cost 4; }", "cost is given twice"),
    ('card X { text "a"; text "b"; }', "text is given twice"),
    ("card X { on play { } on play { } }", "'on play' is given twice"),
    ("card X { on play { let c = choose 1 from hand by p by q; } }", "'by' is given twice"),
    ("card X { on play { let c = choose 1 from hand as a as b; } }", "'as' is given twice"),
    ('card X { on play { may prompt "a" prompt "b" { } } }', "'prompt' is given twice"),
    ("card X { on play { move c to hand to deck; } }", "'to' is given twice"),
    ("game g { players 2 to 3; players 2 to 4; }", "'players' is given twice in one game"),
    ("game g { setup { } setup { } }", "'setup' is given twice in one game"),
]


@pytest.mark.parametrize("src, message", SHAPE_ERRORS, ids=[m for _, m in SHAPE_ERRORS])
def test_shape_errors(src, message):
    with pytest.raises(CardSyntaxError) as e:
        parse(src, "t.card")
    assert e.value.message == message
    assert e.value.render(src).startswith("t.card:1:")


def test_same_trigger_in_different_zones_is_fine():
    (c,) = parse("card X { on attack in hand { } on attack in deck { } on attack { } }", "t.card").decls
    assert [(t.event, t.zone) for t in c.triggers] == [("attack", "hand"), ("attack", "deck"), ("attack", None)]
