"""Loading a game from the user's cache (cardlang/cache.py entries, syntax/cached.py, compile/codecache.py):
a second load of the same sources parses nothing and compiles nothing, and gives the same game; a changed
source, a new cardlang, a damaged, stale or deleted entry, or a folder that cannot be written only costs
the time to build it again."""
from __future__ import annotations

import hashlib
import json
import marshal
import os
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from cardlang import cache
from cardlang.compile import codegen
from cardlang.compile.bots import compile_bot
from cardlang.compile.codegen import Generated
from cardlang.compile.game import load_game
from cardlang.errors import ErrorList
from cardlang.syntax import parser
from copied_game import private_home

ROOT = Path(__file__).resolve().parents[2]
GAME = "dominion"


@pytest.fixture
def home(tmp_path: Path, monkeypatch) -> Path:
    """A copy of one game's sources as the project (so a test may edit a card), with a cache of its own."""
    return private_home(tmp_path, monkeypatch, (GAME,))


class Counted:
    """Counts the files parsed and the functions compiled while it is installed."""

    def __init__(self, monkeypatch) -> None:
        self.parsed: list[str] = []
        self.compiled = 0
        real_parse, real_compile = parser.parse, compile

        def parse(text, path="<text>"):
            self.parsed.append(path)
            return real_parse(text, path)

        def compile_(*args, **kw):
            self.compiled += 1
            return real_compile(*args, **kw)
        monkeypatch.setattr(parser, "parse", parse)
        monkeypatch.setattr(codegen, "compile", compile_, raising=False)

    def reset(self) -> None:
        self.parsed, self.compiled = [], 0


def _fingerprint(game) -> list:
    """What a game is made of, comparable across loads: each generated function's code (its bots' included:
    a load that skips the checks compiles a bot when first asked), its constants' names, and every card's
    properties and rules text."""
    for name in game.bots:
        compile_bot(game, name)
    funcs = [(g.label, g.fn.__code__.co_filename, g.fn.__code__.co_code, g.fn.__code__.co_linetable,
              _consts(g.fn.__code__), tuple(g.consts)) for g in map(Generated.ready, game.generated)]
    cards = [(d.name, sorted(d.props.items()), sorted(d.dynamic), d.text) for d in game.defs]
    return [funcs, cards, sorted(game.bots), sorted(game.spec.zones), sorted(game.spec.counters)]


def _consts(code) -> str:
    """A code object's constants, a nested one's (a list comprehension's) by its own code, not by its address."""
    return repr([(c.co_name, c.co_code, _consts(c)) if isinstance(c, types.CodeType) else c for c in code.co_consts])


def _entries(kind: str) -> list[Path]:
    return sorted(Path(os.environ["CARDLANG_CACHE"]).glob(f"{kind}-*.cache"))


def test_a_second_load_parses_and_compiles_nothing_and_is_the_same_game(home, monkeypatch) -> None:
    n = Counted(monkeypatch)
    cold = load_game(GAME)
    files = len(n.parsed)
    assert files > 30 and n.compiled > 50
    assert len(_entries("ast")) == files and len(_entries("code")) == 1
    n.reset()
    warm = load_game(GAME)
    assert n.parsed == [] and n.compiled == 0
    assert _fingerprint(warm) == _fingerprint(cold)
    # and the game plays the same
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    logs = []
    for g in (cold, warm):
        r = play_game(g, [make_agent(g, "big-money", 1), make_agent(g, "smithy-bm", 2)], 7, log=True)
        logs.append((r.winners, r.scores, r.turns, list(r.state.log)))
    assert logs[0] == logs[1]


def test_the_printed_code_is_the_same_when_it_comes_from_the_cache(home, monkeypatch) -> None:
    """`cardlang compile` prints what runs (fnlocals.with_state_local's rewrites included), and the same when
    the game's code objects came from the cache: a tree that was never compiled has no line numbers."""
    cold = [codegen.source_of(g) for g in load_game(GAME).generated]
    n = Counted(monkeypatch)
    warm = [codegen.source_of(g) for g in load_game(GAME).generated]
    assert n.compiled == 0 and warm == cold
    text = "\n".join(cold)
    assert "_state = ctx.state" in text and "_quiet = _state.log is None" in text and "_def_x" in text


