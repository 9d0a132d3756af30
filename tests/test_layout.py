"""The package's layout, read from the source with the `ast` module (nothing is imported):

- no import circle between cardlang's modules, counting every import a module can run (at the top or inside a
  function, and the `__init__` of each package an import enters); an import under `if TYPE_CHECKING:` never runs and names a type only, so it is not counted;
- no private name (`_x`) taken from a module of another package (another folder), neither by `from M import _x`
  nor as `M._x` through an imported module: what one phase needs of another is public;
- nothing outside cli/ imports the command line;
- no loose module at cardlang/'s top beyond the few every layer shares (ALLOWED): commands are in cli/, the
  simulation engine in simulation/, the balance lab in lab/.
"""
from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cardlang"

# The modules that may sit at cardlang/'s top, and why each belongs to no one layer.
ALLOWED = {
    "__init__.py": "the package",
    "__main__.py": "`python -m cardlang`",
    "errors.py": "Span and the CardLangError family: every layer raises them",
    "cache.py": "the user's cache folder: the parser's tables (syntax/), generated code (compile/) and clean "
                "checks (cli/) all keep their entries there",
    "agents.py": "who takes a seat (a bot, random, a person): the same for `play` (cli/) and the simulation",
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_package(module: str) -> bool:
    return MODULES[module].name == "__init__.py"


def _folder(module: str) -> str:
    """The package a module belongs to: the folder it sits in (a package's __init__, the package itself)."""
    return module if _is_package(module) else module.rpartition(".")[0]


def _type_checking_only(tree: ast.AST) -> set[int]:
    skipped: set[int] = set()
    for node in ast.walk(tree):
        test = node.test if isinstance(node, ast.If) else None
        if isinstance(test, ast.Name) and test.id == "TYPE_CHECKING" \
                or isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING":
            skipped.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skipped


def _source_of(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = _folder(module).split(".")
    base = base[:len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


@lru_cache(maxsize=1)
def _scan() -> tuple[dict[str, set[str]], list[str]]:
    """(module -> the cardlang modules it imports, the private names taken across packages)."""
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    private: list[str] = []
    for module, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        skipped = _type_checking_only(tree)
        aliases: dict[str, str] = {}  # a name bound to an imported cardlang module -> that module
        for node in ast.walk(tree):
            if id(node) in skipped:
                continue
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name in MODULES:
                        edges[module].add(a.name)
                        if a.asname:
                            aliases[a.asname] = a.name
            elif isinstance(node, ast.ImportFrom):
                source = _source_of(module, node)
                if source.split(".")[0] != "cardlang":
                    continue
                for a in node.names:
                    full = f"{source}.{a.name}"
                    if full in MODULES:
                        edges[module].add(full)
                        aliases[a.asname or a.name] = full
                    elif source in MODULES:
                        edges[module].add(source)
                        if a.name.startswith("_") and not a.name.startswith("__") \
                                and _folder(source) != _folder(module):
                            private.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: "
                                           f"from {source} import {a.name}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in aliases \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                source = aliases[node.value.id]
                if _folder(source) != _folder(module):
                    private.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {source}.{node.attr}")
    # importing a.b.c runs a.b's __init__ first (unless it is the importer's own package, already running)
    for module, targets in edges.items():
        own = _ancestors(module)
        for t in list(targets):
            targets.update(p for p in _ancestors(t) if p in MODULES and p not in own)
    return edges, private


def _ancestors(module: str) -> set[str]:
    """The packages above MODULE (and MODULE itself when it is a package): cardlang.compile.ir.emit ->
    {cardlang, cardlang.compile, cardlang.compile.ir}."""
    parts = module.split(".")
    top = len(parts) if module in MODULES and _is_package(module) else len(parts) - 1
    return {".".join(parts[:i]) for i in range(1, top + 1)}


def _cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One import circle (its modules in order, the first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(m: str) -> list[str] | None:
        state[m] = 1
        path.append(m)
        for n in sorted(edges[m]):
            if n == m:
                continue
            if state.get(n) == 1:
                return path[path.index(n):] + [n]
            if n not in state:
                found = visit(n)
                if found:
                    return found
        path.pop()
        state[m] = 2
        return None

    for m in sorted(edges):
        if m not in state:
            found = visit(m)
            if found:
                return found
    return None


def test_no_import_circle() -> None:
    edges, _ = _scan()
    assert sum(map(len, edges.values())) > 300  # the scan sees the imports (a broken scan finds no circle)
    cycle = _cycle(edges)
    assert cycle is None, "import circle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_one() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_nothing_below_imports_the_command_line() -> None:
    """cli/ is the top (only `python -m cardlang` runs it): it asks the layers below and prints; none of them
    may reach up into it."""
    edges, _ = _scan()
    up = sorted(f"{m} -> {n}" for m, ns in edges.items() if not m.startswith(("cardlang.cli", "cardlang.__main__"))
                for n in ns if n.startswith("cardlang.cli"))
    assert up == [], f"imports of the command line from below it: {up}"


def test_no_private_name_crosses_a_package() -> None:
    _, private = _scan()
    assert private == [], "private names taken from another package:\n" + "\n".join(private)


def test_only_shared_foundations_sit_at_the_top() -> None:
    loose = sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ALLOWED)
    assert loose == [], f"modules loose at cardlang/'s top (put each in the folder of its layer): {loose}"
    for init in PACKAGE.rglob("__init__.py"):
        if init.parent != PACKAGE:
            doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
            assert doc, f"{init.relative_to(PACKAGE.parent)} says what its package does and must not know"
