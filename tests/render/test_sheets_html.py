"""The HTML sheet as text: self-contained, escaped, strict templates, and Python-side fitting choices."""
from __future__ import annotations

import re

import jinja2
import pytest

from cardlang.render import sheets
from cardlang.render.model import CardFace, Stat
from cardlang.render.sheets import MARK, render_html

from .fakes import fake_faces, fake_reference, words


def test_self_contained_no_external_resources():
    html = render_html(fake_faces(4), fake_reference(), title="t")
    assert "<link" not in html and "<script" not in html
    urls = re.findall(r"url\(\s*[\"']?([^\"')]*)", html)
    assert urls and all(u.startswith("data:font/ttf;base64,") for u in urls)
    assert not re.search(r"(src|href)=\"(?!data:)", html)
    assert html.count("@font-face") == 2


@pytest.mark.parametrize(("paper", "css"), [("a4", "size: A4;"), ("letter", "size: letter;"), ("LETTER", "size: letter;")])
def test_page_size_follows_paper(paper, css):
    html = render_html(fake_faces(1), None, paper=paper, title="t")
    assert f"@page cards {{ {css} margin: 0; }}" in html


def test_unknown_paper_is_refused():
    with pytest.raises(ValueError, match="a4, letter"):
        render_html([], None, paper="a3", title="t")


def test_nine_cards_per_page_in_grid_order():
    html = render_html(fake_faces(19), None, title="t")
    pages = html.split('<section class="page"')[1:]
    assert [p.count('<article class="card') for p in pages] == [9, 9, 1]
    assert re.findall(r'class="card (r\d c\d)"', pages[0]) == [f"r{r} c{c}" for r in range(3) for c in range(3)]


def test_everything_from_card_data_is_escaped():
    face = CardFace("g", "<b>Fish & Chips</b>", ('"Type"',), Stat("Cost", "<3"), (), ("Deal <i>2</i> & win.",))
    html = render_html([face], None, title="<Title>")
    assert "&lt;b&gt;Fish &amp; Chips&lt;/b&gt;" in html
    assert "Deal &lt;i&gt;2&lt;/i&gt; &amp; win." in html
    assert "<title>&lt;Title&gt;</title>" in html
    assert "<b>Fish" not in html


def test_templates_fail_loudly_on_missing_values():
    env = sheets._env()
    assert env.undefined is jinja2.StrictUndefined
    with pytest.raises(jinja2.UndefinedError):
        env.get_template("sheet.html.j2").render(title="t")


def test_marks_only_on_reconstructed_parts():
    plain = CardFace("g", "Plain", ("Action",), Stat("Cost", "2"), (Stat("VP", "1"),), ("+1 Card.",))
    marked = CardFace("g", "Marked", ("Action",), Stat("Cost", "2", True), (Stat("VP", "1", True),),
                      ("+1 Card.",), text_reconstructed=True)
    html_plain = render_html([plain], None, title="t")
    assert MARK not in html_plain.split("<body>")[1]  # no marks, no legend
    body = render_html([marked], None, title="t").split("<body>")[1]
    assert body.count(f'<span class="mark">{MARK}</span>') == 3  # cost, stat, text
    assert f"{MARK} reconstructed" in body and sheets.MARK_LEGEND in body
    no_text = CardFace("g", "Blank", (), None, (), (), text_reconstructed=True)
    assert MARK not in render_html([no_text], None, title="t").split("<body>")[1]  # nothing to mark


def test_crop_marks_optional():
    assert render_html(fake_faces(1), None, title="t").count('class="crop ') == 16
    assert 'class="crop ' not in render_html(fake_faces(1), None, title="t", crop_marks=False)


def test_copies_printed_once_with_count_or_repeated():
    face = CardFace("g", "Copper", ("Treasure",), Stat("Cost", "0"), (), ("$1",), copies=7)
    once = render_html([face], None, title="t")
    assert once.count('<article class="card') == 1 and "&times;7" in once
    repeated = render_html([face], None, title="t", repeat_copies=True)
    assert repeated.count('<article class="card') == 7 and "&times;7" not in repeated


def test_font_size_shrinks_with_text_length():
    classes = [sheets.text_fit_class((words(n),)) for n in (5, 30, 45, 60, 80, 130)]
    order = ["fit-l", "fit-m", "fit-s", "fit-xs", "fit-xxs"]
    assert [order.index(c) for c in classes] == sorted(order.index(c) for c in classes)
    assert classes[0] == "fit-l" and classes[-1] == "fit-xxs"
    assert sheets.text_fit_class(()) == "fit-l"
    assert sheets.name_fit_class("Gold") == "name-l"
    assert sheets.name_fit_class("Transmogrificationalist Supreme Overlord") == "name-xs"


def test_reference_follows_cards():
    html = render_html(fake_faces(2), fake_reference(), title="t")
    assert html.index('<section class="reference">') > html.rindex('<article class="card')
    assert "<dt>Trash</dt>" in html and "<h2>Set-up</h2>" in html
