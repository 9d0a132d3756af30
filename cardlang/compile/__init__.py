"""AST -> generated Python (beside the closures it replaces) and rules text. Knows the registry and a game's
declarations, never a running game.

The pipeline as it now is, from a checked rule to the code that runs:

    compile rules (a Compiler's expr_rule / stmt_rule: expressions.py, operators.py, loops.py, statements.py,
    calls.py, decisions.py) give each construct as a CE (an expression: a closure and its code) or an Item
    (a statement: its code, `codegen.Code`)
      -> the leaves of expressions are IR (ir/nodes.py): zones and counters of a seat, a card's counter and
         printed property (of one card, or of the first of several: `FirstOr`), type tests, a card's holder,
         the player, the turn's seat, turns, pools, constants and names; of statements, a card's counter
         change (`ChangeCardCounter`), a player's or a shared counter's change (`ChangeCounter`), a list of
         numbers' set, `let` and a rules name's `=` (`Let` of a `Name`), `if` (`If`), `repeat` / `while` /
         `for` (`Loop`, with its step-budget charge and `break`), whose blocks are still compiled as Python
         (the bridge `OfBlock`), and moves, triggers and notes; calls (ir/nodes_calls.py, from calls.py and
         primitive_code.py): a core verb's (`CallPrimitive`: its run, or its lowering), a game verb's with
         its bound arguments and nesting bookkeeping (`CallVerb`), `trigger` with named values (`Trigger`),
         and around each the empty pick (`Skip`) and `for P` (`AsPlayer`); "nobody watches" / "someone watches" are
         the nodes `Quiet` / `Watched` (and, for code still built as Python, emit.quiet_test/watched_test)
      -> IR passes, IR -> IR (ir/passes.py: `one-card`, `verb-in-place`), each switchable with the others (passes.py)
      -> the emitter (ir/emit.py, its statements ir/emit_stmts.py and calls ir/emit_calls.py): IR -> Python `ast`, the only compile code
         spelling the runtime's layout, through the names runtime/layout.py owns; it marks the reads it makes (a zone, a counter's row)
      -> codegen.py puts a block's Python together, one function per block, and compiles it, after the
         Python rewrites (fnlocals.py: locals for what a function reads again and again; hoist.py: loop
         invariants; names.py: unread stores), which ask the emitter's marks what a read is.

Still direct Python `ast`, not IR: the other statements (a rules name's `+=`/`-=`, `attack`, phases, `break`:
statements.py; the loops of loops.py; of calls, the arguments' coercions, a `for P` call's react-first
form (reacting.py), a flat verb's body run in place (names.in_place) and a verb's own names table
(codegen.build); decisions.py; bots: botgen.py), the operators and coercions (operators.py, statements.coerce_ce), and most primitives' `lower` (primitives/); those build Python around the
runtime's fields but spell none of them: they ask the emitter for each (its marked reads, the quiet/watched
test, and named accessors such as charge_steps, depth, cards_of) and mark nothing by hand (`python
tools/layout_names.py` counts what is left: none in compile/ or primitives/). The move of a card, the test for
an ability and the watched-only call (primitives/core_lowering.py) are IR: a lowering, which may not import the
compiler, builds nodes through `gen.ir` and hands them to `gen.emit_ir` / `gen.emit_expr`. The rewrites
(fnlocals.py, names.py) know `ctx.state`, `ctx.you`, `ctx.vars` and `card_def[_x]` by the emitter's marks
(G.ctx_attr("state"), G.state_attr, G.you, G.set_you are the emitter's marked reads).
"""
