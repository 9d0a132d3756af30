"""Every game under games/ loads with no error, and every card it has carries rules text, unless it is
plain: no ability and no computed property, so its numbers say it all (a Treasure, Victory or Curse card in
Dominion; income, a vanilla unit or a plain weapon in a board game).
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlang.compile.bots import LanguageBot
from cardlang.compile.game import load_game
from cardlang.errors import ErrorList

ROOT = Path(__file__).resolve().parents[1]
GAME_IDS = sorted(p.name for p in (ROOT / "games").iterdir() if (p / "game.cl").is_file())
PLAIN_TYPES = {"Treasure", "Victory", "Curse"}

_loaded: dict = {}


def game(game_id: str):
    """Load once per game (the first test reports the errors; later ones then fail fast)."""
    if game_id not in _loaded:
        try:
            _loaded[game_id] = load_game(game_id)
        except ErrorList as e:
            _loaded[game_id] = e
    result = _loaded[game_id]
    if isinstance(result, ErrorList):
        pytest.fail(f"games/{game_id} does not load:\n" + "\n".join(err.render() for err in result.errors))
    return result


def _card_names(game_id: str) -> list[str]:
    names = []
    for f in sorted((ROOT / "cards" / game_id).rglob("*.card")):
        m = re.search(r'^\s*card\s+(?:"([^"\n]+)"|([A-Za-z_][A-Za-z0-9_]*))', f.read_text(encoding="utf-8"), re.M)
        if m:
            names.append(m.group(1) or m.group(2))
    return names


CARDS = [(g, n) for g in GAME_IDS for n in _card_names(g)]


def test_there_are_games_and_cards():
    assert "dominion" in GAME_IDS
    assert len([c for c in CARDS if c[0] == "dominion"]) >= 32


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_loads_without_errors(game_id):
    g = game(game_id)
    assert g.defs, "a game with no cards"
    assert g.players[0] <= g.players[1]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_card_file_is_loaded(game_id):
    g = game(game_id)
    assert sorted(d.name for d in g.defs) == sorted(_card_names(game_id))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_card_files_are_named_after_their_card(game_id):
    g = game(game_id)
    wrong = []
    for name, path in g.card_files.items():
        snake = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
        if Path(path).stem != snake:
            wrong.append(f"{path}: card '{name}' belongs in {snake}.card")
    assert not wrong, wrong


def is_plain(d) -> bool:
    """No ability and no computed property: its numbers say it all (Copper, a vanilla unit, a plain sword)."""
    return not d.triggers and not d.watchers and not d.dynamic


def _tags(d) -> set[str]:
    decl = d.meta.get("decl")
    return set(decl.tags) if decl is not None else set()


@pytest.mark.parametrize("game_id, name", CARDS, ids=[f"{g}:{n}" for g, n in CARDS])
def test_card_has_rules_text(game_id, name):
    d = game(game_id).defs_by_name[name]
    paragraphs = [p for p in d.text if p and p.strip()]
    if is_plain(d):
        return
    assert paragraphs, f"{name} has abilities but no rules text"
    for p in paragraphs:
        assert not re.search(r"\{[A-Za-z_]*\}", p), f"unfilled template in {name}: {p!r}"
        assert "None" not in p, f"{name}: {p!r}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_plain_cards_are_really_plain(game_id):
    """The exemption covers only vanilla cards: Copper, Estate, Curse... not Gardens (its VP is computed)."""
    g = game(game_id)
    plain = {d.name for d in g.defs if is_plain(d)}
    if game_id == "dominion":
        assert all(g.defs_by_name[n].types & PLAIN_TYPES for n in plain)
    for d in g.defs:
        if d.dynamic or d.triggers or d.watchers:
            assert d.name not in plain


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_bot_builds(game_id):
    g = game(game_id)
    for name in g.bots:
        LanguageBot(g, name)
