"""The contract every registered game must pass, as reusable checks.

``tests/contract`` runs these over every game and every rule-option preset.  Each check raises
``AssertionError`` with a message that names the game, the seed and the step.
"""

from __future__ import annotations

import copy
import json
import pickle
from collections.abc import Iterable
from typing import Any

from .errors import GameError
from .game import Action, Game, State
from .records import replay
from .rng import Rng

MAX_STEPS = 100_000


def require(condition: object, message: str) -> None:
    """Raise ``AssertionError(message)`` unless ``condition`` holds (an ``assert`` that ``python -O`` keeps)."""
    if not condition:
        raise AssertionError(message)


def random_playout(game: Game[Any, Any], players: int, seed: int, *, max_steps: int = MAX_STEPS) -> State[Any]:
    """Play one game to its end choosing uniformly among legal actions (chooser seeded by ``seed``)."""
    state = game.new_state(players, seed)
    chooser = Rng(seed ^ 0x5EED)
    for _ in range(max_steps):
        if state.is_over:
            return state
        legal = state.legal_actions()
        require(legal, f"{game.id} seed {seed}: no legal action but the game is not over")
        state.apply(chooser.pick(legal))
    raise AssertionError(f"{game.id} seed {seed}: no end after {max_steps} decisions")


def fingerprint(state: State[Any]) -> bytes:
    """The state's full content as bytes (caches excluded), for byte-for-byte comparisons."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def check_playout_invariants(state: State[Any]) -> None:
    """A finished state: no decision left, a well-formed outcome, JSON-ready views."""
    where = f"{state.game.id} seed {state.seed}"
    require(state.is_over and state.to_move is None, f"{where}: a finished game still has a seat to move")
    require(not state.legal_actions(), f"{where}: a finished game still has legal actions")
    outcome = state.outcome()
    require(len(outcome.points) == state.players, f"{where}: the outcome does not score every seat")
    require(outcome.winners and all(0 <= w < state.players for w in outcome.winners), f"{where}: bad winners")
    json.dumps(state.view(None))
    for seat in range(state.players):
        json.dumps(state.view(seat))


def check_determinism(game: Game[Any, Any], players: int, seed: int) -> None:
    """The same seed and actions give the same record, the same views and the same log."""
    first = random_playout(game, players, seed)
    second = game.new_state(players, seed)
    for action in first.record()["actions"]:
        second.apply(action)
    require(first.record() == second.record(), f"{game.id} seed {seed}: replayed actions give another record")
    for seat in [None, *range(players)]:
        require(first.view(seat) == second.view(seat), f"{game.id} seed {seed}: views differ for seat {seat}")


def check_replay(state: State[Any]) -> None:
    """A record (through JSON) replays to the same state."""
    record = json.loads(json.dumps(state.record()))
    again = replay(record)
    require(fingerprint(again) == fingerprint(state), f"{state.game.id} seed {state.seed}: replay differs")


def check_clone_independence(game: Game[Any, Any], players: int, seed: int, steps: int = 40) -> None:
    """Playing on a clone leaves the original untouched, and vice versa."""
    state = game.new_state(players, seed)
    chooser = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        before = fingerprint(state)
        twin = state.clone()
        require(fingerprint(twin) == before, f"{game.id} seed {seed}: clone differs from original")
        for _ in range(5):
            if twin.is_over:
                break
            twin.apply(chooser.pick(twin.legal_actions()))
        require(fingerprint(state) == before, f"{game.id} seed {seed}: playing a clone changed the original")
        state.apply(chooser.pick(state.legal_actions()))


def _bad_inputs(state: State[Any], seen: Iterable[str]) -> list[Action | str]:
    legal_texts = {str(a) for a in state.legal_actions()}
    bad: list[Action | str] = ["", "   ", "nonsense 42 ???", "\x00", "9" * 40]
    bad.extend(text for text in seen if text not in legal_texts)
    return bad


def check_error_is_translated(game: Game[Any, Any], error: GameError) -> None:
    """``error`` has a message key whose German and English templates render completely."""
    key = error.key
    if key is None:
        raise AssertionError(f"{game.id}: error without a message key: {error}")
    for lang in ("de", "en"):
        catalog = game.catalog(lang)
        require(catalog.has(key), f"{game.id}: no {lang} template for {error.key} ({error})")
        text = catalog.error_text(error)
        require("{" not in text and "}" not in text.replace("{}", ""), f"{game.id} {lang}: unfilled template: {text}")


def check_bad_input_leaves_state(game: Game[Any, Any], players: int, seed: int, seen: set[str]) -> int:
    """Every non-legal input raises a ``GameError`` and changes nothing; returns how many were tried.

    ``seen`` collects action texts legal at some moment of some game; played at a moment where
    they are not legal they are the "legal-looking move at the wrong moment".
    """
    state = game.new_state(players, seed)
    chooser = Rng(seed + 1)
    tried = 0
    while not state.is_over:
        state.legal_actions()
        before = fingerprint(state)
        to_move = state.to_move
        if to_move is None:
            raise AssertionError(f"{game.id} seed {seed}: a running game has no seat to move")
        candidates = _bad_inputs(state, seen)
        sample = [candidates[chooser.below(len(candidates))] for _ in range(3)]
        for bad in sample:
            try:
                state.apply(bad)
            except GameError as error:
                check_error_is_translated(game, error)
            else:
                raise AssertionError(f"{game.id} seed {seed}: {bad!r} was accepted but is not legal")
            require(fingerprint(state) == before, f"{game.id} seed {seed}: {bad!r} changed the state")
            tried += 1
        legal = state.legal_actions()
        wrong_seat = (to_move + 1) % players
        try:
            state.apply(legal[0], seat=wrong_seat)
        except GameError as error:
            check_error_is_translated(game, error)
        else:
            raise AssertionError(f"{game.id} seed {seed}: seat {wrong_seat} moved out of turn")
        require(fingerprint(state) == before, f"{game.id} seed {seed}: a move out of turn changed the state")
        choice = chooser.pick(legal)
        seen.update(str(a) for a in legal)
        require(str(game.parse_action(str(choice))) == str(choice), f"{choice!r} does not round-trip")
        state.apply(str(choice))
    try:
        state.apply("anything")
    except GameError:
        pass
    else:
        raise AssertionError(f"{game.id} seed {seed}: an action was accepted after the end")
    return tried


def check_view_hides(game: Game[Any, Any], players: int, seed: int, samples: int = 6) -> None:
    """``view(seat)`` is identical for states that differ only in what ``seat`` cannot see."""
    state = game.new_state(players, seed)
    chooser = Rng(seed + 2)
    step = 0
    while not state.is_over:
        if step % 7 == 0:
            for seat in [None, *range(players)]:
                for k in range(samples if seat == state.to_move else 1):
                    other = state.determinize(seat, Rng(seed * 31 + step * 7 + k))
                    require(
                        other.view(seat) == state.view(seat),
                        f"{game.id} seed {seed} step {step}: determinize changed seat {seat}'s view",
                    )
                    require(
                        [str(a) for a in other.legal_actions()] == [str(a) for a in state.legal_actions()]
                        or (seat != state.to_move),
                        f"{game.id} seed {seed} step {step}: determinized legal actions differ",
                    )
        state.apply(chooser.pick(state.legal_actions()))
        step += 1


def _agrees(known: dict[str, list[Any]], places: dict[str, list[Any]], where: str) -> None:
    """Every slot of ``known`` (a ``known_places`` result) holds what it says in ``places``."""
    for place, slots in known.items():
        cards = places.get(place)
        require(
            cards is not None and len(cards) == len(slots),
            f"{where}: place {place!r} has {None if cards is None else len(cards)} cards, known {len(slots)}",
        )
        for index, (slot, card) in enumerate(zip(slots, cards or [], strict=True)):
            fits = slot is None or (card in slot if isinstance(slot, frozenset) else card == slot)
            require(fits, f"{where}: {place}[{index}] holds {card!r}, but the seat knows it is {slot!r}")


def check_determinize_keeps_known_cards(game: Game[Any, Any], players: int, seed: int, every: int = 3) -> int:
    """``determinize(seat)`` leaves every card where ``seat`` knows it to be (``State.known_places``):
    a card it saw played and spent, a card its own effect put under a stack, a reshuffled card.

    The knowledge is first checked against the state itself (it must be true), then against the
    determinized state.  Returns how many known slots were checked.
    """
    state = game.new_state(players, seed)
    chooser = Rng(seed + 5)
    step = checked = 0
    while not state.is_over:
        if step % every == 0:
            truth = state.card_places()
            for seat in [None, *range(players)]:
                known = state.known_places(seat)
                where = f"{game.id} seed {seed} step {step} seat {seat}"
                _agrees(known, truth, f"{where}: the state itself")
                twin = state.determinize(seat, Rng(seed * 17 + step))
                _agrees(known, twin.card_places(), f"{where}: determinize")
                checked += sum(slot is not None for slots in known.values() for slot in slots)
        state.apply(chooser.pick(state.legal_actions()))
        step += 1
    return checked


def check_determinize_canonical(game: Game[Any, Any], players: int, seed: int, every: int = 9) -> None:
    """Two states that look the same from a seat determinize to the same state with the same rng.

    Search bots (ISMCTS) sample worlds with ``determinize``; if the result depended on what the
    seat cannot see (e.g. the current secret order of a deck), they would decide differently in
    positions the seat cannot tell apart.
    """
    state = game.new_state(players, seed)
    chooser = Rng(seed + 3)
    step = 0
    while not state.is_over:
        if step % every == 0:
            for seat in [None, *range(players)]:
                lookalike = state.determinize(seat, Rng(step + 1))
                first = state.determinize(seat, Rng(seed + step))
                second = lookalike.determinize(seat, Rng(seed + step))
                require(
                    fingerprint(first) == fingerprint(second),
                    f"{game.id} seed {seed} step {step}: determinize for seat {seat} depends on hidden information",
                )
        state.apply(chooser.pick(state.legal_actions()))
        step += 1


class _ForeignAction(Action):
    """An action object of no registered game."""

    __slots__ = ()

    def __str__(self) -> str:
        return "foreign ??? 42"


NOT_ACTIONS: tuple[object, ...] = (
    None,
    0,
    3.5,
    True,
    b"pass",
    ["pass"],
    {"action": "pass"},
    object(),
    _ForeignAction(),
)
"""Values that are neither an action of the game nor action text."""


def _containers(value: Any, found: dict[int, object]) -> dict[int, object]:
    """Every list and dict inside ``value`` by id (kept alive in ``found`` so ids stay unique)."""
    if isinstance(value, (list, dict)):
        found[id(value)] = value
    if isinstance(value, dict):
        for item in value.values():
            _containers(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _containers(item, found)
    return found


def _scramble(value: Any) -> None:
    """Empty every list and dict inside ``value``, innermost first."""
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, (list, tuple)) else ()
    for item in items:
        _scramble(item)
    if isinstance(value, (list, dict)):
        value.clear()


def check_views_are_fresh(state: State[Any]) -> None:
    """``view(seat)`` shares no list or dict with another view, a clone's view or the state itself:
    emptying every container of one view changes neither the state nor the next view."""
    where = f"{state.game.id} seed {state.seed} turn {len(state.history)}"
    twin = state.clone()
    for seat in [None, *range(state.players)]:
        first, second, other = state.view(seat), state.view(seat), twin.view(seat)
        shared = set(_containers(first, {})) & (set(_containers(second, {})) | set(_containers(other, {})))
        require(not shared, f"{where}: two views of seat {seat} share {len(shared)} lists or dicts")
        expected = copy.deepcopy(second)
        before = fingerprint(state)
        _scramble(first)
        require(fingerprint(state) == before, f"{where}: changing a view of seat {seat} changed the state")
        require(state.view(seat) == expected, f"{where}: changing a view of seat {seat} changed the next view")


def check_api_is_sealed(game: Game[Any, Any], players: int, seed: int, steps: int = 60) -> None:
    """Nothing handed out by a state lets a caller corrupt it.

    ``legal_actions()`` is an immutable tuple; ``apply`` of anything that is neither an action
    nor action text (``None``, numbers, bytes, lists, another game's action) raises a translated
    :class:`GameError` and changes nothing; views are fresh data (:func:`check_views_are_fresh`).
    """
    state = game.new_state(players, seed)
    chooser = Rng(seed + 4)
    for step in range(steps):
        if state.is_over:
            break
        legal = state.legal_actions()
        require(type(legal) is tuple, f"{game.id} seed {seed} step {step}: legal_actions() is a {type(legal).__name__}")
        before = fingerprint(state)
        for bad in NOT_ACTIONS:
            try:
                state.apply(bad)  # type: ignore[arg-type]
            except GameError as error:
                check_error_is_translated(game, error)
            else:
                raise AssertionError(f"{game.id} seed {seed} step {step}: {bad!r} was accepted as an action")
        require(fingerprint(state) == before, f"{game.id} seed {seed} step {step}: a non-action changed the state")
        if step % 10 == 0:
            check_views_are_fresh(state)
        state.apply(chooser.pick(legal))
    check_views_are_fresh(state)


def _content(state: State[Any]) -> bytes:
    """The state's content without its event log (which a silenced state does not keep)."""
    data = {name: value for name, value in state.__getstate__().items() if name not in ("log", "keeps_log")}
    return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)


