"""A cached load does not generate the functions it takes from the user's cache (codecache.Unbound): each is
made from its stored code object and bound to its namespace the first time it runs, after which it runs
that code object itself. A namespace other than the stored one gets a function compiled afresh; a bot's
rules take their code from the cache too. Every way, the game plays as after a load that compiled it."""
from __future__ import annotations

import marshal
import types
from pathlib import Path

from cardlang import cache
from cardlang.agents import make_agent
from cardlang.compile import codegen
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game
from copied_game import private_home

GAME = "warring-kingdom"
BOTS = ("economy", "rush")


def _played(game, seed: int = 4) -> tuple:
    r = play_game(game, [make_agent(game, b, seed + j) for j, b in enumerate(BOTS)], seed, log=True)
    return r.winners, r.scores, r.turns, list(r.state.log)


def _code(c) -> tuple:
    # (a nested code object, a list comprehension's, by its own code: its repr holds its address)
    consts = tuple(_code(k) if isinstance(k, types.CodeType) else repr(k) for k in c.co_consts)
    return c.co_filename, c.co_code, c.co_names, c.co_linetable, consts


class Generating:
    """Counts the modules generated and the functions compiled while it is installed."""

    def __init__(self, monkeypatch) -> None:
        self.generated = self.compiled = 0
        real_generate, real_compile = codegen._generate, compile

        def generate(*args):
            self.generated += 1
            return real_generate(*args)

        def compile_(*args, **kw):
            self.compiled += 1
            return real_compile(*args, **kw)
        monkeypatch.setattr(codegen, "_generate", generate)
        monkeypatch.setattr(codegen, "compile", compile_, raising=False)


def test_a_cached_load_generates_a_function_only_when_it_first_runs(tmp_path: Path, monkeypatch) -> None:
    private_home(tmp_path, monkeypatch, (GAME,))
    cold = load_game(GAME)
    expected = _played(cold)
    n = Generating(monkeypatch)
    warm = load_game(GAME)
    modules = warm.generated
    loaded = len(modules)
    unbound = [g for g in modules if g.unbound is not None and g.unbound.consts is None]
    # what the compile rules run while loading (a pool's filter) is bound then; nothing else is generated
    assert n.generated == len(modules) - len(unbound) < len(modules) // 10
    assert n.compiled == 0
    hooks = unbound[0].unbound.ns
    assert any(k.startswith("_bind_") for k in hooks) and not any(k.startswith("_k") for k in hooks)
    assert _played(warm) == expected
    bound = [g for g in unbound if g.unbound.consts is not None]
    assert len(bound) > 20 and n.compiled == 0  # every one of them bound to its stored code object
    # a load makes its modules in one order (compile/codecache.py): the cold load's first ones are these
    twin = {id(g): c for g, c in zip(modules[:loaded], cold.generated)}
    for g in bound:
        assert _code(g.fn.__code__) == _code(twin[id(g)].fn.__code__)
        assert g.fn.__code__.co_name != "_unbound"  # no stand-in is left in its calls
        assert list(g.consts) == list(twin[id(g)].consts)


def test_a_namespace_other_than_the_stored_one_gets_its_function_compiled_afresh(tmp_path: Path,
                                                                                   monkeypatch) -> None:
    """An entry whose functions name other constants than generating them gives (as if stored by a faulty
    cardlang) is trusted only as far as the function names: each function is compiled when it is bound,
    and the game plays as it should."""
    private_home(tmp_path, monkeypatch, (GAME,))
    cold = load_game(GAME)
    expected = _played(cold)
    f, _ = cache._entry("code", cold.code_key, cache.cache_dir())
    whole = f.read_bytes()
    fmt, stored, facts = marshal.loads(whole[cache._HEAD:])
    odd = [(fname, fn, names + ("_odd",), *rest) for fname, fn, names, *rest in stored]
    payload = marshal.dumps((fmt, odd, facts))
    f.write_bytes(cache.sealed(f, "code", whole[len(cache._MAGIC):len(cache._MAGIC) + 32], payload))
    n = Generating(monkeypatch)
    warm = load_game(GAME)
    assert n.compiled < len(warm.generated) // 10  # taken unchecked: only what ran while loading
    before = n.compiled
    assert _played(warm) == expected
    assert n.compiled > before


def test_a_bots_rules_take_their_code_from_the_cache(tmp_path: Path, monkeypatch) -> None:
    private_home(tmp_path, monkeypatch, (GAME,))
    # the load's checks compile the bots' conditions, the game their rules: all stored under the game's key
    # (until issue 25's mend, the checks compiled them before the game had one: the next load compiled them)
    expected = _played(load_game(GAME))
    n = Generating(monkeypatch)
    warm = load_game(GAME)
    assert _played(warm) == expected and n.compiled == 0
    rules = [g for g in warm.generated if g.label.startswith("bot ") and ": on " in g.label]
    assert len(rules) > 5 and all(g.unbound is not None for g in rules)


def test_a_run_time_error_on_a_functions_first_call_names_the_cards_line(tmp_path: Path, monkeypatch) -> None:
    """The first call of a function taken from the cache runs its stand-in, then its own code: an error
    there still reads at the card's own line (its line table), as after a load that compiled it."""
    import pytest

    from cardlang.errors import RuleViolation
    from cardlang.runtime.state import Ctx
    private_home(tmp_path, monkeypatch, ("dominion",))
    folder = tmp_path / "expansion"
    folder.mkdir()
    (folder / "forge.card").write_text("card Forge {\n  types Action; tags Kingdom; cost 2;\n  on play {\n"
                                       "    create 1000000000 Copper to hand;\n  }\n}\n", encoding="utf-8")
    seen = []
    for _ in range(2):  # compiled, then taken from the cache
        game = load_game("dominion", [folder])
        forge = [g for g in game.generated if g.card == "Forge"]
        state = game.new_state(2, 1)
        cid = state.new_card(game.defs_by_name["Forge"], state.zones[state.zone_slot["hand"]][0])
        with pytest.raises(RuleViolation) as e:
            game.abilities.run_ability(Ctx(state, 0), cid, "play")
        seen.append((str(e.value.span), e.value.message, [g.unbound is not None for g in forge]))
    assert seen[0][:2] == seen[1][:2] and seen[0][0].endswith("forge.card:4:5")
    assert not any(seen[0][2]) and all(seen[1][2])