def test_an_edited_card_is_parsed_again_and_only_it(home, monkeypatch) -> None:
    load_game(GAME)
    n = Counted(monkeypatch)
    card = next((home / "cards" / GAME).rglob("smithy.card"))
    card.write_text(card.read_text(encoding="utf-8").replace("cost 4;", "cost 5;"), encoding="utf-8")
    g = load_game(GAME)
    assert [Path(p).name for p in n.parsed] == ["smithy.card"]
    assert g.defs_by_name["Smithy"].props["cost"] == 5
    assert n.compiled > 50  # new sources: a new entry of code
    assert len(_entries("code")) == 2


def test_a_new_cardlang_version_trusts_no_entry(home, monkeypatch) -> None:
    cold = _fingerprint(load_game(GAME))
    monkeypatch.setattr(cache, "code_version", lambda: "another cardlang")
    n = Counted(monkeypatch)
    assert _fingerprint(load_game(GAME)) == cold
    assert len(n.parsed) > 30 and n.compiled > 50


def test_the_version_is_a_hash_of_cardlang_code(tmp_path: Path) -> None:
    copy = tmp_path / "cardlang"
    shutil.copytree(ROOT / "cardlang", copy, ignore=shutil.ignore_patterns("__pycache__"))

    def version() -> str:
        r = subprocess.run([sys.executable, "-c", "from cardlang.cache import code_version; print(code_version())"],
                           capture_output=True, text=True, timeout=120, cwd=tmp_path,
                           env={**os.environ, "PYTHONPATH": str(tmp_path)})
        assert r.returncode == 0, r.stderr
        return r.stdout.strip()
    before = version()
    assert version() == before
    with open(copy / "compile" / "codegen.py", "a", encoding="utf-8") as f:
        f.write("\n# an edit of the compiler\n")
    assert version() != before


def test_the_version_is_kept_under_the_files_stamps_and_a_changed_file_is_hashed_again(tmp_path: Path) -> None:
    copy = tmp_path / "cardlang"
    shutil.copytree(ROOT / "cardlang", copy, ignore=shutil.ignore_patterns("__pycache__"))
    folder = tmp_path / "cache"
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "CARDLANG_CACHE": str(folder)}

    def version(settled: float | None = None) -> str:
        code = "import cardlang.cache as c\n"
        if settled is not None:
            code += f"c._SETTLED = {settled}\n"
        r = subprocess.run([sys.executable, "-c", code + "print(c.code_version())"], capture_output=True, text=True,
                           timeout=120, cwd=tmp_path, env=env)
        assert r.returncode == 0, r.stderr
        return r.stdout.strip()
    before = version()
    assert not list(folder.glob("version-*"))  # files changed a moment ago: their stamps are not trusted yet
    assert version(settled=0) == before
    assert len(list(folder.glob("version-*"))) == 1
    assert version(settled=0) == before  # (from the entry)
    with open(copy / "compile" / "codegen.py", "a", encoding="utf-8") as f:
        f.write("\n# an edit of the compiler\n")
    after = version(settled=0)
    assert after != before
    shutil.rmtree(folder)
    assert version() == after  # the hash kept is the hash of the files