def _check_play_out(state: State[Any], seed: int, where: str) -> None:
    """``play_out(rng)`` of a clone ends in the state (and leaves ``rng`` in the state) that
    ``while not is_over: apply_trusted(random_action(rng))`` of another clone does."""
    looped, fused = state.clone(), state.clone()
    loop_rng, fused_rng = Rng(seed), Rng(seed)
    while not looped.is_over:
        looped.apply_trusted(looped.random_action(loop_rng))
    fused.play_out(fused_rng)
    require(fused.is_over, f"{where}: play_out stopped before the end")
    require(
        _content(fused) == _content(looped) and fused_rng.getstate() == loop_rng.getstate(),
        f"{where}: play_out played another game than apply_trusted(random_action(rng))",
    )


def check_fast_path(game: Game[Any, Any], players: int, seed: int) -> int:
    """The trusted fast path plays exactly the game the checked path plays; returns the decisions.

    Two copies of one game: one played with ``legal = legal_actions()``,
    ``apply(legal[rng.below(len(legal))])``, the other silenced and played with
    ``apply_trusted(random_action(rng))`` from an equal generator.  Every decision must pick the
    same action, the end must be the same state (the log aside) with the same outcome, the
    silenced copy and its clones keep no log, and the checked ``apply`` of the silenced copy
    still refuses what is not legal, changing nothing.  Every 40th decision, ``play_out`` of a
    clone of the silenced copy must play the rest of the game as its loop does.
    """
    where = f"{game.id} seed {seed}"
    checked = game.new_state(players, seed)
    fast = game.new_state(players, seed)
    fast.silence()
    chooser, fast_chooser = Rng(seed ^ 0xFA57), Rng(seed ^ 0xFA57)
    step = 0
    while not checked.is_over:
        require(not fast.is_over and fast.to_move == checked.to_move, f"{where} step {step}: the fast path diverged")
        if step % 3 == 0:
            fast.legal_actions()  # the override must agree with and without the cached list
        if step % 11 == 0:
            before = _content(fast)
            try:
                fast.apply("nonsense 42 ???")
            except GameError:
                pass
            else:
                raise AssertionError(f"{where} step {step}: a silenced state accepted nonsense")
            require(_content(fast) == before, f"{where} step {step}: refused input changed a silenced state")
        if step % 40 == 0:
            _check_play_out(fast, seed + step, f"{where} step {step}")
        legal = checked.legal_actions()
        action = legal[chooser.below(len(legal))]
        fast_action = fast.random_action(fast_chooser)
        require(
            fast_action == action,
            f"{where} step {step}: random_action chose {str(fast_action)!r}, the legal list {str(action)!r}",
        )
        checked.apply(action)
        fast.apply_trusted(fast_action)
        step += 1
    require(fast.is_over, f"{where}: the checked game ended after {step} decisions, the fast one did not")
    require(fast.outcome() == checked.outcome(), f"{where}: the fast path has another outcome")
    require(_content(fast) == _content(checked), f"{where}: the fast path ended in another state")
    require(checked.log and not fast.log and not fast.clone().log, f"{where}: a silenced state kept a log")
    require(fast.clone().keeps_log is False, f"{where}: the clone of a silenced state logs again")
    return step
