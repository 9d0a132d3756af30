"""Game state, zones, counters, decisions and the event log. Knows no source text and no AST."""
