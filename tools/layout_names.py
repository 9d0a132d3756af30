"""Count where the compiler spells the runtime's layout (issue 25): in each module of cardlang/compile/ and
cardlang/primitives/, the runtime field names (of a context, a state, a zone, a card definition, a declaration
and a decision) written as strings where Python code is built or matched
(`attr(x, "zones")`, `state_attr("log")`, `py.Attribute(x, "cards", ...)`, `x.attr == "zones"`,
`x.attr in ("counters", "zones")`), and the places that recognise a zone's read by its shape (a comparison with
"zones"). The runtime's own names for them are in cardlang/runtime/layout.py; the emitter
(cardlang/compile/ir/emit*.py) spells them only through those names, so it counts none.

    python tools/layout_names.py            # this tree
    python tools/layout_names.py --rev main # a commit's (git show REV:path)
"""
from __future__ import annotations

import argparse
import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("cardlang/compile", "cardlang/primitives")
BUILDERS = {"attr", "state_attr", "ctx_attr", "row_of", "Attribute", "_state", "_ctx", "on_state", "is_none"}


def field_names() -> set[str]:
    """Every field of the runtime's context, state, zone, card definition, specs and decision (from
    runtime/state.py): what `self.NAME = ...` stores, what a class annotates, and its properties."""
    tree = ast.parse((ROOT / "cardlang/runtime/state.py").read_text(encoding="utf-8"))
    names: set[str] = set()
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
        if cls.name not in ("Ctx", "GameState", "Zone", "CardDef", "ZoneSpec", "CounterSpec", "Decision"):
            continue
        for n in ast.walk(cls):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self" \
                    and isinstance(n.ctx, ast.Store):
                names.add(n.attr)
            elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                names.add(n.target.id)
            elif isinstance(n, ast.FunctionDef) and any(isinstance(d, ast.Name) and d.id == "property"
                                                        for d in n.decorator_list):
                names.add(n.name)  # (a decision's `labels`, made when first read)
    return names


def _fn_name(call: ast.Call) -> str:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""


def count(source: str, fields: set[str]) -> tuple[int, int]:
    """(field-name strings where code is built or matched, comparisons with "zones") in one module."""
    tree = ast.parse(source)
    strings = shapes = 0
    for n in ast.walk(tree):
        if isinstance(n, ast.Call) and _fn_name(n) in BUILDERS:
            strings += sum(1 for a in n.args if isinstance(a, ast.Constant) and a.value in fields)
        elif isinstance(n, ast.Compare) and any(isinstance(x, ast.Attribute) and x.attr == "attr"
                                                for x in [n.left, *n.comparators]):
            consts = []
            for x in n.comparators:
                if isinstance(x, ast.Name):  # `x.attr in _TABLES`: the tuple's names, written elsewhere
                    x = next((a.value for a in ast.walk(tree) if isinstance(a, ast.Assign) and any(
                        isinstance(t, ast.Name) and t.id == x.id for t in a.targets)), x)
                consts += [c for c in ([x] if isinstance(x, ast.Constant) else getattr(x, "elts", []))
                           if isinstance(c, ast.Constant)]
            strings += sum(1 for c in consts if c.value in fields)
            shapes += sum(1 for c in consts if c.value == "zones")
    return strings, shapes


def sources(rev: str | None) -> dict[str, str]:
    if rev is None:
        return {str(p.relative_to(ROOT)): p.read_text(encoding="utf-8")
                for f in FOLDERS for p in sorted((ROOT / f).rglob("*.py"))}
    listed = subprocess.run(["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", rev, *FOLDERS],
                            capture_output=True, text=True, check=True).stdout.split()
    return {p: subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{p}"], capture_output=True, text=True,
                              check=True).stdout for p in listed if p.endswith(".py")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", help="count at this commit instead of the working tree")
    args = ap.parse_args()
    fields = field_names()
    total_s = total_z = files = 0
    for path, src in sources(args.rev).items():
        s, z = count(src, fields)
        if s or z:
            files += 1
            print(f"{path:50} {s:4} field-name strings  {z:2} zone-shape matches")
        total_s, total_z = total_s + s, total_z + z
    print(f"{'total':50} {total_s:4} field-name strings  {total_z:2} zone-shape matches  in {files} modules")


if __name__ == "__main__":
    sys.exit(main())
