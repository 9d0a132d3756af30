"""A sweep: one number of one card (the 3 of `draw 3`, a cost, a strength) set to each value of a range, each
version played on the same seeds, and a bot's win rate against the value with 95% intervals.

The number is named, never copied by hand:

- `PROPERTY`: the card's property of that name (`cost`, `strength`), when its value is a whole number;
- `VERB`: the whole-number argument of the card's call of that verb (`draw` in `on play { draw 3; }`);
  `VERB.KEY` a keyword argument (`gain.count`); `VERB#N` the verb's N-th call in the card (1-based), when
  the card calls it more than once;
- `@LINE:COL`: the whole-number literal that starts there in the card's source file.

Each version is made by parsing the card's file, finding that one literal in the syntax tree, and writing the
file again with only the literal's characters (its span) changed: no text is evaluated and nothing else in
the file moves. The versions are plain files the simulation loads in place of the card (`replace`, as an A/B
arm), so every worker plays the same version. Knows no game and no card.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from cardlang.lab.outcomes import GameOutcomes
from cardlang.lab.stats import wilson
from cardlang.syntax import ast
from cardlang.syntax.walk import nodes


class SweepError(ValueError):
    """The number or the values cannot be used; the message says why (an `error:` line)."""


def parse_values(text: str) -> list[int]:
    """`2..5` (both ends included), `2,3,5` or a mix (`1..3,6`), in the order given, each once."""
    out: list[int] = []
    for part in (p.strip() for p in text.split(",")):
        m = re.fullmatch(r"(-?\d+)\s*\.\.\s*(-?\d+)", part)
        if m:
            lo, hi = int(m.group(1)), int(m.group(2))
            if hi < lo:
                raise SweepError(f"--values {text}: {lo}..{hi} runs backwards")
            if hi - lo > 200:
                raise SweepError(f"--values {text}: {hi - lo + 1} values; a sweep takes at most 201")
            out.extend(range(lo, hi + 1))
        elif re.fullmatch(r"-?\d+", part):
            out.append(int(part))
        else:
            raise SweepError(f"--values {text}: expected numbers and ranges like 2..5 or 2,3,5")
    if len(set(out)) != len(out):
        raise SweepError(f"--values {text}: a value is given twice")
    return out


@dataclass(frozen=True)
class Number:
    """The literal a sweep changes: where it is and what it holds now."""

    path: Path
    text: str            # the whole source file
    literal: ast.IntLit
    described: str       # "X's draw (cards/game/x.card:3:18), now 3"
    short: str = ""      # "X's draw"

    @property
    def value(self) -> int:
        return self.literal.value


def _card(tree: ast.SourceFile, name: str) -> ast.CardDecl:
    for d in tree.decls:
        if isinstance(d, ast.CardDecl) and d.name == name:
            return d
    raise SweepError(f"the file of card '{name}' does not define it")


def _choices(card: ast.CardDecl) -> list[str]:
    names = [p.name for p in card.props if isinstance(p.value, ast.IntLit)]
    for n in nodes(card.triggers):
        if isinstance(n, ast.Call):
            if any(isinstance(a, ast.IntLit) for a in n.args):
                names.append(n.verb)
            names.extend(f"{n.verb}.{k.key}" for k in n.kwargs if isinstance(k.value, ast.IntLit))
    return list(dict.fromkeys(names))


def find_number(path: Path, shown: str, card_name: str, spec: str) -> Number:
    """The literal SPEC names in card CARD_NAME, defined in the file PATH (SHOWN: the path as printed)."""
    from cardlang.errors import CardLangError
    from cardlang.syntax.parser import parse
    text = path.read_text(encoding="utf-8")
    try:
        tree = parse(text, shown)
    except CardLangError as e:
        raise SweepError(f"{shown} does not parse: {e.message}") from None
    card = _card(tree, card_name)
    spec = spec.strip()
    found: list[ast.IntLit] = []
    m = re.fullmatch(r"@(\d+):(\d+)", spec)
    if m:
        line, col = int(m.group(1)), int(m.group(2))
        found = [n for n in nodes(card) if isinstance(n, ast.IntLit)
                 and (n.span.line, n.span.column) == (line, col)]
        if not found:
            raise SweepError(f"--number {spec}: no whole number of {card_name} starts at line {line}, column "
                             f"{col} of {shown}")
    else:
        m = re.fullmatch(r"([A-Za-z_][\w-]*)(?:\.([A-Za-z_]\w*))?(?:#(\d+))?", spec)
        if not m:
            raise SweepError(f"--number {spec}: expected PROPERTY, VERB, VERB.KEY, VERB#N or @LINE:COL")
        word, key, nth = m.group(1), m.group(2), m.group(3)
        props = [p for p in card.props if p.name == word and isinstance(p.value, ast.IntLit)]
        if props and key is None and nth is None:
            found = [props[0].value]
        else:
            calls = [n for n in nodes(card.triggers) if isinstance(n, ast.Call) and n.verb == word]
            if nth is not None:
                k = int(nth)
                if not 1 <= k <= len(calls):
                    raise SweepError(f"--number {spec}: {card_name} calls {word} {len(calls)} time(s)")
                calls = [calls[k - 1]]
            for c in calls:
                if key is None:
                    found.extend(a for a in c.args if isinstance(a, ast.IntLit))
                else:
                    found.extend(k.value for k in c.kwargs if k.key == key and isinstance(k.value, ast.IntLit))
        if not found:
            have = _choices(card)
            raise SweepError(f"--number {spec}: {card_name} has no whole number by that name"
                             + (f" (numbers it has: {', '.join(have)}; or @LINE:COL)" if have else
                                " (it has no whole-number literal to sweep)"))
        if len(found) > 1:
            where = ", ".join(f"@{n.span.line}:{n.span.column}" for n in found)
            raise SweepError(f"--number {spec}: {card_name} has {len(found)} numbers by that name ({where}); "
                             "name one with VERB#N or @LINE:COL")
    lit = found[0]
    what = spec if not spec.startswith("@") else f"number at {spec[1:]}"
    return Number(path, text, lit, f"{card_name}'s {what} ({shown}:{lit.span.line}:{lit.span.column}), "
                                   f"now {lit.value}", f"{card_name}'s {what}")


def edited_source(number: Number, value: int) -> str:
    """The file's text with only the literal's characters replaced by VALUE."""
    s = number.literal.span
    if s.line != s.end_line:
        raise SweepError("the number spans several lines")
    lines = number.text.split("\n")
    row = lines[s.line - 1]
    before, old, after = row[:s.column - 1], row[s.column - 1:s.end_column - 1], row[s.end_column - 1:]
    if old.strip() != str(number.value):  # the span must hold exactly the literal we found
        raise SweepError(f"the source at {s.line}:{s.column} reads {old!r}, not {number.value}")
    lines[s.line - 1] = before + str(value) + after
    return "\n".join(lines)


def write_versions(number: Number, values: list[int], folder: Path) -> list[Path]:
    """One copy of the card's file per value, each in a folder of its own under FOLDER."""
    out = []
    for v in values:
        d = folder / f"value_{v}".replace("-", "minus_")
        d.mkdir(parents=True, exist_ok=True)
        p = d / number.path.name
        p.write_text(edited_source(number, v), encoding="utf-8")
        out.append(p)
    return out


