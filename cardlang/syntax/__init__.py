"""Text -> AST. Knows no game, no verb and no zone."""
