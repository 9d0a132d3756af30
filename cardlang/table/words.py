"""A seat's events told in the game's own words: each game verb through its rules-text template ("p1 plays
X, X, Y (+4 coins)"), zones and counters by the names the game gave them (`called`), claims
with their outcome, and the moves and counter changes a verb makes folded into its line.

Hidden information: a card is named only when the viewer may see it where it was or where it went (a
spectator of a game of bots sees everything); a decision is never told by its tag, a person's own answers
are not repeated, and secret or card-picking decisions of others show only through what they do. Quiet
(bookkeeping) zones and counters never appear. Knows no game: everything comes from the game's spec.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cardlang.runtime.state import GameState
from cardlang.table.phrases import MAX_INDENT, NOT_VERBS, count_or_names, grouped, plural, they_form, who


_NAMES_A_PLAYER = re.compile(r"p\d+\b")


@dataclass
class _Frame:
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


class Narrator:
    """Turns one seat's stream of events into lines. VIEWER None with SPECTATOR: sees everything (bots only);
    VIEWER None without it: only what is public."""

    def __init__(self, game, state: GameState, viewer: int | None, spectator: bool = False) -> None:
        self.game = game
        self.state = state
        self.viewer = viewer
        self.spectator = spectator
        self.stack: list[_Frame] = []
        self.out: list[str] = []
        self.pending_turn: str | None = None     # the turn line waits for the turn's opening resets
        self.loose_moves: list = []               # consecutive moves outside any told verb: (key, names)
        self.loose_counts: dict = {}              # counter changes outside any told verb, per player
        self.claim_line: list[str] = []           # "p3 claims X; p1 calls it; p3 was bluffing"
        self.last_decision = None                 # (Decision, picks), set by the seats' agents
        self.started = False                      # set-up is over (the first turn began)
        self.counter_spec = {c.name: c for c in state.counter_specs}
        self.on_turn = None                       # callback(player) -> lines shown under the turn line

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
        names, hidden = [], 0
        for cid in ids:
            loc = self.state.loc[cid] if 0 <= cid < len(self.state.loc) else None
            if (seen or {}).get(cid) or self.sees(loc):
                names.append(self.state.card_def[cid].name)
            else:
                hidden += 1
        if hidden:
            names.append("a card" if hidden == 1 else f"{hidden} cards")
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

    # ---- templates
    def they_template(self, verb: str) -> str | None:
        decl = self.game.spec.verbs.get(verb)
        return they_form(decl.text) if decl is not None and decl.text and not decl.quiet else None

    def fill(self, f: _Frame) -> str:
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
        body = re.sub(r"(?<![\d+-])\b1 ([a-z][a-z]+)\b", r"a \1", body)
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
            if p == actor and re.search(rf"(?<![\w]){number} {re.escape(words.lower())}\b", said):
                continue
            amount = f"{'+' if d > 0 else ''}{d} {words}"
            parts.append(amount if p == actor else f"{who(p)} {amount}")
        return ", ".join(parts)

    # ---- output
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
                if f.moved and not f.cards:
                    line += ": " + ", ".join(f.moved)
                extra = self.delta_text(f.deltas, f.subject, line)
                pad = "  " * min(depth, MAX_INDENT)
                self.out.extend(pad + b for b in f.before)
                self.out.append(pad + line + (f" ({extra})" if extra else ""))
                f.printed = True
                f.moved, f.deltas = [], {}
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

    # ---- events
    def owner_frame(self) -> _Frame | None:
        """The told verb an event belongs to (a nested verb folded into its caller counts as the caller);
        an ability is a boundary: what a card does is told on its own."""
        for f in reversed(self.stack):
            if f.kind == "ability":
                return None
            if f.template is not None:
                return f
        return None

    def actor(self) -> int:
        for f in reversed(self.stack):
            return f.player
        return self.state.current

    def feed(self, e: tuple) -> None:
        kind = e[0]
        handler = _HANDLERS.get(kind)
        if handler is not None:
            handler(self, e)

    def on_acted(self, e: tuple) -> None:
        _, p, verb, args = e
        f = _Frame("verb", p, verb, tuple(tuple(a) for a in args))
        for _, v in f.args:
            if isinstance(v, dict) and "cards" in v:
                for cid in v["cards"]:
                    f.seen[cid] = self.sees(self.state.loc[cid])
                    f.cards.add(self.state.card_def[cid].name)
            elif isinstance(v, dict) and "name" in v:
                f.cards.add(v["name"])
        template = self.they_template(verb)
        f.subject = p
        decl = self.game.spec.verbs.get(verb)
        f.counts = decl is not None and any(q.type == "int" for q in decl.params)
        if template is not None and template.startswith("{") and decl is not None:
            first = template[1:].split("}", 1)[0]
            v = dict(f.args).get(first)
            if isinstance(v, int) and not isinstance(v, bool):
                f.subject = v
        parent = self.owner_frame()
        folded = parent is not None and f.cards and f.cards <= parent.cards
        if template is not None and not folded:
            f.template = template
            self.flush_loose()
            self.flush_claim()
            self.flush_turn()
        self.stack.append(f)

    def on_done(self, e: tuple) -> None:
        if not self.stack:
            return
        f = self.stack.pop()
        if f.happened:
            for g in self.stack:
                g.happened = True
        if f.template is None:
            return
        if not f.printed:
            if not (f.happened or f.before):
                return  # "p3 may block it" and nobody did: nothing to tell
            self.stack.append(f)
            self._print_open()
            self.stack.pop()
        elif f.deltas or f.moved:
            extra = "; ".join(x for x in (", ".join(f.moved), self.delta_text(f.deltas, f.subject)) if x)
            if extra:
                self.out.append(self.indent(1) + f"({extra})")

    def on_ability(self, e: tuple) -> None:
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        self.stack.append(_Frame("ability", e[1]))

    def on_ability_done(self, e: tuple) -> None:
        self.flush_loose()
        if self.stack and self.stack[-1].kind == "ability":
            self.stack.pop()

    def on_moved(self, e: tuple) -> None:
        _, cid, name, src, dst = e
        if self.quiet_zone(src) or self.quiet_zone(dst):
            return
        seen = self.sees(self.zone_of(src), leaving=True) or self.sees(self.zone_of(dst))
        self.mark()
        f = self.owner_frame()
        if f is not None and name in f.cards:
            return
        z_src, z_dst = self.zone_of(src), self.zone_of(dst)
        if f is not None and f.counts and z_dst is not None and f.subject in (z_dst.owner, None):
            if seen:  # "draws 2 cards": which, for those who may see them
                f.moved.append(name)
            return
        if not self.started:
            return
        actor = self.actor()  # a player's cards moving are told as theirs, whoever made them move
        if z_src is not None and z_src.owner is not None:
            actor = z_src.owner
        elif z_dst is not None and z_dst.owner is not None:
            actor = z_dst.owner
        key = (actor, src.split("@")[0], dst.split("@")[0])
        self.loose_moves.append((key, name if seen else None))

    def on_counter(self, e: tuple) -> None:
        _, name, p, old, new = e
        spec = self.counter_spec.get(name)
        if spec is None or spec.quiet or not self.started or self.pending_turn is not None:
            return
        if not (isinstance(old, int) and isinstance(new, int)):
            self.emit_line(f"{who(p)}'s {self.counter_words(name, 2)}: {', '.join(map(str, new))}")
            return
        if new != old:
            self.mark()
        f = self.owner_frame()
        target = f.deltas if f is not None else self.loose_counts
        if f is None:
            self.flush_claim()
        key = (p, name)
        target[key] = target.get(key, 0) + new - old

    def on_card_counter(self, e: tuple) -> None:
        _, cid, name, counter, old, new = e
        spec = self.counter_spec.get(counter)
        if spec is None or spec.quiet:
            return
        if self.sees(self.state.loc[cid]):
            self.emit_line(f"{name}'s {self.counter_words(counter, 2)}: {old} -> {new}")

    def on_turn_event(self, e: tuple) -> None:
        self.flush()
        self.out_turn(e[1], e[2])

    def out_turn(self, p: int, n: int) -> None:
        self.started = True
        self.stack.clear()
        self.pending_turn = f"== {who(p)}, turn {n} =="

    def mark(self) -> None:
        if self.stack:
            self.stack[-1].happened = True

    def on_decided(self, e: tuple) -> None:
        _, p, _tag, picked, how = e
        if how == "private" and p != self.viewer:
            return  # a `privately` decision leaves no trace for the other seats
        if picked and p is not None and p >= 0:
            self.mark()
        last, self.last_decision = self.last_decision, None
        if p is None or p < 0 or p == self.viewer or last is None:
            return  # chance picks show through what they do; a person's own answers are on the screen
        decision, _ = last
        if decision.secret or decision.kind not in ("options", "players"):
            return
        if decision.kind == "players":
            self.emit_line(f"{who(p)} picks {', '.join(picked) or 'nobody'}")
        elif picked:
            self.emit_line(f"{who(p)} chooses {', '.join(picked)}")

    def on_shuffled(self, e: tuple) -> None:
        shuffled = self.zone_of(e[1])
        if shuffled is None or shuffled.spec.quiet or not self.started:
            return
        for z in self.state.all_zones():  # a discard pile shuffled to refill a deck: said with the refill
            if z.spec.refill == shuffled.spec.name and z.owner == shuffled.owner:
                return
        self.emit_line(f"{self.zone_name(e[1])} is shuffled")

    def on_refilled(self, e: tuple) -> None:
        if self.quiet_zone(e[1]):
            return
        owner = self.zone_of(e[1]).owner if self.zone_of(e[1]) is not None else None
        line = (f"{who(owner) if owner is not None else 'the table'} shuffles "
                f"{self.zone_name(e[2], owner)} ({e[3]} card{'s' if e[3] != 1 else ''}) into "
                f"{self.zone_name(e[1], owner)}")
        f = self.owner_frame()
        if f is not None and not f.printed:
            f.before.append(line)
        else:
            self.emit_line(line)

    def on_claimed(self, e: tuple) -> None:
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        self.claim_line = [f"{who(e[1])} claims {e[2]}"]

    def on_challenged(self, e: tuple) -> None:
        self.claim_line.append(f"{who(e[1])} calls it")

    def on_settled(self, e: tuple) -> None:
        _, claimant, role, caller, outcome = e
        if outcome == "caught":
            self.claim_line.append(f"{who(claimant)} was bluffing")
        elif outcome == "honest":
            self.claim_line.append(f"{who(claimant)} does hold {role}")
        elif not self.claim_line:
            return
        elif caller is None:
            self.claim_line.append("nobody calls it")
        self.flush_claim()

    def on_simple(self, e: tuple) -> None:
        kind = e[0]
        if kind == "Revealed":
            self.emit_line(f"{who(e[1])} reveals {', '.join(e[2]) or 'nothing'}")
        elif kind == "Note":
            text = e[2]
            # A capital, or a sentence that opens by naming a player ("p2's unit strikes ..."), stands as written.
            if not text[:1].islower() or _NAMES_A_PLAYER.match(text):
                self.emit_line(text)
            else:  # "attacks p2" is said by its player; "no striker in front 5" is about them
                first = text.split(" ", 1)[0]
                said = first.endswith("s") and first not in NOT_VERBS and len(first) > 2
                self.emit_line(f"{who(e[1])} {text}" if said else f"{who(e[1])}: {text}")
        elif kind == "Eliminated":
            self.emit_line(f"{who(e[1])} is out of the game")
        elif kind == "Rolled":
            self.emit_line(f"{who(e[1])} rolls {', '.join(map(str, e[3])) or 'no dice'}")
        elif kind == "Peeked":
            where = ", ".join(self.zone_name(z) for z in e[3])
            if e[1] == self.viewer or self.spectator:
                self.emit_line(f"{who(e[1])} looks at {', '.join(e[2]) or 'nothing'} ({where})")
            else:
                n = len(e[2])
                self.emit_line(f"{who(e[1])} looks at {n} card{'s' if n != 1 else ''} ({where})")
        elif kind == "Attached":
            self.emit_line(f"{e[2]} is attached to {e[4]}")
        elif kind == "Detached":
            self.emit_line(f"{e[2]} comes off {e[3]}")
        elif kind == "Created" and self.started and not self.quiet_zone(e[3]):
            z = self.zone_of(e[3])
            self.emit_line(f"{e[2] if self.sees(z) else 'a card'} is put into {self.zone_name(e[3])}")
        elif kind == "Displayed":
            self.on_displayed(e)

    def on_displayed(self, e: tuple) -> None:
        from cardlang.table.screen import facing
        labels = [line.split(":")[0] for line in e[1] if not line.startswith(" ")]
        zones = [z for z in (self.zone_of(x) for x in labels) if z is not None and z.cells is not None]
        if zones:
            self.flush()
            self.out.extend(facing(self.game, self.state, zones))


_HANDLERS = {
    "Acted": Narrator.on_acted, "Done": Narrator.on_done, "Triggered": Narrator.on_ability,
    "AbilityDone": Narrator.on_ability_done, "Moved": Narrator.on_moved, "Counter": Narrator.on_counter,
    "CardCounter": Narrator.on_card_counter, "Turn": Narrator.on_turn_event, "Decided": Narrator.on_decided,
    "Shuffled": Narrator.on_shuffled, "Refilled": Narrator.on_refilled, "Claimed": Narrator.on_claimed,
    "Challenged": Narrator.on_challenged, "Settled": Narrator.on_settled,
    **{k: Narrator.on_simple for k in ("Revealed", "Note", "Eliminated", "Rolled", "Peeked", "Attached",
                                       "Detached", "Created", "Displayed")},
}
