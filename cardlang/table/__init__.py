"""The table at the terminal: what a person sees while playing or watching a game.

`acts` makes a game's own verbs and card abilities show up in the event stream; `words` turns a seat's
events into sentences made from the game's templates and names; `screen` draws the table (zones, counters,
boards facing each other) as declared by the game; `style` colours it, or not; `session` runs `play` and
`replay`. Nothing here names a game or a card.
"""
