"""The optimisations of the generated code, named and listed in one tuple, each switchable.

Three kinds, as the compile is layered (compile/__init__.py): an IR pass rewrites the typed IR before the
emitter spells it (`IR -> IR`, a module of its own in compile/ir/, listed in order in ir/passes.py IR_PASSES);
a rewrite of the emitted Python runs on a module before it is compiled (compile/rewrites.py REWRITES); the
others are choices the compile rules and the emitter make where a plain version of the same code exists (a
primitive's `run` called instead of its lowering, a name read from `ctx.vars` instead of a local). A load's
`Options` (which passes are on) is handed down the compile: `compile_game(..., options=)` puts it on the
game's facts, every compiler of the game reads it (`Compiler.options`), and every generated module's `Gen`
(compile/generator.py) carries it (`gen.options`). No module state: two loads
with different options in two threads are independent. `cardlang simulate|play|compile --no-opt` loads with
`PLAIN` (no pass), under a cache key of its own (compile/game.py). Every pass leaves the same results and the
same events (tests/compile/test_passes.py; `python tools/results_golden.py --check --no-opt`).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pass:
    name: str
    module: str  # where it lives
    what: str


PASSES: tuple[Pass, ...] = (
    Pass("lower", "primitives (each class's `lower`), compile/primitive_code.py, compile/inline.py, generator.Gen.apply",
         "a primitive's call (and the compiler's own owner/type tests) as the code it computes, not a call of `run`"),
    Pass("react-first", "compile/calls.py, compile/reacting.py",
         "a `for P` call whose lowering can look first for a card that reacts switches players only when one does"),
    Pass("react-skip", "primitives/core_lowering.py (may_react), compile/reacting.py, compile/ir/emit_calls.py "
         "(_trigger), compile/ir/emit.py (MayReact)",
         "a `trigger EVENT CARDS` looks through its cards for one with an `on EVENT` ability only when the list "
         "holds one of the game's cards that have it (one set operation, runtime/abilities.py reacting_ids)"),
    Pass("react-copy-late", "primitives/core_lowering.py (copy_if_reacting), compile/ir/emit_calls.py (_trigger), "
         "compile/reacting.py",
         "with react-skip, a `trigger EVENT ZONE` asks its set question of the zone's own list and copies the list "
         "(to look through it) only when a card may react: most triggers copy nothing"),
    Pass("counter-code", "compile/counter_code.py, compile/statements.py (a plain counter's change)",
         "a counter's change (a player's, a card's, a number list) set in the code itself when nobody watches, "
         "not by calling set_counter or the assignment's function"),
    Pass("phase-inline", "compile/statements.py, compile/ir/emit_loops.py (EnterPhase)",
         "a phase run inside the turn's function, its body inlined when nobody watches, not called"),
    Pass("flat-verbs", "compile/checks.py (flat_verbs), compile/ir/emit_calls.py (CallVerb)",
         "a verb that can never run inside itself called without the nesting bookkeeping"),
    Pass("verb-in-place", "compile/ir/verb_in_place.py",
         "IR -> IR: a flat verb's body run in place of the call when nobody watches, where its code needs no "
         "names in ctx.vars or it has no parameters (calls.compile_verbs, which compiles the verbs callees first)"),
    Pass("nested-in-place", "compile/ir/nested_in_place.py",
         "IR -> IR: as verb-in-place, for a verb that may run inside itself (a `trigger` may lead back to it; "
         "calls.compile_verbs keeps its statements), "
         "its body run in place with the nesting limit counted around it as its call counts it, when its code is "
         "short (calls._NESTED_IN_PLACE_NODES)"),
    Pass("name-locals", "compile/generator.py (Gen.local_ok), compile/codegen.py (build's `given` parameters), "
         "compile/statements.py (kept_in_locals)",
         "a rules name written once (or only by lets and assignments of the function's own code), and a verb's "
         "unwritten parameters, kept in Python locals"),
    Pass("unread-stores", "compile/names.py (drop_unread_stores_and_tell), compile/decisions.py (find), "
         "compile/codegen.py (build_function's _FnFacts)",
         "stores into ctx.vars that nothing reads dropped; a verb whose body uses no names gets none; a "
         "generated function that uses none (a `where`, a phase's entry) is marked as reading none"),
    Pass("state-locals", "compile/fnlocals.py (with_state_local)",
         "what a function reads again and again (ctx.state, its tables, quiet tests) kept in locals"),
    Pass("tables-kept", "compile/fnlocals.py (with_tables_local), compile/ir/emit.py (card_counter_table)",
         "with state-locals, the table of a per-card counter that a loop reads (`card.ticket == X` at each pass) "
         "is read once before the outermost loop around it, as a counter's row is: the state never replaces it"),
    Pass("zones-kept", "compile/fnlocals.py (with_zones_local), compile/ir/emit.py (zone_read)",
         "with state-locals, a zone of a player held in a local (a verb's parameter, a local set once before the "
         "loop) that a loop reads is read once before the outermost loop around it, as the player's own zone is: "
         "the state never replaces a zone; and a counter's row and a shared zone in a function that sets the player"),
    Pass("quiet-fold", "compile/quietfold.py (fold_quiet)",
         "a quiet test inside a branch of the same test answered: `if _quiet:` there runs its body, `_quiet and X` "
         "is X (a phase inlined when nobody watches no longer asks again at each move and counter change)"),
    Pass("you-local", "compile/youlocal.py (with_you_local)",
         "the player whose effect runs read from a local set once, in a function that reads it three times or "
         "more and never sets it (a turn reads it at each counter set and each zone of the player's)"),
    Pass("same-reads", "compile/samereads.py (with_same_reads), compile/rewrites.py, compile/ir/emit.py (marks)",
         "a printed property read again in one expression (`card.cost_wood <= wood and ... card.cost_wood + "
         "card.cost_ore <= ...`) reads the value the first read, certain to have run before it, kept in a local"),
    Pass("exists-loops", "compile/existsloops.py (with_exists_loops), compile/rewrites.py, compile/ir/emit_loops.py "
         "(_count_where's mark)",
         "`if count(ITEMS where COND) > 0` (or `== 0`) as a loop that stops at the first item that holds, not a "
         "comprehension counted, when COND is a read without effect that cannot fail"),
    Pass("count-before", "compile/countbefore.py (with_counts_before), compile/rewrites.py",
         "a `count(... where ...)` that a statement always works out, past only reads that cannot fail or act, "
         "counted by a loop before the statement, not by a list comprehension (a function call on Python 3.11)"),
    Pass("comp-loops", "compile/comploops.py (with_comp_loops), compile/rewrites.py",
         "a list comprehension assigned as a statement (or as a branch of a conditional expression so assigned) "
         "run as a loop appending to the list, its variable seen nowhere else in the function: on Python 3.11 a "
         "comprehension is a function made and called each time it runs"),
    Pass("shared-slots", "compile/sharedslots.py (with_shared_slots), compile/rewrites.py",
         "the compiler's temporaries of one function whose stretches of code do not overlap share one local "
         "name: Python 3.11 sets and clears every local slot of a frame at each call, so a generated function "
         "of hundreds of temporaries paid for each at every call"),
    Pass("random-inline", "compile/ir/emit_decisions.py (_pick_random)",
         "a bot's `random` pick is `random.Random.choice`'s own code in the rule (the same number drawn from the "
         "bot's stream), not a call of `choice` that calls `_randbelow`"),
    Pass("seats-kept", "compile/expressions.py, compile/ir/emit.py (Seats), runtime/state.py (seat_tables)",
         "`others` and `players` read from the state's tables of them (made again when a player goes out; the "
         "invariant checker compares them with `out`), not worked out by a call at each use"),
    Pass("bounds", "compile/operators.py (BinOp, Func), compile/expressions.py, compile/statements.py (For, Let)",
         "`+`, `-` and `*` of numbers whose size the compiler knows (written in the source, printed on every card, "
         "a loop's name over written numbers, a count, a truth value as a number, a `let` of such that nothing "
         "else writes) not checked against the 18-digit limit when they cannot reach it; "
         "a counter's `+=` (`-=`) of a value never below 0 (written, or a property every card prints so) not "
         "tested against the lower (upper) bound it cannot pass"),
    Pass("sum-bounds", "compile/loops.py (_sum), compile/ir/emit_loops.py (_bounded)",
         "a `sum` of amounts whose size the compiler knows (a printed property, a number written) not checked "
         "against the 18-digit limit, and its size known to the `+` and the counter it goes into: no list "
         "holds 2^40 items, so a total of amounts below 900,000 cannot reach it"),
    Pass("counter-bounds", "compile/expressions.py (_counter_range)",
         "a counter's read known to stay within its bounds, and one drawing on a finite bank within what the bank "
         "held at the start (the bank conserved, every holder at least 0): `wood + ore + wool` is not "
         "checked against the 18-digit limit (the pass `bounds` then drops the test)"),
    Pass("bank-tests", "compile/statements.py (a counter's change), compile/ir/emit_stmts.py (_change_counter)",
         "a banked counter's change in the code does not test its bank for None (a bank is declared `bank N`: a "
         "number from the start), and a `-=` of a value never below 0 does not test that the bank covers it"),
    Pass("zero-skip", "compile/statements.py (_mostly_zero), compile/ir/emit_stmts.py (_change_counter)",
         "a counter's `+=` or `-=` of a printed property whose default is 0 (a cost) tests the value first and "
         "does nothing for 0, as set_counter does (no change, nobody told)"),
    Pass("leaves-names",
         "compile/hoist.py (escapes, _quiet_call), compile/ir/emit_loops.py, compile/decisions.py (find)",
         "a loop or find whose condition hands ctx only to functions that read no names (too_big: a number past "
         "the limit) keeps its card in a local, not in ctx.vars, and still has its invariant reads hoisted"),
    Pass("where-inline", "compile/loops.py, compile/ir/emit_loops.py (Where, CountWhere)",
         "`ITEMS where COND` as a list comprehension in its caller (a `count` of one as its len), COND reading the "
         "caller's locals, when COND "
         "hands ctx to nothing that reads names: no function of its own called, no names put in ctx.vars for it"),
    Pass("sum-inline", "compile/loops.py, compile/ir/emit_loops.py (SumIn)",
         "`sum(ITEMS, EACH)` as `sum([EACH for ...])` in its caller, EACH reading the caller's locals, when EACH "
         "hands ctx to nothing that reads names: `sum(attached(u), card.offence)` needs no ctx.vars for `u`"),
    Pass("sum-modified", "compile/loops.py (_sum)",
         "`sum(ITEMS, card.P)` of a property P that modifiers change inlined in its caller as sum-inline inlines "
         "a printed one (read_modified runs the modifiers in a context of their own, their loops charged by "
         "themselves), not a generated function charging a step a card: `strength` runs in place in `arm`"),
    Pass("hoist", "compile/hoist.py, compile/ir/emit_loops.py (OverItems)",
         "a loop that only reads goes over the zone's own list; reads the same for every item made once"),
    Pass("count-loops", "compile/ir/emit_loops.py (_count_where_value)",
         "a `let` of a `count(ITEMS where COND)` inlined in its caller as a loop counting in a local, not the "
         "length of a list comprehension (a function made and called each time on Python 3.11), over the list "
         "itself when the condition only reads (a game's action may count such at every action)"),
    Pass("shortcuts", "compile/shortcuts.py, compile/loops.py, compile/ir/emit_loops.py",
         "`where` answered early (no card holds the counter), `at most one`, `count(... == x)` as list.count"),
    Pass("guard-reuse", "compile/ir/emit_loops.py (Where)",
         "a `where card.C == X` in its caller reads X and C's table from the locals its shortcut's test set, "
         "not again for each card"),
    Pass("filter-in-c", "compile/ir/emit_loops.py (OverItems)",
         "`where card.P == X` over the game's card definitions (P printed) a lookup in a table of them by P, not a "
         "loop comparing every definition"),
    Pass("labels-kept", "compile/ir/emit_decisions.py (_bot_decide)",
         "a bot's decision of several picks by name makes its table of the remaining options' labels once and "
         "takes the picked one's label out of it, while no label is there twice (else makes it again), not at "
         "every pick"),
    Pass("labels-of-defs", "compile/ir/emit_decisions.py (_bot_decide, _of_defs)",
         "a bot's decision of cards put with the game's card definitions (no labels made) makes its table of the "
         "remaining options' names from the definitions in that table's own loop, not from a list of every "
         "option's label made first (a call of state.option_labels and its comprehension's)"),
    Pass("printed-table", "compile/ir/printed_table.py",
         "IR -> IR: a card's printed property that every card of the load holds (compile/expressions.py "
         "_in_table) read as a subscript of its definition's table of every property the game declares "
         "(compile/game.py CardDef.printed: `card_def[_c].printed['cost']`), not a call of its dict's `get` with "
         "the default"),
    Pass("decide-inline", "compile/decisions.py, compile/ir/emit_ask.py (nodes_ask.py)",
         "a decision (`choose`, `choose one of`, `may`) and its prompt built and asked in the generated function "
         "itself, reading the names there (its locals), its blocks inlined; not a call of its reference run "
         "(compile/decision_runs.py) over the options' code, passed generated functions that read the names in "
         "ctx.vars and its blocks' functions (the reference)"),
    Pass("options-at-once", "compile/decisions.py (_legal_fn), compile/ir/emit_ask.py (AskOption)",
         "the conditions of a `choose ... { \"A\" if COND {...} ... }` tested in one go (inline, or one generated "
         "function), not one call each (a choice of a dozen actions tests a dozen conditions every time it is made)"),
    Pass("shared-conds", "compile/ir/shared_conds.py",
         "IR -> IR: a read without effect that cannot fail which several conditions of one `choose` make, one "
         "of them whenever it is tested (`c >= 5 + x`, `count(others where player.d == 0) > 0`), worked out "
         "once before the conditions into a local (AskOption.pre, emitted by compile/ir/emit_ask.py)"),
    Pass("cheap-first", "compile/ir/cheap_first.py",
         "IR -> IR: of an `and`/`or` of two reads without effect that cannot fail, the one counting over cards "
         "(`count(ZONE where ...)`) is tested second, so that it is left out where the other side decides"),
    Pass("bot-by-name", "compile/botgen.py (_by_name), compile/bots.py",
         "a bot rule of names only tries those names against the decision's filter (`choose up to 1` from a zone, "
         "or from several when one holds piles: compile/decisions.py); the options are not built"),
    Pass("ask-rules", "compile/ir/emit_ask.py (_by_rules), runtime/decisions.py (ask_rules), compile/bots.py "
         "(decide_on)",
         "a decision asked in place (not private) that nobody reads is put to a bot answering by compiled rules "
         "with the fields the code holds (its options, bounds, labels unmade), its `Decision` and prompt never "
         "built; one with nothing to choose is answered without its agent; any other seat is asked the Decision "
         "as before (the reference runs, compile/decision_runs.py, always build it)"),
    Pass("names-first", "compile/decisions.py (_names_first), compile/asking.py (named_cards_in)",
         "a bot's pick by name from a zone of no piles looks each name up among the names of the zone's cards, "
         "gathered once, and calls the decision's filter (a call and a scan of the zone) only for a name there"),
    Pass("none-rules", "compile/bots.py (answers_none), compile/ir/emit_ask.py (_cards)",
         "a decision a bot answers by name, when the bot's rule for it is `none` first with no condition (`on "
         "play_action { none; }`), answered none in the code (a set test of the agent's `nones`), with no call of "
         "named_cards and of the bot's by_name"),
    Pass("none-first-inline", "compile/bots.py (never_none), compile/ir/emit_ask.py (_cards)",
         "a choice that needs no card (any, or up to N) put to a bot answers none in the code when the bot's rule "
         "for it is `none` first with no condition (its `nones`), and is put in full when the bot never answers "
         "it none by name before naming a card (its `never_none`: a rule answered from the full list, or a name "
         "first with no condition), each without the call of picks_none (and of the bot's by_name) that found "
         "the same"),
    Pass("written-bounds", "compile/ir/emit_ask.py (_bounds_written)",
         "the bounds of a choice of names, numbers or slots whose count is written as a number (`choose 1 from "
         "slots(board) where ...`) worked out in the code, a length and a comparison, with no call of "
         "choice_bounds"),
    Pass("bot-shared-reads", "compile/botgen.py (compile_condition)",
         "a call giving a player or a card name (`claimant()`, `claimed()`) that a bot rule's conditions make more "
         "than once is kept in a local when first made, as a call giving a number is: read once per pick"),
    Pass("bot-reads-state", "compile/botgen.py (_on_params)",
         "a bot's pick by name whose conditions read only the state and the player reads them from its "
         "parameters, without finding the bot's context first"),
    Pass("offered-first", "compile/botgen.py (_prefs), compile/ir/emit_decisions.py (NamesOffered)",
         "a bot's preference of names under a condition (`NAME if count(NAME in ZONE) > 0;`) tests first "
         "whether one of its names is offered in this pick, and its condition only then; a condition that may "
         "draw randomness (`roll`) is tested where it is reached, as written (a condition that would stop the game "
         "with an error is not reached for names not offered)"),
    Pass("weigh-local", "compile/ir/emit_decisions.py (_pick_weighed)",
         "a bot's `lowest`/`highest` reads the option weighed from a Python local, not from ctx.vars at each "
         "read, when its amount reads that one name in its own code (ctx.vars set once after, as before)"),
    Pass("charge-once", "compile/ir/emit_stmts.py (_loop), compile/statements.py (Loop.breaks)",
         "a `repeat` or `for` whose body has no `break` charges its passes to the step budget in one addition "
         "before the loop, not one step at the top of each pass (the same steps, as a charged `where` does)"),
    Pass("missing-entry", "compile/ir/missing_entry.py, compile/ir/emit_loops.py (_sum_in)",
         "a `sum` in its caller over one card's entry of a table most cards have none in (`sum(attached(u), "
         "card.offence)`) tests the entry first: a missing one sums to 0 with no list copied, comprehension or "
         "`sum` called"),
    Pass("charge-nested", "compile/ir/emit_stmts.py (_loop, _first_charge)",
         "with charge-once, a loop of written passes whose body starts with another such loop (`for f in [1, 2, 3, "
         "4, 5] { for r in [1, 2] { ... } }`) charges the inner loop's steps of every pass with its own, once "
         "before its first pass, not at the top of each pass (the same steps)"),
    Pass("charge-list", "compile/ir/emit_stmts.py (_loop)",
         "a `for` that never breaks over a list of unknown length (`play hand where card is Treasure`) charges "
         "the list's length to the step budget in one addition before the loop, not a step at each pass (as "
         "charge-once does for a written list): a loop of several cards saves a step's code at each"),
    Pass("create-const", "compile/ir/emit_stmts.py (_create_cards)",
         "a `create` of a count written in the source does not test the count's sign, and `create 1` appends "
         "the card to the tables and the zone, not a list of one made to extend them"),
    Pass("numbers-code", "compile/counter_code.py (numbers_set), compile/ir/emit_stmts.py (_set_numbers)",
         "a counter of numbers set (`dice = roll(5, 6)`, `a.dice = []`) stored in the code when nobody is told and "
         "no checker runs, not by a call of set_numbers"),
    Pass("grid-moves", "compile/ir/emit_stmts.py (_move_one), compile/ir/emit_moves.py (off_grid)",
         "a card's move off a grid to a plain zone (a unit wounded or killed off the board) done in the code, as "
         "runtime/board.py does it, when nobody is told, no checker runs and no card is attached or privately "
         "shown: not three calls into the runtime"),
    Pass("gridless", "compile/ir/emit_calls.py (gridless), primitives/core_lowering.py, compile/ir/emit_stmts.py "
         "(_move_one)",
         "the move of one card in the code itself does not test either zone for a grid's cells in a game that "
         "declares no grid zone (no zone of it ever has cells)"),
    Pass("quiet-moves", "primitives/core_lowering.py (lower_move), primitives/core.py (move_top_quiet, "
         "move_zone_quiet), compile/ir/emit_calls.py (Site.quiet)",
         "a draw (`move top N of ZONE to DEST`) or a move of a whole zone in a verb's statements run in place (only "
         "when nobody watches), in a game of no grid, to a declared zone of no piles, calls a version of "
         "move_top_into / move_zone_into that tests neither the log, the listeners, cells nor piles again"),
    Pass("moves-in-code", "primitives/core_lowering.py (lower_move), compile/ir/emit_moves.py (MoveTop, MoveZone, "
         "MoveList)",
         "where quiet-moves calls move_top_quiet or move_zone_quiet, their own case in the code itself (a draw of "
         "cards the zone holds: one slice; a whole zone: one extend), each card's `loc` set in the same loop, and "
         "the call only for what they hand on (a refill, a checker told, a card attached or privately shown); in "
         "the same quiet code, a move of two cards or more in a local (past empty-moves' test) that are all of "
         "their zone's cards (`discard hand`) moves that zone so, else calls move_into: a deckbuilder's clean-up and "
         "draw at every turn's end"),
    Pass("empty-moves", "primitives/core_lowering.py (lower_move)",
         "a move of the cards in a local (a verb's parameter: `discard hand` at clean-up) calls move_into only "
         "when they are more than one card, not for none (it would move and tell nothing)"),
    Pass("dead-triggers", "compile/game.py (GameSpec.card_events), primitives/core_lowering.py (lower_trigger)",
         "a `trigger EVENT CARDS` for an event no card of the game has an `on EVENT` ability for (a `gain` that no card answers) "
         "works out its cards and looks through none of them (no card can react: Trigger.run looks at the cards' "
         "`on EVENT` abilities only)"),
    Pass("piles-in-code", "compile/operators.py (_pile_slot), compile/ir/emit_ops.py (PileCount, PileTop), "
         "compile/ir/emit_decisions.py (NamedOption)",
         "`count(NAME in ZONE)` and `top N of (NAME in ZONE)` (N written) of a shared zone of piles find the pile "
         "by its key in the code (`state.piles.get((slot, name))`), not by a call of count_named_in or "
         "top_named_in (a game's end test, a gain); a bot's option of a name in one such zone (compile/decisions.py "
         "_find_fn, ir/emit_decisions.py NamedOption) finds its pile so too, with no test of the zone; and "
         "`empty_piles(ZONE)` reads the count the state keeps (state.empty_known) in the code, calling the "
         "reference only when it has none (primitives/functions.py EmptyPiles.lower, ir/emit.py)"),
    Pass("plain-count", "primitives/functions.py (Count.lower), compile/ir/emit.py (ZoneCount)",
         "`count(ZONE)` of a zone declared with no piles is the length of its own list, with no test for piles"),
    Pass("computed-inline", "compile/expressions.py (_property), compile/ir/emit.py (Computed)",
         "a property some card computes (`vp count(owned) / 10`) read of a card in a local as its printed value in "
         "the code, the call of prop_of_card only for a card whose definition computes one (a score's `sum` of "
         "it called a function for every card owned)"),
    Pass("known-types", "compile/ir/known_types.py, compile/names.py (in_place), compile/ir/emit.py (IsType)",
         "a card's type test answered where the code knows it: in a verb run in place, each card of a loop over a "
         "parameter that holds a `where`'s answer of cards of that type (`play hand where card is Treasure`, the "
         "verb's `if x is Treasure`) has the type"),
    Pass("typed-triggers", "primitives/lowering.py (Reactions), primitives/core_lowering.py (lower_trigger), "
         "compile/ir/emit_calls.py (Site.types_of)",
         "a `trigger EVENT x` of one card whose types the code knows (known-types: a loop over `hand where card "
         "is Treasure`) looks at nothing when no card of those types has an `on EVENT` ability"),
    Pass("owned-args", "compile/names.py (in_place, uncopy)",
         "in a verb run in place, a parameter given a new list of its own (a `where`'s answer: `play hand where "
         "card is Treasure`) is looped over and triggered as it is, not copied first as a list that a move might "
         "change (a zone's own) must be"),
    Pass("open-rows", "compile/openrows.py, runtime/board.py (open_cells_in_rows, count_open_in_rows)",
         "`open_slots(ZONE) where slot.row <= K` (any of <, <=, ==, >=, >, K written) one call listing the empty "
         "slots of those rows, its `count` one call counting them from the cards on the grid: no list of every "
         "empty slot filtered by a comprehension"),
    Pass("modify-this-first", "compile/modifythis.py, compile/ir/emit.py (ForThis), runtime/layout.py (for_this)",
         "an `if COND { modify P this by N; }` (no else, only modifies of `this`) tests COND only when no modifier "
         "runs or the one running sums this very card's property: a modifier runs on every read of every card, "
         "and its `modify ... this` adds nothing to another card's"),
    Pass("modify-targets", "primitives/modify_targets.py, primitives/modify.py (modifier_index, read_modified), "
         "runtime/abilities.py (touchable, modifier_total)",
         "a modifier is run only for a read of a card it can change: `this`, or a card of a `for u in ... where card "
         "is T` it modifies (worked out from its source when compiled); another card's read is its printed value"),
    Pass("one-card", "compile/ir/one_card.py", "IR -> IR: a read of the first of cards written as one card reads that card"),
    Pass("bool-arith", "compile/ir/bool_arith.py",
         "IR -> IR: a condition counted as a number in arithmetic (`(a > 0) + (b > 0)`) is added as the bool it is, "
         "without a call of `int` (arithmetic of bools gives the same int)"),
    Pass("printed-consts", "compile/ir/printed_consts.py",
         "IR -> IR: a printed property of a card named in the source (`NAME.cost`) is the constant it prints, not a "
         "lookup in its definition's table at each read"),
    Pass("static-where", "compile/ir/static_where.py",
         "IR -> IR: `cards where COND` over the game's card definitions, COND asking only their types, tags or "
         "names, worked out when compiled and read as a constant list (a `count` of it as its length)"),
    Pass("create-all", "compile/ir/create_all.py",
         "IR -> IR: a set-up's `for d in cards where card is T { create d.copies d to ZONE; }` (ZONE of no piles) as "
         "one create of every card it makes, their definitions a constant list in the loop's order, when nobody "
         "is told and the limits allow them all (else the loop as written): no step charge, count read and "
         "create's tests a definition (CreateAll, emitted by compile/ir/emit_stmts.py _create_all)"),
    Pass("whole-moves", "compile/ir/whole_moves.py",
         "IR -> IR: a verb run in place whose loop moves each card of a `where` over one zone to another and adds "
         "a printed property of each to a counter (`play hand where card is Treasure`: `move x to inplay; coins "
         "+= x.worth`) as one move of the list and one change by the total when nobody is told and the budget and "
         "the counter's bounds allow it (MoveAll, emitted by compile/ir/emit_moves.py), else the loop as written"),
    Pass("claim-inline", "primitives/claim_inline.py, compile/calls.py (_cases)",
         "a `claim`'s outcome blocks run in place in the code that makes the claim, `caller` and `proof` names "
         "of its own (in locals where it keeps names there), where no enclosing block has those names: no call "
         "of each block, and no names kept and put back around them (primitives/claim.py settle_claim)"),
)

SWITCHABLE = frozenset(p.name for p in PASSES)  # (every pass: each can be switched off)


@dataclass(frozen=True)
class Options:
    """Which passes a compile runs (a name of PASSES each)."""

    passes: frozenset[str] = SWITCHABLE

    def on(self, name: str) -> bool:
        if name not in _NAMES:
            raise KeyError(name)  # a pass not listed in PASSES: a bug of the compiler's
        return name in self.passes

    @property
    def key(self) -> bytes:
        """What sets the cache entry of a load with these options apart (empty for all passes on)."""
        if self.passes == SWITCHABLE:
            return b""
        return b"passes:" + ",".join(sorted(self.passes)).encode()


_NAMES = frozenset(p.name for p in PASSES)
OPTIMISED = Options()
PLAIN = Options(frozenset())
