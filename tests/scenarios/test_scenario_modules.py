"""The scenario runner's modules: one per concern (the runner and its actions, the position, the checks, the
script), each under 500 lines, importing one way: the runner uses the others, never the reverse."""
import ast as py
from pathlib import Path

from cardlang.compile import scenario, scenario_position

ROOT = Path(__file__).resolve().parents[2] / "cardlang" / "compile"
PARTS = ("scenario_position", "scenario_checks", "scenario_script")


def test_each_module_is_under_500_lines_and_none_imports_the_runner() -> None:
    for name in ("scenario", *PARTS):
        text = (ROOT / f"{name}.py").read_text(encoding="utf-8")
        assert len(text.splitlines()) < 500, name
        if name == "scenario":
            continue
        imported = {n.module for n in py.walk(py.parse(text)) if isinstance(n, py.ImportFrom)}
        assert "cardlang.compile.scenario" not in imported, name


def test_the_position_statements_come_from_their_module() -> None:
    assert scenario.STATEMENTS["dice"] is scenario_position.dice
    assert scenario.STATEMENTS["put"] is scenario_position.put
