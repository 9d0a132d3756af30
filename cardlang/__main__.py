"""`python -m cardlang` runs the CLI."""
from cardlang.cli import app

app()
