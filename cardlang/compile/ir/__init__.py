"""The compiler's intermediate representation: what generated code computes, in the runtime's terms, between
the compile rules and the Python they generate.

    compile rules (compile/expressions.py, ...) --build--> IR (ir/nodes.py)
        --passes, IR -> IR (ir/passes.py, each its own module, switchable: compile/passes.py)-->
        --emitter (ir/emit.py, the only compile module spelling the runtime's layout: runtime/layout.py)--> Python ast

A first slice: the leaves of expressions are IR (a zone, a counter, a card's counter or printed property, a
type test, a card's holder, the player, the turn's seat, a pool) and the test "nobody watches" (`Quiet`);
most statements and operators still build Python `ast` themselves (compile/codegen.py), which the IR meets
through two bridges (`Of`, `Py`). Python rewrites after emission (compile/fnlocals.py, compile/hoist.py) ask
the emitter's marks what a node reads where the IR made it. Knows no game and no source construct.
"""
