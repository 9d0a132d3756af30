"""A seat's events told in the game's own words: the Narrator, one handler per event kind (a verb begun and
done, an ability, a move, a counter change, a decision, a shuffle, a claim and its outcome, ...), saying each
through its base class (table/telling.py: names, verb templates, the buffer of lines).

Hidden information: a card is named only when the viewer may see it (telling.py); a decision is never told
by its tag, a person's own answers are not repeated, and secret or card-picking decisions of others show
only through what they do. Quiet (bookkeeping) zones and counters never appear. Knows no game: everything
comes from the game's spec.
"""
from __future__ import annotations

import re

from cardlang.runtime import events as E
from cardlang.table.phrases import NOT_VERBS, OnTop, who
from cardlang.table.telling import Frame, Teller


_NAMES_A_PLAYER = re.compile(r"p\d+\b")


class Narrator(Teller):
    """Turns one seat's stream of events into lines. VIEWER None with SPECTATOR: sees everything (bots only);
    VIEWER None without it: only what is public."""

    # ---- events
    def owner_frame(self) -> Frame | None:
        """The told verb an event belongs to (a nested verb folded into its caller counts as the caller);
        an ability is a boundary: what a card does is told on its own."""
        for f in reversed(self.stack):
            if f.kind == "ability":
                return None
            if f.template is not None:
                return f
        return None

    def _ability_card(self) -> str | None:
        """The name of the card whose ability is running (what a verb's "this" is)."""
        for f in reversed(self.stack):
            if f.kind == "ability":
                return f.verb
        return None

    def actor(self) -> int:
        for f in reversed(self.stack):
            return f.player
        return self.state.current

    def feed(self, e: E.Event) -> None:
        handler = _HANDLERS.get(type(e))
        if handler is not None:
            handler(self, e)

    def on_acted(self, e: E.Event) -> None:
        p, verb, args = e.player, e.verb, e.args
        f = Frame("verb", p, verb, tuple(tuple(a) for a in args))
        for _, v in f.args:
            if isinstance(v, dict) and "cards" in v:
                for cid in v["cards"]:
                    f.seen[cid] = self.spectator or self.sees_card(cid)
                    f.cards.add(self.state.card_def[cid].name)
            elif isinstance(v, dict) and "name" in v:
                f.cards.add(v["name"])
        template = self.they_template(verb)
        f.subject = p
        decl = self.game.spec.verbs.get(verb)
        f.counts = decl is not None and any(q.type == "int" for q in decl.params)
        f.bookkeeping = decl is not None and decl.bookkeeping
        if template is not None and template.startswith("{") and decl is not None:
            first = template[1:].split("}", 1)[0]
            v = dict(f.args).get(first)
            if isinstance(v, int) and not isinstance(v, bool):
                f.subject = v
        parent = self.owner_frame()
        folded = parent is not None and f.cards and f.cards <= parent.cards
        if template is not None and not folded:
            self.echo = None  # the choice is told by this verb's line ("p1 attacks p2", not "chooses Attack left")
            f.template = template
            self.flush_loose()
            self.flush_claim()
            self.flush_turn()
        self.stack.append(f)

    def on_done(self, e: E.Event) -> None:
        if not self.stack:
            return
        f = self.stack.pop()
        if self.echo is not None and len(self.stack) < self.echo_depth:
            self.echo = None  # a choice that led to nothing ("No attack", "None") is not told
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
        elif f.deltas or f.moved or f.along:
            along = ("with " + ", ".join(f.along)) if f.along else ""
            extra = "; ".join(x for x in (along, ", ".join(f.moved), self.delta_text(f.deltas, f.subject)) if x)
            if extra:
                self.out.append(self.indent(1) + f"({extra})")

    def on_ability(self, e: E.Event) -> None:
        self.say_echo()
        f = self.owner_frame()
        if f is not None and e.player == f.player and e.card in f.cards:
            # the card the verb is about does what it says ("p1 uses X (+2 Food)"): told as part of it
            self.stack.append(Frame("part", e.player))
            return
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        self.stack.append(Frame("ability", e.player, e.card))  # (its card's name, for a verb saying "this")

    def on_ability_done(self, e: E.Event) -> None:
        if self.stack and self.stack[-1].kind == "part":
            if self.stack.pop().happened:
                for g in self.stack:
                    g.happened = True
            return
        self.flush_loose()
        if self.stack and self.stack[-1].kind == "ability":
            self.stack.pop()

    def on_moved(self, e: E.Event) -> None:
        name, src, dst = e.card, e.src, e.dst
        if self.quiet_zone(src) or self.quiet_zone(dst):
            return
        z_src, z_dst = self.zone_of(src), self.zone_of(dst)
        # a card put on a pile whose top alone is public is seen only as its new top (a discard pile)
        seen = self.sees(z_src, leaving=True) or (self.sees(z_dst) and (
            self.spectator or z_dst is None or z_dst.spec.visibility != "top public"))
        on_top = not seen and self.sees(z_dst)
        self.mark()
        if self.in_bookkeeping():
            return
        f = self.owner_frame()
        route = (src.split("@")[0], dst.split("@")[0])
        if f is not None and name in f.cards:
            f.routes.add(route)
            return
        if f is not None and f.template is not None and re.search(rf"\b{re.escape(name)}\b", f.template):
            return  # the verb's own words name the card ("returns a X from their hand ...")
        if f is not None and f.template is not None and re.search(r"\bthis\b", f.template) \
                and not f.printed and name == self._ability_card():
            f.chosen.append(name)  # "discards this item: X"
            return
        if f is not None and route in f.routes:
            if seen and route[0] != route[1]:  # what goes along with the verb's cards: "discards X with
                f.along.append(name)           # Y" (within one zone: a unit it swapped places with)
            return
        if f is not None and f.counts and z_dst is not None and z_dst.owner in (f.subject, None):
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
        self.loose_moves.append((key, name if seen else OnTop(name) if on_top else None))

    def on_counter(self, e: E.Event) -> None:
        name, p, old, new = e.counter, e.player, e.old, e.new
        spec = self.counter_spec.get(name)
        if spec is None or spec.quiet or not self.started or self.pending_turn is not None:
            return
        if self.in_bookkeeping():
            if new != old:
                self.mark()
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

    def on_card_counter(self, e: E.Event) -> None:
        cid, name, counter, old, new = e.card_id, e.card, e.counter, e.old, e.new
        spec = self.counter_spec.get(counter)
        if spec is None or spec.quiet:
            return
        if self.sees(self.state.loc[cid]):
            self.emit_line(f"{name}'s {self.counter_words(counter, 2)}: {old} -> {new}")

    def on_turn_event(self, e: E.Event) -> None:
        self.flush()
        self.out_turn(e.player, e.turn)

    def out_turn(self, p: int, n: int) -> None:
        self.started = True
        self.stack.clear()
        self.echo = None
        self.pending_turn = f"== {who(p)}, turn {n} =="

    def mark(self) -> None:
        self.say_echo()
        if self.stack:
            self.stack[-1].happened = True

    def on_decided(self, e: E.Event) -> None:
        p, picked, how = e.player, e.picked, e.how
        if how == "private" and p != self.viewer:
            return  # a `privately` decision leaves no trace for the other seats
        self.echo = None
        last, self.last_decision = self.last_decision, None
        decision = last[0] if last is not None else None
        told = p is not None and 0 <= p != self.viewer and decision is not None and not decision.secret
        if told and decision.kind == "options" and picked:
            # An option is told by what it does: inside the player's own verb, as part of its line ("takes a
            # Development step: Pass", said only if the step did something); elsewhere as "p2 chooses X" once
            # something follows from it, and not at all when nothing does ("No attack").
            f = self.owner_frame()
            if f is not None and not f.printed and f.player == p:
                f.chosen.extend(picked)
            elif not self.started:  # a set-up choice: what it does is not told, so say the choice
                self.emit_line(f"{who(p)} chooses {', '.join(picked)}")
            else:
                self.echo, self.echo_depth = f"{who(p)} chooses {', '.join(picked)}", len(self.stack)
            return
        if picked and p is not None and p >= 0:
            self.mark()
        if not told or decision.kind != "players":
            return  # chance picks show through what they do; a person's own answers are on the screen
        self.emit_line(f"{who(p)} picks {', '.join(picked) or 'nobody'}")

    def on_shuffled(self, e: E.Event) -> None:
        shuffled = self.zone_of(e.zone)
        if shuffled is None or shuffled.spec.quiet or not self.started:
            return
        for z in self.state.all_zones():  # a discard pile shuffled to refill a deck: said with the refill
            if z.spec.refill == shuffled.spec.name and z.owner == shuffled.owner:
                return
        self.emit_line(f"{self.zone_name(e.zone)} is shuffled")

    def on_refilled(self, e: E.Event) -> None:
        if self.quiet_zone(e.zone):
            return
        owner = self.zone_of(e.zone).owner if self.zone_of(e.zone) is not None else None
        line = (f"{who(owner) if owner is not None else 'the table'} shuffles "
                f"{self.zone_name(e.src, owner)} ({e.count} card{'s' if e.count != 1 else ''}) into "
                f"{self.zone_name(e.zone, owner)}")
        f = self.owner_frame()
        if f is not None and not f.printed:
            f.before.append(line)
        else:
            self.emit_line(line)

    def on_claimed(self, e: E.Event) -> None:
        self.flush_loose()
        self.flush_claim()
        self._print_open()
        self.claim_line = [f"{who(e.player)} claims {e.card}"]

    def on_challenged(self, e: E.Event) -> None:
        self.claim_line.append(f"{who(e.caller)} calls it")

    def on_settled(self, e: E.Event) -> None:
        claimant, role, caller, outcome = e.claimant, e.card, e.caller, e.outcome
        if outcome == "caught":
            self.claim_line.append(f"{who(claimant)} was bluffing")
        elif outcome == "honest":
            self.claim_line.append(f"{who(claimant)} does hold {role}")
        elif not self.claim_line:
            return
        elif caller is None:
            self.claim_line.append("nobody calls it")
        self.flush_claim()

    def on_simple(self, e: E.Event) -> None:
        kind = type(e)
        if kind is E.Note:
            self.echo = None  # the game says what the choice led to
        elif kind is not E.Created or self.started:
            self.say_echo()
        if kind is E.Revealed:
            f = self.owner_frame()
            if f is not None and f.template is not None and set(e.cards) <= f.cards:
                self.mark()  # cards the verb's own line names ("turns up X, Y"): not said twice, and named
                for cid in f.seen:  # to every seat, wherever they go next ("p2 shows X, shuffles it ...")
                    if self.state.card_def[cid].name in e.cards:
                        f.seen[cid] = True
                return
            self.emit_line(f"{who(e.player)} reveals {', '.join(e.cards) or 'nothing'}")
        elif kind is E.Note:
            text = e.text
            # A capital, or a sentence that opens by naming a player ("p2's unit strikes ..."), stands as written.
            if not text[:1].islower() or _NAMES_A_PLAYER.match(text):
                self.emit_line(text)
            else:  # "attacks p2" is said by its player; "no striker in front 5" is about them
                first = text.split(" ", 1)[0]
                said = first.endswith("s") and first not in NOT_VERBS and len(first) > 2
                self.emit_line(f"{who(e.player)} {text}" if said else f"{who(e.player)}: {text}")
        elif kind is E.Eliminated:
            self.emit_line(f"{who(e.player)} is out of the game")
        elif kind is E.Rolled:
            self.emit_line(f"{who(e.player)} rolls {', '.join(map(str, e.values)) or 'no dice'}")
        elif kind is E.Peeked:
            where = ", ".join(self.zone_name(z) for z in e.zones)
            if e.player == self.viewer or self.spectator:
                self.emit_line(f"{who(e.player)} looks at {', '.join(e.cards) or 'nothing'} ({where})")
            else:
                n = len(e.cards)
                self.emit_line(f"{who(e.player)} looks at {n} card{'s' if n != 1 else ''} ({where})")
        elif kind is E.Attached:
            self.emit_line(f"{e.card} is attached to {e.host}")
        elif kind is E.Detached:
            self.emit_line(f"{e.card} comes off {e.host}")
        elif kind is E.Created and self.started and not self.quiet_zone(e.zone):
            z = self.zone_of(e.zone)
            self.emit_line(f"{e.card if self.sees(z) else 'a card'} is put into {self.zone_name(e.zone)}")
        elif kind is E.Displayed:
            self.on_displayed(e)

    def on_displayed(self, e: E.Displayed) -> None:
        from cardlang.table.screen import facing
        labels = [line.split(":")[0] for line in e.lines if not line.startswith(" ")]
        zones = [z for z in (self.zone_of(x) for x in labels) if z is not None and z.cells is not None]
        if zones:
            self.flush()
            self.out.extend(facing(self.game, self.state, zones))


_HANDLERS = {
    E.Acted: Narrator.on_acted, E.Done: Narrator.on_done, E.Triggered: Narrator.on_ability,
    E.AbilityDone: Narrator.on_ability_done, E.Moved: Narrator.on_moved, E.Counter: Narrator.on_counter,
    E.CardCounter: Narrator.on_card_counter, E.Turn: Narrator.on_turn_event, E.Decided: Narrator.on_decided,
    E.Shuffled: Narrator.on_shuffled, E.Refilled: Narrator.on_refilled, E.Claimed: Narrator.on_claimed,
    E.Challenged: Narrator.on_challenged, E.Settled: Narrator.on_settled,
    **{k: Narrator.on_simple for k in (E.Revealed, E.Note, E.Eliminated, E.Rolled, E.Peeked, E.Attached,
                                       E.Detached, E.Created, E.Displayed)},
}
