"""A lesson against the engine: its expected decisions replayed with the table's bots, and a lesson
table's progress (which step the learner is at, and where they chose otherwise).

The bots decide as they do at a table, from a generator derived from the table's seed, the seat
and the version; the caller hands that derivation in (``BotRng``: the tables' ``bot_rng``), so
this package stays below the tables layer and the walk meets the very positions the table will.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...bots import make_bot
from ...engine import Bot, InvalidDataError, Rng, State, load_game
from .model import Lesson

BotRng = Callable[[int, int, int], Rng]
"""``(seed, seat, version) -> generator`` of a bot's decision, as the table derives it."""


def start_state(lesson: Lesson) -> State[Any]:
    """The lesson's game before its first action."""
    return load_game(lesson.game, **lesson.options).new_state(lesson.players, lesson.seed)


@dataclass(frozen=True)
class Walk:
    """The lesson played through by its expected decisions.

    Attributes:
        decisions: the learner's action at each step (the first legal action the step accepts).
        actions: every action of the walk (the bots' too), as the table will record them.
        over: whether the game ended with the last step.
    """

    decisions: tuple[str, ...]
    actions: tuple[str, ...]
    over: bool


def walk(lesson: Lesson, bot_rng: BotRng, source: str = "", choices: Mapping[int, int] | None = None) -> Walk:
    """Play the lesson: the bots as at a table, the learner the first legal action each step accepts
    (or, at step ``k`` of ``choices``, the ``choices[k]``-th: the other ways to follow the lesson).

    Raises:
        InvalidDataError: naming the step, when no legal action matches it or the game ends first,
            with the legal actions there (a rules change broke the lesson: the designer sees where).
    """
    where = source or f"{lesson.game}/{lesson.id}"
    state = start_state(lesson)
    bots: dict[int, Bot] = {}
    decisions: list[str] = []
    actions: list[str] = []
    for number, step in enumerate(lesson.steps, 1):
        while not state.is_over and (seat := state.to_move) is not None and seat != lesson.seat:
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = make_bot(state.game, lesson.seat_bots()[seat] or "")
            action = str(bot.choose(state.clone(), seat, bot_rng(lesson.seed, seat, len(actions))))
            state.apply(action)
            actions.append(action)
        if state.is_over:
            raise InvalidDataError(f"{where}, step {number}: the game is over before the learner's decision")
        legal = [str(action) for action in state.legal_actions()]
        accepted = [action for action in legal if step.matches(action)]
        chosen = accepted[min((choices or {}).get(number - 1, 0), len(accepted) - 1)] if accepted else None
        if chosen is None:
            raise InvalidDataError(
                f"{where}, step {number}: no legal action matches {' | '.join(step.expect)}; legal: {', '.join(legal)}"
            )
        state.apply(chosen)
        decisions.append(chosen)
        actions.append(chosen)
    return Walk(tuple(decisions), tuple(actions), state.is_over)


@dataclass(frozen=True)
class Progress:
    """Where a lesson table stands.

    Attributes:
        step: the number of steps the learner has taken (the current step's index while < steps).
        steps: how many steps the lesson has.
        off: the index of the first step at which the learner chose otherwise, or ``None``.
        chosen: the action they chose there; ``chosen_at`` its index among the table's actions.
        expected: the legal actions the current step accepts, while it is the learner's decision.
        over: whether the game has ended.
        learner_to_move: whether the learner decides now (with nothing in ``expected``, the
            lesson's decision is no longer possible here).
    """

    step: int
    steps: int
    off: int | None
    chosen: str | None
    chosen_at: int | None
    expected: tuple[str, ...]
    over: bool
    learner_to_move: bool

    @property
    def done(self) -> bool:
        """Whether every step was taken as the lesson asks (or the game ended before the last
        ones, as a ride in Busfahrer may, without a step taken otherwise)."""
        return self.off is None and (self.step >= self.steps or self.over)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "step": self.step,
            "steps": self.steps,
            "off": self.off,
            "chosen": self.chosen,
            "expected": list(self.expected),
            "over": self.over,
            "learner_to_move": self.learner_to_move,
            "done": self.done,
        }


def progress(lesson: Lesson, start: State[Any], actions: Sequence[str]) -> Progress:
    """The progress of a lesson table that started at ``start`` and has played ``actions``."""
    state = start.clone()
    taken = 0
    off: int | None = None
    chosen: str | None = None
    chosen_at: int | None = None
    for index, action in enumerate(actions):
        if state.to_move == lesson.seat:
            if off is None and taken < len(lesson.steps) and not lesson.steps[taken].matches(action):
                off, chosen, chosen_at = taken, action, index
            taken += 1
        state.apply(action)
    expected: tuple[str, ...] = ()
    learner_to_move = not state.is_over and state.to_move == lesson.seat
    if off is None and taken < len(lesson.steps) and learner_to_move:
        step = lesson.steps[taken]
        expected = tuple(str(action) for action in state.legal_actions() if step.matches(str(action)))
    steps = len(lesson.steps)
    return Progress(min(taken, steps), steps, off, chosen, chosen_at, expected, state.is_over, learner_to_move)
