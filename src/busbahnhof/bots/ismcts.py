"""``ismcts``: single-observer information-set Monte Carlo tree search for every game.

The bot knows nothing about any game: it sees a state only through the protocol
(``determinize``, ``legal_actions``, ``apply``, ``is_over``, ``outcome``).  Each iteration

1. samples a world with ``state.determinize(seat, rng)``: everything hidden from ``seat``
   (other hands, stacks, face-down cards, future chance) is drawn afresh, so the search never
   reads the hidden parts of the state it was given;
2. walks down the one shared tree while the world's decision has been tried before, choosing by
   UCT among the actions legal *in this world* (availability counts make the exploration term
   fair to actions that are legal only in some worlds);
3. adds one new node, plays the world out, and
4. credits every node of the path with the value of the world's end for the seat that chose it.

Unguided (``ismcts``, ``ismcts-fast``) it plays out with uniformly random actions and values a
finished game by ``outcome.payoff(mover)``.  A :class:`Guide` brings a game's knowledge in: a
cheap heuristic bot plays the rollouts for every seat (epsilon-greedy: a random action with
probability ``epsilon``), its choice at a tree node is expanded first and counts ``prior``
virtual visits there (so with a small budget the search falls back on the heuristic and
deviates only where its own visits say so), rollouts may stop after ``cutoff`` decisions, and an
:class:`~.evaluation.Evaluation` values the end (payoff blended with the points margin).  The
heuristic acts inside the sampled world, so the guided search still decides from ``seat``'s
information only.

Nodes are keyed by the decisions along the path, ``(seat to move, action text)``, so out-of-turn
decisions (a reaction window, laying a card, accepting a cooperation) are ordinary nodes of the
seat concerned and each node's statistics are from that seat's perspective.  The decision is the
root action with the most visits (real plus virtual).  With an iteration budget the bot decides
the same given the same ``rng``, and two states that look the same from ``seat`` give the same
decision (``determinize`` is canonical).  A time budget (``seconds``) stops when the time is up,
so how many iterations run depends on the machine and its load: such a decision is not
reproducible.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from ..engine import Action, Bot, BotFactory, Rng, State
from .evaluation import Evaluation, payoffs

DEFAULT_ITERATIONS = 200
"""About 25 ms per Busfahrer decision and 100-200 ms per Bus or Busfaktor decision (docs/bots.md, measured)."""
FAST_ITERATIONS = 50
EXPLORATION = 0.7
"""The UCT constant for payoffs in [0, 1] (about 1/sqrt(2))."""

EPSILON_GRAIN = 1_000_000
"""Epsilon is drawn as an integer below this (``Rng.below`` replays alike on every Python)."""

Key = tuple[int, str]


@dataclass(frozen=True)
class Guide:
    """A game's knowledge for the search (see the module docstring).

    Attributes:
        policy: makes the heuristic bot that plays the rollouts and is expanded first (``None``:
            random rollouts, no prior).
        epsilon: the share of rollout decisions taken at random instead.
        prior: virtual visits of the heuristic's choice at every tree node.
        cutoff: rollout decisions before the world is valued (``None``: play to the end).
        evaluation: how a world is valued (``None``: the payoff of the finished game).
    """

    policy: BotFactory | None = None
    epsilon: float = 0.1
    prior: int = 10
    cutoff: int | None = None
    evaluation: Evaluation | None = None


class Node:
    """One decision along a path: how often it was available, chosen, and what it earned its mover."""

    __slots__ = ("available", "children", "prior", "reward", "visits")

    def __init__(self, prior: int = 0) -> None:
        self.children: dict[Key, Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.prior = prior

    def uct(self) -> float:
        """Mean value plus the exploration bonus (availability-based, as in SO-ISMCTS; virtual
        visits of a heuristic's choice narrow its bonus)."""
        return self.reward / self.visits + EXPLORATION * math.sqrt(
            math.log(self.available) / (self.visits + self.prior)
        )


class IsmctsBot:
    """Information-set MCTS with an iteration or time budget, optionally guided by a heuristic.

    Args:
        iterations: sampled worlds per decision (with ``seconds``: at most this many).
        name: the registry name (``ismcts``, ``ismcts-fast``, a level).
        seconds: a time budget per decision instead (at least one iteration; not reproducible).
        guide: the game's heuristic and evaluation (``None``: random rollouts, payoff).
    """

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        name: str = "ismcts",
        seconds: float | None = None,
        guide: Guide | None = None,
    ) -> None:
        if iterations < 1:
            raise ValueError(f"ISMCTS needs at least 1 iteration, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"ISMCTS needs a positive time budget, not {seconds} s")
        self.iterations = iterations
        self.seconds = seconds
        self.name = name
        self.guide = guide
        self._policy = guide.policy() if guide and guide.policy else None

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """The most visited root action after the budget of sampled worlds."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = Node()
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        for done in range(self.iterations):
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, state.determinize(seat, rng), rng)
        return _most_visited(root, seat, legal)

    def _hint(self, world: State[Any], mover: int, rng: Rng) -> str | None:
        """The heuristic's choice in ``world`` (its text), if the search is guided."""
        return None if self._policy is None else str(self._policy.choose(world, mover, rng))

    def _iterate(self, root: Node, world: State[Any], rng: Rng) -> None:
        """Select, expand, roll out and back up once in ``world`` (a sampled world: silenced, and
        played with the trusted fast path, since its actions come from its own legal list)."""
        world.silence()
        node = root
        path: list[tuple[Node, int]] = []
        prior = self.guide.prior if self.guide else 0
        while not world.is_over:
            mover: int = world.to_move  # type: ignore[assignment]  # a running game has one (cast costs a call)
            legal = world.legal_actions()
            hint = self._hint(world, mover, rng) if self._policy is not None and len(legal) > 1 else None
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
                hinted = [entry for entry in untried if entry[0][1] == hint]
                key, action = hinted[0] if hinted else untried[rng.below(len(untried))]
                child = children[key] = Node(prior if key[1] == hint else 0)
                child.available = 1
                world.apply_trusted(action)
                path.append((child, mover))
                break
            node = best  # type: ignore[assignment]  # every action has a child here, and UCT scores exceed -1
            world.apply_trusted(best_action)  # type: ignore[arg-type]
            path.append((node, mover))
        values = roll_out(world, rng, self.guide, self._policy)
        for child, mover in path:
            child.visits += 1
            child.reward += values[mover]


def roll_out(world: State[Any], rng: Rng, guide: Guide | None, policy: Bot | None) -> Sequence[float]:
    """Play ``world`` on (to its end or the guide's cut-off) and value it for every seat.

    ``policy`` is the guide's heuristic bot (``None``: random rollouts).  Random decisions take the
    protocol's trusted fast path (``random_action``, ``apply_trusted``: the same draws as picking
    from the legal list; unguided, the whole rollout is ``play_out``, the same loop as one call);
    the heuristic's answers go through the checked ``apply``."""
    if guide is None:
        world.play_out(rng)
        return payoffs(world)
    threshold = EPSILON_GRAIN if policy is None else round(guide.epsilon * EPSILON_GRAIN)
    steps = 0
    while not world.is_over and (guide.cutoff is None or steps < guide.cutoff):
        mover = cast(int, world.to_move)
        if policy is None or (threshold and rng.below(EPSILON_GRAIN) < threshold):
            world.apply_trusted(world.random_action(rng))
        else:
            world.apply(policy.choose(world, mover, rng))
        steps += 1
    return guide.evaluation.values(world) if guide.evaluation else payoffs(world)


def _most_visited(root: Node, seat: int, legal: Sequence[Action]) -> Action:
    """The root action chosen most often, virtual visits included (ties: the better mean, then the first legal)."""
    best = legal[0]
    best_score = (-1, -1.0)
    for action in legal:
        child = root.children.get((seat, str(action)))
        score = (child.visits + child.prior, child.reward / child.visits) if child and child.visits else (0, -1.0)
        if score > best_score:
            best, best_score = action, score
    return best
