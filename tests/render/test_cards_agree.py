"""`cardlang cards GAME` and the printed sheets (HTML and Markdown) say the same about every card of every
game: the same names, costs, types, numbers, † marks and rules text. All three are produced by the CLI, as a
user would produce them."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app
from cardlang.compile.game import game_ids, load_game
from cardlang.errors import ErrorList
from cardlang.render.sheets import MARK

RUNNER = CliRunner()


@dataclass
class Card:
    """What one output says about a card. Values keep their † marks; `text` is the paragraphs joined by one
    space, with the ability mark (if any) as a final " †"."""

    name: str
    types: list[str] = field(default_factory=list)
    numbers: dict[str, str] = field(default_factory=dict)
    text: str = ""


def _loads(gid: str):
    try:
        return load_game(gid)
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now ({len(e.errors)} error(s); first: {e.errors[0]})")


def from_cli(gid: str) -> dict[str, Card]:
    r = RUNNER.invoke(app, ["cards", gid])
    assert r.exit_code == 0, r.output
    cards: dict[str, Card] = {}
    card = None
    for line in r.output.splitlines():
        m = re.match(r"^(?P<name>\S.*?) \[(?P<types>[^\]]*)\] ?(?P<props>.*)$", line)
        if m:
            card = Card(m["name"], [t for t in m["types"].split(", ") if t])
            # the numbers as the face prints them, "Cost 1 Gold, 2 Land† · Icon Mask†" (issue 22: never cost_gold)
            # (the copies, "×4", are the sheet's foot line, not a number on the face)
            card.numbers = {prop: "" for prop in filter(None, m["props"].split(" \u00b7 "))
                            if not re.fullmatch("\u00d7\\d+", prop)}
            cards[card.name] = card
        elif line.startswith("    ") and card is not None:
            card.text = line.strip()
        elif not line.strip():
            card = None
    return cards


class _SheetHtml(HTMLParser):
    """Cards of a sheet: the text of .cost, .types, each .text paragraph and each stat's .label and .value."""

    _FIELDS = ("cost", "types", "label", "value")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.cards: list[dict] = []
        self.depth = 0
        self.card: dict | None = None
        self.field: tuple[str, int] | None = None  # (what is being read, the depth of its element)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        self.depth += 1
        if tag == "article" and "card" in classes:
            self.card = {"name": a["data-name"], "cost": "", "types": "", "paragraphs": [], "stats": [],
                         "depth": self.depth}
            self.cards.append(self.card)
        elif self.card is not None and self.field is None:
            if tag == "p":
                self.card["paragraphs"].append("")
                self.field = ("p", self.depth)
            elif {"stat", "big-stat", "emblem", "badge"} & set(classes):  # the foot row, large, corner, coin
                self.card["stats"].append({"label": "", "value": ""})
            else:
                for f in self._FIELDS:
                    if f in classes:
                        self.field = (f, self.depth)

    def handle_endtag(self, tag):
        if self.field is not None and self.field[1] == self.depth:
            self.field = None
        if self.card is not None and self.card["depth"] == self.depth:
            self.card = None
        self.depth -= 1

    def handle_data(self, data):
        if self.card is None or self.field is None:
            return
        what = self.field[0]
        if what == "p":
            self.card["paragraphs"][-1] += data
        elif what in ("label", "value"):
            self.card["stats"][-1][what] += data
        else:
            self.card[what] += data


def from_html(path: Path) -> dict[str, Card]:
    parser = _SheetHtml()
    parser.feed(path.read_text(encoding="utf-8"))
    cards = {}
    for c in parser.cards:
        card = Card(c["name"], [t for t in c["types"].strip().split(" \u00b7 ") if t])
        if c["cost"].strip():
            card.numbers["Cost"] = c["cost"].strip()
        for stat in c["stats"]:
            _put(card.numbers, stat["label"].strip(), stat["value"].strip())
        card.text = _with_mark(" ".join(p.strip() for p in c["paragraphs"]))
        cards[card.name] = card
    return cards


def _with_mark(text: str) -> str:
    return text[:-1] + " " + MARK if text.endswith(MARK) else text


_MD_STAT = r"(?:^| · )((?:\\.|[^*\\])+?) \*\*((?:\\.|[^*\\])+)\*\*"
_MD_STATS = r"(?:(?:^| · )(?:\\.|[^*\\])+? \*\*(?:\\.|[^*\\])+\*\*)+"
_MD_UNESCAPE = re.compile(r"\\([\\`*_\[\]<>|~#+\-.)])")


