"""syntax/nodes.py `@node`: the tree's classes behave as the frozen slotted dataclasses they replace (equality
and hash without the span, defaults, no change after making, a repr of the shown fields), and cost one
compile each to make."""
from __future__ import annotations

import copy
import dataclasses
import pickle
import subprocess
import sys
from dataclasses import field

import pytest

from cardlang.errors import NO_SPAN, Span
from cardlang.syntax import ast
from cardlang.syntax.nodes import fields_of, node, replace


@node
class Pair:
    left: int
    right: tuple = ()
    note: str = field(default="", compare=False, repr=False)
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


@dataclasses.dataclass(frozen=True, slots=True)
class PairDC:
    left: int
    right: tuple = ()
    note: str = field(default="", compare=False, repr=False)
    span: Span = field(default=NO_SPAN, compare=False, repr=False)


def test_a_node_behaves_as_the_frozen_dataclass_it_replaces() -> None:
    at = Span("a.card", 1, 2, 1, 5)
    for cls in (Pair, PairDC):
        a, b = cls(1, (2,), "x", at), cls(1, (2,), note="y")
        assert a == b and hash(a) == hash(b) and a != cls(2, (2,))  # span and note do not count
        assert (a.left, a.right, a.note, a.span) == (1, (2,), "x", at) and cls(3).right == ()
        assert not hasattr(a, "__dict__")
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.left = 5
        with pytest.raises(dataclasses.FrozenInstanceError):
            del a.left
        with pytest.raises(TypeError):
            cls()  # a field without a default must be given
    assert repr(Pair(1, (2,))) == repr(PairDC(1, (2,))).replace("PairDC", "Pair")
    assert hash(Pair(1, (2,))) == hash(PairDC(1, (2,)))
    assert (Pair(1) == PairDC(1)) is False  # another class is never equal
    assert fields_of(Pair) == ("left", "right", "note", "span") and fields_of(int) is None
    assert Pair.__match_args__ == fields_of(Pair)


def test_replace_and_pickle_keep_every_field() -> None:
    tree = ast.Func("max", (ast.IntLit(1, Span("a.card", 3, 4, 3, 5)), ast.NameRef("coins")), Span("a.card", 3, 1, 3, 9))
    again = pickle.loads(pickle.dumps(tree, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == tree and again.args[0].span == tree.args[0].span and again.span == tree.span
    pair = Pair(1, ([2],), "x")  # (a lowering deep-copies code marked with the compiler's IR nodes)
    for copied in (copy.deepcopy(pair), copy.copy(pair), pickle.loads(pickle.dumps(pair))):
        assert copied == pair and copied.note == "x"
    assert copy.deepcopy(pair).right[0] is not pair.right[0] and copy.copy(pair).right is pair.right
    other = replace(tree, name="min")
    assert (other.name, other.args, other.span) == ("min", tree.args, tree.span) and tree.name == "max"


def test_a_field_without_a_default_after_one_with_a_default_is_refused() -> None:
    with pytest.raises(TypeError, match="without a default after one with a default"):
        @node
        class Bad:
            a: int = 0
            b: int


def test_making_the_tree_classes_compiles_one_function_for_each_number_of_fields() -> None:
    # (what is exec'd as text, as `dataclass` does, is counted too; a module's own source is not)
    code = ("import builtins, sys; import cardlang.errors; n = [0]; real_c, real_e = builtins.compile, builtins.exec\n"
            "def counted(src, name, *a, **k):\n    n[0] += str(name).startswith('<')\n"
            "    return real_c(src, name, *a, **k)\n"
            "def execs(src, *a, **k):\n    n[0] += isinstance(src, str)\n    return real_e(src, *a, **k)\n"
            "builtins.compile, builtins.exec = counted, execs\nimport cardlang.syntax.ast as A\n"
            "from cardlang.syntax.nodes import fields_of\n"
            "print(n[0], len(A.node_classes()), len({len(fields_of(c)) for c in A.node_classes()}))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    compiled, classes, counts = map(int, out.stdout.split())
    assert classes > 50 and compiled == counts < 12  # (a class's own fields put in a template's place: _init)


def test_an_init_made_from_the_template_names_its_own_fields() -> None:
    made = Pair(left=1, right=(2,))
    assert (made.left, made.right, made.note) == (1, (2,), "")
    code = Pair.__init__.__code__
    assert code.co_varnames[:5] == ("self", "left", "right", "note", "span")
    assert Pair.__init__.__defaults__ == ((), "", NO_SPAN)
    assert Pair.__init__.__qualname__ == "Pair.__init__" and "Pair" in code.co_filename
    with pytest.raises(TypeError, match="'left'"):
        Pair(right=())
    with pytest.raises(TypeError, match="unexpected keyword argument 'wrong'"):
        Pair(1, wrong=2)

    @node(eq=False)
    class Local:
        hint: str = "v"
    a, b = Local(), Local()
    assert a != b and a == a and hash(a) != hash(b) and a.hint == "v"
