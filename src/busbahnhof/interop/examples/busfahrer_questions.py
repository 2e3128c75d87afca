"""A tabular agent learns Busfahrer's four questions through the PettingZoo environment.

``python -m busbahnhof.interop.examples.busfahrer_questions --games 20000``

Every seat is the same learner (self-play).  At each of the four questions (Phase 1) it reads its
observation (the dict form: the question, the open hands) and looks up a table keyed by what the
question depends on: the balance of red and black cards in sight (question 1), the rank of its
first card (2), the ranks of its first two cards (3), the suits it holds (4).  A wrong answer costs
one penalty point, which the observation after the answer shows, so the table learns the mean
reward of each answer per key (a contextual bandit, epsilon-greedy).  Every other decision
(pyramid, ride) is random.  The evaluation compares the greedy table with random answers and with
the engine's ``kartenzaehler``, which computes the exact chances from every visible card.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict
from collections.abc import Callable, Hashable

import numpy as np

from ...bots.registry import make_bot
from ...engine import Rng
from ..layout import Vector
from ..pettingzoo import BusbahnhofEnv, env

PLAYERS = 4
EPSILON = 0.1
Policy = Callable[[BusbahnhofEnv, int, tuple[int, ...], dict[str, Vector]], int]
"""(environment, seat, legal indices, observation dict) -> the chosen index."""


def situation(parts: dict[str, Vector], seat: int) -> Hashable:
    """What the question depends on, read from the observation's dict form."""
    question = int(np.argmax(parts["question"]))
    own = np.flatnonzero(parts["hands"][seat])
    if question == 0:
        visible = np.flatnonzero(parts["hands"].sum(axis=0))
        red = int(np.count_nonzero(visible % 4 >= 2))
        return 0, max(-3, min(3, red - (len(visible) - red)))
    if question == 1:
        return 1, int(own[0] // 4)
    if question == 2:
        return 2, *sorted(int(card // 4) for card in own)
    return 3, tuple(sorted({int(card % 4) for card in own}))


class QuestionTable:
    """Mean reward of each answer per situation, learned from play."""

    def __init__(self) -> None:
        self.sums: dict[Hashable, dict[int, float]] = defaultdict(lambda: defaultdict(float))
        self.counts: dict[Hashable, dict[int, int]] = defaultdict(lambda: defaultdict(int))

    def best(self, key: Hashable, legal: tuple[int, ...]) -> int:
        sums, counts = self.sums[key], self.counts[key]
        return max(legal, key=lambda a: sums[a] / counts[a] if counts[a] else 0.0)

    def learn(self, key: Hashable, action: int, reward: float) -> None:
        self.sums[key][action] += reward
        self.counts[key][action] += 1


def play_game(
    aec: BusbahnhofEnv, seed: int, answer: Policy, rng: random.Random
) -> list[tuple[int, Hashable, int, float]]:
    """One game: ``answer`` at the questions, random elsewhere; each answer with its question (0-3),
    situation and reward."""
    aec.reset(seed=seed)
    answers = []
    for agent in aec.agent_iter():
        _, _, terminated, truncated, info = aec.last(observe=False)
        if terminated or truncated:
            aec.step(None)
            continue
        legal = info["legal_actions"]
        seat = int(agent.removeprefix("player_"))
        if max(legal) >= 10:  # not a question: lay, keep, give, turn
            aec.step(rng.choice(legal))
            continue
        parts = aec.codec.layout.split(aec.observe(agent)["observation"])
        before = parts["points"][0, seat]
        action = answer(aec, seat, legal, parts)
        aec.step(action)
        after = aec.codec.layout.split(aec.observe(agent)["observation"])["points"][0, seat]
        question = int(np.argmax(parts["question"]))
        answers.append((question, situation(parts, seat), action, float(before - after)))
    return answers


def train(games: int, seed: int) -> QuestionTable:
    """Self-play with an epsilon-greedy table."""
    aec, rng, table = env("busfahrer", players=PLAYERS), random.Random(seed), QuestionTable()

    def explore(_: BusbahnhofEnv, seat: int, legal: tuple[int, ...], parts: dict[str, Vector]) -> int:
        return rng.choice(legal) if rng.random() < EPSILON else table.best(situation(parts, seat), legal)

    for number in range(games):
        for _, key, action, reward in play_game(aec, seed * 1_000_003 + number, explore, rng):
            table.learn(key, action, reward)
    return table


def evaluate(games: int, seed: int, table: QuestionTable) -> dict[str, list[float]]:
    """Penalty points per answer at each question (1-4), for each way of answering, on the same deals."""
    rng = random.Random(seed)
    bot, bot_rng = make_bot(env("busfahrer", players=PLAYERS).codec.game, "kartenzaehler"), Rng(seed)

    def counting(aec: BusbahnhofEnv, seat: int, legal: tuple[int, ...], parts: dict[str, Vector]) -> int:
        return aec.codec.actions.index_of(bot.choose(aec._game(), seat, bot_rng))

    policies: dict[str, Policy] = {
        "random": lambda _, __, legal, ___: rng.choice(legal),
        "learned table": lambda _, seat, legal, parts: table.best(situation(parts, seat), legal),
        "kartenzaehler": counting,
    }
    results = {}
    aec = env("busfahrer", players=PLAYERS)
    for name, policy in policies.items():
        penalties: dict[int, list[float]] = defaultdict(list)
        for number in range(games):
            for question, _, _, reward in play_game(aec, 10**9 + seed * 1_000_003 + number, policy, rng):
                penalties[question].append(-reward)
        results[name] = [float(np.mean(penalties[q])) for q in range(4)]
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="self-play games to learn from")
    parser.add_argument("--eval-games", type=int, default=2_000, help="games per policy in the evaluation")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    table = train(args.games, args.seed)
    print(f"learned from {args.games} games ({PLAYERS} seats each): {len(table.counts)} situations")
    print("penalty points per answer (lower is better), evaluated on the same deals:")
    print(f"{'policy':<15} {'Frage 1':>8} {'Frage 2':>8} {'Frage 3':>8} {'Frage 4':>8} {'per game':>9}")
    for name, row in evaluate(args.eval_games, args.seed, table).items():
        cells = " ".join(f"{value:8.3f}" for value in row)
        print(f"{name:<15} {cells} {sum(row):9.3f}")


if __name__ == "__main__":
    main()