@pytest.mark.parametrize("damage", ["junk", "truncated", "empty", "one byte flipped"])
def test_a_damaged_entry_is_rebuilt(home, monkeypatch, damage: str) -> None:
    cold = _fingerprint(load_game(GAME))
    for f in _entries("ast") + _entries("code"):
        data = f.read_bytes()
        f.write_bytes({"junk": b"not a cache entry", "truncated": data[: len(data) // 2], "empty": b"",
                       "one byte flipped": data[:-1] + bytes([data[-1] ^ 1])}[damage])
    n = Counted(monkeypatch)
    assert _fingerprint(load_game(GAME)) == cold
    assert len(n.parsed) > 30 and n.compiled > 50
    n.reset()
    load_game(GAME)  # rebuilt entries are used again
    assert n.parsed == [] and n.compiled == 0


def test_a_stale_code_entry_is_compiled_afresh(home, monkeypatch) -> None:
    """An entry that is whole but holds other functions than the load asks for (as if the compiler had
    changed without its hash): the load starts again without it, and stores what it compiled."""
    cold = _fingerprint(load_game(GAME))
    (f,) = _entries("code")
    head = f.read_bytes()[: len(cache._MAGIC) + 32]
    fmt, stored, facts = marshal.loads(f.read_bytes()[cache._HEAD:])
    # one missing, five wrong
    wrong = [(a, b, names, stored[0][3], *rest) for a, b, names, _, *rest in stored[:5]] + stored[6:]
    payload = marshal.dumps((fmt, wrong, facts))
    f.write_bytes(cache.sealed(f, "code", head[len(cache._MAGIC):], payload))
    n = Counted(monkeypatch)
    assert _fingerprint(load_game(GAME)) == cold
    assert n.compiled > 50
    n.reset()
    assert _fingerprint(load_game(GAME)) == cold and n.compiled == 0


@pytest.mark.parametrize("game", ["dominion", "fall-of-kingdoms", "greedy-kingdoms", "warring-kingdom"])
def test_a_cached_load_takes_the_facts_it_would_find_and_prints_the_same_code(tmp_path: Path, monkeypatch,
                                                                            game: str) -> None:
    """A cached load takes what the compiler found in the sources (codecache.CodeLog.fact) from the artifact
    instead of walking them again, and generates the functions it takes from the artifact only for their
    namespaces (generator.Gen.replay): every fact it takes is the one it would have found, it compiles
    nothing, and `cardlang compile` prints the same code as after a load that compiled it."""
    from cardlang.compile import codecache
    private_home(tmp_path, monkeypatch, (game,))
    cold = load_game(game)
    for name in cold.bots:  # (compiled by the checks already: the same modules, in the same order)
        compile_bot(cold, name)
    printed = [codegen.source_of(g) for g in cold.generated]
    taken = []
    real = codecache.CodeLog.fact

    def fact(self, name, compute):
        value = real(self, name, compute)
        if self.stored_facts is not None:
            taken.append((value, compute()))
        return value
    monkeypatch.setattr(codecache.CodeLog, "fact", fact)
    n = Counted(monkeypatch)
    warm = load_game(game, linked=False)  # (the compile rules run, taking the artifact's facts)
    assert n.compiled == 0 and len(taken) >= 3
    assert all(stored == found for stored, found in taken)
    for name in warm.bots:  # a cached load compiles a bot when first asked for
        compile_bot(warm, name)
    assert [codegen.source_of(g) for g in warm.generated] == printed
    assert [d.text for d in warm.defs] == [d.text for d in cold.defs]
    assert [text for text, _ in warm.end_parts] == [text for text, _ in cold.end_parts]


def test_a_namespace_generated_only_for_the_cache_that_differs_is_generated_whole(home, monkeypatch) -> None:
    """Were generating a module only for its namespace (Gen.replay) ever to give other constants than
    generating it whole, the load generates it whole and takes the code then: the same game, nothing
    compiled (not the whole game compiled twice on every load, as for a stale entry)."""
    cold = _fingerprint(load_game(GAME))
    real = codegen._generate

    def generate(label, defs, replay, *options):
        gen, tree = real(label, defs, replay, *options)
        if replay:
            gen.const(object(), "odd")  # as if something that adds a constant had been left out
        return gen, tree
    monkeypatch.setattr(codegen, "_generate", generate)
    n = Counted(monkeypatch)
    assert _fingerprint(load_game(GAME)) == cold and n.compiled == 0


@pytest.mark.parametrize("cut", ["none", "half"])
def test_facts_cut_short_are_found_again_and_stored_whole(home, monkeypatch, cut: str) -> None:
    """An entry whose facts end early (as if another cardlang had stored fewer) still gives the same game: the
    load finds the missing ones itself, takes the code from the entry, and stores the entry whole again."""
    cold = _fingerprint(load_game(GAME))
    (f,) = _entries("code")
    whole = f.read_bytes()
    fmt, stored, facts = marshal.loads(whole[cache._HEAD:])
    payload = marshal.dumps((fmt, stored, dict(list(facts.items())[: len(facts) // 2]) if cut == "half" else {}))
    f.write_bytes(cache.sealed(f, "code", whole[len(cache._MAGIC):len(cache._MAGIC) + 32], payload))
    n = Counted(monkeypatch)
    assert _fingerprint(load_game(GAME)) == cold and n.compiled == 0
    assert marshal.loads(f.read_bytes()[cache._HEAD:]) == (fmt, stored, facts)


def test_a_deleted_folder_is_made_again(home, monkeypatch) -> None:
    cold = _fingerprint(load_game(GAME))
    shutil.rmtree(os.environ["CARDLANG_CACHE"])
    assert _fingerprint(load_game(GAME)) == cold
    assert _entries("code") and oct(Path(os.environ["CARDLANG_CACHE"]).stat().st_mode & 0o777) == oct(0o700)


@pytest.mark.parametrize("kind", ["read-only folder", "a file, not a folder", "off", "others may write"])
def test_without_a_usable_folder_loads_still_work(home, tmp_path: Path, monkeypatch, kind: str) -> None:
    cold = _fingerprint(load_game(GAME))
    where = tmp_path / "other"
    if kind == "read-only folder":
        where.mkdir(mode=0o500)
    elif kind == "a file, not a folder":
        where.write_text("x")
    elif kind == "others may write":
        where.mkdir()
        where.chmod(0o777)
    monkeypatch.setenv("CARDLANG_CACHE", "off" if kind == "off" else str(where))
    try:
        n = Counted(monkeypatch)
        assert _fingerprint(load_game(GAME)) == cold
        assert _fingerprint(load_game(GAME)) == cold
        if kind != "read-only folder" or os.geteuid() != 0:  # root may write anywhere
            assert n.compiled > 100  # nothing was stored, so both loads compiled
    finally:
        if where.is_dir():
            where.chmod(0o700)


def test_sources_with_errors_report_them_the_same_every_time(home) -> None:
    card = next((home / "cards" / GAME).rglob("smithy.card"))
    card.write_text(card.read_text(encoding="utf-8").replace("cost 4;", "cost 4"), encoding="utf-8")
    bad = home / "cards" / GAME / "bad.card"
    bad.write_text('card Bad { cost 2; types Action; on play { draw "two"; } }\n', encoding="utf-8")
    runs = []
    for _ in range(2):
        with pytest.raises(ErrorList) as e:
            load_game(GAME)
        runs.append([(str(x), x.span, getattr(x, "hint", None)) for x in e.value.errors])
    assert runs[0] == runs[1] and len(runs[0]) >= 1
    assert not _entries("code")  # a load with errors stores no code


def test_generated_code_is_the_same_whatever_the_hash_seed() -> None:
    """The code cache hands out functions in the order a load makes them: that order (and the functions)
    must not depend on Python's string hashing."""
    # (a nested code object, a list comprehension's, by its own code: its repr holds its address)
    code = ("import hashlib, sys; sys.path.insert(0, 'tests/compile'); from test_codecache import _consts; "
            "from cardlang.compile.game import load_game; g = load_game('fall-of-kingdoms'); "
            "h = hashlib.sha256(); [h.update(repr((x.label, tuple(x.consts), x.fn.__code__.co_code, "
            "_consts(x.fn.__code__))).encode()) for x in g.generated]; print(h.hexdigest())")
    out = set()
    for seed in ("1", "2"):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT,
                           env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONHASHSEED": seed,
                                "CARDLANG_CACHE": "off"})
        assert r.returncode == 0, r.stderr
        out.add(r.stdout.strip())
    assert len(out) == 1


def test_a_cached_load_imports_no_parser_cli_or_templates(tmp_path: Path) -> None:
    """Once cached, loading (and so simulating) needs neither Lark nor the CLI's or the sheets' libraries."""
    code = ("import sys; from cardlang.compile.game import load_game; load_game('dominion'); "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'lark', 'typer', 'click', 'jinja2', 'rich'}))")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLANG_CACHE": str(tmp_path / "c")}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT,
                           env=env) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    assert runs[0].stdout.strip() == "['lark']"  # the first load parsed
    assert runs[1].stdout.strip() == "[]"


