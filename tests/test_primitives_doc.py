"""docs/primitives.md is generated from the primitive registry and must not fall behind it: a primitive added
or changed without running tools/primitives_doc.py fails here, with the command to run."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from cardlang.primitives import CORE, Registry
from cardlang.primitives.registry import Param, Verb, primitive

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "primitives.md"
_spec = importlib.util.spec_from_file_location("primitives_doc", ROOT / "tools" / "primitives_doc.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


def test_docs_are_up_to_date_with_the_registry():
    assert DOC.is_file(), f"docs/primitives.md is missing: run `{tool.REGENERATE}`"
    assert DOC.read_text(encoding="utf-8") == tool.render(), (
        f"docs/primitives.md is out of date with the primitive registry: run `{tool.REGENERATE}` and commit it")


def test_first_line_says_it_is_generated_and_by_what():
    first = DOC.read_text(encoding="utf-8").splitlines()[0]
    assert first == tool.MARKER and "tools/primitives_doc.py" in first


def test_every_primitive_has_an_entry_with_its_example():
    text = tool.render()
    for p in CORE.all():
        assert f"\n### `{p.verb}`\n" in text, p.verb
        assert p.example and f"Example: `{p.example}`" in text, p.verb


def test_an_entry_reads_from_the_primitive(monkeypatch):
    reg = Registry()

    @primitive(registry=reg)
    class Polish(Verb):
        """Polish cards, then put them
        onto a zone.
        Example: polish hand onto table;"""

        verb = "polish"
        params = (Param("what", "cards"), Param("to", "zone", aliases=("to", "onto")),
                  Param("times", "int", 1, required=False))

        def describe(self, a: dict) -> str:
            return f"Polish {a['what']} onto {a['to']}."

    monkeypatch.setattr("cardlang.primitives.CORE", reg)
    text = tool.render()
    assert text.splitlines()[0] == tool.MARKER
    assert "| [`polish`](#polish) | verb | `polish WHAT to TO [times=TIMES]` |" in text
    entry = text[text.index("### `polish`"):]
    assert entry.splitlines()[2] == "verb: `polish WHAT to TO [times=TIMES]`"
    assert "Polish cards, then put them onto a zone." in entry  # the whole rule, not just its first line
    assert "Example: `polish hand onto table;`" in entry
    assert "| `to` | zone | required | `to`, `onto` |" in entry
    assert "| `times` | int | optional, default `1` | position |" in entry
    assert "Rules text: `Polish WHAT onto TO.`" in entry


def test_check_mode_fails_with_the_command_to_run(tmp_path, capsys):
    stale = tmp_path / "primitives.md"
    stale.write_text("old\n", encoding="utf-8")
    assert tool.main(["--check"], out=stale) == 1
    assert f"run `{tool.REGENERATE}`" in capsys.readouterr().err
    assert tool.main([], out=stale) == 0
    assert tool.main(["--check"], out=stale) == 0
