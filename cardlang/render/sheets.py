"""Printable card sheets and rules references: CardFace/RulesReference -> HTML, Markdown or PDF.

Every decision (page chunks, positions, font-size classes, reconstruction marks) is made here in
Python; the Jinja templates in ``templates/`` only lay the prepared values out.

The HTML is one self-contained file: the bundled Liberation Sans (SIL OFL 1.1, see
``fonts/LICENSE-OFL.txt``) is embedded as base64 ``@font-face``. Cards are 63 x 88 mm (poker size),
nine to a page in a 3 x 3 grid of explicit ``.page`` boxes, so a page break can never cut a card.
"""
from __future__ import annotations

import base64
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from cardlang.render.model import CardFace, RulesReference, Stat

__all__ = [
    "CARD_HEIGHT_MM",
    "CARD_WIDTH_MM",
    "CARDS_PER_PAGE",
    "MARK",
    "MARK_LEGEND",
    "PAPERS",
    "MissingExtra",
    "Paper",
    "is_marked",
    "md_escape",
    "name_fit_class",
    "page_count",
    "render_html",
    "render_markdown",
    "render_pdf",
    "render_text",
    "text_fit_class",
    "text_load",
]

CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0
_COLUMNS = 3
_ROWS = 3
CARDS_PER_PAGE = _COLUMNS * _ROWS

MARK = "\u2020"  # the obelus: printed after every reconstructed number and ability
MARK_LEGEND = "reconstructed: designed for cardlang, not taken from a published source"

_HERE = Path(__file__).resolve().parent
_FONTS = _HERE / "fonts"
_TEMPLATES = _HERE / "templates"
_FONT_FAMILY = "CardSans"  # our CSS alias for the embedded Liberation Sans
_FONT_FILES = ((400, "LiberationSans-Regular.ttf"), (700, "LiberationSans-Bold.ttf"))

# A .page box is this much shorter than the paper, so rounding in a browser can never push it onto
# a second sheet. The grid is still centred on the physical paper.
_PAGE_SLACK_MM = 1.0


class MissingExtra(RuntimeError):
    """An optional dependency (an 'extra' of the cardlang package) is not installed."""


@dataclass(frozen=True, slots=True)
class Paper:
    """A paper size in millimetres, as CSS @page names it."""

    name: str
    css_size: str
    width_mm: float
    height_mm: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", "A4", 210.0, 297.0),
    "letter": Paper("letter", "letter", 215.9, 279.4),
}

# Rules text font-size classes, largest first: (class, most text "load" it takes), 10.5pt down to 6.5pt.
# The load is the character count plus a charge per extra paragraph (each starts a new line).
# Measured in Chromium on a worst-case face (two-line name, five stats, three paragraphs), each
# class holds about 370 / 440 / 550 / 720 / 990 load; the limits keep a quarter of that spare.
# Verified in a real browser by tests/render/test_sheets_browser.py.
_TEXT_FIT = (("fit-l", 250), ("fit-m", 330), ("fit-s", 420), ("fit-xs", 560))
_TEXT_FIT_LAST = "fit-xxs"
_PARAGRAPH_LOAD = 30
_NAME_FIT = (("name-l", 16), ("name-m", 22), ("name-s", 30))
_NAME_FIT_LAST = "name-xs"


# --------------------------------------------------------------------------- view models


@dataclass(frozen=True, slots=True)
class _CardView:
    name: str
    name_class: str
    types: str
    cost: Stat | None  # Stat.reconstructed says whether it carries the mark
    stats: tuple[Stat, ...]          # the foot row of numbers
    corner: tuple[Stat, ...]         # large in the top corner (`: printed corner`, a Hero's icon)
    badge: tuple[Stat, ...]          # round badges before the name (`: printed badge`, an upkeep)
    big: bool                        # no rules text: the numbers are the card, printed large in its body
    paragraphs: tuple[str, ...]
    text_marked: bool
    text_class: str
    any_marked: bool
    copies: int
    game: str
    position_class: str  # "r0 c2": row and column inside the page's 3 x 3 grid


@dataclass(frozen=True, slots=True)
class _PageView:
    number: int
    cards: tuple[_CardView, ...]


def _fit(length: int, steps: tuple[tuple[str, int], ...], last: str) -> str:
    for css_class, limit in steps:
        if length <= limit:
            return css_class
    return last


def text_load(text: tuple[str, ...]) -> int:
    """How much room a card's rules text needs, in characters (used to pick its font size)."""
    if not text:
        return 0
    return sum(len(p) for p in text) + _PARAGRAPH_LOAD * (len(text) - 1)


def text_fit_class(text: tuple[str, ...]) -> str:
    """The CSS class that sets the rules-text font size: shorter text prints larger."""
    return _fit(text_load(text), _TEXT_FIT, _TEXT_FIT_LAST)


def name_fit_class(name: str) -> str:
    """The CSS class that sets the card-name font size, so a long name stays on its card."""
    return _fit(len(name), _NAME_FIT, _NAME_FIT_LAST)