def test_old_and_surplus_entries_are_pruned_when_a_game_is_stored(home, monkeypatch) -> None:
    folder = Path(os.environ["CARDLANG_CACHE"])
    folder.mkdir(mode=0o700)
    for i in range(5):
        old = folder / f"ast-old{i}.cache"
        old.write_bytes(b"x")
        os.utime(old, (1, 1))  # 1970: older than any age kept
    (folder / "grammar-keep.cache").write_bytes(b"x")
    os.utime(folder / "grammar-keep.cache", (1, 1))
    cold = _fingerprint(load_game(GAME))
    names = {p.name for p in folder.iterdir()}
    assert not any(n.startswith("ast-old") for n in names) and "grammar-keep.cache" in names
    monkeypatch.setattr(cache, "MAX_ENTRIES", 10)
    card = next((home / "cards" / GAME).rglob("smithy.card"))
    card.write_text(card.read_text(encoding="utf-8").replace("cost 4;", "cost 5;"), encoding="utf-8")
    load_game(GAME)
    assert len(_entries("ast") + _entries("code")) == 11  # the newest ten, and the entry just written
    n = Counted(monkeypatch)
    load_game(GAME)
    assert n.compiled == 0  # which is the one this load needs
    card.write_text(card.read_text(encoding="utf-8").replace("cost 5;", "cost 4;"), encoding="utf-8")
    assert _fingerprint(load_game(GAME)) == cold  # pruned entries are only rebuilt


