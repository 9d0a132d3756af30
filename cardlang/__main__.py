"""`python -m cardlang` runs the CLI."""
from cardlang.cli_main import main

main()
