"""The balance report (`cardlang report`) of each of the four games, opened in Debian's headless Chromium:
every chart drawn (inline SVG, no script), the per-turn curves and the game metrics there, nothing wider
than the page, no request to the network, a small file, and a PNG of each page in tests/artifacts/.
Skipped like the sheet tests when Chromium or Playwright is missing outside CI."""
from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardlang.cli.commands import app

from .test_sheets_browser import CHROMIUM, CHROMIUM_ARGS, _REASON  # one way to find and start the browser

pytest.importorskip("scipy", reason="the report needs the cardlang[lab] extra")
pytest.importorskip("openskill", reason="the report needs the cardlang[lab] extra")

GAMES = {"dominion": "smithy-bm,big-money", "fall-of-kingdoms": "honest,bluffer,honest",
         "greedy-kingdoms": "needs,palace-rusher", "warring-kingdom": "economy,rush"}
runner = CliRunner()


@pytest.fixture(scope="module")
def browser():
    if _REASON:
        pytest.fail(f"CI is set but {_REASON}; .ci/run should have installed it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def _smithy4(tmp_path: Path) -> Path:
    src = Path(__file__).resolve().parents[2] / "cards" / "dominion" / "smithy.card"
    out = tmp_path / "smithy4"
    out.mkdir()
    (out / "smithy.card").write_text(src.read_text().replace("draw 3;", "draw 4;"))
    return out


@pytest.mark.parametrize("game", sorted(GAMES))
def test_each_game_produces_a_report(game: str, browser, tmp_path: Path, artifacts: Path) -> None:
    out = tmp_path / "report.html"
    args = ["report", game, "--players", GAMES[game], "--games", "12", "--seat-games", "4", "-o", str(out)]
    if game == "dominion":
        args += ["--b", str(_smithy4(tmp_path))]
    r = runner.invoke(app, args)
    assert r.exit_code == 0, r.output
    assert f"wrote {out}" in r.stdout
    text = out.read_text(encoding="utf-8")
    assert "<script" not in text and len(text.encode()) < 400_000  # was 4.9 MB with plotly.js inline
    n_bots = len(GAMES[game].split(","))
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda req: requests.append(req.url))
    page.goto(out.as_uri(), wait_until="load")
    found = page.evaluate("""() => [...document.querySelectorAll('figure.chart svg')].map(c => {
        const r = c.getBoundingClientRect();
        return {key: c.dataset.chart, width: r.width, height: r.height,
                marks: c.querySelectorAll('rect, polyline, circle').length};
    })""")
    for chart in found:
        assert chart["width"] > 300 and chart["height"] > 60, chart
        assert chart["marks"] > 0, f"chart {chart['key']} draws nothing"
    keys = [c["key"] for c in found]
    assert {"wins", "seats", "length", "ended"} <= set(keys)
    assert {f"cards-{b}" for b in range(n_bots)} <= set(keys)
    assert sum(k.startswith("curve-") for k in keys) >= 2, keys  # per-turn curves
    headings = page.evaluate("() => [...document.querySelectorAll('h2')].map(h => h.textContent)")
    assert {"Who wins", "Seats", "Game metrics", "Per turn"} <= set(headings)
    notes = page.evaluate("() => [...document.querySelectorAll('ul.notes li')].map(li => li.textContent)")
    assert any("seat" in n.lower() for n in notes), notes  # a sentence per player count
    lo, hi = {"dominion": (2, 4), "fall-of-kingdoms": (2, 7), "greedy-kingdoms": (2, 4),
              "warring-kingdom": (2, 4)}[game]
    for count in range(lo, hi + 1):
        assert any(f"at {count} players" in n for n in notes), (count, notes)
    if "margin" not in keys:  # no empty chart: a sentence says why there is none
        assert "No margin chart" in page.inner_text("main")
    if game == "dominion":
        assert {"ab-diff", "cards-0-b"} <= set(keys)
        assert "B: " in page.inner_text("main")
    overflow = page.evaluate("""() => {
        const limit = document.documentElement.clientWidth;
        const wide = [...document.querySelectorAll('main *')].filter(e => e.getBoundingClientRect().right > limit + 1);
        return {page: document.documentElement.scrollWidth - limit, wide: wide.slice(0, 5).map(e => e.outerHTML.slice(0, 80)),
                tables: [...document.querySelectorAll('.table')].filter(t => t.scrollWidth > t.clientWidth + 1).length};
    }""")
    assert overflow == {"page": 0, "wide": [], "tables": 0}, overflow
    assert [u for u in requests if not u.startswith("file:")] == []  # nothing to fetch: works offline
    page.screenshot(path=str(artifacts / f"report-{game}.png"), full_page=True)
    context.close()


def test_the_report_is_the_same_for_any_number_of_workers(tmp_path: Path) -> None:
    """The report's games (both arms, and arm A's statistics) run on the parallel path: a pool of two writes
    the very page that this process writes."""
    pages, arm = [], _smithy4(tmp_path)
    for workers in ("1", "2"):
        out = tmp_path / f"report-{workers}.html"
        r = runner.invoke(app, ["report", "dominion", "--players", GAMES["dominion"], "--games", "10", "--seed", "2",
                                "--b", str(arm), "--workers", workers, "-o", str(out)])
        assert r.exit_code == 0, r.output
        pages.append(out.read_text(encoding="utf-8"))
    assert pages[0] == pages[1]
    assert 'data-chart="ab-diff"' in pages[0] and 'data-chart="cards-1"' in pages[0]
    assert 'data-chart="curve-0"' in pages[0]


def test_report_output_must_be_writable(tmp_path: Path) -> None:
    r = runner.invoke(app, ["report", "dominion", "--players", "big-money,big-money", "--games", "2",
                            "-o", str(tmp_path / "no" / "such" / "r.html")])
    assert r.exit_code == 2 and "error: -o" in r.output
