"""Lark's parse tree -> the typed AST (syntax/ast.py): the transformer `ToAst`, whose methods here build the
declarations (cards, games with their zones, counters, verbs, events and variants, bots, scenarios) and refuse
a part given twice; the expressions and statements inside them are built by its base class (to_ast_stmts.py),
string and number tokens read by literals.py. Shape only: it never resolves a name (that is the compiler's job)
and never sees Lark's exceptions (parser.py turns them into `CardSyntaxError`s).
"""
from __future__ import annotations

from lark import v_args

from cardlang.errors import CardSyntaxError, Span
from cardlang.syntax import ast
from cardlang.syntax.literals import int_of, unquote
from cardlang.syntax.to_ast_stmts import StmtsToAst


class ToAst(StmtsToAst):
    """Builds the whole file's AST: the declarations here, what they hold by the base class."""

    # ---- declarations
    def types_kw(self, c):
        return str(c[0])

    @v_args(meta=True)
    def types_entry(self, meta, c):
        names = tuple(x for x in c[1:] if x is not None and not isinstance(x, ast.Option))
        options = tuple(x for x in c[1:] if isinstance(x, ast.Option))
        return ("types", c[0], names, self._s(meta), options)

    @v_args(meta=True)
    def text_entry(self, meta, c):
        return ("text", unquote(c[0]), self._s(meta))

    @v_args(meta=True)
    def prop_entry(self, meta, c):
        return ast.Prop(str(c[0]), c[1], c[2] is not None, self._s(meta))

    @v_args(meta=True)
    def trigger_entry(self, meta, c):
        zone = str(c[2]) if c[2] is not None else None
        return ast.Trigger(str(c[0]), zone, c[3], c[1] is not None, self._s(meta))

    @v_args(meta=True)
    def card_decl(self, meta, c):
        span = self._s(meta)
        name, entries = c[0], c[1:]
        if not str(name).strip():
            raise CardSyntaxError("a card needs a name", span, hint='card "Royal Banner" { ... }')
        types: list[str] = []
        tags: list[str] = []
        type_spans: list[Span] = []
        props: list[ast.Prop] = []
        triggers: list[ast.Trigger] = []
        text = None
        for e in entries:
            if isinstance(e, ast.Prop):
                if any(p.name == e.name for p in props):
                    raise CardSyntaxError(f"{e.name} is given twice", e.span, hint=f"keep one `{e.name} ...;`")
                props.append(e)
            elif isinstance(e, ast.Trigger):
                if any(t.event == e.event and t.zone == e.zone for t in triggers):
                    raise CardSyntaxError(f"'on {e.event}' is given twice", e.span,
                                          hint="put both effects in one block")
                triggers.append(e)
            elif e[0] == "types":
                if e[4]:
                    raise CardSyntaxError("a card's types take no options", e[4][0].span,
                                          hint="options such as `quiet` belong to the game's `tags` line")
                (types if e[1] == "types" else tags).extend(e[2])
                type_spans.append(e[3])
            elif e[0] == "text":
                if text is not None:
                    raise CardSyntaxError("text is given twice", e[2], hint='keep one `text "...";`')
                text = e[1]
        return ast.CardDecl(name, tuple(types), tuple(tags), tuple(props), tuple(triggers), text,
                            tuple(type_spans), span)

    @v_args(meta=True)
    def option(self, meta, c):
        words = tuple(int_of(t, self.path) if t.type == "INT" else (unquote(t) if t.type == "STRING" else str(t))
                      for t in c)
        return ast.Option(words, self._s(meta))

    @v_args(meta=True)
    def zone_decl(self, meta, c):
        return ast.ZoneDecl(str(c[0]), tuple(c[1:]), self._s(meta))

    @v_args(meta=True)
    def counter_decl(self, meta, c):
        return ast.CounterDecl(str(c[0]), tuple(c[1:]), self._s(meta))

    @v_args(meta=True)
    def property_decl(self, meta, c):
        kind = str(c[1]) if c[1] is not None else None
        bounds = (int_of(c[2], self.path), int_of(c[3], self.path)) if c[2] is not None else None
        options = tuple(x for x in c[6:] if isinstance(x, ast.Option))
        return ast.PropertyDecl(str(c[0]), c[4], self._s(meta), kind, bounds,
                                unquote(c[5]) if c[5] is not None else "", options)

    @v_args(meta=True)
    def pool_decl(self, meta, c):
        default = tuple(x for x in c[3:] if x is not None)
        return ast.PoolDecl(str(c[0]), int_of(c[1], self.path), c[2], default, self._s(meta))

    @v_args(meta=True)
    def players_entry(self, meta, c):
        return ("players", (int_of(c[0], self.path), int_of(c[1], self.path)), self._s(meta))

    @v_args(meta=True)
    def setup_decl(self, meta, c):
        return ("setup", c[0], self._s(meta))

    @v_args(meta=True)
    def turn_decl(self, meta, c):
        return ("turn", c[0], self._s(meta))

    @v_args(meta=True)
    def end_decl(self, meta, c):
        return ("end", c[0], self._s(meta))

    @v_args(meta=True)
    def score_decl(self, meta, c):
        return ("score", (c[0], c[1]), self._s(meta))

    def score_called(self, c):
        return unquote(c[0])

    @v_args(meta=True)
    def tiebreak_decl(self, meta, c):
        return ("tiebreak", (str(c[0]), c[1]), self._s(meta))

    @v_args(meta=True)
    def param(self, meta, c):
        return ast.Param(str(c[0]), str(c[1]) if c[1] is not None else None, c[2], self._s(meta))

    @v_args(meta=True)
    def verb_decl(self, meta, c):
        params = tuple(p for p in c[1:-4] if p is not None)
        text = unquote(c[-3]) if c[-3] is not None else None
        steps = c[-2] or ""
        return ast.VerbDecl(str(c[0]), params, text, c[-1], self._s(meta), quiet=c[-4] is not None,
                            bookkeeping=c[-4] == "bookkeeping", steps=steps)

    def verb_steps(self, c):
        return unquote(c[0])

    def verb_quiet(self, c):
        return "quiet"

    def verb_bookkeeping(self, c):
        return "bookkeeping"

    @v_args(meta=True)
    def game_decl(self, meta, c):
        span = self._s(meta)
        props, types, tags, zones, counters, properties, pools, verbs = [], [], [], [], [], [], [], []
        events: list[ast.EventDecl] = []
        variants: list[ast.VariantDecl] = []
        quiet_tags: list[str] = []
        reactions: list[ast.Trigger] = []
        single: dict[str, object] = {}
        for e in c[1:]:
            if isinstance(e, ast.VariantDecl):
                if any(x.name == e.name for x in variants):
                    raise CardSyntaxError(f"variant '{e.name}' is declared twice", e.span, hint="keep one")
                variants.append(e)
            elif isinstance(e, ast.Prop):
                props.append(e)
            elif isinstance(e, ast.ZoneDecl):
                zones.append(e)
            elif isinstance(e, ast.CounterDecl):
                counters.append(e)
            elif isinstance(e, ast.PropertyDecl):
                properties.append(e)
            elif isinstance(e, ast.PoolDecl):
                pools.append(e)
            elif isinstance(e, ast.VerbDecl):
                verbs.append(e)
            elif isinstance(e, ast.Trigger):
                if e.event != "attack":
                    raise CardSyntaxError(f"a game's rules cannot watch 'on {e.event}'", e.span,
                                          hint="a game may write `on attack { ... }`, asked of every attacked player; "
                                               "other events belong to cards")
                if reactions:
                    raise CardSyntaxError("'on attack' is given twice in one game", e.span, hint="keep one")
                reactions.append(e)
            elif isinstance(e, ast.EventDecl):
                if any(x.name == e.name for x in events):
                    raise CardSyntaxError(f"event '{e.name}' is described twice", e.span, hint="keep one")
                events.append(e)
            elif e[0] == "types":
                (types if e[1] == "types" else tags).extend(e[2])
                for opt in e[4]:
                    if opt.words != ("quiet",):
                        raise CardSyntaxError(f"unknown {e[1][:-1]} option '{' '.join(map(str, opt.words))}'",
                                              opt.span, hint="the only option is `quiet` (not printed on cards)")
                    quiet_tags.extend(e[2])
            else:
                key, value, espan = e
                if key in single:
                    raise CardSyntaxError(f"'{key}' is given twice in one game", espan, hint=f"keep one '{key}'")
                if key == "score":
                    value, single["score_called"] = value
                if key == "players":
                    _check_players(value, espan)
                single[key] = value
        return ast.GameDecl(
            c[0], tuple(props), tuple(types), tuple(tags), single.get("players", (2, 2)), tuple(zones),
            tuple(counters), tuple(properties), tuple(pools), single.get("setup"), single.get("turn"),
            single.get("end"), single.get("score"), single.get("tiebreak"), tuple(verbs), span, tuple(events),
            tuple(variants), tuple(quiet_tags), tuple(reactions), single.get("score_called"))

    @v_args(meta=True)
    def game_on(self, meta, c):
        return ast.Trigger(str(c[0]), None, c[1], False, self._s(meta))

    @v_args(meta=True)
    def variant_decl(self, meta, c):
        players = (int(c[2]), int(c[3])) if c[2] is not None else None
        if players is not None:
            _check_players(players, self._s(meta))
        return ast.VariantDecl(str(c[0]), unquote(c[1]) if c[1] is not None else None, players, self._s(meta))

    @v_args(meta=True)
    def event_decl(self, meta, c):
        return ast.EventDecl(str(c[0]), unquote(c[1]), self._s(meta))

    @v_args(meta=True)
    def pick_name(self, meta, c):
        return ("name", c[0])

    def pick_none(self, c):
        return ("none", None)

    def pick_yes(self, c):
        return ("yes", None)

    def pick_no(self, c):
        return ("no", None)

    def pick_lowest(self, c):
        return ("lowest", c[0])

    def pick_highest(self, c):
        return ("highest", c[0])

    def pick_random(self, c):
        return ("random", None)

    @v_args(meta=True)
    def pref(self, meta, c):
        kind, value = c[0]
        return ast.Pref(kind, value, c[1], self._s(meta))

    @v_args(meta=True)
    def bot_rule(self, meta, c):
        return ast.BotRule(str(c[0]), tuple(c[1:]), self._s(meta))

    @v_args(meta=True)
    def bot_decl(self, meta, c):
        helper, c = c[0] is not None, c[1:]
        ext = unquote(c[1]) if c[1] is not None else None
        return ast.BotDecl(unquote(c[0]), ext, tuple(c[2:]), self._s(meta), helper)

    @v_args(meta=True)
    def scenario_decl(self, meta, c):
        return ast.ScenarioDecl(unquote(c[0]), ast.Block(tuple(c[1:]), self._s(meta)), self._s(meta))


def _check_players(players: tuple[int, int], span) -> None:
    """`players N to M` must allow a game: at least one player, N no more than M."""
    low, high = players
    if low < 1 or high < low:
        raise CardSyntaxError(f"'players {low} to {high}' allows no game", span,
                              hint="at least one player, the smaller number first: players 2 to 4;")
