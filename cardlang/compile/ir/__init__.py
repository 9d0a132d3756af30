"""The compiler's intermediate representation: what generated code computes, in the runtime's terms, between
the compile rules and the Python they generate.

    compile rules (compile/expressions.py, ...) --build--> IR (ir/nodes.py, over the leaves' ir/nodes_base.py
        and the reads' ir/nodes_reads.py; the loops' ir/nodes_loops.py, the operators' and coercions'
        ir/nodes_ops.py, asking's ir/nodes_ask.py)
        --passes, IR -> IR (ir/passes.py, each its own module, switchable: compile/passes.py; their shared
          bottom-up rewrite, ir/rewrite.py)-->
        --emitter (ir/emit.py, its statements ir/emit_stmts.py, the loops' ir/emit_loops.py, the operators'
          ir/emit_ops.py, decisions' and bots' ir/emit_decisions.py over ir/nodes_decisions.py, asking's
          ir/emit_ask.py (a decision built and asked in the generated code, its prompt): the only compile
          code spelling the runtime's layout, runtime/layout.py)--> Python ast

Primitives' lowerings build IR too (a move of one card, a grid cell, a zone's size: primitives/core_lowering.py,
grid.py, functions.py): primitives/ sits below compile/ and may not import it, so a lowering gets the node
classes as `gen.ir` and hands its nodes to `gen.emit_ir` / `gen.emit_expr` (compile/generator.py Gen).

A first slice: the leaves of expressions are IR (a zone, a counter, a card's counter or printed property, a
type test, a card's holder, the player, the turn's seat, a pool) and the test "nobody watches" (`Quiet`);
since then a counter's change, `let`, `if`, the loops, the loops over a set (`where`, its count, `sum`), a
name's `+=`/`-=`, `attack`, phases and `break`, the operators and the coercions, decisions' generated code,
bots, and the calls of verbs and primitives (ir/nodes_calls.py) too; what is left builds
Python `ast` itself (compile/codegen.py), which the IR meets through bridges (`Of`, `Py`,
`OfBlock`). Python rewrites after emission (compile/fnlocals.py, compile/hoist.py) ask
the emitter's marks what a node reads where the IR made it. Knows no game and no source construct.
"""
