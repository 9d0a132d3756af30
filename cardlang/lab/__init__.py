"""The balance lab's analyses on top of the parallel simulation: tournaments with ratings, sweeps of one
number of one card, card impact by ablation, per-turn curves and game metrics.

Every analysis collects its figures with accumulators (cardlang/simulation/simulate.py `play_games`) merged in game
order, so its numbers are the same for any number of workers. Knows no game and no card; never prints (the
commands in cardlang/cli/balance.py do).
"""
