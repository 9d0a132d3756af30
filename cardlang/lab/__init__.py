"""The balance lab: what many bot games say about a game and its cards, read from the simulation's batches.

The pipeline: the simulation (cardlang/simulation) plays a run's games in batches, anywhere, and feeds each
game's events and result to the accumulators a run asks for; merged in game order, they give the same
figures for any number of workers. The lab's accumulators and analyses:

- stats.py: per-card and per-seat statistics from the runtime's generic events (`simulate --stats`);
- outcomes.py: each game's outcome by bot, the common input of the analyses below; curves.py: per-turn curves;
- compare.py: an A/B test of two versions of a card set on the same seeds (`compare`, `report`);
- tournament.py (win-rate matrix and ratings), sweep.py (one number of one card over a range), impact.py
  (each card's effect by taking it out of a bot's choices), metrics.py (first-seat advantage, ties, length,
  lead changes);
- inference.py: the statistics they share (paired t, Welch, Holm, sample sizes; scipy on first use).

What is drawn or written of them is render/'s: charts.py (a sweep, an impact table, per-turn curves as SVG)
and report.py (the report's page).

Knows no game and no card and never prints: the commands in cardlang/cli (lab.py, balance.py, report.py)
parse the arguments, run the batches and print.
"""
