"""`@node`: what the syntax tree's classes are made with, a frozen slotted record like
`dataclass(frozen=True, slots=True)` gives, made with one compile per class instead of six.

Every command that loads a game imports the tree's 55 classes, and `dataclass` compiles six methods of
each from text: two thirds of importing the loader. Here only `__init__`, which every node made (parsed or
unpickled from the cache) runs, is generated per class, built as `ast` nodes from the class's own field
names; equality, hashing, `repr` and refusing to be changed are one shared function each, reading the
fields the class lists. A class declares its fields as a dataclass would (annotations, defaults, and
`dataclasses.field(default=..., compare=False, repr=False)`); `__node_fields__` names them in order.
Knows nothing of the language.
"""
from __future__ import annotations

import ast as py
from dataclasses import MISSING, Field, FrozenInstanceError
from typing import Any

_set = object.__setattr__


def node(cls: type) -> type:
    """Make CLS a frozen slotted record of its annotated fields (see the module's docstring)."""
    names, defaults, compare, shown = [], {}, [], []
    for n in cls.__dict__.get("__annotations__", {}):
        value = cls.__dict__.get(n, MISSING)
        if isinstance(value, Field):
            if value.default_factory is not MISSING:
                raise TypeError(f"{cls.__name__}.{n}: a node field takes a default, not a factory")
            keep, in_repr, value = value.compare, value.repr, value.default
        else:
            keep, in_repr = True, True
        if value is not MISSING:
            defaults[n] = value
        elif defaults:
            raise TypeError(f"{cls.__name__}.{n}: a field without a default after one with a default")
        names.append(n)
        if keep:
            compare.append(n)
        if in_repr:
            shown.append(n)
    body = {k: v for k, v in cls.__dict__.items() if k not in names and k not in ("__dict__", "__weakref__")}
    body.update(__slots__=tuple(names), __node_fields__=tuple(names), __node_compare__=tuple(compare),
                __node_repr__=tuple(shown), __match_args__=tuple(names), __init__=_init(cls.__name__, names, defaults),
                __eq__=_eq, __hash__=_hash, __repr__=_repr, __setattr__=_frozen, __delattr__=_frozen)
    made = type(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    made.__init__.__qualname__ = f"{cls.__qualname__}.__init__"
    return made


def _init(cls_name: str, names: list[str], defaults: dict[str, Any]):
    """`def __init__(self, A, B=<default>): _set(self, 'A', A); _set(self, 'B', B)`, compiled from its
    nodes (the names are the class's own fields; each default is a value of the function's namespace)."""
    ns: dict[str, Any] = {"_set": _set}
    given = []
    for i, n in enumerate(names):
        if n in defaults:
            ns[f"_default{i}"] = defaults[n]
            given.append(py.Name(f"_default{i}", py.Load()))
    args = py.arguments([], [py.arg("self")] + [py.arg(n) for n in names], None, [], [], None, given)
    body: list[py.stmt] = [py.Expr(py.Call(py.Name("_set", py.Load()), [py.Name("self", py.Load()), py.Constant(n),
                                                                          py.Name(n, py.Load())], []))
                           for n in names] or [py.Pass()]
    fn = py.FunctionDef("__init__", args, body, [], None)
    module = py.fix_missing_locations(py.Module([fn], []))
    exec(compile(module, f"<node {cls_name}>", "exec"), ns)
    return ns["__init__"]


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return all(getattr(self, n) == getattr(other, n) for n in self.__node_compare__)


def _hash(self) -> int:
    return hash(tuple([getattr(self, n) for n in self.__node_compare__]))


def _repr(self) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__node_repr__)
    return f"{type(self).__qualname__}({shown})"


def _frozen(self, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def fields_of(cls: type) -> tuple[str, ...] | None:
    """The fields of a node class, in order; None for anything else."""
    return getattr(cls, "__node_fields__", None)


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of the node OBJ with CHANGES to some of its fields."""
    return type(obj)(**{n: changes.get(n, getattr(obj, n)) for n in obj.__node_fields__})
