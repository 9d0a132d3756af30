"""The registry of verbs and functions: each primitive's signature, builder, rules text and example.

A primitive's signature *is* its syntax: positional parameters in order, keyword or preposition parameters
by name (`to`, `from`, `by`...). The compiler binds arguments against these specs before any game is played.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

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


@dataclass(frozen=True, slots=True)
class Primitive:
    """A verb: `build(compiler_args) -> run(ctx)`, `describe(args_text) -> sentence`."""

    verb: str
    params: tuple[Param, ...]
    build: Callable[..., Callable]
    describe: Callable[..., str]
    doc: str
    example: str
    kind: str = "verb"           # "verb" | "function"
    returns: str | None = None   # for functions: the result type
    cases: tuple[str, ...] = ()  # outcome blocks a call may give: `claim X from hand { honest { } caught { } }`
    binds: tuple[tuple[str, str], ...] = ()  # names (and types) the verb sets for its outcome blocks
    asks: tuple[str, ...] = ()   # tags of the decisions it always asks (besides a `tag` parameter's)

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


def primitive(verb: str, *params: Param, describe: Callable[..., str], kind: str = "verb",
              returns: str | None = None, registry: Registry = CORE, cases: tuple[str, ...] = (),
              binds: tuple[tuple[str, str], ...] = (), asks: tuple[str, ...] = ()) -> Callable:
    """Register the decorated builder as VERB. Its docstring's first line is the rule; it has an Example:."""

    def wrap(build: Callable) -> Callable:
        doc = (build.__doc__ or "").strip()
        example = ""
        for line in doc.splitlines():
            if line.strip().startswith("Example:"):
                example = line.split("Example:", 1)[1].strip()
        registry.register(Primitive(verb, tuple(params), build, describe, doc.splitlines()[0] if doc else "",
                                    example, kind, returns, tuple(cases), tuple(binds), tuple(asks)))
        return build

    return wrap


@dataclass(slots=True)
class Bound:
    """Compiled arguments handed to a builder: closures (ctx -> value) or constants, by parameter name."""

    values: dict[str, Any] = field(default_factory=dict)
    consts: dict[str, Any] = field(default_factory=dict)  # compile-time constants, when known
    texts: dict[str, str] = field(default_factory=dict)   # how each argument reads in rules text
    cases: dict[str, Callable] = field(default_factory=dict)  # compiled outcome blocks, by case name
    exprs: dict[str, Any] = field(default_factory=dict)  # the compiled expressions behind `values` (to inline)
