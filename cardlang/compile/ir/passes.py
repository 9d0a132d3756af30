"""The IR's passes, IR -> IR, in the order they run: each is a module of its own and a name of
compile/passes.py's PASSES (switched with the others: `--no-opt` runs none). `run_passes` is what the emitter
calls before it emits a tree. Knows the IR and the passes' names; no Python `ast`, no runtime layout.
"""
from __future__ import annotations

from typing import Callable

from cardlang.compile.ir import nodes as N
from cardlang.compile.ir.bool_arith import bool_arith
from cardlang.compile.ir.cheap_first import cheap_first
from cardlang.compile.ir.create_all import create_all
from cardlang.compile.ir.one_card import one_card
from cardlang.compile.ir.printed_consts import printed_consts
from cardlang.compile.ir.printed_table import printed_table
from cardlang.compile.ir.shared_conds import shared_conds
from cardlang.compile.ir.static_where import static_where
from cardlang.compile.ir.nested_in_place import nested_in_place
from cardlang.compile.ir.verb_in_place import verb_in_place
from cardlang.compile.ir.whole_moves import whole_moves
from cardlang.compile.passes import Options

IR_PASSES: tuple[tuple[str, Callable[[N.Node], N.Node]], ...] = (
    ("one-card", one_card),
    ("bool-arith", bool_arith),
    ("printed-consts", printed_consts),
    ("static-where", static_where),
    ("create-all", create_all),
    ("shared-conds", shared_conds),
    ("cheap-first", cheap_first),
    ("verb-in-place", verb_in_place),
    ("nested-in-place", nested_in_place),
    ("whole-moves", whole_moves),
    ("printed-table", printed_table),  # last: the reads the others leave (one-card's, in place)
)


def run_passes(node: N.Node, options: Options) -> N.Node:
    for pass_name, rewrite in IR_PASSES:
        if options.on(pass_name):
            node = rewrite(node)
    return node
