"""The engine names no game and no card: every game lives in cards/ and games/, in the language."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_engine_names_no_game_or_card() -> None:
    names = {"dominion", "warring kingdom", "greedy kingdoms", "fall of kingdoms", "puppeteer", "town guard",
             "royal palace", "mysterious watch"}
    for f in (ROOT / "cards").rglob("*.card"):
        m = re.search(r'card\s+"?([^"{]+?)"?\s*\{', f.read_text(encoding="utf-8"))
        if m:
            names.add(m.group(1).strip().lower())
    assert len(names) > 30
    names -= {"library"}  # also an ordinary English word ("a library of templates")
    hits = []
    for f in (ROOT / "cardlang").rglob("*"):
        if f.suffix not in (".py", ".lark", ".j2"):
            continue
        text = f.read_text(encoding="utf-8").lower()
        for n in names:
            if re.search(rf"\b{re.escape(n)}\b", text):
                hits.append(f"{f.relative_to(ROOT)}: {n}")
    assert hits == []
