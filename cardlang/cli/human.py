"""A person at the terminal as an agent: shows the table their player may see, asks, re-asks on junk.

Options can be told apart (a card's slot or position when several share a name, its cost, a neighbour's
seat); `?N` (or `?NAME`) at any prompt prints a card as its face does; `say ...` talks to the other people at
the table. Answers come from the keyboard or, with `--input FILE`, from a file, one a line, echoed as typed;
with `--then-keyboard` as well, from the keyboard once the file is used up.
"""
from __future__ import annotations

from typing import Callable, Iterator

import typer

from cardlang.runtime.decisions import View
from cardlang.runtime.state import Decision


class InputClosed(Exception):
    """The input ended (standard input, or the --input file) while a person was being asked something."""


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
        self.answers: Iterator[str] | None = None   # --input FILE: scripted answers, one a line
        self.then_keyboard = False                   # --then-keyboard: when the file ends, read the keyboard
        self.flush_table: Callable[[], None] = lambda: None
        self.style = None
        self.shown_turn: tuple | None = None        # (turn number, seat) whose whole table was last shown
        self.lines: list | None = None               # the numbered lines of the question being asked

    def attach_table(self, flush: Callable[[], None], style) -> None:
        """Called by the table: FLUSH prints what happened so far, before this person is asked anything."""
        self.flush_table = flush
        self.style = style

    def echo(self, line: str = "") -> None:
        from cardlang.table.screen import wrap
        for part in wrap(line, "       "):
            typer.echo(self.style.line(part) if self.style is not None else part)

    def show(self, view: View, decision: Decision | None = None) -> None:
        """The whole table at the first question of a turn; after that, every player's part (what the others
        have out may decide the answer), and the boards again for a question about a board."""
        from cardlang.table import screen
        state, me = view.rules_state, view.player
        key = (state.turn_number, me)
        self.echo("")
        if key != self.shown_turn:
            self.shown_turn = key
            lines = screen.status(self.game, state, me)
        else:
            boards: list = []
            n = state.num_players
            lines = []
            for i in range(n):
                lines += screen.player_lines(state, (me + i) % n, me, boards=boards, game=self.game)
            if boards and decision is not None and _about_a_board(state, decision):
                lines += screen.facing(self.game, state, list(reversed(boards)))
        for line in lines:
            self.echo(line)

    def decide(self, view: View, decision: Decision) -> list[int]:
        self.flush_table()
        if not ((decision.secret or decision.private) and self.shared_screen):
            return self._ask(view, decision)
        # A secret or private question with other people at the same screen: hide what was there, hand the
        # terminal over, and hide this answer again before the next person looks. A private question with
        # nothing to pick is handed over all the same (and waits for Enter), so who is handed the screen, and
        # for how long, tells nobody what a hand holds (a reaction window asks every attacked player).
        who = f"p{decision.player + 1}"
        typer.echo(_CLEAR, nl=False, color=True)
        self._read(f"Secret choice for {who}. Pass to the other player ({who}); press Enter when only {who} is looking. ")
        if decision.nothing_to_pick:
            self.echo(f"{who}: {decision.prompt} (nothing you can choose)")
            self._read("Press Enter to hand the screen back. ")
            picks: list[int] = []
        else:
            picks = self._ask(view, decision)
        typer.echo(_CLEAR, nl=False, color=True)
        typer.echo(f"{who} has chosen in secret.")
        return picks

    def _ask(self, view: View, decision: Decision) -> list[int]:
        self.seat = decision.player
        if decision.nothing_to_pick:  # a private question, asked so that asking reveals nothing: with nothing
            return []                 # to choose, nobody at a real table would hear of it
        self.show(view, decision)
        self._hear()
        state = view.rules_state
        prompt = decision.prompt
        if any(w in f" {label} " for label in decision.labels for w in (" left ", " right ")):
            n = state.num_players
            me = decision.player
            prompt += f" (left: p{(me + 1) % n + 1}, right: p{(me - 1) % n + 1})"
        self.echo(f"p{decision.player + 1}: {prompt}")
        if decision.kind == "yesno":
            while True:
                a = self._read("  yes or no? ", view, decision).strip().lower()
                if a in ("y", "yes"):
                    return [0]
                if a in ("n", "no"):
                    return []
                self.echo("  please answer yes or no")
        lines = folded_options(state, decision, self.game)
        self.lines = lines
        for i, (text, _) in enumerate(lines, 1):
            self.echo(f"  {i:>2}. {text}")
        lo, hi = decision.min, min(decision.max, len(decision.labels))
        if lo == hi == 1:
            hint = "one number"
        elif lo == 0 and hi == 1:
            hint = "a number, or empty for none"
        elif lo == hi:
            hint = f"{lo} numbers"
        else:
            hint = f"{lo} to {hi} numbers" + (", or empty for none" if lo == 0 else "")
        if hi > 1 and any(len(members) > 1 for _, members in lines):
            self.echo("  (a line with xN may be named up to N times: \"1 1\" picks two of line 1)")
        ask = "?N reads card N" if decision.kind == "cards" else "?NAME reads a card"
        try:
            while True:
                raw = self._read(f"  choose {hint} ({ask}): ", view, decision)
                picks = _picks(raw, lines, lo, hi)
                if isinstance(picks, str):
                    self.echo(f"  {picks}")
                    continue
                return picks
        finally:
            self.lines = None

    def _read(self, prompt: str, view: View | None = None, decision: Decision | None = None) -> str:
        while True:
            typer.echo(prompt, nl=False)
            if self.answers is not None:
                line = next(self.answers, None)
                if line is not None:
                    typer.echo(line)  # a scripted answer shows as if typed
                elif self.then_keyboard:  # the file is used up: the person at the keyboard takes over
                    self.answers = None
                    typer.echo("")
                    self.echo("(the --input file has ended: the answers come from the keyboard from here on)")
                    continue
            else:
                line = input_line()
            if line is None:
                raise InputClosed()
            words = line.strip()
            if words.startswith("?") and view is not None:
                for text in card_text(self.game, view.rules_state, decision, words[1:].strip(),
                                      self.lines):
                    typer.echo(self.style.line(text) if self.style is not None else text)  # wrapped already
                continue
            if words.lower().startswith("say ") and words[4:].strip():
                self.table.append((self.seat if self.seat is not None else -1, words[4:].strip()))
                self.heard = len(self.table)
                self.echo(f"  (you say to the table: {words[4:].strip()})")
                continue
            return line

    def _hear(self) -> None:
        """Print what the other people said since this person last looked."""
        for seat, words in self.table[self.heard:]:
            if seat != self.seat:
                self.echo(f"  p{seat + 1} says: {words}")
        self.heard = len(self.table)


