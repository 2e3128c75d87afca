"""Busfahrer, Phase 3: Busfahren, the variant "Karten zählen" and "Ride the Bus, amerikanisch"."""

from __future__ import annotations

import pytest
from busfahrer_helpers import CARLA, anna_ben_carla, at_the_ride, card, cards, ride_deck

from busbahnhof.engine import IllegalActionError, load_game
from busbahnhof.engine.contract import fingerprint, random_playout
from busbahnhof.games.busfahrer import BusfahrerState
from busbahnhof.games.busfahrer.layout import DIAMOND_OFFSETS, DIAMOND_ROWS

DRIVER = 1


def ride_events(state: BusfahrerState) -> list[tuple[str, ...]]:
    start = max(i for i, e in enumerate(state.log) if e.key == "ride_started")
    return [(e.key, *(str(v) for v in e.params.values())) for e in state.log[start + 1 :]]


def test_example_carla_verbatim() -> None:
    """Carla fährt. Spitze: 5 – weiter. 2. Reihe: 8 – weiter. 3. Reihe: König – 3 Strafpunkte. Die drei Karten
    werden ersetzt, und sie fängt oben wieder an."""
    diamond = ride_deck({0: "Herz-5", 1: "Herz-8", 3: "Herz-König"}, ["Kreuz-2", "Kreuz-3", "Kreuz-4"])
    state = anna_ben_carla(diamond)
    for text in ("give 1 to 2",) * 4 + ("give 2 to 3", "give 1 to 1"):
        state.apply(text)
    assert state.drivers == [CARLA] and state.phase_name == "ride" and state.to_move == CARLA
    assert state.ride_row == 1  # the Spitze (one card) was turned without asking: the 5
    assert state.diamond[0] == card("Herz-5") and state.face_up == [0]
    state.apply("turn 1", seat=CARLA)
    assert state.ride_row == 2
    before = state.points[2][CARLA]
    state.apply("turn 1", seat=CARLA)
    assert state.points[2][CARLA] - before == 3
    assert state.discard == cards("Herz-5", "Herz-8", "Herz-König")
    assert [state.diamond[p] for p in (0, 1, 3)] == cards("Kreuz-2", "Kreuz-3", "Kreuz-4")
    events = ride_events(state)
    assert events == [
        ("forced", "2", "turn 1", "turn"),
        ("ride_turned", "2", "1", str(card("Herz-5"))),
        ("ride_turned", "2", "2", str(card("Herz-8"))),
        ("ride_turned", "2", "3", str(card("Herz-König"))),
        ("ride_penalty", "2", "3"),
        ("ride_replaced", "3"),
        ("forced", "2", "turn 1", "turn"),  # "fängt oben wieder an"
        ("ride_turned", "2", "1", str(card("Kreuz-2"))),
    ]
    assert state.ride_stats[:3] == [2, 4, 3]


def test_number_card_in_the_bottom_row_completes_the_ride() -> None:
    state = at_the_ride(ride_deck({}))
    for _ in range(5):
        state.apply("turn 1", seat=DRIVER)
    assert state.is_over
    assert state.ride_result == "completed" and state.ride_stats == [1, 7, 0, 0, 1]
    assert state.points[2] == [0, 0]


@pytest.mark.parametrize("row", range(7))
@pytest.mark.parametrize("counting", [False, True])
def test_a_picture_card_or_ace_costs_the_row_size(row: int, counting: bool) -> None:
    """Ist es ein B, D, K oder A, bekommt er so viele Strafpunkte, wie Karten in dieser Reihe liegen.

    Karten zählen: so viele Strafpunkte, wie auf dieser Fahrt schon Karten aufgedeckt wurden (ruling R9:
    including the picture card, so the row number).
    """
    face = ("Herz-Bube", "Herz-Dame", "Herz-König", "Herz-Ass")[row % 4]
    state = at_the_ride(ride_deck({DIAMOND_OFFSETS[row]: face}), karten_zaehlen=counting)
    while not any(e.key == "ride_penalty" for e in state.log):
        state.apply("turn 1", seat=DRIVER)
    penalty = next(e for e in state.log if e.key == "ride_penalty")
    assert penalty.params == {"seat": DRIVER, "points": row + 1 if counting else DIAMOND_ROWS[row]}


def test_any_card_of_a_row_may_be_chosen_but_not_beyond_it() -> None:
    state = at_the_ride(ride_deck({2: "Pik-Ass"}, ["Kreuz-2", "Kreuz-3"]))
    assert [str(a) for a in state.legal_actions()] == ["turn 1", "turn 2"]
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="row 2 has only 2 cards"):
        state.apply("turn 3")
    with pytest.raises(IllegalActionError, match="Phase 3"):
        state.apply("lay")
    assert fingerprint(state) == before
    state.apply("turn 2")
    assert state.points[2][DRIVER] == 2


def _finished_rides(**options: object) -> list[BusfahrerState]:
    game = load_game("busfahrer", **options)
    states = [random_playout(game, 2 + seed % 4, seed) for seed in range(150)]
    return [state for state in states if isinstance(state, BusfahrerState)]


