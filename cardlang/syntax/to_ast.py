"""Lark's parse tree -> the typed AST (syntax/ast.py): one transformer method per grammar rule, building shape
only. It never resolves a name (that is the compiler's job) and never sees Lark's exceptions (parser.py turns
them into `CardSyntaxError`s); string literals are unquoted here, with their few escapes.
"""
from __future__ import annotations

from lark import Token, Transformer, v_args

from cardlang.errors import CardSyntaxError, Span, visible
from cardlang.syntax import ast

def _span_of(path: str, meta_or_token) -> Span:
    m = meta_or_token
    if getattr(m, "empty", False):
        return Span(path, 1, 1, 1, 1)
    return Span(path, m.line, m.column, m.end_line, m.end_column)


_ESCAPES = {'"': '"', "\\": "\\", "n": "\n", "t": "\t"}


def _unquote(s: str) -> str:
    """The text of a string literal. Only \\", \\\\, \\n and \\t are escapes; any other backslash stays as
    written (a card's text is prose, not a programming-language string)."""
    body = s[1:-1]
    if not body.isprintable() and visible(body) != body:
        raise ControlCharacter(s)
    if "\\" not in body:
        return body
    out = []
    i = 0
    while i < len(body):
        ch = body[i]
        if ch == "\\" and i + 1 < len(body) and body[i + 1] in _ESCAPES:
            out.append(_ESCAPES[body[i + 1]])
            i += 2
        else:
            out.append(ch)
            i += 1
    return "".join(out)


class ControlCharacter(Exception):
    """A string holds a control character (an escape sequence could reach a terminal): raised inside the
    transformer, reported by `parse` at the string's token."""

    def __init__(self, literal: str) -> None:
        super().__init__(literal)
        self.literal = literal


def _int(tok: Token, path: str) -> int:
    if len(tok) > 18:
        raise CardSyntaxError("this number is too large", Span(path, tok.line, tok.column, tok.end_line,
                                                               tok.end_column), hint="numbers have at most 18 digits")
    return int(tok)


