"""How a seat's lines are said (the base of table/words.py's Narrator): cards, zones and counters named by the
game (`called`), a verb's line filled from its rules-text template ("p1 plays X, X, Y (+4 coins)"), counter
changes folded into it, and the buffer of lines: a running verb's line is written only once something inside
it needs saying, moves and counter changes outside any told verb are gathered into one line.

Hidden information: a card is named only when the viewer may see it where it was or where it went (a
spectator of a game of bots sees everything). Knows no game: everything comes from the game's spec; knows
no event (words.py tells what each one means).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardlang.runtime.state import GameState
from cardlang.table.phrases import MAX_INDENT, OnTop, count_or_names, grouped, plural, they_form, who


@dataclass
class Frame:
    """A verb or an ability being told, on the teller's stack while it runs."""

    kind: str                    # "verb" or "ability"
    player: int
    verb: str = ""
    args: tuple = ()
    template: str | None = None  # the "they" form, when this verb's line is told
    printed: bool = False        # its line has been written (something inside it needed saying first)
    cards: set = field(default_factory=set)      # card names its arguments name (a nested verb on them folds)
    seen: dict = field(default_factory=dict)     # card id -> visible to the viewer when the verb began
    moved: list = field(default_factory=list)    # names of cards it moved that the viewer saw, in order
    deltas: dict = field(default_factory=dict)   # (player, counter) -> change
    before: list = field(default_factory=list)   # lines said before its own (a deck refilled on the way)
    happened: bool = False       # it moved a card, changed a counter or asked someone: worth telling
    subject: int | None = None   # who its line is about ("{liar} is caught bluffing"): the player argument
    counts: bool = False         # it takes a number ("draws {n} cards"): the cards it moves are listed
    bookkeeping: bool = False    # a `bookkeeping` verb: the moves and counter changes it makes are not told
    chosen: list = field(default_factory=list)   # options its player picked inside it: "takes a step: Pass"
    routes: set = field(default_factory=set)     # (from, to) zones its own cards went
    along: list = field(default_factory=list)    # other cards that went the same way (a unit's equipment)


