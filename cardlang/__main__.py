"""`python -m cardlang` runs the CLI."""
from cardlang.cli.main import main

main()