def from_markdown(path: Path) -> dict[str, Card]:
    text = path.read_text(encoding="utf-8")
    body = text.split("\n## Cards\n", 1)[1]
    body = re.split(r"\n## (?!#)", body, maxsplit=1)[0]
    cards = {}
    for block in body.split("\n### ")[1:]:
        lines = [ln for ln in block.split("\n")]
        head = _MD_UNESCAPE.sub(r"\1", lines[0])
        m = re.match(r"^(?P<name>.*?)(?: \((?P<label>\S+) (?P<cost>\S+)\))?$", head)
        card = Card(m["name"])
        if m["cost"]:
            card.numbers[m["label"]] = m["cost"]
        paragraphs = []
        for ln in lines[1:]:
            ln = ln.strip()
            if not ln:
                continue
            if ln.startswith("*") and ln.endswith(("*", ")")) or re.match(r"^\*.*\*( · ×\d+)?$", ln):
                card.types = [t for t in _MD_UNESCAPE.sub(r"\1", ln.split("*")[1]).split(" · ") if t]
            elif re.match(r"^×\d+$", ln):
                continue
            elif re.fullmatch(_MD_STATS, ln):
                for label, value in re.findall(_MD_STAT, ln):
                    _put(card.numbers, _MD_UNESCAPE.sub(r"\1", label), _MD_UNESCAPE.sub(r"\1", value))
            else:
                paragraphs.append(_MD_UNESCAPE.sub(r"\1", ln))
        card.text = _with_mark(" ".join(paragraphs))
        cards[card.name] = card
    return cards


def _sheet(tmp_path: Path, gid: str, fmt: str) -> Path:
    r = RUNNER.invoke(app, ["sheets", gid, "-o", str(tmp_path), "--format", fmt])
    assert r.exit_code == 0, r.output
    return tmp_path / f"{gid}.{fmt}"


def _cli_numbers(card: Card, game) -> set[str]:
    """The CLI's numbers, `Cost 3† · VP 2`, each as the sheet prints it (label, then value): the CLI lists a
    card's face in words (issue 22), so each must be one of the sheet's numbers, label and value alike."""
    return set(card.numbers)


def _put(numbers: dict[str, str], label: str, value: str) -> None:
    """A second badge with the same label ("Cost 2 Honor..." and "Cost and 2 of your choice") is kept too."""
    key, n = label, 2
    while key in numbers:
        key, n = f"{label}#{n}", n + 1
    numbers[key] = value


def _printed(numbers: dict[str, str]) -> set[str]:
    return {f"{label.split('#')[0]} {value}" for label, value in numbers.items()}


@pytest.mark.parametrize("fmt", ["html", "md"])
@pytest.mark.parametrize("gid", game_ids())
def test_cards_and_sheets_agree(tmp_path, gid, fmt):
    game = _loads(gid)
    cli = from_cli(gid)
    sheet = (from_html if fmt == "html" else from_markdown)(_sheet(tmp_path, gid, fmt))
    assert sorted(cli) == sorted(d.name for d in game.defs)
    assert sorted(sheet) == sorted(cli), set(sheet) ^ set(cli)
    for name, c in cli.items():
        s = sheet[name]
        assert s.text == c.text, f"{gid} {name}: text differs\n  cards: {c.text}\n  sheet: {s.text}"
        assert s.types == c.types, (name, s.types, c.types)  # the same words in the same order
        assert _printed(s.numbers) == _cli_numbers(c, game), (name, s.numbers, c.numbers)


def test_the_parsers_see_what_matters(tmp_path):
    """Guard against a parser that finds nothing: real text, marks and numbers are read from each output."""
    cli = from_cli("dominion")
    html = from_html(_sheet(tmp_path, "dominion", "html"))
    md = from_markdown(_sheet(tmp_path, "dominion", "md"))
    for cards in (cli, html, md):
        assert cards["Village"].text == "+1 Card, +2 Actions."
        assert cards["Witch"].text.endswith("Each other player gains a Curse.")
        assert len(cards) == 32
    assert html["Gold"].numbers == {"Cost": "6", "Worth": "3"} == md["Gold"].numbers
    assert set(cli["Gold"].numbers) == {"Cost 6", "Worth 3"}
