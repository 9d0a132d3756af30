"""`python -m cardlang` runs the CLI."""
from cardlang.cli import main

main()
