"""What is printed on paper or in a page, from compiled games and finished runs: build.py turns a compiled game
into the sheet model (model.py: card faces and a rules reference, every line from the rules text of
compile/describe), sheets.py renders it (HTML, Markdown, PDF through Jinja templates); report.py writes the
balance report's page from the lab's figures, and charts.py draws the lab's sweeps, impact tables and curves,
both as inline SVG from svg.py. Never plays a game, never prints to a terminal (the commands in cardlang/cli
do)."""
