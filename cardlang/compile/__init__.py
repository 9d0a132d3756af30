"""AST -> generated Python (beside the closures it replaces) and rules text. Knows the registry and a game's
declarations, never a running game."""
