"""The rewrites of the generated Python, listed in one tuple in the order they run, each a pass of
compile/passes.py (switched with the others: a load's Options). `rewritten` is what codegen runs on a module
before compiling it and before listing it (`cardlang compile` shows what runs). Knows the rewrites' modules
and the passes' names; no runtime layout, no game.
"""
from __future__ import annotations

import ast as py
from typing import Callable

from cardlang.compile.comploops import with_comp_loops
from cardlang.compile.countbefore import with_counts_before
from cardlang.compile.existsloops import with_exists_loops
from cardlang.compile.fnlocals import with_state_local, with_tables_local, with_zones_local
from cardlang.compile.passes import Options
from cardlang.compile.quietfold import fold_quiet
from cardlang.compile.samereads import with_same_reads
from cardlang.compile.sharedslots import with_shared_slots
from cardlang.compile.youlocal import with_you_local

# (pass, what it needs on as well, the rewrite): quiet-fold answers the quiet local that state-locals makes, and
# tables-kept reads the state from it
REWRITES: tuple[tuple[str, str | None, Callable[[py.Module], py.Module]], ...] = (
    ("state-locals", None, with_state_local),
    ("quiet-fold", "state-locals", fold_quiet),
    ("tables-kept", "state-locals", with_tables_local),
    ("zones-kept", "state-locals", with_zones_local),
    ("you-local", None, with_you_local),
    ("same-reads", None, with_same_reads),
    ("exists-loops", None, with_exists_loops),
    ("count-before", None, with_counts_before),
    ("comp-loops", None, with_comp_loops),  # the others see the comprehensions as made
    ("shared-slots", None, with_shared_slots),  # last: it renames what the others may have made
)


def rewritten(tree: py.Module, options: Options) -> py.Module:
    """TREE after the rewrites OPTIONS switch on (each returns a new module, the functions it changes copied)."""
    for pass_name, needs, rewrite in REWRITES:
        if options.on(pass_name) and (needs is None or options.on(needs)):
            tree = rewrite(tree)
    return tree
