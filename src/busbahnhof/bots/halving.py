"""Sequential halving on paired worlds: a determinizing search that compares its moves on the same deals.

Every root action is valued by rollouts in sampled worlds (``state.determinize(seat, rng)``, so
the search never reads what is hidden from ``seat``), played on by the game's heuristic for
every seat (epsilon-greedy) and valued by the guide's evaluation.  Two ideas make a small budget
go far:

- **Paired worlds (common random numbers).**  Each sampled world is cloned once per action
  still in the race, and every clone is played on with a generator in the same state.  A world
  carries its own future chance (the stacks' order), so the actions are compared on the same
  hidden hands, the same draws and the same random rollout decisions: most of the luck of a
  rollout cancels out of the difference between two actions, which is what the choice needs.
- **Sequential halving** (Karnin, Koren and Somekh 2013, as at the root of Gumbel MuZero): the
  budget is split into ``ceil(log2(actions))`` rounds; after each, the worse half of the
  actions (by mean value so far) leaves the race, so the close contenders get most rollouts.
  The heuristic's own choice is never dropped before the last round and its mean counts
  ``bonus`` more: the search leaves it only where the rollouts say clearly that another move
  is better.

The budget is counted in decisions played inside the rollouts (``steps``), not in rollouts: a
rollout from the first round costs ten times one from the last, and CPU time is close to
proportional to the decisions played, so one budget keeps every decision of a game within about
the same time while staying reproducible (the same ``rng`` gives the same decision on every
machine).  Two states that look the same from ``seat`` give the same decision for the same seed,
since only ``determinize``'s worlds and the heuristic's choice (itself a bot that reads only its
seat's information) are read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Action, Bot, Rng, State
from .ismcts import Guide, roll_out

SEED_BOUND = 1 << 62


class HalvingBot:
    """Sequential halving over the root actions on paired sampled worlds (see the module docstring).

    Args:
        steps: the budget: decisions played inside rollouts per decision (at least one world per round).
        guide: the heuristic that plays the rollouts (its ``policy``, ``epsilon``, ``cutoff``,
            ``evaluation``; ``prior`` is not used).
        name: the registry name.
        bonus: added to the mean value of the heuristic's choice when the actions are ranked.
    """

    def __init__(self, steps: int, guide: Guide, name: str = "halving", bonus: float = 0.0) -> None:
        if steps < 1:
            raise ValueError(f"the search needs a budget of at least 1 step, not {steps}")
        self.steps = steps
        self.guide = guide
        self.name = name
        self.bonus = bonus
        self._policy = guide.policy() if guide.policy else None

    def choose(self, state: State[Any], seat: int, rng: Rng) -> Action:
        """The action that survives the halving rounds."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        texts = [str(action) for action in legal]
        hint = texts.index(str(self._policy.choose(state, seat, rng))) if self._policy else -1
        totals = [0.0] * len(legal)
        counts = [0] * len(legal)
        race = list(range(len(legal)))
        per_round = self.steps // math.ceil(math.log2(len(legal)))

        def ranking_value(index: int) -> float:
            if not counts[index]:
                return -1.0
            return totals[index] / counts[index] + (self.bonus if index == hint else 0.0)

        while len(race) > 1:
            used = self._sample(state, seat, rng, race, texts, totals, counts)
            while used < per_round:
                used += self._sample(state, seat, rng, race, texts, totals, counts)
            ranked = sorted(race, key=lambda index: (-ranking_value(index), index != hint, index))
            keep = math.ceil(len(race) / 2)
            race = ranked[:keep]
            if hint >= 0 and hint not in race and keep > 1:
                race[-1] = hint
        return legal[race[0]]

    def _sample(
        self,
        state: State[Any],
        seat: int,
        rng: Rng,
        race: list[int],
        texts: list[str],
        totals: list[float],
        counts: list[int],
    ) -> int:
        """Play every action in the race once in one sampled world; the decisions played."""

        def record(index: int, twin: State[Any], values: Sequence[float]) -> None:
            totals[index] += values[seat]
            counts[index] += 1

        playing = [(index, texts[index]) for index in race]
        return play_paired(state, seat, rng, playing, self.guide, self._policy, record)


def play_paired(
    state: State[Any],
    seat: int,
    rng: Rng,
    race: Sequence[tuple[int, str]],
    guide: Guide | None,
    policy: Bot | None,
    record: Callable[[int, State[Any], Sequence[float]], None],
) -> int:
    """Play each action of ``race`` (index, notation) once in one world sampled from ``seat``'s
    view, every playout with a generator in the same state (paired worlds); ``record(index,
    finished world, values)`` takes each playout.  Returns the decisions played (at least 1)."""
    world = state.determinize(seat, rng)
    world.silence()
    seed = rng.below(SEED_BOUND)
    in_world = {str(action): action for action in world.legal_actions()}
    start = len(world.history)
    played = 0
    for index, text in race:
        action = in_world.get(text)
        if action is None:  # not legal in this world (only in games whose moves depend on hidden cards)
            continue
        twin = world.clone()
        twin.apply_trusted(action)
        record(index, twin, roll_out(twin, Rng(seed), guide, policy))
        played += len(twin.history) - start
    return max(played, 1)
