"""The set-up a rules reference prints is the set-up play makes: for each game and every player count it allows,
each figure the reference prints (for N, the N-th of "3 / 2 / 1") is checked against a real set-up
(issue 22: The Fall of Kingdoms' reference said every player gets 2 reserve cards; with two players play deals
3). The figures read are the shapes the set-up sentences take in every game today:

* "Put N NAME into the ZONE."                      -> N cards named NAME in that shared zone;
* "put N copies of it into the ZONE" (per card)    -> every other card of that zone has one of these counts;
* "puts [the top] N ... into/onto their ZONE", "draws N cards", "adds N to their COUNTER" -> each player's
  own zone ends with the sum (a draw moves cards from the deck to the hand; a zone the set-up later takes
  cards out of is not counted).
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict

import pytest

from cardlang.compile.describe.labels import zone_label
from cardlang.compile.game import game_ids, load_game
from cardlang.render.build import rules_reference
from cardlang.runtime.decisions import RandomAgent
from cardlang.runtime.engine import setup_game

_NUM = r"(\d+|a|an)"
_SHARED = re.compile(r"\b[Pp]ut " + _NUM + r" (?!copies|cards|card\b)([A-Z][\w' ]*?) (?:into|onto) the ([\w' ]+?)[.,]")
_COPIES = re.compile(r"\bput " + _NUM + r" cop(?:y|ies) of it (?:into|onto) the ([\w' ]+?)[.,]")
_OWN = re.compile(r"\b[Pp]uts? (?:the top )?" + _NUM + r" ([A-Z][\w' ]*?|cards? of the [\w' ]+?)"
                  r"((?: and " + _NUM + r" [A-Z][\w' ]*?)*) (?:into|onto) their ([\w' ]+?)(?=[.,]| and )")
_AND = re.compile(r" and " + _NUM + r" ")
_DRAW = re.compile(r"\b[Dd]raws? " + _NUM + r" cards?")
_FROM = re.compile(r"\b(?:in|of|from) their ([\w' ]+?) (?:into|onto) ")


def _n(word: str) -> int:
    return 1 if word in ("a", "an") else int(word)


def _setup_text(game, n: int) -> str:
    """The set-up as the reference prints it (every count side by side), each "3 / 2 / 1" read for N."""
    lo, hi = game.spec.decl.players
    ref = rules_reference(game)
    text = " ".join(line for s in ref.sections if s.title == "Set-up" for line in s.lines
                    if not line.startswith("A number written like"))
    return re.sub(r"\d+(?: / \d+)+", lambda m: m.group(0).split(" / ")[n - lo] if m.group(0).count("/") == hi - lo
                  else m.group(0), text)


def _cases():
    for gid in game_ids():
        game = load_game(gid)
        lo, hi = game.spec.decl.players
        for n in range(lo, hi + 1):
            yield pytest.param(gid, n, id=f"{gid}-{n}")


@pytest.mark.parametrize("gid,n", list(_cases()))
def test_reference_setup_figures_are_play(gid, n):
    game = load_game(gid)
    text = _setup_text(game, n)
    assert not re.search(r"\d+ / \d+", text), f"{gid}: figures side by side that are not one per player count"
    state = setup_game(game, [RandomAgent(i + 1) for i in range(n)], seed=7)
    comp = game
    by_label = {zone_label(z, comp): z for z in comp.spec.zones}
    # the cards each zone holds after the real set-up, per owner (None: shared)
    held: dict[tuple[str, int | None], Counter] = defaultdict(Counter)
    for z in state.all_zones():
        for cid in z.cards:
            held[(z.spec.name, z.owner)][state.name_of(cid)] += 1
    checked = 0
    named_shared = defaultdict(set)
    for count, name, label in _SHARED.findall(text):
        zone = by_label.get(label)
        if zone is None or comp.spec.zones[zone].per_player:
            continue
        named_shared[zone].add(name)
        assert held[(zone, None)][name] == _n(count), \
            f"{gid}, {n} players: the reference puts {count} {name} into the {label}; play puts " \
            f"{held[(zone, None)][name]}"
        checked += 1
    copies = defaultdict(set)
    for count, label in _COPIES.findall(text):
        if label in by_label:
            copies[by_label[label]].add(_n(count))
    for zone, allowed in copies.items():
        if comp.spec.zones[zone].per_player:
            continue
        for name, k in held[(zone, None)].items():
            if name not in named_shared[zone]:
                assert k in allowed, f"{gid}, {n} players: {k} {name} in the {zone}, the reference says " \
                                     f"{' or '.join(map(str, sorted(allowed)))} copies"
                checked += 1
    own: Counter = Counter()
    for first, what, more, _, label in _OWN.findall(text):
        zone = by_label.get(label)
        if zone is None or not comp.spec.zones[zone].per_player:
            continue
        own[zone] += _n(first) + sum(_n(k) for k in _AND.findall(more))
    for (k,) in [(m,) for m in _DRAW.findall(text)]:
        own["deck"] -= _n(k)
        own["hand"] += _n(k)
    # a zone the set-up later takes some of its cards from ("the Castle cards in their reverse into their
    # board") holds no printed figure at the end
    moved_from = {by_label.get(label) for label in _FROM.findall(text)}
    for zone, k in own.items():
        if zone not in comp.spec.zones or zone in moved_from:
            continue
        for p in range(n):
            have = sum(held[(zone, p)].values())
            assert have == k, f"{gid}, {n} players: the reference gives each player {k} card(s) in their " \
                              f"{zone_label(zone, comp)}; player {p + 1} has {have}"
            checked += 1
    assert checked, f"{gid}, {n} players: no set-up figure of the reference was checked against play"
