"""What a cached load imports (issue 25), counted in fresh processes, never timed: a load whose code comes
from the user's cache, and the bot games played after it, never import the rewrites of generated Python
(they run only where a module is compiled: compile/codegen.py _rewritten), and importing the loader makes
its classes without compiling their methods from text one by one (the syntax tree's and the IR's with
syntax/nodes.py @node, the events with runtime/events.py @event; 19963ba exec'd 823 texts, 26f689d ~70).

A cached load still runs the compile rules (they check the sources and make the compiled values the
artifact's code is linked to: compile/codecache.py), so the compiler and the IR's node classes are
imported; and a bot module whose constants have no symbol is generated again for its namespace when first
run, so the emitter may be too. What is never needed is listed here.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

from cardlang.cache import cache_dir

ROOT = Path(__file__).resolve().parents[1]

# compiled-code rewrites: run on a module only when it is compiled (or listed by `cardlang compile`)
NEVER_ON_A_CACHED_LOAD = ("cardlang.compile.rewrites", "cardlang.compile.fnlocals", "cardlang.compile.quietfold",
                          "cardlang.compile.youlocal", "cardlang.compile.comploops", "cardlang.compile.loopnames")
GAMES = (("dominion", ("big-money", "big-money")), ("fall-of-kingdoms", ("honest", "bluffer")),
         ("greedy-kingdoms", ("reader", "palace-rusher")), ("warring-kingdom", ("economy", "rush")))
TEXTS_AT_IMPORT = 150  # functions exec'd from text while the loader is imported (the few dataclasses left)

SCRIPT = f"""
import builtins, json, sys
texts = [0]
real_exec = builtins.exec
def counting(src, *args, **kwargs):
    texts[0] += isinstance(src, str)  # (dataclass execs each method's text; a module's code is no text)
    return real_exec(src, *args, **kwargs)
builtins.exec = counting
import cardlang.compile.game as loader
at_import = texts[0]
from cardlang.agents import make_agent
from cardlang.runtime.engine import play_game
for game_id, bots in {GAMES!r}:
    game = loader.load_game(game_id)
    play_game(game, [make_agent(game, b, 1 + j) for j, b in enumerate(bots)], 1)
print(json.dumps({{"texts": at_import, "modules": sorted(m for m in sys.modules if m.startswith("cardlang"))}}))
"""


def _run(cache: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(ROOT), CARDLANG_CACHE=str(cache))
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, cwd=ROOT, env=env,
                         timeout=600, check=True)
    return json.loads(out.stdout.splitlines()[-1])


def test_a_cached_load_and_its_games_import_no_rewrite_of_generated_code(tmp_path: Path) -> None:
    assert all(importlib.util.find_spec(m) for m in NEVER_ON_A_CACHED_LOAD)  # (the names are modules that exist)
    # The cache this run's other tests use, where the games' entries most often are already (a fresh one would
    # compile all four again); a fresh one where caching is off.
    cache = cache_dir() or tmp_path / "cache"
    _run(cache)  # whatever the cache held, this run stores the games' code and their bots' (compile/bots.py)
    cached = _run(cache)
    assert "cardlang.compile.compiler" in cached["modules"]  # the compile rules do run: they link the code
    assert [m for m in NEVER_ON_A_CACHED_LOAD if m in cached["modules"]] == []
    assert cached["texts"] <= TEXTS_AT_IMPORT, "a class the loader imports makes its methods from text again"
