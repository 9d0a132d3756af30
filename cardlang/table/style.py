"""Colour for the table: card names by their first type (in the order the game declares its types), turn lines
and headers in bold. Plain text when the output is not a terminal, when NO_COLOR is set, or with `--plain`;
the words are the same either way. Knows no game.
"""
from __future__ import annotations

import os
import re
import sys

_PALETTE = ("cyan", "yellow", "green", "magenta", "red", "blue", "bright_cyan", "bright_yellow")


def wants_colour(plain: bool, stream=None) -> bool:
    if plain or os.environ.get("NO_COLOR"):
        return False
    stream = stream or sys.stdout
    return bool(getattr(stream, "isatty", lambda: False)())


class Style:
    def __init__(self, game, colour: bool) -> None:
        self.colour = colour
        self.pattern = None
        if not colour:
            return
        import click
        self.click = click
        types = list(game.spec.types) if hasattr(game.spec, "types") else []
        tone = {t: _PALETTE[i % len(_PALETTE)] for i, t in enumerate(types)}
        self.tone: dict[str, str] = {}
        for d in game.defs:
            first = next((t for t in types if t in d.types), None)
            if first is not None:
                self.tone[d.name] = tone[first]
        names = sorted(self.tone, key=len, reverse=True)
        if names:
            self.pattern = re.compile(r"(?<![\w])(" + "|".join(re.escape(n) for n in names) + r")(?![\w])")

    def line(self, text: str) -> str:
        if not self.colour:
            return text
        if text.startswith("== ") or text.startswith("#"):
            return self.click.style(text, bold=True)
        if self.pattern is None:
            return text
        return self.pattern.sub(lambda m: self.click.style(m.group(1), fg=self.tone[m.group(1)]), text)
