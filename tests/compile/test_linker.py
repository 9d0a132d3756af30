"""The cache's artifact is linked at load (compile/codecache.py Linker): a module whose constants all have
symbols (a span, a line table, a card, the compiler, a method of it, its verb table, an earlier module's
function, a function of cardlang's own) is bound to them without being generated again, to the very
namespace generating it gives; a symbol that names nothing in this load, or anything outside cardlang,
is never resolved, and the module is generated instead."""
from __future__ import annotations

import marshal

import pytest

from cardlang import cache
from cardlang.compile.compiler import Compiler
from cardlang.compile import codegen
from cardlang.compile.codecache import Linker
from cardlang.compile.game import load_game
from cardlang.compile.passes import PLAIN
from copied_game import private_home

GAMES = ["dominion", "fall-of-kingdoms", "greedy-kingdoms", "warring-kingdom"]


def _same(a, b) -> bool:
    return a is b or (type(a) is type(b) and not callable(a) and a == b) or (hasattr(a, "__self__") and a == b)


@pytest.mark.parametrize("game", GAMES)
def test_a_linked_module_gets_the_namespace_generating_it_gives(tmp_path, monkeypatch, game: str) -> None:
    private_home(tmp_path, monkeypatch, (game,))
    load_game(game)
    warm = load_game(game, linked=False)  # (the compile rules run: the namespace they give is compared)
    taken = [g.unbound for g in warm.generated if g.unbound is not None]
    linked = [u for u in taken if u.symbols is not None]
    assert len(linked) > len(taken) // 2  # most modules name only symbols
    generated = []
    real = codegen._generate
    monkeypatch.setattr(codegen, "_generate", lambda *a: generated.append(a[0]) or real(*a))
    for u in linked:
        consts = u.bind()
        gen, _ = real(u.label, u.defs, True)
        want = {k: v for k, v in gen.ns.items() if k in gen._ids.values()}
        assert list(consts) == list(want) and all(_same(a, b) for a, b in zip(consts.values(), want.values())), u.label
        assert all(fn.__code__.co_name != "_unbound" for fn in u.fns.values())
    assert generated == []  # every one bound from its symbols


def test_symbols_that_name_nothing_here_or_outside_cardlang_are_not_resolved(tmp_path, monkeypatch) -> None:
    game = "dominion"
    private_home(tmp_path, monkeypatch, (game,))
    cold = load_game(game)
    linker = Linker(Compiler.for_game(cold))  # a compiler sharing the game's facts, as a bot's
    for sym in [("py", "os", "system"), ("py", "builtins.__import__", "x"), ("py", "cardlang.cache", "os.system"),
                ("card", "No Such Card"), ("method", "__class__"), ("fn", 0, "run_block"), ("nonsense",),
                ("made", ("py", "cardlang.cache", "cache_dir"), ()), ("counter", "no such counter"),
                ("made", ("py", "cardlang.compile.decisions", "option_labels"), (print,))]:
        with pytest.raises(LookupError):
            linker.resolve(sym)
    # an artifact whose symbols name a card this load does not have: its modules are generated, and play
    f, _ = cache._entry("code", cold.code_key, cache.cache_dir())
    whole = f.read_bytes()
    fmt, stored, facts = marshal.loads(whole[cache._HEAD:])
    renamed = [m[:5] + (None if m[5] is None else tuple((n, ("card", "Gone") if s[0] == "card" else s)
                                                        for n, s in m[5]),) for m in stored]
    assert renamed != stored
    payload = marshal.dumps((fmt, renamed, facts))
    f.write_bytes(cache.sealed(f, "code", whole[len(cache._MAGIC):len(cache._MAGIC) + 32], payload))
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    results = []
    for g in (cold, load_game(game)):
        r = play_game(g, [make_agent(g, "big-money", 1), make_agent(g, "smithy-bm", 2)], 3, log=True)
        results.append((r.winners, r.scores, r.turns, list(r.state.log)))
    assert results[0] == results[1]


def test_a_primitives_reference_run_is_named_by_its_class() -> None:
    """A core verb's or function's `run` that generated code calls (no lowering, or its quiet case's other
    side) is a symbol (its class's qualified name), so the module calling it links (issue 25: the turn's
    module called `trigger`'s and `reveal`'s run and was generated again on every cached load)."""
    from cardlang.primitives.registry import CORE, Function, Verb
    linker = Linker(Compiler.for_game(load_game("dominion")))
    for prim in CORE.all():
        if isinstance(prim, (Verb, Function)) and type(prim).__dict__.get("run") is not None:
            run = type(prim).run
            sym = linker.symbol(run)
            assert sym is not None and linker.resolve(sym) is run, prim.verb


def test_a_choose_one_ofs_labels_are_named_by_their_factory_and_labels() -> None:
    """A `choose one of`'s labels and find-by-label are made by a marked factory of plain labels (remade): the
    same labels give the very function the compile rules made, so a module asking one links."""
    from cardlang.compile.decisions import option_finder, option_labels
    linker = Linker(Compiler.for_game(load_game("dominion")))
    for factory in (option_labels, option_finder):
        fn = factory(("Buy", "Pass"))
        sym = linker.symbol(fn)
        assert sym == ("made", ("py", "cardlang.compile.decisions", factory.__qualname__), (("Buy", "Pass"),))
        assert linker.resolve(sym) is fn and factory(("Buy", "Pass")) is fn
    assert option_labels(("Buy", "Pass"))([1]) == ["Pass"] and option_finder(("Buy", "Pass"))([0, 1], "Pass") == 1


@pytest.mark.parametrize("game", GAMES)
def test_every_module_of_a_game_links(tmp_path, monkeypatch, game: str) -> None:
    """No module of any of the four games is generated again on a cached load: none calls a closure
    (Dominion's 27 of 75 did, the turn's among them: `trigger`'s and `reveal`'s run, the `owned` closure, the
    list of every card; Greedy Kingdoms' 61 of 145, most for a `choose one of`'s labels; Warring Kingdom's 11
    of 227, a card counter's change; The Fall of Kingdoms' 3 of 160, a card argument from a pick and a table
    of the definitions printing each value)."""
    private_home(tmp_path, monkeypatch, (game,))
    load_game(game)
    warm = load_game(game)
    taken = [g.unbound for g in warm.generated if g.unbound is not None]
    assert len(taken) > 50 and [u.label for u in taken if u.symbols is None] == []


@pytest.mark.parametrize("game", GAMES)
def test_every_module_of_a_game_links_without_passes(tmp_path, monkeypatch, game: str) -> None:
    """With the passes off (`--no-opt`) too: a decision is a call of its reference run, a verb's lazy argument a
    generated function, no closure (Dominion's 17 of 74 modules, Greedy Kingdoms' 31 of 211, Warring Kingdom's
    28 of 245 and The Fall of Kingdoms' 23 of 190 called one before issue 25's last step)."""
    private_home(tmp_path, monkeypatch, (game,))
    load_game(game, options=PLAIN)
    warm = load_game(game, options=PLAIN)
    taken = [g.unbound for g in warm.generated if g.unbound is not None]
    assert len(taken) > 50 and [u.label for u in taken if u.symbols is None] == []
