"""The simulation engine: many bot games, played in batches anywhere, merged in game order.

- seating.py: which bot sits in which seat in game g (balanced: every seating in turn);
- simulate.py: a batch of games (`play_games`): seeds, seating, agents, results streamed out, accumulators fed;
- parallel.py: the batches of a run on any executor (this process, a local pool, a Dask cluster);
  dask_probe.py: what answers at a Dask scheduler's address, before Dask connects.

Game g's seed and seating depend only on the run's seed and g, so the figures are the same for any number of
workers. Knows no game and no card, and nothing of the command line (cardlang/cli prints) or of the analyses
(cardlang/lab reads the batches through accumulators).
"""
