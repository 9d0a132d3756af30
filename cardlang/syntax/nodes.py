"""`@node`: what the syntax tree's classes (and the compiler's IR's, compile/ir/) are made with, a frozen slotted record like
`dataclass(frozen=True, slots=True)` gives, made with no compile of its own instead of six.

Every command that loads a game imports the tree's 55 classes and the compiler's IR's 107 (compile/ir/), and
`dataclass` compiles six methods of each from text: most of importing the loader. Here only `__init__`, which
every node made (parsed or unpickled from the cache) runs, is made per class: one compiled template for each
number of fields, its names replaced by the class's own field names (_init); equality, hashing, `repr` and
refusing to be changed are one shared function each, reading the fields the class lists. A class declares
its fields as a dataclass would (annotations, defaults, and `dataclasses.field(default=..., compare=False,
repr=False)`); `__node_fields__` names them in order. Knows nothing of the language.
"""
from __future__ import annotations

import ast as py
import functools
from dataclasses import MISSING, Field, FrozenInstanceError
from operator import attrgetter
from types import CodeType, FunctionType
from typing import Any, Callable

_set = object.__setattr__


def node(cls: type | None = None, *, eq: bool = True) -> Any:
    """Make CLS a frozen slotted record of its annotated fields (see the module's docstring). `@node(eq=False)`:
    one equal only to itself, hashed by identity (as `dataclass(eq=False)`: the compiler's IR `Var`, whose
    identity is the variable)."""
    if cls is None:
        return lambda c: _made(c, eq)
    return _made(cls, eq)


def _made(cls: type, eq: bool) -> type:
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
                __repr__=_repr, __setattr__=_frozen, __delattr__=_frozen, __reduce__=_reduce)
    if eq:
        body.update(__eq__=_eq, __hash__=_hash, __node_key__=staticmethod(fields_reader(compare)))
    made = type(cls.__name__, cls.__bases__, body)
    made.__qualname__ = cls.__qualname__
    made.__init__.__qualname__ = f"{cls.__qualname__}.__init__"
    made.__init__.__module__ = cls.__module__
    return made


def _init(cls_name: str, names: list[str], defaults: dict[str, Any]) -> FunctionType:
    """`def __init__(self, A, B=<default>): _set(self, 'A', A); _set(self, 'B', B)`: the compiled template of
    as many fields (_template) with the class's own field names put in place of the template's, in its
    arguments and in its constants. Renaming a code object costs a thousandth of compiling one, and every
    command that loads a game makes some 160 of these classes (the syntax tree's and the compiler's IR)."""
    code = _template(len(names))
    slot = {f"_f{i}": n for i, n in enumerate(names)}
    code = code.replace(co_varnames=("self", *names), co_consts=tuple(slot.get(c, c) if type(c) is str else c
                                                                       for c in code.co_consts),
                        co_filename=f"<node {cls_name}>", co_qualname=f"{cls_name}.__init__")
    # (defaults follow the fields without one: node refuses any other order)
    return FunctionType(code, {"_set": _set}, "__init__", tuple(defaults[n] for n in names if n in defaults) or None)


@functools.cache
def _template(count: int) -> CodeType:
    """The code of `def __init__(self, _f0, _f1, ...): _set(self, '_f0', _f0); ...` for COUNT fields, compiled
    from its nodes once for each count (the names are placeholders: _init puts a class's own in their place)."""
    names = [f"_f{i}" for i in range(count)]
    args = py.arguments([], [py.arg("self")] + [py.arg(n) for n in names], None, [], [], None, [])
    body: list[py.stmt] = [py.Expr(py.Call(py.Name("_set", py.Load()), [py.Name("self", py.Load()), py.Constant(n),
                                                                          py.Name(n, py.Load())], []))
                           for n in names] or [py.Pass()]
    fn = py.FunctionDef("__init__", args, body, [], None)
    ns: dict[str, Any] = {}
    exec(compile(py.fix_missing_locations(py.Module([fn], [])), "<node>", "exec"), ns)
    return ns["__init__"].__code__


def _eq(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    key = self.__node_key__
    return key(self) == key(other)


def _hash(self) -> int:
    return hash(self.__node_key__(self))


def fields_reader(names: list[str] | tuple[str, ...]) -> Callable[[Any], tuple]:
    """A function giving the tuple of a node's fields NAMES, read in C where there are two or more: a node's
    compared fields, which equality and hash are taken over as a dataclass's are (the same hash), and the
    fields an IR walk reads (compile/ir/rewrite.py)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda node: (one(node),)
    return lambda node: ()


def _repr(self) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__node_repr__)
    return f"{type(self).__qualname__}({shown})"


def _reduce(self) -> tuple:
    """How `copy`, `deepcopy` and `pickle` remake a node: its class called with its fields' values (a frozen
    record refuses the attribute-by-attribute restore they use by default)."""
    return type(self), tuple(getattr(self, n) for n in self.__node_fields__)


def _frozen(self, name: str, *value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def fields_of(cls: type) -> tuple[str, ...] | None:
    """The fields of a node class, in order; None for anything else."""
    return getattr(cls, "__node_fields__", None)


def replace(obj: Any, **changes: Any) -> Any:
    """A copy of the node OBJ with CHANGES to some of its fields."""
    return type(obj)(**{n: changes.get(n, getattr(obj, n)) for n in obj.__node_fields__})
