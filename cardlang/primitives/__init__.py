"""Verbs and functions of the language. Importing this package registers the core set into CORE."""
from cardlang.primitives import bank, core, functions, refill, simultaneous  # noqa: F401  (registered on import)
from cardlang.primitives import block, challenge, claim, peek  # noqa: F401  (claims, counters, private looks)
from cardlang.primitives import attach, counting, dice, display, grid, modify  # noqa: F401  (boards, dice)
from cardlang.primitives.registry import CORE, Registry

__all__ = ["CORE", "Registry"]
