"""``ismcts``: single-observer information-set Monte Carlo tree search for every game.

The bot knows nothing about any game: it sees a state only through the protocol
(``determinize``, ``legal_actions``, ``apply``, ``is_over``, ``outcome``).  Each iteration

1. samples a world with ``state.determinize(seat, rng)``: everything hidden from ``seat``
   (other hands, stacks, face-down cards, future chance) is drawn afresh, so the search never
   reads the hidden parts of the state it was given;
2. walks down the one shared tree while the world's decision has been tried before, choosing by
   UCT among the actions legal *in this world* (availability counts make the exploration term
   fair to actions that are legal only in some worlds);
3. adds one new node, plays the world out with uniformly random actions, and
4. credits every node of the path with ``outcome.payoff(mover)`` of the seat that chose it.

Nodes are keyed by the decisions along the path, ``(seat to move, action text)``, so out-of-turn
decisions (a reaction window, laying a card, accepting a cooperation) are ordinary nodes of the
seat concerned and each node's statistics are from that seat's perspective.  The decision is the
most visited root action.  Given the same ``rng`` the bot decides the same, and two states that
look the same from ``seat`` give the same decision (``determinize`` is canonical).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, cast

from ..engine import Action, Rng, State

DEFAULT_ITERATIONS = 200
"""About 25 ms per Busfahrer decision and 100-200 ms per Bus or Busfaktor decision (docs/bots.md, measured)."""
FAST_ITERATIONS = 50
EXPLORATION = 0.7
"""The UCT constant for payoffs in [0, 1] (about 1/sqrt(2))."""

Key = tuple[int, str]


class Node:
    """One decision along a path: how often it was available, chosen, and what it earned its mover."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0

    def uct(self) -> float:
        """Mean payoff plus the exploration bonus (availability-based, as in SO-ISMCTS)."""
        return self.reward / self.visits + EXPLORATION * math.sqrt(math.log(self.available) / self.visits)


class IsmctsBot:
    """Information-set MCTS with a fixed number of iterations (random rollouts to the end).

    Args:
        iterations: sampled worlds per decision; the search time grows linearly with it.
        name: the registry name (``ismcts``, ``ismcts-fast``).
    """

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, name: str = "ismcts") -> None:
        if iterations < 1:
            raise ValueError(f"ISMCTS needs at least 1 iteration, not {iterations}")
        self.iterations = iterations
        self.name = name

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """The most visited root action after :attr:`iterations` sampled worlds."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = Node()
        for _ in range(self.iterations):
            self._iterate(root, state.determinize(seat, rng), rng)
        return _most_visited(root, seat, legal)

    def _iterate(self, root: Node, world: State[Any], rng: Rng) -> None:
        """Select, expand, roll out and back up once in ``world`` (a sampled world: silenced, and
        played with the trusted fast path, since its actions come from its own legal list)."""
        world.silence()
        node = root
        path: list[tuple[Node, int]] = []
        while not world.is_over:
            mover = cast(int, world.to_move)  # a running game has a seat to move
            legal = world.legal_actions()
            children = node.children
            untried: list[tuple[Key, Action]] = []
            best: Node | None = None
            best_action: Action | None = None
            best_score = -1.0
            for action in legal:
                key = (mover, str(action))
                child = children.get(key)
                if child is None:
                    untried.append((key, action))
                    continue
                child.available += 1
                if not untried:
                    score = child.uct()
                    if score > best_score:
                        best, best_action, best_score = child, action, score
            if untried:
                key, action = untried[rng.below(len(untried))]
                child = children[key] = Node()
                child.available = 1
                world.apply_trusted(action)
                path.append((child, mover))
                break
            node = cast(Node, best)  # every action has a child here, and UCT scores exceed -1
            world.apply_trusted(cast(Action, best_action))
            path.append((node, mover))
        _roll_out(world, rng)
        outcome = world.outcome()
        for child, mover in path:
            child.visits += 1
            child.reward += outcome.payoff(mover)


def _roll_out(world: State[Any], rng: Rng) -> None:
    """Play ``world`` to its end with uniformly random legal actions (the protocol's fast path)."""
    while not world.is_over:
        world.apply_trusted(world.random_action(rng))


def _most_visited(root: Node, seat: int, legal: Sequence[Action]) -> Action:
    """The root action chosen most often (ties: the better mean, then the first legal)."""
    best = legal[0]
    best_score = (-1, -1.0)
    for action in legal:
        child = root.children.get((seat, str(action)))
        score = (child.visits, child.reward / child.visits) if child and child.visits else (0, -1.0)
        if score > best_score:
            best, best_score = action, score
    return best