def _picks(raw: str, lines: list[tuple[str, list[int]]], lo: int, hi: int) -> list[int] | str:
    """The options an answer picks: each number is a line as shown (the numbering the person sees is the one
    they answer with, from the keyboard or an --input file); a folded line "Gem x3" may be named up to 3
    times, and each time picks the next of its cards. A string is what is wrong with the answer."""
    parts = raw.replace(",", " ").split()
    try:
        numbers = [int(x) for x in parts]
    except ValueError:
        return "numbers only, please (or ?N to read option N)"
    folded = any(len(members) > 1 for _, members in lines)
    taken: dict[int, int] = {}
    picks = []
    for n in numbers:
        if not 1 <= n <= len(lines):
            return f"pick from 1 to {len(lines)}"
        members = lines[n - 1][1]
        k = taken.get(n, 0)
        if k >= len(members):
            return (f"line {n} has {len(members)} card{'s' if len(members) != 1 else ''}: name it at most "
                    f"{len(members)} time{'s' if len(members) != 1 else ''}" if folded else
                    f"pick from 1 to {len(lines)}, each at most once")
        taken[n] = k + 1
        picks.append(members[k])
    if not (lo <= len(picks) <= hi):
        return f"choose exactly {lo}" if lo == hi else f"choose {lo} to {hi}"
    return picks


