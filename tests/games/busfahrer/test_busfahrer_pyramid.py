"""Busfahrer, Phase 2: Die Pyramide (laying, points per row, handing out, larger pyramids)."""

from __future__ import annotations

import pytest
from busfahrer_helpers import (
    ANNA,
    BEN,
    CARLA,
    anna_ben_carla,
    answer_questions,
    card,
    cards,
    first_deck,
    laid_by,
    stacked,
)

from busbahnhof.engine import InvalidOptionError
from busbahnhof.games.busfahrer import BusfahrerState


def give_each_point_to(state: BusfahrerState, target: int) -> None:
    while state.phase_name == "giving":
        state.apply(f"give 1 to {target + 1}")


def test_example_ben_verbatim() -> None:
    """Die erste Karte der 3. Reihe ist eine 7. Ben hat noch die Herz-7, legt sie und verteilt 3 Strafpunkte –
    2 an Carla und 1 an Anna."""
    state = anna_ben_carla()
    for _ in range(4):  # Anna lays her bottom-row matches
        assert state.to_move == ANNA and state.phase_name == "giving"
        state.apply("give 1 to 2")
    assert state.pyramid[state.turned - 1] == card("Karo-7")
    assert state.row_of[state.turned - 1] == 3
    assert state.phase_name == "giving" and state.to_move == BEN
    assert card("Herz-7") not in state.hands[BEN]
    assert state.laid[state.turned - 1] == [card("Herz-7")]
    before = list(state.points[1])
    state.apply("give 2 to 3")
    state.apply("give 1 to 1")
    assert state.points[1][CARLA] - before[CARLA] == 2
    assert state.points[1][ANNA] - before[ANNA] == 1
    assert [e.key for e in state.log if e.key == "laid" and e.params["seat"] == BEN] == ["laid"]


def test_pyramid_is_ten_cards_turned_bottom_up_row_n_worth_n() -> None:
    """4 Karten in der untersten Reihe, darüber 3, dann 2 und 1; Reihe für Reihe, von unten nach oben."""
    state = anna_ben_carla()
    assert len(state.pyramid) == 10
    assert state.row_of == (1, 1, 1, 1, 2, 2, 2, 3, 3, 4)
    turned = [(e.params["row"], e.params["points"], e.params["card"]) for e in state.log if e.key == "pyramid_turned"]
    assert turned == [(1, 1, card("Pik-2"))]
    while state.phase_name == "giving":
        state.apply(state.legal_actions()[0])
    rows = [(e.params["row"], e.params["points"]) for e in state.log if e.key == "pyramid_turned"]
    assert rows == [(1, 1), (1, 1), (1, 1), (1, 1), (2, 2), (2, 2), (2, 2), (3, 3), (3, 3), (4, 4)]


def test_points_2_4_6_8() -> None:
    state = anna_ben_carla(pyramid_points="2-4-6-8")
    assert [str(a) for a in state.legal_actions()] == [f"give {k} to {p}" for p in (2, 3) for k in (1, 2)]


@pytest.mark.parametrize(("pyramid", "size", "rows"), [("5-4-3-2-1", 15, 5), ("6-5-4-3-2-1", 21, 6)])
def test_larger_pyramids_continue_one_point_per_row(pyramid: str, size: int, rows: int) -> None:
    """Größere Pyramide: 5-4-3-2-1 oder 6-5-4-3-2-1 Karten; die Punkte steigen weiter um eins pro Reihe."""
    state = stacked(4, [], seed=3, pyramid=pyramid)
    while state.phase_name == "questions":
        state.apply(state.legal_actions()[0])
    assert len(state.pyramid) == size
    assert state.row_of[-1] == rows and state.row_of.count(1) == rows
    while state.phase_name in ("giving", "laying"):
        state.apply(state.legal_actions()[0])
    points = [e.params["points"] for e in state.log if e.key == "pyramid_turned"]
    assert points == [row for row in range(1, rows + 1) for _ in range(rows + 1 - row)]


def test_eight_players_with_a_21_card_pyramid_are_refused_before_dealing() -> None:
    game_state = None
    with pytest.raises(InvalidOptionError, match="53 cards"):
        game_state = stacked(8, [], pyramid="6-5-4-3-2-1")
    assert game_state is None
    assert len(stacked(7, [], pyramid="6-5-4-3-2-1").hands) == 7
    assert len(stacked(8, [], pyramid="5-4-3-2-1").hands) == 8


PAIR_HANDS = (
    ("Kreuz-7", "Pik-7", "Kreuz-3", "Kreuz-4"),
    ("Herz-2", "Herz-3", "Herz-4", "Herz-5"),
)
PAIR_PYRAMID = ("Karo-7", "Karo-8", "Karo-9", "Karo-10", "Karo-B", "Karo-D", "Karo-K", "Karo-A", "Herz-8", "Herz-9")


