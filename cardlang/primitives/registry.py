"""The registry of verbs and functions, and the primitive protocol: each primitive is a class (`Verb`,
`Function`, `Statement`) with its parameters, its reference `run`, its `describe` and an optional `lower`.

A primitive's signature *is* its syntax: positional parameters in order, keyword or preposition parameters
by name (`to`, `from`, `by`...). The compiler binds arguments against these specs before any game is played.
Knows no compiler and no game: the compiler hands a primitive its bound arguments (`Bound`) and a lowering
its argument code (primitives/lowering.py).
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar


# Argument types the compiler checks and coerces to before calling a builder.
INT, BOOL, STR, CARDS, CARDNAME, ZONE, PLAYER, PLAYERS, NAME, ANY = (
    "int", "bool", "text", "cards", "card name", "zone", "player", "players", "name", "any")
CARDNAMES = "card names"


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: str
    default: Any = None          # None: required; a value: optional
    required: bool = True
    aliases: tuple[str, ...] = ()  # prepositions that may introduce it: `to`, `into`...

    def accepts(self, key: str) -> bool:
        return key == self.name or key in self.aliases


class Primitive:
    """One word of the language's core: a verb (a statement that acts), a function (a value inside an
    expression) or a statement with a block. Each is a class of its own, in its own module, with:

    - `verb`, `params` (its signature *is* its syntax), `returns` (a function's type), `cases` and `binds`
      (outcome blocks and the names they see), `asks` (tags of the decisions it always asks);
    - its docstring: the rule (first line) and an `Example:` line (`doc`, `example`, read at class creation);
    - `describe(args)`: its rules-text sentence from the arguments as they read;
    - `run`: the reference of what it does, over evaluated arguments (a verb's, to a state; a function's, the
      value it gives);
    - `lower`, optional: the fast-path code the compiler emits in place of a call of `run`, which must leave
      the same state and events (tests/primitives/test_lowering.py checks it on random states).

    The registry holds one instance of each."""

    verb: ClassVar[str] = ""
    kind: ClassVar[str] = "verb"        # "verb" | "function" | "statement"
    params: ClassVar[tuple[Param, ...]] = ()
    returns: ClassVar[str | None] = None   # for functions: the result type
    cases: ClassVar[tuple[str, ...]] = ()  # outcome blocks a call may give: `claim X from hand { honest { } }`
    binds: ClassVar[tuple[tuple[str, str], ...]] = ()  # names (and types) the verb sets for its outcome blocks
    # its lowering may run the outcome blocks in place, given as statements (the pass claim-inline)
    inline_cases: ClassVar[bool] = False
    asks: ClassVar[tuple[str, ...]] = ()   # tags of the decisions it always asks (besides a `tag` parameter's)
    doc: ClassVar[str] = ""                # the rule: the docstring's first line
    rule: ClassVar[str] = ""               # the whole docstring, its Example: line included
    example: ClassVar[str] = ""
    lower: ClassVar[Callable | None] = None  # (a method where the primitive has a fast path)

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        run = cls.__dict__.get("run")
        fn = run.__func__ if isinstance(run, staticmethod) else None
        if fn is not None and fn.__name__ == "run" and cls.verb:  # (how generated code and traces name it)
            # (its __qualname__ stays CLASS.run: a cached module names it by that, codecache.Linker)
            fn.__name__ = f"run_{cls.verb}"
        if "__doc__" in cls.__dict__ and cls.__doc__:
            cls.rule = inspect.cleandoc(cls.__doc__)
            cls.doc = cls.rule.splitlines()[0]
            cls.example = next((ln.split("Example:", 1)[1].strip() for ln in cls.rule.splitlines()
                                if ln.strip().startswith("Example:")), "")

    def describe(self, a: dict) -> str:
        """The rules-text sentence (a function's: the noun phrase card text builds on) of a call whose
        arguments read A (parameter name -> text; `case:NAME` -> an outcome block's text)."""
        return ""

    @property
    def signature(self) -> str:
        parts = []
        for p in self.params:
            s = f"{p.name}: {p.type}"
            if p.aliases:
                s = f"{p.aliases[0]} {s}"
            parts.append(s if p.required else f"[{s}]")
        text = f"{self.verb} " + " ".join(parts) if parts else self.verb
        if self.cases:
            text += " { " + " ".join(f"{c} {{}}" for c in self.cases) + " }"
        return text

    def __repr__(self) -> str:
        return f"<{self.kind} {self.verb}>"


class Verb(Primitive):
    """A verb: `run(ctx, ...)` does it to the state. Its arguments after ctx are named in `run`'s own
    signature, in the order a call reads them: a parameter's name (`from_` for `from`), or one of `compiled`,
    values the verb takes from the compiler (`prepare`). A parameter in `lazy` is passed as a function of the
    context, read when `run` needs it (after a question, inside an outcome). A call in generated code is
    `run(ctx, ARG, ...)` with each argument's code inlined, or, where the verb has one, its `lower`ed code
    (where `lowers_lazy`, with a lazy argument's code too, placed where run would read it)."""

    kind = "verb"
    compiled: ClassVar[tuple[str, ...]] = ()
    lazy: ClassVar[frozenset[str]] = frozenset()
    # its `lower` is handed a lazy argument's code (an expression to place where run would call the function)
    # and always gives code of its own; else a lazy argument reaches run, and a lowering, as a function
    lowers_lazy: ClassVar[bool] = False
    switches: ClassVar[bool] = False  # its lower puts a `for P` switch around only what acts (lowering.Site)
    run_args: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        run = cls.__dict__.get("run")
        if run is None:
            return
        names = list(inspect.signature(run.__func__ if isinstance(run, staticmethod) else run).parameters)[1:]
        for n in names:
            if n not in cls.compiled and cls.param_of(n) is None:
                raise TypeError(f"{cls.__name__}.run takes '{n}', which is no parameter of "
                                f"'{cls.verb}' and not one of its compiled values")
        cls.run_args = tuple(names)

    @staticmethod
    def run(ctx: Any, *args: Any) -> None:
        raise NotImplementedError

    @classmethod
    def param_of(cls, arg: str) -> Param | None:
        """The parameter behind run's argument ARG (a Python keyword is spelt with a trailing `_`)."""
        for p in cls.params:
            if p.name == arg or p.name + "_" == arg:
                return p
        return None

    def prepare(self, b: Bound, info: Any) -> dict[str, Any]:
        """The values of `compiled` for one call, from the compiler INFO (a spec, a function it owns)."""
        return {}

    def arguments(self, b: Bound, info: Any) -> list[tuple[str, Any]]:
        """Run's arguments for the call bound in B, in order, each as ("const", VALUE) (known now: a plain
        word, an argument left out, a compiled value), ("value", CE) (read when the call runs) or ("lazy",
        CE) (passed as a function of the context, which the compiler makes of it; a function of the context
        is passed as it is)."""
        compiled = self.prepare(b, info) if self.compiled else {}
        out: list[tuple[str, Any]] = []
        for n in self.run_args:
            if n in compiled:
                out.append(("const", compiled[n]))
                continue
            p = self.param_of(n)
            key = p.name
            if p.type == NAME or b.values.get(key) is None:
                out.append(("const", b.consts.get(key, p.default)))
            elif p.name in self.lazy:
                v = b.values[key]
                out.append(("lazy", v))
            else:
                out.append(("value", b.exprs[key] if key in b.exprs else b.values[key]))
        return out


class Function(Primitive):
    """A function: `run(FIRST, ARG, ...)` gives its value, FIRST being the state (`gets = True`), the context
    (`gets = "ctx"`) or nothing (`gets = False`). `compile(comp, ces, spans)` coerces the compiled arguments to
    their parameters' types and gives the compiled expression of one call of `run`; a function whose compiling
    needs more (a name checked now, a type that chooses the run) writes its own. `lower(gen, args)`, where
    there is one, gives the expression computing the same value in place of the call (or None: the call), for
    arguments of the types in `lowers` (default: the parameters')."""

    kind = "function"
    gets: ClassVar[bool | str] = True
    lowers: ClassVar[tuple[str, ...] | None] = None
    # the largest number it can give, when it gives numbers from 0 to a known size (a count): arithmetic of it
    # that stays under the 18-digit limit is not checked (the `bounds` pass, compile/passes.py)
    bound: ClassVar[int | None] = None
    draws: ClassVar[bool] = False  # does it draw from the game's randomness (`roll`)? (a bot's test: botgen.py)

    @staticmethod
    def run(*args: Any) -> Any:
        raise NotImplementedError

    def compile(self, comp: Any, ces: list, spans: list) -> Any:
        from cardlang.primitives.types import applied
        args = [comp.coerce_ce(ce, p.type, span) for ce, p, span in zip(ces, self.params, spans)]
        return applied(self.run, args, self.returns or ANY, state=self.gets, lower=self.lower)


class Statement(Primitive):
    """A statement with a block of its own (`simultaneous { ... }`): the compiler compiles it by a rule of its
    own (a primitive compiles no source); its `run(ctx, steps)` is the reference, over the block's steps as
    functions of the context."""

    kind = "statement"


class Registry:
    """Verbs and functions by name; a game may layer its own on top with `child()`."""

    def __init__(self, parent: Registry | None = None) -> None:
        self.parent = parent
        self._own: dict[str, Primitive] = {}

    def child(self) -> "Registry":
        return Registry(self)

    def register(self, prim: Primitive) -> Primitive:
        if self.get(prim.verb) is not None:
            raise ValueError(f"primitive '{prim.verb}' is registered twice")
        self._own[prim.verb] = prim
        return prim

    def get(self, verb: str) -> Primitive | None:
        reg: Registry | None = self
        while reg is not None:
            if verb in reg._own:
                return reg._own[verb]
            reg = reg.parent
        return None

    def names(self) -> list[str]:
        out = set(self._own)
        if self.parent is not None:
            out |= set(self.parent.names())
        return sorted(out)

    def all(self) -> list[Primitive]:
        return [self.get(n) for n in self.names()]  # type: ignore[misc]


CORE = Registry()


def primitive(cls: type[Primitive] | None = None, *, registry: Registry | None = None) -> Any:
    """Class decorator: register one instance of the primitive class into REGISTRY (the core's by default).
    `@primitive` or `@primitive(registry=GAME)`."""
    def register(c: type[Primitive]) -> type[Primitive]:
        (registry or CORE).register(c())
        return c
    return register if cls is None else register(cls)


@dataclass(slots=True)
class Bound:
    """Compiled arguments handed to a builder: compiled expressions (CE; a plain word as itself) or constants, by
    parameter name."""

    values: dict[str, Any] = field(default_factory=dict)
    consts: dict[str, Any] = field(default_factory=dict)  # compile-time constants, when known
    texts: dict[str, str] = field(default_factory=dict)   # how each argument reads in rules text
    cases: dict[str, Callable] = field(default_factory=dict)  # compiled outcome blocks, by case name
    exprs: dict[str, Any] = field(default_factory=dict)  # the compiled expressions behind `values` (to inline)