def option_texts(state, decision: Decision, game=None) -> list[str]:
    """Each option as the decider sees it: a card's name, then where it is when several share that name (its
    slot on a board, or its place in the zone), what its zone `shows`, then its cost; a player by seat. One
    line per option, none folded (what `replay` lists: its answers name the options themselves)."""
    looks = _looks(state, decision, game)
    if looks is None:
        return list(decision.labels)
    counts: dict[str, int] = {}
    for label, _, _ in looks:
        counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for opt, (label, extra, _) in zip(decision.options, looks):
        if counts[label] > 1 and isinstance(opt, int) and state.cell.get(opt) is None:
            seen[label] = seen.get(label, 0) + 1
            extra = [f"{_ordinal(seen[label])} in {_zone_word(state, opt)}"] + extra
        out.append(_line(label, extra))
    return out


def folded_options(state, decision: Decision, game=None) -> list[tuple[str, list[int]]]:
    """The options as numbered lines, each with the options it stands for: cards nobody can tell apart (the
    same name, zone, slot, attachments, shown properties, cost and per-card counters) fold into one line,
    "Gem x3  [cost 2]"; picking that line picks the first of them not picked yet. Look-alikes that differ
    only where the line does not say (their zone, a counter) keep apart, told by their place ("2nd in hand")."""
    looks = _looks(state, decision, game)
    if looks is None:
        return [(label, [i]) for i, label in enumerate(decision.labels)]
    groups: dict[tuple, list[int]] = {}
    for i, (_, _, key) in enumerate(looks):
        groups.setdefault(key, []).append(i)
    counts: dict[str, int] = {}
    for members in groups.values():
        label = looks[members[0]][0]
        counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for members in groups.values():
        label, extra, _ = looks[members[0]]
        opt = decision.options[members[0]]
        if counts[label] > 1 and isinstance(opt, int) and state.cell.get(opt) is None:
            seen[label] = seen.get(label, 0) + 1
            extra = [f"{_ordinal(seen[label])} in {_zone_word(state, opt)}"] + extra
        if len(members) > 1:
            label += f" x{len(members)}"
        out.append((_line(label, extra), members))
    return out


def _line(label: str, extra: list[str]) -> str:
    return label + (f"  [{'; '.join(extra)}]" if extra else "")


def _zone_word(state, opt: int) -> str:
    from cardlang.table.screen import zone_word
    return zone_word(state.loc[opt])


def _looks(state, decision: Decision, game) -> list[tuple[str, list[str], tuple]] | None:
    """For a choice of cards, each option's name, what the line says of it besides its place, and what it
    can be told apart by (the line, its zone, its per-card counters: two look-alikes one counter apart are
    never one line); None for a choice that is not of cards."""
    from cardlang.table.screen import price
    if decision.kind != "cards":
        return None
    out = []
    for opt, label in zip(decision.options, decision.labels):
        d = state.card_def[opt] if isinstance(opt, int) else opt
        extra = []
        key: tuple = ()
        if isinstance(opt, int):
            cell = state.cell.get(opt)
            zone = state.loc[opt]
            if cell is not None:
                extra.append(f"column {cell[0]}, row {cell[1]}")
            for a in state.attached.get(opt, ()):
                extra.append("with " + state.card_def[a].name)
            if cell is None and zone.spec.shows:  # what the game prints large on the card (`shows icon`)
                extra += _shown(d, zone.spec.shows, game)
            key = (id(zone), tuple((c.name, v) for c in state.counter_specs if c.per_card
                                   and (v := state.card_counters[c.name].get(opt, c.start)) != c.start))
        cost = price(state, d) if d is not None else ""
        if cost:
            extra.append(f"cost {cost}")
        out.append((label, extra, (label, tuple(extra)) + key))
    return out


