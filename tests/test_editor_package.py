"""The VS Code package under editors/vscode/: its TextMate grammar highlights every keyword of grammar.lark and
is what tools/tm_grammar.py writes, and its language contribution claims exactly the suffixes cardlang reads."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from cardlang.compile.sources import CARD_SUFFIX, RULES_SUFFIX, SCENARIO_SUFFIX

ROOT = Path(__file__).resolve().parents[1]
EDITOR = ROOT / "editors" / "vscode"
sys.path.insert(0, str(ROOT / "tools"))

import tm_grammar  # noqa: E402

SUFFIXES = {CARD_SUFFIX, RULES_SUFFIX, SCENARIO_SUFFIX}


def _json(name: str) -> dict:
    return json.loads((EDITOR / name).read_text(encoding="utf-8"))


def _keyword_regexes(grammar: dict) -> list[re.Pattern]:
    """The patterns that colour a bare word as a keyword or a language constant."""
    return [
        re.compile(p["match"]) for p in grammar["repository"]["keyword"]["patterns"]
        if p["name"].startswith(("keyword.", "storage.", "constant.language."))
    ]


def _uncovered(keywords: list[str], grammar: dict) -> list[str]:
    regexes = _keyword_regexes(grammar)
    return [w for w in keywords if not any(r.fullmatch(w) for r in regexes)]


def test_grammar_is_json_with_its_scope() -> None:
    grammar = _json("syntaxes/cardlang.tmLanguage.json")
    assert grammar["scopeName"] == "source.cardlang"
    assert {"." + t for t in grammar["fileTypes"]} == SUFFIXES


def test_every_keyword_of_the_grammar_is_highlighted() -> None:
    keywords = tm_grammar.grammar_keywords()
    assert {"card", "game", "verb", "bot", "scenario", "where", "helper", "privately"} <= set(keywords)
    assert _uncovered(keywords, _json("syntaxes/cardlang.tmLanguage.json")) == []


def test_a_new_keyword_without_highlighting_is_caught() -> None:
    text = tm_grammar.GRAMMAR.read_text(encoding="utf-8")
    assert "| simultaneous_stmt" in text
    lark_text = text.replace("| simultaneous_stmt", "| simultaneous_stmt | later_stmt")
    lark_text += '\nlater_stmt: "discard_later" ";"\n'
    keywords = tm_grammar.grammar_keywords(lark_text)
    assert _uncovered(keywords, _json("syntaxes/cardlang.tmLanguage.json")) == ["discard_later"]
    assert _uncovered(keywords, tm_grammar.build(keywords)) == []


def test_committed_grammar_is_what_the_tool_writes() -> None:
    committed = (EDITOR / "syntaxes" / "cardlang.tmLanguage.json").read_text(encoding="utf-8")
    assert committed == tm_grammar.render(), "run python tools/tm_grammar.py"


def _all_match_regexes(node: object) -> list[str]:
    if isinstance(node, dict):
        own = [node[k] for k in ("match", "begin", "end") if isinstance(node.get(k), str)]
        return own + [r for v in node.values() for r in _all_match_regexes(v)]
    if isinstance(node, list):
        return [r for v in node for r in _all_match_regexes(v)]
    return []


def test_every_pattern_compiles_and_words_do_not_colour_names() -> None:
    grammar = _json("syntaxes/cardlang.tmLanguage.json")
    for regex in _all_match_regexes(grammar):
        re.compile(regex)  # Oniguruma reads these too: plain groups, classes, \b, look-ahead
    # a keyword inside a longer name (cardinal, endurance, ontop) is a NAME, not a keyword
    for name in ("cardinal", "endurance", "ontop", "my_card", "scored"):
        assert not any(r.search(name) for r in _keyword_regexes(grammar)), name


def test_language_contribution_claims_the_project_suffixes() -> None:
    package = _json("package.json")
    (language,) = package["contributes"]["languages"]
    assert set(language["extensions"]) == SUFFIXES
    (grammar,) = package["contributes"]["grammars"]
    assert grammar["language"] == language["id"] == "cardlang"
    assert grammar["scopeName"] == _json(grammar["path"])["scopeName"]
    assert (EDITOR / language["configuration"]).is_file()
    assert f"onLanguage:{language['id']}" in package["activationEvents"]
    assert (EDITOR / package["main"]).is_file()
    assert package["contributes"]["configuration"]["properties"]["cardlang.server.args"]["default"] == ["lsp"]


def test_client_starts_the_server_without_extra_arguments() -> None:
    # vscode-languageclient appends --stdio when a transport is named; `cardlang lsp` takes stdio as given
    client = (EDITOR / "extension.js").read_text(encoding="utf-8")
    assert not re.search(r"\btransport\s*:", client)
    assert 'config.get("server.args", ["lsp"])' in client


@pytest.mark.parametrize("folder", ["cards", "games", "tests/scenarios", "examples"])
def test_every_source_file_of_the_project_is_claimed(folder: str) -> None:
    claimed = set(_json("package.json")["contributes"]["languages"][0]["extensions"])
    suffixes = {p.suffix for p in (ROOT / folder).rglob("*") if p.is_file()}
    assert suffixes & claimed
    # what else lies there is not cardlang source: goldens, inputs, Python
    assert suffixes - claimed <= {".err", ".txt", ".input", ".py", ".md", ".json", ".jsonl", ""}, suffixes - claimed


def test_language_configuration_matches_the_grammar_comments() -> None:
    config = _json("language-configuration.json")
    assert config["comments"]["lineComment"] == "//"
    assert re.search(r"COMMENT: /\\/\\/", tm_grammar.GRAMMAR.read_text(encoding="utf-8"))
    assert ["{", "}"] in config["brackets"]
