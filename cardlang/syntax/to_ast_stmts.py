"""Lark's parse tree -> the typed AST, for what a body is written in: one transformer method per grammar rule of
the expressions and statements (and the pieces they share: names, `choose` options). Shape only: it never
resolves a name (that is the compiler's job) and knows no declaration (to_ast.py builds cards, games, bots and
scenarios on this class); Lark's exceptions are parser.py's.
"""
from __future__ import annotations

from lark import Token, Transformer, v_args

from cardlang.errors import CardSyntaxError, Span
from cardlang.syntax import ast
from cardlang.syntax.literals import int_of, span_of, unquote


class StmtsToAst(Transformer):
    """Builds the AST nodes of expressions and statements; never resolves a name (that is the compiler's job)."""

    def __init__(self, path: str) -> None:
        super().__init__(visit_tokens=False)
        self.path = path

    def _s(self, meta) -> Span:
        return span_of(self.path, meta)

    def _t(self, tok: Token) -> Span:
        return Span(self.path, tok.line, tok.column, tok.end_line, tok.end_column)

    # ---- shared pieces
    def name(self, children):
        tok = children[0]
        return unquote(tok) if tok.type == "STRING" else str(tok)

    def start(self, children):
        return tuple(children)

    # ---- expressions
    @v_args(meta=True)
    def int_lit(self, meta, c):
        return ast.IntLit(int_of(c[0], self.path), self._s(meta))

    @v_args(meta=True)
    def str_lit(self, meta, c):
        return ast.StrLit(unquote(c[0]), self._s(meta))

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
        return ("prompt", unquote(c[0]))

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
        return ast.OptionBlock(unquote(c[0]), c[1], c[2], self._s(meta))

    @v_args(meta=True)
    def choose_stmt(self, meta, c):
        span = self._s(meta)
        opts = [x for x in c if isinstance(x, tuple)]
        options = tuple(x for x in c if isinstance(x, ast.OptionBlock))
        return ast.ChooseOption(self._opts(opts, span), options, span)

    @v_args(meta=True)
    def may_stmt(self, meta, c):
        span = self._s(meta)
        prompt = unquote(c[0]) if c[0] is not None else None
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