def test_a_cached_load_skips_the_bot_checks_and_keeps_each_bots_code(tmp_path: Path, monkeypatch) -> None:
    """A load of sources that checked clean before compiles no bot; a bot asked for is compiled then, its
    conditions' code stored, and taken from the cache by the next load's bot: the same game, played the same."""
    game = "fall-of-kingdoms"  # its bots' conditions generate functions of their own
    private_home(tmp_path, monkeypatch, (game,))
    cold = load_game(game)
    assert set(cold.bot_rules) == set(cold.bots)  # checked, so compiled, by the first load
    n = Counted(monkeypatch)
    warm = load_game(game)
    assert warm.bot_rules == {} and n.compiled == 0
    loaded = len(warm.generated)
    for name in warm.bots:
        compile_bot(warm, name)
    # its conditions' code taken from the cache: the first load's checks stored it, under the game's key
    # (until issue 25's mend they compiled the bots before the game had one, and this load compiled them)
    assert set(warm.bot_rules) == set(warm.bots) and n.compiled == 0
    assert len(warm.generated) > loaded and all(g.unbound is not None for g in warm.generated[loaded:])
    n.reset()
    again = load_game(game)
    assert _fingerprint(again) == _fingerprint(cold)  # (it compiles every bot)
    assert n.compiled == 0 and n.parsed == []
    from cardlang.agents import make_agent
    from cardlang.runtime.engine import play_game
    logs = []
    for g in (cold, load_game(game)):
        r = play_game(g, [make_agent(g, "honest", 1), make_agent(g, "bluffer", 2)], 3, log=True)
        logs.append((r.winners, r.scores, r.turns, list(r.state.log)))
    assert logs[0] == logs[1]


_SECOND = """
import json
from cardlang.compile import codecache, codegen
counts = {"compiled": 0, "written": 0}
real_code, real_write = codegen._code_of, codecache.write_entry
def code_of(*args):
    counts["compiled"] += 1
    return real_code(*args)
def write(*args, **kw):
    counts["written"] += 1
    return real_write(*args, **kw)
codegen._code_of, codecache.write_entry = code_of, write
from cardlang.agents import make_agent
from cardlang.compile.bots import compile_bot
from cardlang.compile.game import load_game
from cardlang.runtime.engine import play_game
game = load_game("fall-of-kingdoms")
for name in game.bots:
    compile_bot(game, name)
r = play_game(game, [make_agent(game, "honest", 1), make_agent(game, "bluffer", 2)], 3, log=True)
print(json.dumps({**counts, "log": len(r.state.log)}))
"""


def test_the_second_process_generates_no_module(tmp_path: Path) -> None:
    """A load into a fresh cache stores the code its checks compiled for the bots (compile/bots.py
    check_bots: stored under the game's key with the load's own artifact), and its bots' rules as they are
    first played: the next process compiles no module and writes no entry, its bots included. (Until issue
    25's mend the checks compiled the bots before the game had a key: the second process compiled 41 modules
    of The Fall of Kingdoms and stored 15 entries, and only the third was fully cached.)"""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDLANG_CACHE": str(tmp_path / "cache")}
    runs = []
    for _ in range(3):
        r = subprocess.run([sys.executable, "-c", _SECOND], capture_output=True, text=True, timeout=300, cwd=ROOT,
                           env=env)
        assert r.returncode == 0, r.stderr
        runs.append(json.loads(r.stdout.splitlines()[-1]))
    first, second, third = runs
    assert first["compiled"] > 100 and first["written"] > 3  # the game's entry, its bots' and their rules'
    assert second == third == {"compiled": 0, "written": 0, "log": first["log"]}