class Teller:
    """What one seat has been told and how it is worded; the Narrator (words.py) feeds it events."""

    def __init__(self, game, state: GameState, viewer: int | None, spectator: bool = False) -> None:
        self.game = game
        self.state = state
        self.viewer = viewer
        self.spectator = spectator
        self.stack: list[Frame] = []
        self.out: list[str] = []
        self.pending_turn: str | None = None     # the turn line waits for the turn's opening resets
        self.loose_moves: list = []               # consecutive moves outside any told verb: (key, names)
        self.loose_counts: dict = {}              # counter changes outside any told verb, per player
        self.claim_line: list[str] = []           # "p3 claims X; p1 calls it; p3 was bluffing"
        self.last_decision = None                 # (Decision, picks), set by the seats' agents
        self.started = False                      # set-up is over (the first turn began)
        self.counter_spec = {c.name: c for c in state.counter_specs}
        self.on_turn = None                       # callback(player) -> lines shown under the turn line
        self.echo: str | None = None              # "p2 chooses X", said once the choice does something
        self.echo_depth = 0                       # how many frames were open when it was made

    # ---- names
    def zone_of(self, label: str):
        base = label.split("@")[0]
        for z in self.state.all_zones():
            if z.label == base:
                return z
        return None

    def sees(self, zone, leaving: bool = False) -> bool:
        """Whether the viewer sees a card in ZONE (LEAVING it: a card taken from under the top of a `top
        public` pile was not seen there)."""
        if zone is None:
            return False
        if self.spectator:
            return True
        vis = zone.spec.visibility
        return vis == "public" or (vis == "top public" and not leaving) or \
            (vis == "owner" and zone.owner == self.viewer)

    def sees_card(self, cid: int) -> bool:
        """Whether the viewer sees card CID where it lies now (on a `top public` pile: never, but see
        `on_top`: its top card is said as the pile's top, not as a card the viewer was shown)."""
        zone = self.state.loc[cid] if 0 <= cid < len(self.state.loc) else None
        return zone is not None and zone.spec.visibility != "top public" and self.sees(zone)

    def on_top(self, cid: int) -> bool:
        """CID lies on top of a pile whose top card alone is public (rules: a discard pile)."""
        zone = self.state.loc[cid] if 0 <= cid < len(self.state.loc) else None
        return zone is not None and zone.spec.visibility == "top public" and bool(zone.cards) \
            and zone.cards[-1] == cid

    def zone_name(self, label: str, actor: int | None = None) -> str:
        """"p2's discard pile", "the trash"; the actor's own zones as "their hand"."""
        z = self.zone_of(label)
        if z is None:
            return label
        name = z.spec.description or z.spec.name.replace("_", " ")
        slot = ""
        if "@" in label:
            slot = " (column {}, row {})".format(*label.split("@")[1].split(","))
        if z.owner is not None:
            return f"{'their' if z.owner == actor else who(z.owner) + chr(39) + 's'} {name}{slot}"
        return f"the {name}{slot}" if name[:1].islower() else name + slot

    def quiet_zone(self, label: str) -> bool:
        z = self.zone_of(label)
        return z is not None and getattr(z.spec, "quiet", False)

    def counter_words(self, name: str, n: Any) -> str:
        spec = self.counter_spec.get(name)
        if spec is not None and spec.words is not None:
            return spec.words[0] if str(n) in ("1", "-1") else spec.words[1]
        base = name.replace("_", " ")
        if str(n) in ("1", "-1") and base.endswith("s") and not base.endswith("ss"):
            base = base[:-1]
        return plural(base, n)

    def card_names(self, ids, seen: dict | None = None) -> str:
        """Cards named where the viewer saw them (SEEN: when the verb began) or sees them now; others as a count,
        with a hidden card that now lies on top of a `top public` pile said as its top."""
        names, hidden, top = [], 0, None
        for cid in ids:
            if (seen or {}).get(cid) or self.spectator or self.sees_card(cid):
                names.append(self.state.card_def[cid].name)
            else:
                hidden += 1
                if self.on_top(cid):
                    top = self.state.card_def[cid].name
        if hidden == 1 and top:
            names.append(top)  # the one card put on the pile is its top: everybody sees it
        elif hidden:
            names.append(("a card" if hidden == 1 else f"{hidden} cards") + (f" ({top} on top)" if top else ""))
        return ", ".join(names) if names else "nothing"

    def arg_text(self, v: Any, seen: dict) -> str:
        if isinstance(v, dict):
            if "cards" in v:
                return self.card_names(v["cards"], seen)
            if "name" in v:
                return v["name"]
            if "zone" in v:
                return self.zone_name(v["zone"])
        if isinstance(v, bool):
            return "yes" if v else "no"
        if isinstance(v, int):
            return str(v)
        if isinstance(v, (list, tuple)):
            return ", ".join(self.arg_text(x, seen) for x in v) or "nobody"
        if v is None:
            return "nothing"
        return str(v)

    def arg_player(self, v: Any) -> str:
        if isinstance(v, (list, tuple)):
            return ", ".join(who(x) for x in v) or "nobody"
        return who(v) if isinstance(v, int) and not isinstance(v, bool) else self.arg_text(v, {})

    def in_bookkeeping(self) -> bool:
        """An event made by a `bookkeeping` verb itself (not by a told verb or a card ability it set off):
        nobody at a real table would say it, so it is not told (the screen still shows where things are)."""
        for f in reversed(self.stack):
            if f.kind == "ability" or f.template is not None:
                return False
            if f.bookkeeping:
                return True
        return False

    # ---- templates
    def they_template(self, verb: str) -> str | None:
        decl = self.game.spec.verbs.get(verb)
        return they_form(decl.text) if decl is not None and decl.text and not decl.quiet else None

    def fill(self, f: Frame) -> str:
        decl = self.game.spec.verbs[f.verb]
        types = {p.name: p.type for p in decl.params}
        values = dict(f.args)
        last = ["1"]

        def sub(m: re.Match) -> str:
            key = m.group(1)
            if key == "s":
                return "" if last[0] in ("1", "a card") else "s"
            if key not in values:
                return key
            v = values[key]
            text = self.arg_player(v) if types.get(key) in ("player", "players") else self.arg_text(v, f.seen)
            last[0] = text
            return text
        body = re.sub(r"\{([A-Za-z_]+)\}", sub, f.template or "")
        body = re.sub(r"\byour\b", "their", body)
        body = re.sub(r"\byou\b", "they", body)
        # "1 card" -> "a card", but not "1 of the Resource" ("a of ...")
        body = re.sub(r"(?<![\d+-])\b1 (?!(?:of|more|less|fewer|to|in|or|and|at)\b)([a-z][a-z]+)\b", r"a \1", body)
        if f.template and f.template.startswith("{"):
            line = body
        elif body.startswith("'s ") or body.startswith(": "):
            line = who(f.player) + body
        elif body.startswith("+"):
            line = f"{who(f.player)}: {body}"
        else:
            line = f"{who(f.player)} {body}"
        return line

    def delta_text(self, deltas: dict, actor: int | None, said: str = "") -> str:
        """Counter changes as "+4 coins, p2 -1 Morale"; those SAID already names are left out."""
        parts = []
        said = said.lower()
        for (p, name), d in deltas.items():
            if not d:
                continue
            words = self.counter_words(name, abs(d))
            number = "(?:1|an?)" if abs(d) == 1 else str(abs(d))
            forms = {words.lower(), self.counter_words(name, 1).lower(), name.replace("_", " ").lower()}
            if p == actor and any(re.search(rf"(?<![\w]){number} {re.escape(w)}\b", said) for w in forms):
                continue  # "loses 2 Defense" says it already
            amount = f"{'+' if d > 0 else ''}{d} {words}"
            parts.append(amount if p == actor else f"{who(p)} {amount}")
        return ", ".join(parts)

    # ---- output
    def say_echo(self) -> None:
        """Say the other player's pending choice: something it led to is about to be told."""
        if self.echo is not None:
            line, self.echo = self.echo, None
            self.emit_line(line)

    def emit_line(self, line: str) -> None:
        self.flush_turn()
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        if self.out and self.out[-1].strip() == line.strip():
            return  # the same words twice in a row (a verb's line and the note inside it)
        self.out.append(self.indent() + line)

    def indent(self, extra: int = 0) -> str:
        depth = sum(1 for f in self.stack if f.kind == "verb" and f.printed) + extra
        return "  " * min(depth, MAX_INDENT)

    def _print_open(self) -> None:
        """Write the lines of the told verbs that are still running (something inside them is being said)."""
        depth = 0
        for f in self.stack:
            if f.kind == "verb" and f.template is not None and not f.printed:
                line = self.fill(f)
                if f.chosen:
                    line += ": " + ", ".join(f.chosen)
                if f.moved and not f.cards:
                    line += ": " + ", ".join(f.moved)
                if f.along:
                    line += " with " + ", ".join(f.along)
                extra = self.delta_text(f.deltas, f.subject, line)
                pad = "  " * min(depth, MAX_INDENT)
                self.out.extend(pad + b for b in f.before)
                self.out.append(pad + line + (f" ({extra})" if extra else ""))
                f.printed = True
                f.moved, f.deltas, f.along = [], {}, []
            if f.kind == "verb" and f.printed:
                depth += 1

    def flush_turn(self) -> None:
        if self.pending_turn is not None:
            line, self.pending_turn = self.pending_turn, None
            self.out.append("")
            self.out.append(line)
            if self.on_turn is not None:
                self.out.extend(self.on_turn(self.state.current))

    def flush_loose(self) -> None:
        moves, self.loose_moves = self.loose_moves, []
        for (actor, src, dst), names in grouped(moves):
            what = count_or_names(names)
            self._raw(f"{who(actor)} moves {what} from {self.zone_name(src, actor)} to "
                      f"{self.zone_name(dst, actor)}")
        counts, self.loose_counts = self.loose_counts, {}
        by_player: dict = {}
        for (p, name), d in counts.items():
            by_player.setdefault(p, {})[(p, name)] = d
        for p, ds in by_player.items():
            text = self.delta_text(ds, p)
            if text:
                self._raw(f"{who(p)}: {text}")

    def flush_claim(self) -> None:
        if self.claim_line:
            line, self.claim_line = "; ".join(self.claim_line), []
            self._raw(line)

    def _raw(self, line: str) -> None:
        self._print_open()
        self.out.append(self.indent() + line)

    def flush(self) -> list[str]:
        """Everything said so far (before a prompt, at a turn's end): lines of running verbs included."""
        self.flush_turn()
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        out, self.out = self.out, []
        return out

    def take(self) -> list[str]:
        out, self.out = self.out, []
        return out
