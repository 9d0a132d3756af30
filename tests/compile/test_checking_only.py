"""A load that has found errors already (a file that does not parse) still checks everything else, to report
every error at once, but compiles no code it will never run (codecache.CodeLog.checking_only): only what the compile
rules themselves run, such as a pool's filter, is compiled, when it is called. `cardlang check` loads sources
the cache holds no code for the same way."""
from __future__ import annotations

from pathlib import Path

import pytest

from cardlang.compile import codegen
from cardlang.compile.game import load_game
from cardlang.errors import ErrorList
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import play_game

BROKEN = "card X {\n  cost 2\n}\n"  # no `;`: a syntax error at line 3
WRONG = 'card "Y" {\n  types Action; cost 2;\n  on play { draw nope; }\n}\n'  # parses; an unknown name


@pytest.fixture
def compiled(monkeypatch) -> list[str]:
    """The file names of the modules compiled from here on."""
    seen: list[str] = []
    real = codegen._code_of

    def counting(gen, tree, filename):
        seen.append(filename)
        return real(gen, tree, filename)
    monkeypatch.setattr(codegen, "_code_of", counting)
    return seen


def _errors(extra: Path) -> list[str]:
    with pytest.raises(ErrorList) as e:
        load_game("dominion", extra=[extra])
    return [err.render(None).splitlines()[0] for err in e.value.errors]


def test_a_load_with_a_syntax_error_reports_the_check_errors_of_the_rest(tmp_path, compiled):
    (tmp_path / "broken.card").write_text(BROKEN)
    (tmp_path / "wrong.card").write_text(WRONG)
    errors = _errors(tmp_path)
    assert [e.split(": error: ")[0].rsplit("/", 1)[1] for e in errors] == ["broken.card:3:1", "wrong.card:3:18"]
    assert "unknown name 'nope'" in errors[1]
    assert not hasattr(codegen, "loading"), "the mode is the load's own (codecache.CodeLog), no module state"


def test_it_compiles_only_what_the_compile_rules_run(tmp_path, compiled):
    (tmp_path / "broken.card").write_text(BROKEN)
    assert len(_errors(tmp_path)) == 1, "the pool's filter, run on every card, still works"
    assert 0 < len(compiled) < 10, compiled  # the kingdom pool's filter: run while the pools are checked


def test_the_load_after_a_failed_one_compiles_and_plays(tmp_path, compiled, monkeypatch):
    (tmp_path / "broken.card").write_text(BROKEN)
    _errors(tmp_path)
    few = len(compiled)
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))  # no stored code: everything compiled
    (tmp_path / "broken.card").unlink()
    game = load_game("dominion", extra=[tmp_path])
    assert len(compiled) - few > 40  # (its bots are compiled when first played)
    result = play_game(game, [RandomAgent(5), RandomAgent(6)], 5)
    assert sum(result.turns) > 0


def test_a_check_of_sources_with_no_stored_code_compiles_only_what_runs(tmp_path, compiled, monkeypatch):
    """`cardlang check` loads a game for its errors (load_game(checking=True)): when the cache holds no code
    for those sources (after an edit), every function is generated, so every check is made, and none is
    compiled unless it runs; no code is stored, and the game still plays, compiling as it goes."""
    from cardlang.compile import codecache
    monkeypatch.setenv("CARDLANG_CACHE", str(tmp_path / "cache"))
    (tmp_path / "wrong.card").write_text(WRONG)
    with pytest.raises(ErrorList) as full:
        load_game("dominion", extra=[tmp_path])
    with pytest.raises(ErrorList) as checked:
        load_game("dominion", extra=[tmp_path], checking=True)
    assert [(str(e), e.span) for e in checked.value.errors] == [(str(e), e.span) for e in full.value.errors]
    (tmp_path / "wrong.card").unlink()
    compiled.clear()
    game = load_game("dominion", extra=[tmp_path], checking=True)
    assert 0 < len(compiled) < 10 and game.code_key is not None  # the pool's filter
    assert codecache.open_log(game.code_key).stored is None  # nothing stored: the next load compiles
    result = play_game(game, [RandomAgent(5), RandomAgent(6)], 5)
    assert sum(result.turns) > 0 and len(compiled) > 10
    again = load_game("dominion", extra=[tmp_path])  # a load to play compiles and stores it
    assert codecache.open_log(again.code_key).stored is not None
    compiled.clear()
    load_game("dominion", extra=[tmp_path], checking=True)
    assert compiled == []  # stored code is taken as any load takes it
