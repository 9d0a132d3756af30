"""Generated Python never holds source text as code: card names, strings and numbers written by a designer,
however they are spelled (quotes, backslashes, newlines, braces, `__import__('os')`), reach the generated
modules only as `ast.Constant` values or as constants of the module's namespace, and they run as data.

Also: a run-time error inside generated code still names the card and its `path:line:col`."""
from __future__ import annotations

import ast as py
import re

import pytest

from cardlang.errors import RuleViolation
from cardlang.runtime.state import Ctx
from copied_game import dominion_with

# As written in the card source (cardlang escapes), and the values they stand for.
SRC_NAME = r"""Evil \"Card\" \\ {x} __import__('os')"""
EVIL_NAME = """Evil "Card" \\ {x} __import__('os')"""
SRC_TEXT = r"""quote \" backslash \\ newline \n braces {} __import__('os').system('echo pwned')"""
EVIL_TEXT = """quote " backslash \\ newline \n braces {} __import__('os').system('echo pwned')"""
CARD = f'''card "{SRC_NAME}" {{
  cost 2; types Action;
  text "{SRC_TEXT}";
  on play {{
    let s = "{SRC_TEXT}";
    note s;
    let t = "exec('1') \\" ) ; import os #";
    note t;
    coins += 1000000007;
    if coins > 3 {{ coins -= 1; }}
  }}
}}

card Crash {{
  cost 2; types Action;
  on play {{
    coins += 1;
    let n = 10 / (coins - coins);
  }}
}}
'''
SAFE_NAME = re.compile(r"^(ctx|range|list|_[A-Za-z]+\d*(_[A-Za-z_][A-Za-z0-9_]*)?|_e)$")


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    yield from dominion_with(tmp_path_factory, "codegen-safety", {"cards/dominion/zz_evil.card": CARD})


def _evil_name(game) -> str:
    assert EVIL_NAME in game.defs_by_name, [d.name for d in game.defs if d.name.startswith("Evil")]
    return EVIL_NAME


def test_source_text_is_only_ever_a_constant(game):
    name = _evil_name(game)
    assert "__import__('os')" in name and '"' in name and "\\" in name
    mods = [m for m in game.generated if m.card == name]
    assert mods, "the card's ability was generated"
    consts = []
    for m in mods:
        for node in py.walk(m.tree):
            if isinstance(node, py.Name):
                assert SAFE_NAME.match(node.id), f"a name that is not the compiler's own: {node.id!r}"
            elif isinstance(node, py.Attribute):
                assert node.attr.isidentifier() and "import" not in node.attr
            elif isinstance(node, py.Constant):
                consts.append(node.value)
            assert not isinstance(node, (py.Import, py.ImportFrom, py.Lambda, py.Global))
        for k in m.consts:
            assert SAFE_NAME.match(k), k
        assert set(m.fn.__globals__["__builtins__"]) <= {"range", "list"}
    texts = [c for c in consts if isinstance(c, str)]
    assert any(t.startswith("exec('1')") for t in texts), texts
    assert 1000000007 in consts


def test_the_card_runs_as_data(game):
    name = _evil_name(game)
    d = game.defs_by_name[name]
    state = game.new_state(2, 1, log=True)
    hand = state.zones[state.zone_slot["hand"]][0]
    cid = state.new_card(d, hand)
    game.abilities.run_ability(Ctx(state, 0, None, {}, "test"), cid, "play")
    notes = [e for e in state.log if e.kind == "Note"]
    assert [n.text for n in notes] == [EVIL_TEXT, "exec('1') \" ) ; import os #"]
    coins = state.counters[next(c.slot for c in state.counter_specs if c.name == "coins")][0]
    assert coins == 1000000006


def test_runtime_error_names_the_card_and_its_line(game):
    d = game.defs_by_name["Crash"]
    state = game.new_state(2, 1)
    cid = state.new_card(d, state.zones[state.zone_slot["hand"]][0])
    with pytest.raises(RuleViolation) as info:
        game.abilities.run_ability(Ctx(state, 0, None, {}, "test"), cid, "play")
    err = info.value
    assert "Crash" in str(err) and "division by zero" in str(err)
    assert err.span.path.endswith("zz_evil.card")
    assert err.span.line == CARD.splitlines().index("    let n = 10 / (coins - coins);") + 1
    assert err.span.column == 5
