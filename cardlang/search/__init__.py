"""The search bot: information-set Monte Carlo tree search over any game written in the language.

- options.py: the bot's spec as a player name (`search:iterations=800,rollout=NAME`), checked before a game;
- tree.py: the open-loop tree over the searching seat's own atomic actions, with UCB and availability counts;
- agent.py: the agent that takes a seat, samples a world per iteration and plays it out.

It knows no game and no card. It never reads the true state of a game except what its seat may see: every
position it searches is a world the world sampler (runtime/worlds.py) deals from the seat's observer. It
never imports cardlang.agents (which makes it by name): the agents it plays rollouts with are handed in.
"""
