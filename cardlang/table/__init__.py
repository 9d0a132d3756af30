"""The table at the terminal: what a person sees while playing or watching a game.

The game's acts (verbs called, abilities done) come from the runtime to a listener that asks for them
(runtime/acts.py, runtime/abilities.py); `words` turns a seat's
events into sentences made from the game's templates and names; `screen` draws the table (zones, counters,
boards facing each other) as declared by the game; `style` colours it, or not; `session` runs `play` and
`replay`. Nothing here names a game or a card.
"""