def test_ride_ends_on_bottom_row_number_or_when_the_pile_cannot_replace() -> None:
    """Die Fahrt ist geschafft ... in der untersten Reihe eine Zahlenkarte. Ist der Ziehstapel leer, endet die Fahrt."""
    results = set()
    for state in _finished_rides():
        last = state.diamond[state.face_up[-1]]
        if state.ride_result == "completed":
            assert last // 4 <= 8 and state.face_up[-1] == 15
            assert state.ride_stats[3:] == [0, 1]
        else:
            assert state.ride_result == "pile_empty" and last // 4 > 8
            assert len(state.pile) < len(state.face_up)
            assert state.ride_stats[3:] == [1, 0]
        assert len(state.diamond) + len(state.pile) + len(state.discard) == 52
        results.add(state.ride_result)
    assert results == {"completed", "pile_empty"}


def test_reshuffling_the_removed_cards_always_completes_the_ride() -> None:
    states = _finished_rides(empty_pile="reshuffle")
    assert all(state.ride_result == "completed" for state in states)
    assert any(e.key == "ride_reshuffled" for state in states for e in state.log)


AMERICAN_PILE = ("Herz-5", "Pik-3", "Herz-König", "Karo-9", "Kreuz-10", "Kreuz-9", "Pik-4")


def test_american_ride_wrong_answer_costs_one_and_starts_again() -> None:
    """Ride the Bus: die vier Fragen noch einmal hintereinander mit neuen Karten; nach jeder falschen Antwort
    einen Strafpunkt und wieder bei Frage 1, bis er alle vier richtig hat."""
    state = at_the_ride(cards(*AMERICAN_PILE), ride="american")
    assert state.phase_name == "american" and state.to_move == DRIVER
    for text in ("guess red", "guess lower", "guess inside"):
        state.apply(text)
    assert state.points[2][DRIVER] == 1 and state.streak == []
    assert [str(a) for a in state.legal_actions()] == ["guess red", "guess black"]
    for text in ("guess red", "guess higher", "guess inside", "guess spades"):
        state.apply(text)
    assert state.is_over and state.ride_result == "completed"
    assert state.ride_stats == [2, 7, 1, 0, 1]
    assert state.q_asked == [2, 2, 2, 2]  # the re-asks are not Phase 1 questions


def _wrong_colour(state: BusfahrerState) -> str:
    return "guess black" if state.pile[-1] % 4 >= 2 else "guess red"


@pytest.mark.parametrize(("empty_pile", "over"), [(None, False), ("end", True), ("reshuffle", False)])
def test_american_ride_and_the_empty_pile(empty_pile: str | None, over: bool) -> None:
    """R11: "fängt wieder bei Frage 1 an, bis er alle vier richtig hat" -- by default an empty pile is
    refilled with the removed cards; ``empty_pile="end"`` cuts the ride short."""
    options = {} if empty_pile is None else {"empty_pile": empty_pile}
    state = at_the_ride(cards(*AMERICAN_PILE), ride="american", **options)
    for _ in range(52):
        state.apply(_wrong_colour(state))
    assert state.points[2][DRIVER] == 52
    assert state.is_over is over
    if over:
        assert state.ride_result == "pile_empty" and state.ride_stats[3] == 1
    else:
        assert len(state.pile) == 52 and any(e.key == "ride_reshuffled" for e in state.log)


def test_the_american_ride_goes_on_until_all_four_are_right() -> None:
    """R11 (default): every American ride ends with four right answers in a row, never cut short by the
    pile; the diamond ride keeps the document's end ("Ist der Ziehstapel leer, endet die Fahrt")."""
    american = _finished_rides(ride="american")
    assert all(state.ride_result == "completed" and len(state.streak) == 4 for state in american)
    assert any(e.key == "ride_reshuffled" for state in american for e in state.log)
    assert {state.ride_result for state in _finished_rides()} == {"completed", "pile_empty"}


def test_reshuffled_removed_cards_go_under_the_pile() -> None:
    """Option ``empty_pile="reshuffle"`` (R10): the pile's own cards are drawn first, the reshuffled ones after."""
    state = at_the_ride(ride_deck({0: "Herz-5", 1: "Herz-König"}), empty_pile="reshuffle")
    assert state.ride_row == 1
    last = next(c for c in state.pile if c // 4 <= 8)  # a number card, so the new Spitze stays
    state.discard.extend(c for c in state.pile if c != last)  # everything else was removed earlier
    state.pile = [last]
    state.apply("turn 1", seat=DRIVER)  # the König: two cards to replace, one in the pile
    assert any(e.key == "ride_reshuffled" for e in state.log)
    assert state.diamond[0] == last
    assert len(state.pile) + len(state.discard) + len(state.diamond) == 52


def test_the_driver_sees_the_face_up_and_the_removed_cards() -> None:
    """After the Carla example: the new Spitze is face up, the three removed cards are known."""
    diamond = ride_deck({0: "Herz-5", 1: "Herz-8", 3: "Herz-König"}, ["Kreuz-2", "Kreuz-3", "Kreuz-4"])
    state = anna_ben_carla(diamond)
    for text in ("give 1 to 2",) * 4 + ("give 2 to 3", "give 1 to 1", "turn 1", "turn 1"):
        state.apply(text)
    assert sorted(state.seen_cards()) == sorted(cards("Kreuz-2", "Herz-5", "Herz-8", "Herz-König"))