@dataclass
class Sweep:
    number: str
    bot: str
    values: list[int]
    runs: list[GameOutcomes]
    original: int
    short: str = ""

    def rows(self) -> list[dict[str, Any]]:
        rows = []
        base = self.runs[self.values.index(self.original)] if self.original in self.values else None
        for v, out in zip(self.values, self.runs):
            n = len(out.games)
            w = out.wins(0)
            row = {"value": v, "games": n, "wins": w, "win_rate": w / n if n else 0.0,
                   "interval": list(wilson(w, n)), "mean_turns": sum(g.turns for g in out.games) / n if n else 0.0}
            if base is not None:
                from cardlang.lab.inference import paired_difference
                d = paired_difference(base.shares(0), out.shares(0))  # the same seeds: game g against game g
                row["difference"] = d.estimate
                row["difference_interval"] = list(d.interval) if d.interval else [d.estimate, d.estimate]
            rows.append(row)
        return rows

    def to_json(self) -> dict[str, Any]:
        return {"number": self.number, "bot": self.bot, "original": self.original, "rows": self.rows()}


def run_sweep(play: Callable[[Path, int], GameOutcomes], number: Number, values: list[int], bot: str,
              folder: Path) -> Sweep:
    """Play each version (PLAY(card file, value) -> outcomes, on the same seeds) and collect BOT's results."""
    runs = [play(p, v) for p, v in zip(write_versions(number, values, folder), values)]
    return Sweep(number.described, bot, values, runs, number.value, number.short)


def text_lines(s: Sweep, title: str) -> list[str]:
    out = [f"{title}: sweep of {s.number}",
           f"win % of {s.bot} for each value, every value on the same seeds"
           + (f"; difference: paired, against the card as it is ({s.original})" if s.original in s.values else ""),
           f"{'value':>6} {'games':>6} {'win % (95%)':>19} {'vs now, points (95%)':>24}  {'turns':>6}  chart"]
    for r in s.rows():
        lo, hi = r["interval"]
        diff = "" if "difference" not in r else \
            f"{100 * r['difference']:+5.1f} ({100 * r['difference_interval'][0]:+.1f} to " \
            f"{100 * r['difference_interval'][1]:+.1f})"
        bar = "#" * round(40 * r["win_rate"])
        out.append(f"{r['value']:>6} {r['games']:>6} {100 * r['win_rate']:5.1f} ({100 * lo:4.1f}-{100 * hi:5.1f}) "
                   f"{diff:>24}  {r['mean_turns']:6.1f}  {bar}")
    return out
