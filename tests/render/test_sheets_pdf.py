"""The PDF sheet, made by WeasyPrint (the optional `pdf` extra) and read back with pypdf."""
from __future__ import annotations

import functools
import re
import sys

import pytest

from cardlang.render.sheets import PAPERS, MissingExtra, render_html, render_pdf

from .fakes import expected_pages, fake_faces, fake_reference


def _weasyprint_missing() -> str | None:
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError) as e:  # OSError: installed, but Pango is not
        return f"WeasyPrint is not usable here ({e}); pip install 'cardlang[pdf]'"
    return None


needs_weasyprint = pytest.mark.skipif(_weasyprint_missing() is not None, reason=str(_weasyprint_missing()))


def test_missing_weasyprint_says_how_to_install(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "weasyprint", None)  # makes `import weasyprint` raise ImportError
    with pytest.raises(MissingExtra, match=re.escape("pip install 'cardlang[pdf]'")):
        render_pdf("<p>x</p>", tmp_path / "x.pdf")
    assert not (tmp_path / "x.pdf").exists()


def _read(path):
    pypdf = pytest.importorskip("pypdf", reason="pypdf reads the PDF back (pip install '.[test]')")
    return pypdf.PdfReader(str(path))


def _fonts(page) -> dict[str, bool]:
    """Font name -> whether its glyphs are embedded (FontFile, FontFile2 or FontFile3)."""
    found = {}
    fonts = page["/Resources"].get_object().get("/Font", {})
    for ref in fonts.get_object().values():
        font = ref.get_object()
        descendants = font.get("/DescendantFonts")
        described = descendants.get_object()[0].get_object() if descendants else font
        descriptor = described.get("/FontDescriptor")
        descriptor = descriptor.get_object() if descriptor else {}
        found[str(font["/BaseFont"])] = any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


@needs_weasyprint
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("n", [11, 18])
def test_pdf_pages_fonts_and_text(tmp_path, artifacts, n, paper):
    faces = fake_faces(n)
    out = tmp_path / f"sheet-{n}-{paper}.pdf"
    render_pdf(render_html(faces, fake_reference(), paper=paper, title=f"Fake set of {n}"), out)
    if n == 11:
        (artifacts / out.name).write_bytes(out.read_bytes())
    reader = _read(out)

    assert len(reader.pages) == expected_pages(n) + 1  # card pages, then the rules reference
    sheet = PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) / 72 * 25.4 == pytest.approx(sheet.width_mm, abs=0.5)
        assert float(page.mediabox.height) / 72 * 25.4 == pytest.approx(sheet.height_mm, abs=0.5)

    fonts = _fonts(reader.pages[0])
    assert fonts and all(fonts.values()), fonts
    assert any("CardSans" in name for name in fonts), fonts  # the bundled font, not a system one

    texts = [re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages]
    for i, face in enumerate(faces):
        printed = re.compile(re.escape(face.name) + r"(?![0-9])")
        assert [k for k, t in enumerate(texts) if printed.search(t)] == [i // 9], face.name
    assert "Dominion: rules reference" in texts[-1]


@needs_weasyprint
def test_pdf_without_reference_has_only_card_pages(tmp_path):
    out = tmp_path / "cards.pdf"
    render_pdf(render_html(fake_faces(10), None, paper="letter", title="ten"), out)
    assert len(_read(out).pages) == 2


# ---- the stat badges, measured in WeasyPrint's own layout of the PDF ------------------------------------

_PX_MM = 25.4 / 96  # CSS px -> mm
BADGE_MAX_MM = 5.5  # one line of 7.5pt text, its padding and border: about 4.3 mm in both engines


@functools.lru_cache(maxsize=2)
def laid_out(html: str):
    """WeasyPrint's layout of HTML (a Document): laid out once for the tests that read and print the same
    sheet (a real game's sheet takes some ten seconds)."""
    import weasyprint
    return weasyprint.HTML(string=html).render()


def weasyprint_badges(html: str) -> list[dict]:
    """Each `.stat` badge WeasyPrint lays out for the PDF: page, border-box top and height in mm, its text,
    and the top and bottom of its lines. Read from the box tree WeasyPrint draws the PDF from (the page's
    `_page_box`: WeasyPrint has no public API for box geometry)."""
    doc = laid_out(html)
    badges: list[dict] = []
    for number, page in enumerate(doc.pages):
        seen: set[int] = set()

        def walk(box, number=number, seen=seen):
            el = getattr(box, "element", None)
            if el is not None and "stat" in (el.get("class") or "").split() and id(el) not in seen \
                    and hasattr(box, "border_height"):
                seen.add(id(el))
                top = box.position_y + box.margin_top
                lines = [b for b in box.descendants() if type(b).__name__ == "LineBox"]
                text = "".join(getattr(b, "text", "") for b in box.descendants() if type(b).__name__ == "TextBox")
                badges.append({"page": number, "top": top * _PX_MM, "h": box.border_height() * _PX_MM,
                               "text": " ".join(text.split()),
                               "lines": [((b.position_y - top) * _PX_MM, (b.position_y + b.height - top) * _PX_MM)
                                         for b in lines]})
                return
            for child in getattr(box, "children", ()):
                walk(child)
        walk(page._page_box)
    return badges


def _real_faces(gid: str):
    from cardlang.compile.game import load_game
    from cardlang.errors import ErrorList
    from cardlang.render.build import card_faces
    try:
        return card_faces(load_game(gid))
    except ErrorList as e:
        pytest.skip(f"{gid} does not load right now ({e.errors[0]})")


@needs_weasyprint
@pytest.mark.parametrize("gid", ["warring-kingdom", "greedy-kingdoms"])
def test_pdf_stat_badges_hold_their_text(tmp_path, gid):
    """Every stat badge of a real game's cards (the Castle, the Dagger, the Heroes) is one line tall in the
    PDF with its label and value inside it, and the PDF prints that text: WeasyPrint once drew them as tall
    empty boxes (a wrapping flex row with a row gap) where Chromium drew them right."""
    faces = [f for f in _real_faces(gid) if f.stats]
    html = render_html(faces, None, title=gid)
    badges = weasyprint_badges(html)
    # the foot row's badges: a card with no rules text prints its numbers large, and a property the game places
    # (`: printed corner`, `: printed badge`) sits in the head
    expected = [f"{s.label} {s.value}{'†' if s.reconstructed else ''}".upper() for f in faces if f.text
                for s in f.stats if not s.place]
    assert [b["text"].upper() for b in badges] == expected
    for b in badges:
        assert 2.5 <= b["h"] <= BADGE_MAX_MM, b
        assert len(b["lines"]) == 1, b
        (line_top, line_bottom), = b["lines"]
        assert 0 <= line_top and line_bottom <= b["h"], b  # the text sits inside its box
    out = tmp_path / f"{gid}.pdf"
    laid_out(html).write_pdf(str(out))  # what render_pdf does (HTML(string=html).write_pdf), from this layout
    pages = [re.sub(r"\s+", " ", p.extract_text()).upper() for p in _read(out).pages]
    for b in badges:
        assert b["text"].upper() in pages[b["page"]], b
