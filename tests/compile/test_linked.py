"""A cached load links the game from its artifact's plan (compile/linked.py) and runs no compile rule: the
game it makes holds the same values as a load that runs the rules against the same artifact, plays the same
games, and prints the same code; a plan that does not fit the load is not linked."""
from __future__ import annotations

import marshal
import threading
import types

import pytest

from cardlang import cache
from cardlang.compile import codegen, compiler, linked
from cardlang.compile.game import load_game
from copied_game import private_home
from onoff import assert_same_games

GAMES = ["dominion", "fall-of-kingdoms", "greedy-kingdoms", "warring-kingdom"]
BOTS = {"dominion": ("big-money", "smithy-bm"), "fall-of-kingdoms": ("honest", "bluffer"),
        "greedy-kingdoms": ("reader", "palace-rusher"), "warring-kingdom": ("economy", "rush")}
# what only the way a game was made holds (its locks, the way to make a tree again, the cache's objects)
_SKIP = {"code_lock", "lock", "remake", "unbound", "made", "_consts", "linker", "_shared", "verb_inline"}


def _same(a, b, path: str, seen: set) -> None:
    """Assert that A and B hold the same values, walked field by field; functions by their names (what they
    run is compared by playing)."""
    if (id(a), id(b)) in seen:
        return
    seen.add((id(a), id(b)))
    if isinstance(a, (types.FunctionType, types.MethodType, types.BuiltinFunctionType)):
        assert callable(b) and a.__qualname__ == b.__qualname__, path
        return
    assert type(a) is type(b), path
    if a is None or isinstance(a, (bool, int, float, str, bytes, type)) or type(a).__module__.startswith(
            "cardlang.syntax") or isinstance(a, (frozenset, set)) and all(
            isinstance(x, (str, int)) for x in a):
        assert a == b, path
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b), path
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{path}[{i}]", seen)
    elif isinstance(a, dict):
        assert list(a) == list(b), path
        for k in a:
            _same(a[k], b[k], f"{path}[{k!r}]", seen)
    elif isinstance(a, (set, frozenset)):
        assert len(a) == len(b), path
    elif isinstance(a, type(threading.RLock())) or type(a).__name__ == "Registry":
        assert a is b or type(a).__name__ != "Registry", path
    else:
        fields = list(getattr(a, "__dict__", {})) + [s for c in type(a).__mro__ for s in getattr(c, "__slots__", ())]
        for f in fields:
            if f not in _SKIP and hasattr(a, f):
                _same(getattr(a, f), getattr(b, f), f"{path}.{f}", seen)


@pytest.mark.parametrize("game", GAMES)
def test_a_cached_load_links_the_game_running_no_compile_rule(tmp_path, monkeypatch, game: str) -> None:
    private_home(tmp_path, monkeypatch, (game,))
    load_game(game)  # compiles, and stores the artifact with the game's plan
    with monkeypatch.context() as m:
        for rule in ("expr", "block", "compile_verbs", "stmt"):
            m.setattr(compiler.Compiler, rule, lambda *a, rule=rule: pytest.fail(f"a compile rule ran: {rule}"))
        linked_game = load_game(game)
    ruled = load_game(game, linked=False)  # the same artifact, the compile rules run against it
    assert [g.unbound.defs[0][2] for g in linked_game.generated] == [None] * len(linked_game.generated)
    _same(linked_game, ruled, game, set())
    assert_same_games(linked_game, ruled, BOTS[game], seeds=range(2))


def test_a_linked_game_prints_the_code_the_rules_make(tmp_path, monkeypatch) -> None:
    """`cardlang compile` of a linked game: the trees are made by the compile rules when first asked."""
    game = "dominion"
    private_home(tmp_path, monkeypatch, (game,))
    load_game(game)
    linked_game, ruled = load_game(game), load_game(game, linked=False)
    assert [codegen.source_of(g) for g in linked_game.generated] == [codegen.source_of(g) for g in ruled.generated]


@pytest.mark.parametrize("change", ["key", "card"])
def test_a_plan_that_does_not_fit_the_load_is_not_linked(tmp_path, monkeypatch, change: str) -> None:
    """A plan made for other sources (its key another's), or an artifact whose symbols name a card these
    sources lack: the load runs the compile rules instead, and the game plays as it should."""
    game = "dominion"
    private_home(tmp_path, monkeypatch, (game,))
    cold = load_game(game)
    f, _ = cache._entry("code", cold.code_key, cache.cache_dir())
    whole = f.read_bytes()
    fmt, stored, facts = marshal.loads(whole[cache._HEAD:])
    assert facts[linked.PLAN] is not None
    if change == "key":
        facts[linked.PLAN] = (facts[linked.PLAN][0], b"other sources") + facts[linked.PLAN][2:]
    else:
        stored = [m[:5] + (tuple((n, ("card", "Gone") if s[0] == "card" else s) for n, s in m[5]),)
                  for m in stored]
    payload = marshal.dumps((fmt, stored, facts))
    f.write_bytes(cache.sealed(f, "code", whole[len(cache._MAGIC):len(cache._MAGIC) + 32], payload))
    ran = []
    real = compiler.Compiler.compile_verbs
    monkeypatch.setattr(compiler.Compiler, "compile_verbs", lambda self: ran.append(1) or real(self))
    warm = load_game(game)
    assert ran == [1]
    assert_same_games(warm, cold, BOTS[game], seeds=range(2))