def test_a_load_whose_checks_find_an_error_stores_none_of_its_bots_code(tmp_path: Path, monkeypatch) -> None:
    """The bots the checks compiled before an error was found are not stored (CodeLog.held): only sources
    that load clean have entries."""
    home = private_home(tmp_path, monkeypatch, ("fall-of-kingdoms",))
    with open(home / "games" / "fall-of-kingdoms" / "bots" / "bots.cl", "a", encoding="utf-8") as f:
        f.write('\nbot "broken" extends "nosuch" { on target { lowest player.defense; } }\n')
    with pytest.raises(ErrorList) as e:
        load_game("fall-of-kingdoms")
    assert [str(x).endswith("error: bot 'broken' extends unknown bot 'nosuch'") for x in e.value.errors] == [True]
    assert not _entries("code")


def test_an_entry_under_the_key_of_sources_with_errors_hides_none_of_them(home, monkeypatch) -> None:
    """A load that finds an entry skips what can only find errors; were an entry ever under the key of
    sources with errors (none is stored so: a planted or stale one), the load still reports them all (here
    the entry is found stale first; a load that raised with an entry checks everything again as well)."""
    from cardlang.compile.sources import load_key
    clean = load_game(GAME)
    payload = cache.read_entry("code", clean.code_key)
    assert payload is not None
    rules = home / "games" / GAME / "game.cl"  # an event no rule fires: an error that changes no function
    text = rules.read_text(encoding="utf-8")
    at = text.index("  event ")
    rules.write_text(text[:at] + '  event nosuchevent "Never";\n' + text[at:], encoding="utf-8")
    monkeypatch.setenv("CARDLANG_CACHE", "off")
    with pytest.raises(ErrorList) as uncached:
        load_game(GAME)
    assert [str(e).endswith("error: no rule of this game fires 'nosuchevent'") for e in uncached.value.errors] == [True]
    monkeypatch.setenv("CARDLANG_CACHE", str(home.parent / "cache"))
    cache.write_entry("code", load_key(GAME), payload)  # the clean load's code, under the broken key
    with pytest.raises(ErrorList) as planted:
        load_game(GAME)
    assert [(str(e), e.span) for e in planted.value.errors] == [(str(e), e.span) for e in uncached.value.errors]


def test_a_cached_load_walks_no_generated_code_for_its_names(tmp_path: Path, monkeypatch) -> None:
    """What only shapes code is not redone on a cached load: the names analysis (compile/names.py) walks no
    generated function, yet whether a verb's code uses names (which decides whether a call runs it in
    place) is the same as when it was compiled."""
    from cardlang.compile import names
    private_home(tmp_path, monkeypatch, ("warring-kingdom",))
    cold = load_game("warring-kingdom")
    walks = []
    for fn in ("name_uses", "drop_stores"):
        real = getattr(names, fn)
        monkeypatch.setattr(names, fn, lambda *a, real=real, fn=fn: walks.append(fn) or real(*a))
    warm = load_game("warring-kingdom", linked=False)  # (the compile rules run; linked, none does)
    assert walks == []
    assert warm.facts.verb_inline.keys() == cold.facts.verb_inline.keys() != set()


def test_a_load_hands_its_objects_to_the_oldest_generation_and_leaves_what_the_process_froze(tmp_path: Path) -> None:
    code = """if True:
        import gc
        from cardlang.compile.game import load_game
        load_game("dominion")
        load_game("dominion")  # (cached)
        assert gc.isenabled() and gc.get_freeze_count() == 0 and len(gc.get_objects(0)) < 1000
        kept = [[i] for i in range(100)]
        gc.freeze()
        frozen = gc.get_freeze_count()
        load_game("dominion")
        assert gc.isenabled() and gc.get_freeze_count() == frozen  # the process's own stay set aside
        gc.unfreeze()
        gc.disable()
        load_game("dominion")
        assert not gc.isenabled()  # as the caller left it
        print("ok")
    """
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT), "CARDLANG_CACHE": str(tmp_path / "cache")})
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr
