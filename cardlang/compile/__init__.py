"""AST -> generated Python and rules text. Knows the registry and a game's declarations, never a running game.

The pipeline as it now is, from a checked rule to the code that runs:

    compile rules (a Compiler's expr_rule / stmt_rule: expressions.py, operators.py, loops.py, statements.py,
    calls.py, decisions.py) give each construct as a CE (an expression: its code; for a caller that needs
    a function, the compiler generates one from that code, Compiler.fn_of, with no module state) or a `codegen.Code` (a statement: its code, most
    often one IR statement, `codegen.of_ir`; Statements.stmt makes a function from it the same way). Every
    statement is code: one run by a function of its own is the code calling it (`codegen.called`)
      -> the leaves of expressions are IR (ir/nodes.py): zones and counters of a seat, a card's counter and
         printed property (of one card, or of the first of several: `FirstOr`), type tests, a card's holder,
         the player, the turn's seat, turns, pools, constants and names; of statements, a card's counter
         change (`ChangeCardCounter`), a player's or a shared counter's change (`ChangeCounter`), a list of
         numbers' change (one call, counter_code.numbers_change; its `=` `SetNumbers`), `let` and a rules
         name's `=` (`Let` of a `Name`), `if` (`If`), `repeat` / `while` / `for` (`Loop`, with its
         step-budget charge), whose blocks
         are still compiled as Python
         (the bridge `OfBlock`), and moves, triggers and notes; calls (ir/nodes_calls.py, from calls.py and
         primitive_code.py): a core verb's (`CallPrimitive`: its run, or its lowering), a game verb's with
         its bound arguments and nesting bookkeeping (`CallVerb`), `trigger` with named values, of cards or of
         a card definition (`Trigger`), and around each the empty pick (`Skip`) and `for P` (`AsPlayer`);
         "nobody watches" / "someone watches" are
         the nodes `Quiet` / `Watched` (and, for code still built as Python, emit.quiet_test/watched_test).
         In ir/nodes_loops.py (emitted by ir/emit_loops.py): a rules name's `+=`/`-=` (`ChangeName`), a number
         checked against the limit (`Bounded`), `attack` (`Attack`: its loop in the code, each target's
         window runtime/abilities.py's attack_window), entering a phase (`EnterPhase`; its own function
         `RunPhase`), `break` (`Break`), and loops.py's loops over a set: `ITEMS where COND` in its caller (`Where`, with the
         shortcuts' at-most-one test and the per-card counter's `CounterGuard`), its count (`CountWhere`,
         `CountEqual` / `ListCount` for `number == X`), `sum` in its caller (`SumIn`), and the body of the
         function generated for each (`OverItems`, with its step charge `Charge`; it ends in nodes.py's `Return`). In
         ir/nodes_ops.py (emitted by ir/emit_ops.py): the operators' code, arithmetic (`Arith`, in a `Bounded`
         where it can pass the limit), `-X` (`Neg`), comparisons (`Compare`), and/or (`Both`) and not (`Not`),
         `CARDS is T` (`AllAre`, one card's own test where the pass `lower` is on), the lists written in the
         source (`ListOf`, `Numbers`, `Joined`), `top N of ZONE` (a `Call`), the operators' runtime helpers
         (`Helper`: `NAME in ZONE`, `top N of CARDS`), and the coercions with code: a card as a list of one
         (`Cards`), a zone's cards (`CardsOfZone`), the list a `for` runs over (`Listed`); an expression
         generated as a function of its own (Compiler.fn_of) is its `Return`. In ir/nodes_decisions.py (emitted
         by ir/emit_decisions.py): the legal options of a `choose one of` (`ReturnLegal`), the option a name
         gives (`NamedOption`), a bot's answer to a decision put in full (`BotDecide`, its preferences `Prefer` /
         `PickName` / `PickRandom` / `PickNone` / `PickWeighed`) and its pick by name (`BotContext`, `TryName`).
         In ir/nodes_ask.py (emitted by ir/emit_ask.py): the decisions asked in the generated function itself,
         and `simultaneous` (`Secretly`: its choices in the function of the block around them, the state's
         secrecy set and set back in a `finally`)
      -> IR passes, IR -> IR (ir/passes.py IR_PASSES: `one-card`, `bool-arith`, `printed-consts`, `static-where`,
         `create-all`, `shared-conds`, `verb-in-place`, `nested-in-place`, `printed-table`), each a module of
         ir/ and switchable (passes.py)
      -> the emitter (ir/emit.py, its statements ir/emit_stmts.py, the loops' ir/emit_loops.py, which asks
         hoist.py what a loop may move out, the operators' ir/emit_ops.py, calls' ir/emit_calls.py, decisions'
         and bots' ir/emit_decisions.py): IR -> Python `ast`, the only compile code spelling
         the runtime's layout, through the names runtime/layout.py owns; it marks the reads it makes (a zone, a
         counter's row)
      -> codegen.py puts a block's Python together (emitted into a generator.py Gen: its constants, line
         table and locals), one function per block, drops the stores nothing reads (names.py), and compiles
         it after the rewrites of the emitted Python (rewrites.py REWRITES: fnlocals.py, locals for what a
         function reads again and again; quietfold.py; youlocal.py; samereads.py; existsloops.py;
         comploops.py), which ask the emitter's marks what a read is (the loops' invariants were taken out
         as they were emitted: hoist.py).

Still direct Python `ast`, not IR: of calls, the arguments' coercions, a `for P` call's react-first form
(reacting.py), a flat verb's body run in place (names.in_place) and a verb's own names table
(codegen.build); a bot's shared call kept in a local (botgen.compile_condition); and most primitives'
`lower` (primitives/); those build
Python around the runtime's fields but spell none of them: they ask the emitter for each (its marked
reads, the quiet/watched test, and named accessors such as charge_steps, depth, cards_of) and mark
nothing by hand (`python tools/layout_names.py` counts what is left: none in compile/ or
primitives/). The move of a card, the test for
an ability and the watched-only call (primitives/core_lowering.py) are IR: a lowering, which may not import the
compiler, builds nodes through `gen.ir` and hands them to `gen.emit_ir` / `gen.emit_expr`. The rewrites
(fnlocals.py, names.py) know `ctx.state`, `ctx.you`, `ctx.vars` and `card_def[_x]` by the emitter's marks
(G.ctx_attr("state"), G.state_attr, G.you, G.set_you are the emitter's marked reads).

A core verb's call is its lowered code where it has a `lower` (move, reveal, trigger, note, reset, refill,
display, attach, first_turn, modify, claim, bank; the registry's property test, tests/primitives/
test_lowering.py, checks each against its reference `run` on random states), else `run(ctx, ARG, ...)`: a
primitive's reference called by name, as the runtime's helpers are (move_into, tell_revealed, ...). A lazy
argument (read by run only when it needs it) is code placed where the lowering reads it (`lowers_lazy`:
refill, display, attach, first_turn, modify, claim); for `block`, and with the pass `lower` off, it is a
function generated from its code (Compiler.fn_of), which run calls (why block keeps them: primitives/block.py).

Every decision is generated code too: with the pass decide-inline, asked in the generated function itself;
without it, a call of its reference run (decision_runs.py: `choose_cards`, `choose_option`, `ask_may`...,
hand-written over evaluated options, and what the code asked in place is checked against: tests/primitives/
test_decision_runs.py), the options' code its arguments, the parts it reads only when it asks (who is asked,
a prompt with names in it) generated functions, the blocks of `choose one of` and `may` their blocks'
functions. With the pass on, a choice in expression position is lifted into a `let` of its own name wherever
its statement evaluates it unconditionally (lift.py), so only a conditional one (the right of `and`/`or`,
inside another choice, a call run `for` a player, ...) is that call of its reference run, made only when its
code is (none in the four games). No closure is made for one call: every module of the four games links on a
cached load (codecache.py), with the passes and without (`--no-opt`). Closures made by a marked factory of
plain values (primitives/types.py `remade`), which names them in the cache, link too: a `choose one of`'s
labels and find-by-label, and a change of a card's counter past its plain case (primitives/counting.py
card_counter_change); a card-name argument taken from a pick is a generated function (calls.py
`_card_argument_fn`).
A phase's own function (`run_phase`: the game's phases table, the turn's call where someone watches or with
the pass phase-inline off) is generated (ir/nodes_loops.py `RunPhase`).
"""