def is_marked(face: CardFace) -> bool:
    """True when anything printed on the face is reconstructed (and so carries the mark)."""
    return (
        (face.text_reconstructed and bool(face.text))
        or (face.cost is not None and face.cost.reconstructed)
        or any(s.reconstructed for s in face.stats)
    )


def _card_view(face: CardFace, index_on_page: int) -> _CardView:
    row, column = divmod(index_on_page, _COLUMNS)
    return _CardView(
        name=face.name,
        name_class=name_fit_class(face.name),
        types=" \u00b7 ".join(face.types),
        cost=face.cost,
        stats=tuple(st for st in face.stats if st.place not in ("corner", "badge")),
        corner=tuple(st for st in face.stats if st.place == "corner"),
        badge=tuple(st for st in face.stats if st.place == "badge"),
        # a card with no rules text is its numbers (a treasure's Worth 1, a victory card's 6 VP): they fill its body
        big=not face.text and any(st.place not in ("corner", "badge") for st in face.stats),
        paragraphs=face.text,
        text_marked=face.text_reconstructed and bool(face.text),
        text_class=text_fit_class(face.text),
        any_marked=is_marked(face),
        copies=face.copies,
        game=face.game,
        position_class=f"r{row} c{column}",
    )


def _expand(faces: list[CardFace], repeat_copies: bool) -> list[CardFace]:
    if not repeat_copies:
        return list(faces)
    return [face for face in faces for _ in range(max(face.copies, 1))]


def _pages(faces: list[CardFace]) -> list[_PageView]:
    pages = []
    for start in range(0, len(faces), CARDS_PER_PAGE):
        chunk = faces[start : start + CARDS_PER_PAGE]
        cards = tuple(_card_view(face, i) for i, face in enumerate(chunk))
        pages.append(_PageView(number=len(pages) + 1, cards=cards))
    return pages


def page_count(n_cards: int) -> int:
    """How many card pages a sheet of n cards takes."""
    return math.ceil(n_cards / CARDS_PER_PAGE)


# --------------------------------------------------------------------------- geometry and fonts


def _geometry(paper: Paper) -> dict[str, float | str]:
    grid_w = _COLUMNS * CARD_WIDTH_MM
    grid_h = _ROWS * CARD_HEIGHT_MM
    left = (paper.width_mm - grid_w) / 2
    top = (paper.height_mm - grid_h) / 2
    if left < 3 or top < 3:  # pragma: no cover - guards a future paper size
        raise ValueError(f"paper {paper.name} is too small for {_COLUMNS} x {_ROWS} poker cards")
    mark_len = round(min(3.0, top - 2.5, left - 2.5), 2)
    return {
        "page_size": paper.css_size,
        "page_w": paper.width_mm,
        "page_h": round(paper.height_mm - _PAGE_SLACK_MM, 2),
        "grid_left": round(left, 2),
        "grid_top": round(top, 2),
        "grid_w": grid_w,
        "grid_h": grid_h,
        "card_w": CARD_WIDTH_MM,
        "card_h": CARD_HEIGHT_MM,
        # the page footer sits in the bottom margin, below the crop marks
        "footer_top": round(top + grid_h + min(4.0, top - 3.0), 2),
        "col_offsets": [round(CARD_WIDTH_MM * i, 2) for i in range(_COLUMNS)],
        "row_offsets": [round(CARD_HEIGHT_MM * i, 2) for i in range(_ROWS)],
        "mark_len": mark_len,
        "crop_marks": _crop_marks(left, top, grid_w, grid_h, mark_len),
    }


def _crop_marks(
    left: float, top: float, grid_w: float, grid_h: float, length: float
) -> list[tuple[str, float, float]]:
    """(direction, left mm, top mm) of each cut guide: in the margin, in line with every card edge."""
    gap, half_line = 1.0, 0.1  # distance from the grid; half of the mark's 0.2 mm stroke
    marks: list[tuple[str, float, float]] = []
    for i in range(_COLUMNS + 1):
        x = round(left + CARD_WIDTH_MM * i - half_line, 2)
        marks.append(("v", x, round(top - gap - length, 2)))
        marks.append(("v", x, round(top + grid_h + gap, 2)))
    for i in range(_ROWS + 1):
        y = round(top + CARD_HEIGHT_MM * i - half_line, 2)
        marks.append(("h", round(left - gap - length, 2), y))
        marks.append(("h", round(left + grid_w + gap, 2), y))
    return marks


@lru_cache(maxsize=None)
def _font_faces() -> tuple[tuple[int, str], ...]:
    """(weight, base64 of the TTF) for each bundled font file."""
    return tuple(
        (weight, base64.b64encode((_FONTS / filename).read_bytes()).decode("ascii"))
        for weight, filename in _FONT_FILES
    )


# --------------------------------------------------------------------------- Jinja


_MD_INLINE = re.compile(r"([\\`*_\[\]<>|~])")
_MD_BLOCK = re.compile(r"^(\s*)([-+]|#{1,6})(?=\s|$)", re.MULTILINE)
_MD_ORDERED = re.compile(r"^(\s*\d{1,9})([.)])(?=\s|$)", re.MULTILINE)


