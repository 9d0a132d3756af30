"""A person at the terminal as an agent: shows what their player may see, asks, re-asks on junk."""
from __future__ import annotations

import typer

from cardlang.runtime.decisions import View
from cardlang.runtime.state import Decision


class InputClosed(Exception):
    """Standard input ended while a person was being asked something."""


_CLEAR = "\033[2J\033[H"  # clear the terminal and put the cursor at the top


class HumanAgent:
    name = "human"

    def __init__(self, game) -> None:
        self.game = game
        self.shared_screen = False  # set by `cardlang play` when several people sit at this one terminal
        # Table talk: a line starting with "say " at any prompt goes to the other people at the table (bots never
        # read it). `cardlang play` gives every person of one game the same list: (seat, words).
        self.table: list[tuple[int, str]] = []
        self.heard = 0
        self.seat: int | None = None

    def show(self, view: View) -> None:
        typer.echo("")
        counters = view.counters()
        me = view.player
        # per-card values are shown with their cards; quiet counters are the rules' bookkeeping, not the game's
        per_card = {spec.name for spec in view.rules_state.counter_specs if spec.per_card or spec.quiet}
        line = ", ".join(f"{k} {v[me] if len(v) > 1 else v[0]}" for k, v in counters.items() if k not in per_card)
        typer.echo(f"[p{me + 1}] {line}")
        specs = {spec.name: spec for spec in view.rules_state.counter_specs}
        for other in range(view.num_players):  # the other players' counters are public: show what is not 0
            if other == me:
                continue
            theirs = ", ".join(f"{k} {v[other]}" for k, v in counters.items()
                               if k not in per_card and specs[k].per_player and v[other])
            out = " (out)" if view.rules_state.out[other] else ""
            typer.echo(f"  p{other + 1}{out}: {theirs or '-'}")
        for zone in view.zones():
            if zone.spec.name == "box" or (zone.spec.piles and zone.pile is None):
                continue
            names = view.zone_cards(zone)
            who = "" if zone.owner is None else f"p{zone.owner + 1}."
            if zone.spec.piles and zone.pile is not None:
                continue
            if zone.cells is not None and names is not None:  # a board of slots: drawn as a grid
                from cardlang.primitives.display import draw
                from cardlang.runtime.state import Ctx
                for text in draw(self.game.compiler, Ctx(view.rules_state, me), zone):
                    typer.echo("  " + text)
                continue
            if names is None:
                from cardlang.primitives.peek import sees
                shown = [view.rules_state.card_def[c].name for c in sees(view.rules_state, me, zone)]
                known = f" (you saw: {', '.join(shown)})" if shown else ""
                typer.echo(f"  {who}{zone.spec.name}: {len(zone.cards)} cards{known}")
            elif zone.owner == me or zone.owner is None or names:
                typer.echo(f"  {who}{zone.spec.name}: {', '.join(names) if names else '(empty)'}")
        piles = [z for z in view.zones() if z.pile is not None]
        if piles:
            state = view.rules_state
            items = []
            for z in piles:
                d = state.def_by_name.get(z.pile)
                cost = d.props.get("cost") if d is not None else None
                items.append(f"{z.pile} ({cost}) x{len(z.cards)}")
            typer.echo("  piles: " + "; ".join(items))

    def decide(self, view: View, decision: Decision) -> list[int]:
        if not (decision.secret and self.shared_screen):
            return self._ask(view, decision)
        # A secret pick with other people at the same screen: hide what was there, hand the terminal over,
        # and hide this pick again before the next person looks.
        who = f"p{decision.player + 1}"
        typer.echo(_CLEAR, nl=False, color=True)
        self._read(f"Secret choice for {who}. Pass to the other player ({who}); press Enter when only {who} is looking. ")
        picks = self._ask(view, decision)
        typer.echo(_CLEAR, nl=False, color=True)
        typer.echo(f"{who} has chosen in secret.")
        return picks

    def _ask(self, view: View, decision: Decision) -> list[int]:
        self.seat = decision.player
        if not decision.options and decision.min == 0:  # a private question, asked so that asking reveals nothing
            typer.echo(f"p{decision.player + 1}: {decision.prompt} (nothing you can choose: passed)")
            return []
        self.show(view)
        self._hear()
        typer.echo(f"p{decision.player + 1}: {decision.prompt}")
        if decision.kind == "yesno":
            while True:
                a = self._read("  yes or no? ").strip().lower()
                if a in ("y", "yes"):
                    return [0]
                if a in ("n", "no"):
                    return []
                typer.echo("  please answer yes or no")
        state = view.rules_state
        for i, label in enumerate(decision.labels, 1):
            typer.echo(f"  {i}. {label}{_detail(state, decision, i - 1)}")
        if decision.min == decision.max == 1:
            hint = "one number"
        elif decision.min == 0 and decision.max == 1:
            hint = "a number (empty for none)"
        elif decision.min == decision.max:
            hint = f"{decision.min} numbers separated by spaces"
        else:
            hint = f"{decision.min} to {decision.max} numbers separated by spaces"
            if decision.min == 0:
                hint += " (empty for none)"
        while True:
            raw = self._read(f"  choose {hint}: ")
            parts = raw.replace(",", " ").split()
            try:
                picks = [int(x) - 1 for x in parts]
            except ValueError:
                typer.echo("  numbers only, please")
                continue
            if len(set(picks)) != len(picks) or any(not (0 <= i < len(decision.labels)) for i in picks):
                typer.echo(f"  pick from 1 to {len(decision.labels)}, each at most once")
                continue
            if not (decision.min <= len(picks) <= decision.max):
                typer.echo(f"  pick {decision.min} to {decision.max}")
                continue
            return picks

    def _read(self, prompt: str) -> str:
        while True:
            typer.echo(prompt, nl=False)
            line = input_line()
            if line is None:
                raise InputClosed()
            words = line.strip()
            if words.lower().startswith("say ") and words[4:].strip():
                self.table.append((self.seat if self.seat is not None else -1, words[4:].strip()))
                self.heard = len(self.table)
                typer.echo(f"  (you say to the table: {words[4:].strip()})")
                continue
            return line

    def _hear(self) -> None:
        """Print what the other people said since this person last looked."""
        for seat, words in self.table[self.heard:]:
            if seat != self.seat:
                typer.echo(f"  p{seat + 1} says: {words}")
        self.heard = len(self.table)


def _detail(state, decision: Decision, i: int) -> str:
    """The printed properties of a card option (its cost, in most games), as a reminder: those the card sets,
    in its own order, at most four; then its rules text, or its first paragraph, when that is short."""
    if decision.kind != "cards":
        return ""
    opt = decision.options[i]
    d = state.card_def[opt] if isinstance(opt, int) else opt
    shown = [f"{key.replace('_', ' ')} {value}" for key, value in d.props.items()][:4]
    out = f" ({', '.join(shown)})" if shown else ""
    text = " ".join(d.text)
    if text and len(text) > 90:
        text = d.text[0] if len(d.text[0]) <= 90 else ""
    return f"{out}  {text}" if text else out


def input_line() -> str | None:
    import sys
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")
