"""syntax/walk.nodes visits what a plain recursive walk over the nodes' fields visits, in the same order."""
from __future__ import annotations

from pathlib import Path

from cardlang.syntax.parser import parse
from cardlang.syntax.walk import nodes

ROOT = Path(__file__).resolve().parents[2]


def _recursive(node, out: list) -> list:
    if isinstance(node, tuple):
        for x in node:
            _recursive(x, out)
    elif hasattr(node, "__node_fields__"):
        out.append(node)
        for f in node.__node_fields__:
            _recursive(getattr(node, f), out)
    return out


def test_every_node_of_every_shipped_source_in_source_order() -> None:
    files = sorted((ROOT / "games").rglob("*.cl")) + sorted((ROOT / "cards").rglob("*.card"))[:60]
    assert len(files) > 40
    for f in files:
        tree = parse(f.read_text(encoding="utf-8"), str(f))
        want = _recursive(tree, [])
        got = list(nodes(tree))
        assert len(got) == len(want) > 3 and all(a is b for a, b in zip(got, want)), f


def test_a_tuple_of_trees_and_leaves() -> None:
    tree = parse("card A { cost 1; on play { draw 2; } }", "a.card")
    assert list(nodes((tree, "x", 3, None))) == list(nodes(tree))
    assert list(nodes("not a node")) == []