def md_escape(text: str) -> str:
    """Escape only the Markdown syntax that would change how text reads; '+1 Card.' stays as is."""
    text = _MD_INLINE.sub(r"\\\1", str(text))
    text = _MD_BLOCK.sub(r"\1\\\2", text)
    return _MD_ORDERED.sub(r"\1\\\2", text)


def _autoescape(template_name: str | None) -> bool:
    # HTML (and anything unnamed) is escaped; Markdown templates escape with the `md` filter instead.
    return template_name is None or not template_name.endswith(".md.j2")


@lru_cache(maxsize=1)
def _env() -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(_TEMPLATES)),
        autoescape=_autoescape,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["md"] = md_escape
    return env


def _paper(paper: str) -> Paper:
    try:
        return PAPERS[paper.lower()]
    except KeyError:
        raise ValueError(f"unknown paper {paper!r}: choose one of {', '.join(PAPERS)}") from None


# --------------------------------------------------------------------------- public API


def render_html(
    faces: list[CardFace],
    reference: RulesReference | None,
    *,
    paper: str = "a4",
    title: str,
    crop_marks: bool = True,
    repeat_copies: bool = False,
) -> str:
    """One self-contained HTML file: the card pages, then the rules reference (if any).

    paper: "a4" or "letter". crop_marks: short cut guides in the margin at every card edge.
    repeat_copies: print each face `copies` times (a playable deck) instead of once with "x N".
    """
    geometry = _geometry(_paper(paper))
    printed = _expand(faces, repeat_copies)
    pages = _pages(printed)
    return _env().get_template("sheet.html.j2").render(
        title=title,
        lang="en",
        font_family=_FONT_FAMILY,
        fonts=_font_faces(),
        g=geometry,
        pages=pages,
        page_total=len(pages),
        crop_marks=crop_marks,
        show_copies=not repeat_copies,
        has_marks=any(is_marked(f) for f in printed),
        mark=MARK,
        mark_legend=MARK_LEGEND,
        reference=reference,
    )


def render_markdown(
    faces: list[CardFace],
    reference: RulesReference | None,
    *,
    title: str,
) -> str:
    """The same content as the HTML sheet, as Markdown: one heading per card, then the reference."""
    cards = [_card_view(face, 0) for face in faces]
    return _env().get_template("sheet.md.j2").render(
        title=title,
        cards=cards,
        has_marks=any(c.any_marked for c in cards),
        mark=MARK,
        mark_legend=MARK_LEGEND,
        reference=reference,
    )


def render_pdf(html: str, path: str | Path) -> None:
    """Write `html` (from render_html) as a PDF with WeasyPrint, the optional `pdf` extra."""
    try:
        import weasyprint
    except ImportError as e:
        raise MissingExtra(
            "PDF output needs WeasyPrint, which is not installed: pip install 'cardlang[pdf]'"
        ) from e
    except OSError as e:  # WeasyPrint is installed but its system libraries (Pango) are not
        raise MissingExtra(
            "PDF output needs WeasyPrint and Pango; WeasyPrint could not load it "
            f"({e}). Install Pango (Debian: apt-get install libpango-1.0-0 libpangoft2-1.0-0), "
            "then pip install 'cardlang[pdf]'"
        ) from e
    weasyprint.HTML(string=html).write_pdf(str(path))


def render_text(faces: list[CardFace], reference: RulesReference | None, *, title: str) -> str:
    """The printed words of a sheet as plain text, one card after another, then the reference: what the
    golden files under tests/sheets/ hold, so a change in generated text shows up as a reviewable diff."""
    lines = [title, ""]
    for face in faces:
        head = [face.name]
        if face.cost is not None:
            head.append(_stat_text(face.cost))
        if face.types:
            head.append(" \u00b7 ".join(face.types))
        if face.copies > 1:
            head.append(f"\u00d7{face.copies}")
        lines.append(" | ".join(head))
        if face.stats:
            lines.append("  " + " | ".join(_stat_text(s) for s in face.stats))
        for i, paragraph in enumerate(face.text):
            mark = f" {MARK}" if face.text_reconstructed and i == len(face.text) - 1 else ""
            lines.append(f"  {paragraph}{mark}")
        lines.append("")
    if reference is not None:
        lines += [f"Rules reference: {reference.title}", ""]
        for section in reference.sections:
            lines.append(section.title)
            lines += [f"  - {line}" for line in section.lines]
            lines.append("")
        if reference.glossary:
            lines.append("Glossary")
            lines += [f"  - {term}: {meaning}" for term, meaning in reference.glossary]
            lines.append("")
    if any(is_marked(f) for f in faces):
        lines += [f"{MARK} {MARK_LEGEND}.", ""]
    return "\n".join(lines)


def _stat_text(stat: Stat) -> str:
    return f"{stat.label} {stat.value}{MARK if stat.reconstructed else ''}"

