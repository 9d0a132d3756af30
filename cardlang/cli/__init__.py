"""The `cardlang` command line: parses and checks what a person types, asks the pipeline, prints.

- main.py: the `cardlang` entry point (`python -m cardlang`, the console script). A plain `check` runs there
  without the Typer app (answered from the cache of clean checks when it can); everything else goes to
- commands.py: the whole Typer app (every command module below registered on it) and its entry point;
- app.py: the Typer app object, the options and argument checks the commands share;
- sources.py: `games`, `cards`, `check`, `test`, `primitives`, `sheets`; check.py: the check itself and its
  record of clean checks; compile.py: `compile` (the generated Python, for people);
- play.py: `play` and `replay`; human.py: a person at the terminal as an agent; replay.py: `replay --at`;
- lab.py: `simulate`, `compare`, `report`, `sample-size`; balance.py: `tournament`, `sweep`, `impact`;
  simulate.py: the runs behind them (executor, progress, per-game lines, totals); report.py: the report's runs;
  progress.py: the progress bar;
- inputs.py: checks on arguments before any game runs, and safe printing; outfile.py: files written whole or
  not at all; crash.py: an engine bug's one `internal error:` line.

The command line is the top of the pipeline: it imports the layers below (compile, simulation, lab,
table, render) and nothing imports it. It must not know any game or card, play a rule, or compute a figure:
the layers below do, the command line only asks and prints. Bad usage is an `error:` line and exit 2, errors
found exit 1, never a traceback.
"""
