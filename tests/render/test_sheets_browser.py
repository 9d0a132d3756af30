"""Card sheets measured in a real browser: Debian's headless Chromium, driven by Playwright.

Layout is measured with print media emulated; page count and page contents come from Chromium's own
print to PDF. Skipped only when Chromium or Playwright is missing and CI is not set: in CI
(`.ci/run` installs both) a missing browser fails the run instead of hiding the checks.
"""
from __future__ import annotations

import io
import math
import os
import re
import shutil
from pathlib import Path

import pytest

from cardlang.compile.game import game_ids, load_game
from cardlang.errors import ErrorList
from cardlang.render.build import card_faces, rules_reference
from cardlang.render.sheets import CARD_HEIGHT_MM, CARD_WIDTH_MM, MARK, PAPERS, render_html

from .fakes import expected_pages, fake_faces, fake_reference

CHROMIUM = os.environ.get("CARDLANG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PX_PER_MM = 96 / 25.4
TOLERANCE_MM = 0.5


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is not installed (pip install playwright)"
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium is not at {CHROMIUM} (Debian: apt-get install chromium)"
    return None


_REASON = _missing()
if _REASON and not os.environ.get("CI"):
    pytest.skip(f"browser tests need Chromium and Playwright: {_REASON}", allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    if _REASON:  # CI is set: the browser must be there
        pytest.fail(f"CI is set but {_REASON}; .ci/run should have installed it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(device_scale_factor=2)
    pg = context.new_page()
    pg.emulate_media(media="print")
    yield pg
    context.close()


def _load(page, html: str) -> None:
    page.set_content(html, wait_until="load")
    page.evaluate("() => document.fonts.ready.then(() => true)")


# Everything measured in millimetres, in print layout.
_MEASURE = """
() => {
  const mm = v => v / (96 / 25.4);
  const box = el => { const r = el.getBoundingClientRect();
    return {x: mm(r.left + scrollX), y: mm(r.top + scrollY), w: mm(r.width), h: mm(r.height)}; };
  const pages = [...document.querySelectorAll('.page')];
  return {
    pages: pages.map(p => ({box: box(p), footer: box(p.querySelector('.page-foot')),
                            footerText: p.querySelector('.page-foot').innerText})),
    cards: [...document.querySelectorAll('.card')].map(c => ({
      name: c.dataset.name,
      page: pages.indexOf(c.closest('.page')),
      box: box(c),
      overflowing: [c, ...c.querySelectorAll('*')]
        .filter(e => e.scrollHeight > e.clientHeight + 0.5 && getComputedStyle(e).display !== 'inline'
                     || e.scrollWidth > e.clientWidth + 0.5 && getComputedStyle(e).display !== 'inline')
        .map(e => e.className || e.tagName),
      outside: [...c.querySelectorAll('*')].filter(e => {
        const a = e.getBoundingClientRect(), b = c.getBoundingClientRect();
        return a.width > 0 && (a.left < b.left - 0.5 || a.right > b.right + 0.5 ||
                               a.top < b.top - 0.5 || a.bottom > b.bottom + 0.5);
      }).map(e => e.className || e.tagName),
      textClass: c.querySelector('.text').className,
      fontFamily: getComputedStyle(c).fontFamily,
    })),
    fontLoaded: [...document.fonts].filter(f => f.family.replace(/"/g, '') === 'CardSans')
                  .map(f => f.status),
  };
}
"""


def _overlap(a: dict, b: dict) -> float:
    w = min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"])
    h = min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"])
    return max(w, 0) * max(h, 0)


def _inside(inner: dict, outer: dict, tol: float = 0.05) -> bool:
    return (
        inner["x"] >= outer["x"] - tol
        and inner["y"] >= outer["y"] - tol
        and inner["x"] + inner["w"] <= outer["x"] + outer["w"] + tol
        and inner["y"] + inner["h"] <= outer["y"] + outer["h"] + tol
    )


def _pdf_pages(pdf: bytes):
    pypdf = pytest.importorskip("pypdf", reason="pypdf reads Chromium's PDF (pip install '.[test]')")
    return pypdf.PdfReader(io.BytesIO(pdf)).pages


def _words(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _assert_laid_out(m: dict, sheet) -> None:
    """Pages fit the paper; every card is 63 x 88 mm, on page i // 9, inside it, overflowing nothing and
    overlapping no other card."""
    for p in m["pages"]:  # a page box fits on one sheet of paper, footer included
        assert p["box"]["w"] <= sheet.width_mm + 0.01
        assert p["box"]["h"] <= sheet.height_mm + 0.01
        assert _inside(p["footer"], p["box"])

    for i, card in enumerate(m["cards"]):
        box = card["box"]
        assert abs(box["w"] - CARD_WIDTH_MM) <= TOLERANCE_MM, (card["name"], box)
        assert abs(box["h"] - CARD_HEIGHT_MM) <= TOLERANCE_MM, (card["name"], box)
        assert card["page"] == i // 9, card["name"]
        assert _inside(box, m["pages"][card["page"]]["box"]), f"{card['name']} crosses a page edge"
        assert card["overflowing"] == [], f"text overflows on {card['name']}: {card['overflowing']}"
        assert card["outside"] == [], f"content leaves the card {card['name']}: {card['outside']}"
        for other in m["cards"][i + 1 :]:
            assert _overlap(box, other["box"]) < 0.01, f"{card['name']} overlaps {other['name']}"


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("n", [11, 18])
def test_card_layout_in_print(page, artifacts, n, paper):
    faces = fake_faces(n)
    _load(page, render_html(faces, fake_reference(), paper=paper, title=f"Fake set of {n}"))
    m = page.evaluate(_MEASURE)
    sheet = PAPERS[paper]

    assert len(m["cards"]) == n
    assert len(m["pages"]) == expected_pages(n)
    assert m["fontLoaded"] and all(s == "loaded" for s in m["fontLoaded"]), m["fontLoaded"]
    assert m["cards"][0]["fontFamily"].startswith('"CardSans"') or m["cards"][0]["fontFamily"].startswith("CardSans")

    _assert_laid_out(m, sheet)

    # Chromium's own pagination: one sheet per 9 cards, then the rules reference; each card's
    # name is printed on the sheet its layout box is on.
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = _pdf_pages(pdf)
    assert len(pages) == expected_pages(n) + 1
    for pdf_page in pages:
        w_mm = float(pdf_page.mediabox.width) / 72 * 25.4
        h_mm = float(pdf_page.mediabox.height) / 72 * 25.4
        assert abs(w_mm - sheet.width_mm) <= TOLERANCE_MM and abs(h_mm - sheet.height_mm) <= TOLERANCE_MM
    texts = [_words(p.extract_text()) for p in pages]
    for i, face in enumerate(faces):
        printed = re.compile(re.escape(face.name) + r"(?![0-9])")  # "Gold 3" is not "Gold 31"
        on = [k for k, t in enumerate(texts) if printed.search(t)]
        assert on == [i // 9], f"{face.name} printed on pages {on}"
    assert "Dominion: rules reference" in texts[-1]

    page.locator(".page").first.screenshot(path=str(artifacts / f"sheet-{n}-{paper}-page1.png"))
    assert (artifacts / f"sheet-{n}-{paper}-page1.png").stat().st_size > 10_000


def test_page_count_without_reference(page):
    for n in (1, 9, 10, 18):
        _load(page, render_html(fake_faces(n), None, title="count"))
        assert len(_pdf_pages(page.pdf(prefer_css_page_size=True))) == expected_pages(n), n


def test_reconstructed_marks_are_visible(page):
    faces = fake_faces(6)
    _load(page, render_html(faces, None, title="marks"))
    cards = page.evaluate("""() => [...document.querySelectorAll('.card')].map(c => ({
        cost: c.querySelector('.cost') ? c.querySelector('.cost').innerText : null,
        stats: [...c.querySelectorAll('.stat')].map(s => s.innerText),
        text: c.querySelector('.text').innerText,
        foot: c.querySelector('.foot').innerText,
        marks: [...c.querySelectorAll('.mark')].map(s => s.getBoundingClientRect().width),
    }))""")
    for face, card in zip(faces, cards):
        if face.cost is not None:
            assert card["cost"].endswith(MARK) == face.cost.reconstructed
        for stat, shown in zip(face.stats, card["stats"]):
            assert shown.endswith(MARK) == stat.reconstructed, (face.name, shown)
        if face.text:
            assert card["text"].rstrip().endswith(MARK) == face.text_reconstructed
        marked = face.text_reconstructed or any(s.reconstructed for s in face.stats) or (
            face.cost is not None and face.cost.reconstructed)
        assert (MARK in card["foot"]) == marked  # the legend travels with the cut-out card
        assert all(width > 0.5 for width in card["marks"])  # rendered, not an invisible glyph
    assert MARK in page.locator(".page-foot").first.inner_text()


def test_longest_text_still_fits(page):
    """Stress: 130 words in three paragraphs on a card with a long name and five stats."""
    from cardlang.render.model import CardFace, Stat

    from .fakes import words

    face = CardFace(
        "warband", "Transmogrificationalist Supreme Overlord", ("Unit", "Knight", "Veteran"),
        Stat("Gold", "10", True),
        tuple(Stat(label, "3") for label in ("Strength", "HP", "Upkeep", "Income", "VP")),
        (words(50), words(50, 9), words(30, 3)), text_reconstructed=True,
    )
    _load(page, render_html([face] * 3, None, title="stress"))
    m = page.evaluate(_MEASURE)
    assert all(c["overflowing"] == [] for c in m["cards"]), m["cards"][0]
    assert all(c["outside"] == [] for c in m["cards"])


# ---- the real sheets of every game -------------------------------------------------------------------------

_REFERENCE_HEIGHT = """
() => { const r = document.querySelector('.reference').getBoundingClientRect(); return r.height / (96 / 25.4); }
"""


@pytest.mark.parametrize("gid", game_ids())
def test_real_sheet_in_print(page, artifacts, gid):
    """Each game's own sheet (every card, then its rules reference) on A4, measured like the fakes above."""
    try:
        game = load_game(gid)
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now ({len(e.errors)} error(s); first: {e.errors[0]})")
    faces = card_faces(game)
    reference = rules_reference(game)
    sheet = PAPERS["a4"]
    _load(page, render_html(faces, reference, paper="a4", title=game.title))
    m = page.evaluate(_MEASURE)

    assert [c["name"] for c in m["cards"]] == [f.name for f in faces]
    card_pages = expected_pages(len(faces))
    assert len(m["pages"]) == card_pages == math.ceil(len(faces) / 9)
    _assert_laid_out(m, sheet)
    assert m["fontLoaded"] and all(s == "loaded" for s in m["fontLoaded"]), m["fontLoaded"]

    # Chromium's own pagination: ceil(cards / 9) card pages, each with its page footer, then the rules
    # reference on pages of its own (as many as its height needs, give or take a heading kept with its list).
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    pages = _pdf_pages(pdf)
    texts = [_words(p.extract_text()) for p in pages]
    footers = [k for k, t in enumerate(texts) if re.search(rf"page \d+ of {card_pages}\b", t)]
    assert footers == list(range(card_pages)), footers
    reference_pages = len(pages) - card_pages
    usable_mm = sheet.height_mm - 15 - 18  # @page margins of the reference pages
    at_least = math.ceil(page.evaluate(_REFERENCE_HEIGHT) / usable_mm * 0.9)
    assert max(1, at_least) <= reference_pages <= at_least + 2, (reference_pages, at_least)
    assert texts[card_pages].startswith(_words(reference.title)), texts[card_pages][:80]
    last_line = reference.glossary[-1][0] if reference.glossary else reference.sections[-1].lines[-1]
    assert _words(last_line)[:40] in " ".join(texts[card_pages:])
    for i, face in enumerate(faces):  # each name on its own card page (the reference may name cards too)
        printed = re.compile(r"(?<![A-Za-z])" + re.escape(face.name) + r"(?![A-Za-z0-9])")
        on = [k for k in range(card_pages) if printed.search(texts[k])]
        assert i // 9 in on, f"{face.name} is not printed on page {i // 9 + 1}"
    for pdf_page in pages:
        w_mm = float(pdf_page.mediabox.width) / 72 * 25.4
        h_mm = float(pdf_page.mediabox.height) / 72 * 25.4
        assert abs(w_mm - sheet.width_mm) <= TOLERANCE_MM and abs(h_mm - sheet.height_mm) <= TOLERANCE_MM

    png = artifacts / f"sheet-{gid}-page1.png"
    page.locator(".page").first.screenshot(path=str(png))
    assert png.stat().st_size > 10_000


# ---- stat badges: Chromium and WeasyPrint draw the same boxes ----------------------------------------------

_BADGES = """
() => [...document.querySelectorAll('.stat')].map(s => {
  const r = s.getBoundingClientRect(), card = s.closest('.card').getBoundingClientRect();
  return {card: s.closest('.card').dataset.name, top: (r.top - card.top) / (96 / 25.4),
          h: r.height / (96 / 25.4), text: s.innerText.replace(/\\s+/g, ' ').trim()};
})
"""


@pytest.mark.parametrize("gid", ["warring-kingdom", "greedy-kingdoms"])
def test_stat_badges_agree_with_the_pdf(page, gid):
    """The stat badges (the Castle's, the Dagger's, the Heroes') are one line tall in Chromium, and the PDF
    (WeasyPrint) draws each of them the same height, within half a millimetre."""
    from .test_sheets_pdf import BADGE_MAX_MM, _weasyprint_missing, weasyprint_badges
    try:
        game = load_game(gid)
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now ({e.errors[0]})")
    faces = [f for f in card_faces(game) if f.stats]
    html = render_html(faces, None, title=gid)
    _load(page, html)
    chromium = page.evaluate(_BADGES)
    # the foot row only: a card with no rules text prints its numbers large, and a property the game places
    # (`: printed corner`, `: printed badge`) sits in the head (test_faces_put_numbers_where_a_player_looks)
    assert len(chromium) == sum(len([st for st in f.stats if not st.place]) for f in faces if f.text)
    for b in chromium:
        assert 2.5 <= b["h"] <= BADGE_MAX_MM, b
    if _weasyprint_missing():
        pytest.skip(_weasyprint_missing())
    pdf = weasyprint_badges(html)
    assert [b["text"].upper() for b in pdf] == [b["text"].upper() for b in chromium]
    for c, w in zip(chromium, pdf):
        assert abs(c["h"] - w["h"]) <= TOLERANCE_MM, (c, w)


# ---- card faces a designer would print (issue 22, section 3) ------------------------------------------------

_FACE = """
name => { const c = [...document.querySelectorAll('.card')].find(e => e.dataset.name === name);
  const mm = v => v / (96 / 25.4), card = c.getBoundingClientRect(), title = c.querySelector('.name');
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
    return {x: mm(r.left - card.left), y: mm(r.top - card.top), w: mm(r.width), h: mm(r.height),
            pt: parseFloat(getComputedStyle(el).fontSize) * 72 / 96, text: el.innerText.trim()}; };
  return {card: {w: mm(card.width), h: mm(card.height)}, name: box(title),
          big: [...c.querySelectorAll('.big-value')].map(box), row: c.querySelectorAll('.stats .stat').length,
          emblem: box(c.querySelector('.head .emblem-value')), badge: box(c.querySelector('.head .badge-value'))};
}
"""


def _face(page, gid: str, name: str) -> dict:
    game = load_game(gid)
    _load(page, render_html(card_faces(game, [name]), None, title=gid))
    return page.evaluate(_FACE, name)


@pytest.mark.parametrize("gid, name, value", [("dominion", "Copper", "1"), ("dominion", "Province", "6"),
                                              ("warring-kingdom", "Gold", "3")])
def test_a_card_without_text_shows_its_value_large(page, gid, name, value):
    """Copper and Province are their numbers: printed large in the middle of the card, not a blank card with
    a small badge at its foot."""
    f = _face(page, gid, name)
    assert f["row"] == 0, f"{name}: its numbers still sit in the small foot row"
    assert [b["text"] for b in f["big"]] == [value], f["big"]
    big = f["big"][0]
    assert big["pt"] >= 24, big
    assert f["card"]["h"] * 0.25 < big["y"] < f["card"]["h"] * 0.75, f"{name}: the value is not in the middle"


def test_a_heros_icon_is_large_in_the_top_corner(page):
    """The icon decides blocking ("the symbol in the upper right corner", R-GK): it sits in the head, right of
    the name, larger than the name's own type, and not in the foot row."""
    f = _face(page, "greedy-kingdoms", "Knight")
    icon = f["emblem"]
    assert icon is not None and icon["text"].startswith("Sword"), icon
    assert icon["y"] < 10 and icon["x"] > f["card"]["w"] / 2, icon
    assert icon["pt"] >= 11, icon
    assert f["row"] == 1  # the cost alone stays at the foot


def test_upkeep_is_on_a_coin_at_the_top_left(page):
    """Warring Kingdom: "the coin icon located on the upper-left side of the card" holds the upkeep."""
    f = _face(page, "warring-kingdom", "Sword")
    coin = f["badge"]
    assert coin is not None and coin["text"].startswith("1"), coin
    assert coin["x"] < f["name"]["x"] and coin["y"] < 10, (coin, f["name"])
