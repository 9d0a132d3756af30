"""The open-loop search tree: a node per sequence of the searching seat's own atomic actions (what the other
seats and chance did in between is not in the key: each iteration's world differs there). An action legal in
some worlds only is weighed by how often it was available (availability counts), as in information-set MCTS.
Knows no game, no state: actions are keys.
"""
from __future__ import annotations

import math


class Node:
    """The statistics of one sequence of own actions: visits, total value and total squared value per child
    action, and how many times each was available when this node was reached."""

    __slots__ = ("children", "visits", "value", "squares", "avail")

    def __init__(self) -> None:
        self.children: dict = {}     # action key -> Node
        self.visits = 0
        self.value = 0.0
        self.squares = 0.0           # the sum of the values' squares: their variance, when not a bare win or loss
        self.avail: dict = {}        # action key -> times it was legal here

    def child(self, key) -> "Node":
        got = self.children.get(key)
        if got is None:
            got = self.children[key] = Node()
        return got

    def select(self, keys: list, c: float, rng) -> tuple[object, bool]:
        """The action to take among KEYS (those legal now; each counted available): one never tried first (a
        random one of them), else the best by UCB. Returns (key, whether it is new to the tree)."""
        avail, children = self.avail, self.children
        fresh = []
        best, best_score = None, -1.0
        log, sqrt = math.log, math.sqrt
        for k in keys:  # one pass: availability counted, the untried found, the best by UCB scored
            a = avail[k] = avail.get(k, 0) + 1
            node = children.get(k)
            if node is None or node.visits == 0:
                fresh.append(k)
            elif not fresh:
                n = node.visits
                score = node.value / n + c * sqrt(log(a) / n)
                if score > best_score:
                    best, best_score = k, score
        if fresh:
            return (fresh[0] if len(fresh) == 1 else fresh[rng.randrange(len(fresh))]), True
        return best, False

    def take(self, keys: list, key) -> bool:
        """KEY taken among KEYS (those legal now; each counted available) without a choice by UCB (a duel's
        turn); whether it is new to the tree."""
        avail = self.avail
        for k in keys:
            avail[k] = avail.get(k, 0) + 1
        node = self.children.get(key)
        return node is None or node.visits == 0

    def most_visited(self, keys: list):
        """The action of KEYS tried most (ties: the better mean, then the first offered), None if none was."""
        best, best_key = None, (0, 0.0)
        for k in keys:
            node = self.children.get(k)
            if node is not None and node.visits and (node.visits, node.value / node.visits) > best_key:
                best, best_key = k, (node.visits, node.value / node.visits)
        return best

    def best_mean(self, keys: list):
        """The action of KEYS of best mean value (ties: the more visited, then the first offered), None if none
        was tried."""
        best, best_key = None, (-1.0, 0)
        for k in keys:
            node = self.children.get(k)
            if node is not None and node.visits and (node.value / node.visits, node.visits) > best_key:
                best, best_key = k, (node.value / node.visits, node.visits)
        return best

    def stats(self) -> dict:
        """Action key -> (visits, mean value), for tests and `--explain`-like reports."""
        return {k: (n.visits, n.value / n.visits if n.visits else 0.0) for k, n in self.children.items()}