def _shown(d, shows: tuple, game) -> list[str]:
    """What a zone's `shows NAME...` asks for of card D: a property's value, or, for the name of an
    event, the card's rules-text line of that ability ("Income: +1 Honor.")."""
    phrases = {e.name: e.text for e in getattr(game.spec.decl, "events", ())} if game is not None else {}
    out = []
    for name in shows:
        if d.props.get(name) not in (None, "", 0):
            out.append(str(d.props[name]))
        elif name in phrases:
            out += [line.rstrip(".") for line in d.text if line.startswith(phrases[name] + ":")]
    return out


def _about_a_board(state, decision: Decision) -> bool:
    """A question of cards on a board, or of a board's slots ("Move which unit where?")."""
    if decision.kind == "cards" and any(isinstance(o, int) and state.cell.get(o) is not None
                                        for o in decision.options):
        return True
    return any(label.startswith("column ") for label in decision.labels)


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def card_text(game, state, decision: Decision | None, key: str, lines: list | None = None) -> list[str]:
    """`?3`: the card of option 3 as printed; `?NAME`: that card of the game; `?` alone: how to ask. The lines
    are indented under the prompt and wrapped to the screen, ready to print. LINES: the numbered lines as
    shown (folded look-alikes), so that N is the number the person sees."""
    d = None
    if key.isdigit():  # an option's number: only a choice of cards has cards to read
        i = int(key) - 1
        if lines is not None and 0 <= i < len(lines):
            i = lines[i][1][0]
        elif lines is not None:
            i = -1
        if decision is not None and decision.kind == "cards" and 0 <= i < len(decision.options):
            opt = decision.options[i]
            d = state.card_def[opt] if isinstance(opt, int) else opt
    elif key:
        d = next((x for x in state.defs if x.name.lower() == key.lower()), None)
        if d is None:
            from cardlang.errors import did_you_mean
            hint = did_you_mean(key, [x.name for x in state.defs])
            return [f"  no card of this game is called {key!r}" + (f"; {hint}" if hint else "")]
    if d is None:
        return ["  ?N: the text of option N (a card); ?NAME: the text of any card of the game"]
    return card_lines(game, d.name)


def card_lines(game, name: str, indent: str = "  ") -> list[str]:
    """Card NAME as its face prints it (render/build.py's CardFace: the printed types, the labelled numbers and
    the rules text, in the sheet's own words): a head line, a line of numbers, a paragraph per ability."""
    from cardlang.render.build import card_faces
    face = card_faces(game, [name])[0]
    head = face.name + (f" ({', '.join(face.types)})" if face.types else "")
    if face.cost is not None:
        head += f", {face.cost.label} {face.cost.value}"
    lines = [head]
    if face.stats:
        lines.append(", ".join(f"{st.label} {st.value}" for st in face.stats))
    lines += list(face.text)
    return [part for line in lines for part in wrap_even(line, indent, indent + "  ")]


def wrap_even(text: str, indent: str, more: str) -> list[str]:
    """TEXT wrapped to the screen's width, the first line after INDENT and the others after MORE, never leaving
    one word alone on its last line when a narrower wrap of as many lines avoids it."""
    import textwrap

    from cardlang.table.screen import WIDTH

    def at(width: int) -> list[str]:
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=more,
                             break_on_hyphens=False) or [indent.rstrip()]
    lines = at(WIDTH)
    if len(lines) > 1 and len(lines[-1].split()) == 1:
        for width in range(WIDTH - 1, WIDTH - 30, -1):
            tried = at(width)
            if len(tried) > len(lines):
                break
            if len(tried[-1].split()) > 1:
                return tried
    return lines


def input_line() -> str | None:
    import sys
    line = sys.stdin.readline()
    return None if line == "" else line.rstrip("\n")