def pair_state(laying: str) -> BusfahrerState:
    """Seat 0 holds a pair of 7s; the first pyramid card is a 7."""
    state = stacked(2, [first_deck(PAIR_HANDS, PAIR_PYRAMID)], laying=laying)
    while state.phase_name == "questions":
        state.apply(state.legal_actions()[0])
    return state


def test_document_reading_first_card_compulsory_second_optional() -> None:
    """ "legt ... diese auf die Pyramidenkarte" (must) and "darfst du beide legen" (may)."""
    state = pair_state("document")
    # the lay, and the 1 point to the only other player, happen without asking
    assert [e.key for e in state.log][-4:] == ["forced", "laid", "forced", "gave"]
    assert state.phase_name == "laying" and state.to_move == 0
    assert [str(a) for a in state.legal_actions()] == ["lay", "keep"]
    assert cards("Pik-7") == [c for c in state.hands[0] if c // 4 == card("Karo-7") // 4]
    state.apply("lay")
    assert state.points[1][1] == 2  # one point for each card laid
    assert state.cards_laid[0] == 2
    assert laid_by(state, 0) == cards("Kreuz-7", "Pik-7")


def test_keep_leaves_the_second_card_in_hand() -> None:
    state = pair_state("document")
    state.apply("keep")
    assert laid_by(state, 0) == cards("Kreuz-7")
    assert state.cards_left[0] == 3  # Pik-7 stayed in the hand until the cards were gathered
    assert state.points[1][1] == 1


def test_mandatory_lays_both_without_asking() -> None:
    state = pair_state("mandatory")
    assert laid_by(state, 0) == cards("Kreuz-7", "Pik-7")
    assert state.points[1][1] == 2
    forced = [e.params["action"] for e in state.log if e.key == "forced"]
    assert forced[:4] == ["lay", "give 1 to 2", "lay", "give 1 to 2"]
    assert not any(str(action) in ("lay", "keep") for action in state.history)  # never asked


def test_optional_asks_even_for_the_first_card() -> None:
    state = pair_state("optional")
    assert state.laid[0] == []
    assert [str(a) for a in state.legal_actions()] == ["lay", "keep"]
    state.apply("keep")
    assert laid_by(state, 0) == [] and state.cards_left[0] == 4
    assert state.points[1] == [0, 0]


def test_document_reading_refuses_keep_for_the_first_card() -> None:
    hands = (("Kreuz-7", "Kreuz-2", "Kreuz-3", "Kreuz-4"), ("Herz-7", "Herz-3", "Herz-4", "Herz-5"))
    state = stacked(3, [first_deck((*hands, ("Pik-8", "Pik-9", "Pik-10", "Pik-Bube")), ("Karo-7",))])
    while state.phase_name == "questions":
        state.apply(state.legal_actions()[0])
    assert state.phase_name == "giving" and state.to_move == 0  # seat 0 laid its 7 at once
    while state.phase_name == "giving" and state.to_move == 0:
        state.apply(state.legal_actions()[0])
    assert state.phase_name == "giving" and state.to_move == 1  # then seat 1, clockwise
    assert state.laid[0] == cards("Kreuz-7", "Herz-7")


def test_two_players_give_everything_to_the_other_at_once() -> None:
    state = pair_state("optional")
    state.apply("lay")
    assert state.points[1] == [0, 1]
    assert [e.key for e in state.log][-3:] == ["laid", "forced", "gave"]
    assert state.log[-2].params["action"] == "give 1 to 2"


def test_after_a_keep_the_next_player_must_lay_his_first_card() -> None:
    """Document reading (R3): "keep" ends one player's laying; the next player's first card is compulsory again."""
    hands = [
        ("Kreuz-7", "Pik-7", "Kreuz-2", "Kreuz-3"),
        ("Herz-7", "Herz-2", "Herz-3", "Herz-4"),
        ("Karo-Ass", "Pik-Ass", "Kreuz-Ass", "Herz-Ass"),
    ]
    state = stacked(3, [first_deck(hands, ("Karo-7",))])
    answer_questions(state)
    assert state.to_move == 0 and state.phase_name == "giving"  # the first 7 was laid without asking
    state.apply("give 1 to 2")
    assert [str(a) for a in state.legal_actions()] == ["lay", "keep"]
    state.apply("keep")
    assert state.to_move == 1 and state.phase_name == "giving"  # Ben's Herz-7 went on the pyramid at once
    assert laid_by(state, 1) == cards("Herz-7")
