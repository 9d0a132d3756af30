"""cardlang: card games written as text, checked, compiled, played, simulated and printed.

The pipeline, one folder per phase, imports pointing down it and never in a circle (tests/test_layout.py):
syntax/ (text -> AST) -> compile/ (AST -> generated Python and rules text; loading a game, bots, scenarios)
-> runtime/ (the state and the game loop, with primitives/, the language's verbs and functions); around it,
table/ (a game at the terminal), simulation/ (many bot games in batches, anywhere), lab/ (what those games
say), render/ (sheets and the report's page) and cli/ (the command line, on top). At this level only what
every layer shares: errors.py (spans and the error family), cache.py (the user's cache), agents.py (who takes
a seat).
"""