class ToAst(Transformer):
    """Builds AST nodes; never resolves a name (that is the compiler's job)."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path

    def _s(self, meta) -> Span:
        return _span_of(self.path, meta)

    def _t(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    # ---- shared pieces
    def name(self, children):
        tok = children[0]
        return _unquote(tok) if tok.type == "STRING" else str(tok)

    def start(self, children):
        return tuple(children)

    # ---- expressions
    @v_args(meta=True)
    def int_lit(self, meta, c):
        return ast.IntLit(_int(c[0], self.path), self._s(meta))

    @v_args(meta=True)
    def str_lit(self, meta, c):
        return ast.StrLit(_unquote(c[0]), self._s(meta))

    @v_args(meta=True)
    def true_lit(self, meta, c):
        return ast.BoolLit(True, self._s(meta))

    @v_args(meta=True)
    def false_lit(self, meta, c):
        return ast.BoolLit(False, self._s(meta))

    @v_args(meta=True)
    def name_ref(self, meta, c):
        return ast.NameRef(str(c[0]), self._s(meta))

    @v_args(meta=True)
    def attr(self, meta, c):
        return ast.Attr(c[0], str(c[1]), self._s(meta))

    @v_args(meta=True)
    def func(self, meta, c):
        args = tuple(a for a in c[1:] if a is not None)
        return ast.Func(str(c[0]), args, self._s(meta))

    @v_args(meta=True)
    def list_lit(self, meta, c):
        return ast.ListLit(tuple(a for a in c if a is not None), self._s(meta))

    def end_kw(self, c):
        return str(c[0])

    @v_args(meta=True)
    def top_of(self, meta, c):
        return ast.TopOf(c[0], c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def where(self, meta, c):
        return ast.Where(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def binop(self, meta, c):
        return ast.BinOp(str(c[1]), c[0], c[2], self._s(meta))

    @v_args(meta=True)
    def compare(self, meta, c):
        return ast.Compare(str(c[1]), c[0], c[2], self._s(meta))

    @v_args(meta=True)
    def is_(self, meta, c):
        return ast.Is(c[0], c[1] is not None, c[2], self._s(meta))

    @v_args(meta=True)
    def in_(self, meta, c):
        return ast.In(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def and_(self, meta, c):
        return ast.And(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def or_(self, meta, c):
        return ast.Or(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def not_(self, meta, c):
        return ast.Not(c[0], self._s(meta))

    @v_args(meta=True)
    def neg(self, meta, c):
        return ast.Neg(c[1], self._s(meta))

    @v_args(meta=True)
    def exactly(self, meta, c):
        return ast.Quantity("exactly", c[0], self._s(meta))

    @v_args(meta=True)
    def up_to(self, meta, c):
        return ast.Quantity("up_to", c[0], self._s(meta))

    @v_args(meta=True)
    def any_number(self, meta, c):
        return ast.Quantity("any", None, self._s(meta))

    def opt_by(self, c):
        return ("by", c[0])

    def opt_as(self, c):
        return ("tag", str(c[0]))

    def opt_prompt(self, c):
        return ("prompt", _unquote(c[0]))

    def opt_private(self, c):
        return ("private", True)

    def _opts(self, items, span: Span) -> ast.ChooseOpts:
        seen: dict[str, object] = {}
        for key, value in items:
            if key in seen:
                word = {"by": "by", "tag": "as", "prompt": "prompt", "private": "privately"}[key]
                raise CardSyntaxError(f"'{word}' is given twice", span, hint=f"keep one '{word} ...'")
            seen[key] = value
        return ast.ChooseOpts(seen.get("by"), seen.get("tag"), seen.get("prompt"),  # type: ignore[arg-type]
                              bool(seen.get("private")))

    @v_args(meta=True)
    def choose_expr(self, meta, c):
        span = self._s(meta)
        return ast.Choose(c[0], c[1], self._opts(c[2:], span), span)

    # ---- statements
    @v_args(meta=True)
    def block(self, meta, c):
        return ast.Block(tuple(c), self._s(meta))

    @v_args(meta=True)
    def let_stmt(self, meta, c):
        return ast.Let(str(c[0]), c[1], self._s(meta))

    def lvalue(self, c):
        return tuple(str(t) for t in c if t is not None)

    @v_args(meta=True)
    def assign_stmt(self, meta, c):
        return ast.Assign(c[0], str(c[1]), c[2], self._s(meta))

    @v_args(meta=True)
    def if_stmt(self, meta, c):
        return ast.If(c[0], c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def repeat_stmt(self, meta, c):
        return ast.Repeat(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def while_stmt(self, meta, c):
        return ast.While(c[0], c[1], self._s(meta))

    @v_args(meta=True)
    def for_stmt(self, meta, c):
        return ast.For(str(c[0]), c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def attack_stmt(self, meta, c):
        return ast.Attack(str(c[0]), c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def phase_stmt(self, meta, c):
        return ast.Phase(str(c[0]), c[1], self._s(meta))

    @v_args(meta=True)
    def option_block(self, meta, c):
        return ast.OptionBlock(_unquote(c[0]), c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def choose_stmt(self, meta, c):
        span = self._s(meta)
        opts = [x for x in c if isinstance(x, tuple)]
        options = tuple(x for x in c if isinstance(x, ast.OptionBlock))
        return ast.ChooseOption(self._opts(opts, span), options, span)

    @v_args(meta=True)
    def may_stmt(self, meta, c):
        span = self._s(meta)
        prompt = _unquote(c[0]) if c[0] is not None else None
        opts = [x for x in c[1:] if isinstance(x, tuple)]
        blocks = [x for x in c[1:] if isinstance(x, ast.Block) or x is None]
        return ast.May(prompt, self._opts(opts, span), blocks[0], blocks[1] if len(blocks) > 1 else None, span)

    @v_args(meta=True)
    def break_stmt(self, meta, c):
        return ast.Break(self._s(meta))

    @v_args(meta=True)
    def simultaneous_stmt(self, meta, c):
        return ast.Simultaneous(c[0], self._s(meta))

    def prep(self, c):
        return str(c[0])

    @v_args(meta=True)
    def kwarg(self, meta, c):
        return ast.Kwarg(str(c[0]), c[1], self._s(meta))

    @v_args(meta=True)
    def at_end(self, meta, c):
        return ast.Kwarg("at", ast.NameRef(c[0], self._s(meta)), self._s(meta))

    @v_args(meta=True)
    def call_stmt(self, meta, c):
        args = tuple(a for a in c[1:] if not isinstance(a, ast.Kwarg))
        kwargs = tuple(a for a in c[1:] if isinstance(a, ast.Kwarg))
        keys = [k.key for k in kwargs]
        for k in kwargs:
            if keys.count(k.key) > 1:
                raise CardSyntaxError(f"'{k.key}' is given twice", k.span, hint=f"keep one '{k.key} ...'")
        return ast.Call(str(c[0]), args, kwargs, self._s(meta))

    @v_args(meta=True)
    def case_block(self, meta, c):
        return ast.Case(str(c[0]), c[1], self._s(meta))

    @v_args(meta=True)
    def call_cases(self, meta, c):
        cases = tuple(x for x in c[1:] if isinstance(x, ast.Case))
        call = self.call_stmt(meta, [x for x in c if not isinstance(x, ast.Case)])
        names = [k.name for k in cases]
        for k in cases:
            if names.count(k.name) > 1:
                raise CardSyntaxError(f"'{k.name}' is given twice", k.span, hint=f"keep one '{k.name} {{ ... }}'")
        return ast.Call(call.verb, call.args, call.kwargs, call.span, cases)

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
        return ("text", _unquote(c[0]), self._s(meta))

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
        words = tuple(_int(t, self.path) if t.type == "INT" else (_unquote(t) if t.type == "STRING" else str(t)) for t in c)
        return ast.Option(words, self._s(meta))

    @v_args(meta=True)
    def zone_decl(self, meta, c):
        return ast.ZoneDecl(str(c[0]), tuple(c[1:]), self._s(meta))

    @v_args(meta=True)
    def counter_decl(self, meta, c):
        return ast.CounterDecl(str(c[0]), tuple(c[1:]), self._s(meta))

    @v_args(meta=True)
    def property_decl(self, meta, c):
        return ast.PropertyDecl(str(c[0]), c[1], self._s(meta))

    @v_args(meta=True)
    def pool_decl(self, meta, c):
        default = tuple(x for x in c[3:] if x is not None)
        return ast.PoolDecl(str(c[0]), _int(c[1], self.path), c[2], default, self._s(meta))

    @v_args(meta=True)
    def players_entry(self, meta, c):
        return ("players", (_int(c[0], self.path), _int(c[1], self.path)), self._s(meta))

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
        return ("score", c[0], self._s(meta))

    @v_args(meta=True)
    def tiebreak_decl(self, meta, c):
        return ("tiebreak", (str(c[0]), c[1]), self._s(meta))

    @v_args(meta=True)
    def param(self, meta, c):
        return ast.Param(str(c[0]), str(c[1]) if c[1] is not None else None, c[2], self._s(meta))

    @v_args(meta=True)
    def verb_decl(self, meta, c):
        params = tuple(p for p in c[1:-3] if p is not None)
        text = _unquote(c[-2]) if c[-2] is not None else None
        return ast.VerbDecl(str(c[0]), params, text, c[-1], self._s(meta), quiet=c[-3] is not None)

    def verb_quiet(self, c):
        return "quiet"

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
                single[key] = value
        return ast.GameDecl(
            c[0], tuple(props), tuple(types), tuple(tags), single.get("players", (2, 2)), tuple(zones),
            tuple(counters), tuple(properties), tuple(pools), single.get("setup"), single.get("turn"),
            single.get("end"), single.get("score"), single.get("tiebreak"), tuple(verbs), span, tuple(events),
            tuple(variants), tuple(quiet_tags), tuple(reactions))

    @v_args(meta=True)
    def game_on(self, meta, c):
        return ast.Trigger(str(c[0]), None, c[1], False, self._s(meta))

    @v_args(meta=True)
    def variant_decl(self, meta, c):
        players = (int(c[2]), int(c[3])) if c[2] is not None else None
        return ast.VariantDecl(str(c[0]), _unquote(c[1]) if c[1] is not None else None, players, self._s(meta))

    @v_args(meta=True)
    def event_decl(self, meta, c):
        return ast.EventDecl(str(c[0]), _unquote(c[1]), self._s(meta))

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
        ext = _unquote(c[1]) if c[1] is not None else None
        return ast.BotDecl(_unquote(c[0]), ext, tuple(c[2:]), self._s(meta), helper)

    @v_args(meta=True)
    def scenario_decl(self, meta, c):
        return ast.ScenarioDecl(_unquote(c[0]), ast.Block(tuple(c[1:]), self._s(meta)), self._s(meta))
