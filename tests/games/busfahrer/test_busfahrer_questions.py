"""Busfahrer, Phase 1: Vier Fragen (and the variant "Steigende Strafen")."""

from __future__ import annotations

import pytest
from busfahrer_helpers import card, cards, first_deck, stacked

from busbahnhof.engine import IllegalActionError, InvalidOptionError, load_game
from busbahnhof.engine.contract import fingerprint
from busbahnhof.games.busfahrer import BusfahrerState
from busbahnhof.games.busfahrer.actions import GUESS_WORDS
from busbahnhof.games.busfahrer.questions import is_right

ANNA, DEALER = 0, 1


def guess(word: str) -> int:
    return GUESS_WORDS.index(word)


def test_example_anna_verbatim() -> None:
    """Anna sagt „rot“ und bekommt die Karo-9 – richtig. Sie sagt „höher“ und bekommt die Kreuz-4 – falsch,
    1 Strafpunkt. Ihre Karten sind 9 und 4; sie sagt „innerhalb“ und bekommt eine 7 – richtig. Bei der vierten
    Karte sagt sie „Herz“ und bekommt die Pik-Dame – falsch, noch 1 Strafpunkt."""
    anna = ["Karo-9", "Kreuz-4", "Herz-7", "Pik-Dame"]
    dealer = ["Kreuz-2", "Kreuz-3", "Kreuz-5", "Kreuz-6"]
    state = stacked(2, [first_deck([anna, dealer])])
    steps = [("guess rot", True, 0), ("guess höher", False, 1), ("guess innerhalb", True, 1), ("guess herz", False, 2)]
    for text, right, points in steps:
        assert state.to_move == ANNA
        state.apply(text, seat=ANNA)
        event = next(e for e in reversed(state.log) if e.params.get("seat") == ANNA)
        assert event.key == ("answered_right" if right else "answered_wrong")
        assert state.points[0][ANNA] == points
        if points < 2:
            state.apply(state.legal_actions()[0], seat=DEALER)
    assert state.hands[ANNA] == cards(*anna)
    assert state.points[0][ANNA] == 2


@pytest.mark.parametrize(
    ("question", "word", "earlier", "new", "right"),
    [
        (0, "red", [], "Karo-9", True),
        (0, "red", [], "Herz-2", True),
        (0, "red", [], "Pik-9", False),
        (0, "black", [], "Kreuz-A", True),
        (1, "higher", ["Karo-9"], "Kreuz-10", True),
        (1, "higher", ["Karo-9"], "Kreuz-4", False),
        (1, "lower", ["Karo-9"], "Kreuz-4", True),
        # "Bei gleichem Wert liegst du falsch."
        (1, "higher", ["Karo-9"], "Pik-9", False),
        (1, "lower", ["Karo-9"], "Pik-9", False),
        (1, "higher", ["Karo-10"], "Pik-B", True),
        (1, "lower", ["Karo-A"], "Pik-K", True),
        (2, "inside", ["Karo-9", "Kreuz-4"], "Herz-7", True),
        (2, "inside", ["Karo-4", "Kreuz-9"], "Herz-7", True),
        (2, "outside", ["Karo-9", "Kreuz-4"], "Herz-7", False),
        (2, "outside", ["Karo-9", "Kreuz-4"], "Herz-10", True),
        (2, "outside", ["Karo-9", "Kreuz-4"], "Herz-3", True),
        # "Eine Karte mit gleichem Wert wie eine der beiden zählt als innerhalb."
        (2, "inside", ["Karo-9", "Kreuz-4"], "Herz-9", True),
        (2, "inside", ["Karo-9", "Kreuz-4"], "Herz-4", True),
        (2, "outside", ["Karo-9", "Kreuz-4"], "Herz-4", False),
        (2, "inside", ["Karo-6", "Kreuz-6"], "Herz-6", True),
        (2, "outside", ["Karo-6", "Kreuz-6"], "Herz-7", True),
        (3, "hearts", ["Karo-9", "Kreuz-4", "Herz-7"], "Pik-Dame", False),
        (3, "spades", ["Karo-9", "Kreuz-4", "Herz-7"], "Pik-Dame", True),
        (3, "diamonds", [], "Karo-2", True),
        (3, "clubs", [], "Kreuz-2", True),
    ],
)
def test_question_semantics(question: int, word: str, earlier: list[str], new: str, right: bool) -> None:
    assert is_right(question, guess(word), cards(*earlier), card(new)) is right


def test_rounds_go_clockwise_from_the_dealers_left_dealer_last() -> None:
    """In jeder Runde ... beginnend links von sich. Der Geber ... antwortet als Letzter."""
    state = stacked(4, [])
    assert state.dealer == 3
    movers = []
    while state.phase_name == "questions":
        movers.append(state.to_move)
        state.apply(state.legal_actions()[0])
    assert movers == [0, 1, 2, 3] * 4


def test_each_round_asks_its_own_question() -> None:
    state = stacked(3, [])
    expected = [["guess red", "guess black"], ["guess higher", "guess lower"], ["guess inside", "guess outside"]]
    expected.append(["guess clubs", "guess spades", "guess hearts", "guess diamonds"])
    for round_ in range(4):
        for _ in range(3):
            assert [str(a) for a in state.legal_actions()] == expected[round_]
            state.apply(state.legal_actions()[0])


def test_a_guess_for_another_question_is_refused_and_changes_nothing() -> None:
    state = stacked(3, [])
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="Frage 1"):
        state.apply("guess higher")
    with pytest.raises(IllegalActionError):
        state.apply("turn 1")
    assert fingerprint(state) == before


def test_wrong_answer_costs_one_point_right_answer_nothing() -> None:
    state = stacked(2, [first_deck([["Pik-2", "Pik-3", "Pik-4", "Pik-5"], ["Herz-2", "Herz-3", "Herz-4", "Herz-5"]])])
    state.apply("guess red")
    assert state.points[0] == [1, 0]
    state.apply("guess red")
    assert state.points[0] == [1, 0]


def test_rising_penalties_wrong_costs_the_round_number() -> None:
    """Steigende Strafen: Falsch geraten kostet in den Runden 1–4 jeweils 1, 2, 3 und 4 Strafpunkte."""
    seat0 = ["Pik-2", "Pik-3", "Pik-4", "Pik-5"]
    seat1 = ["Kreuz-5", "Kreuz-3", "Kreuz-9", "Karo-10"]  # the dealer's first legal answers are all wrong
    state = stacked(2, [first_deck([seat0, seat1])], rising_penalties=True)
    wrong_for_seat0 = ["guess red", "guess lower", "guess inside", "guess hearts"]
    expected = 0
    for round_, text in enumerate(wrong_for_seat0, start=1):
        state.apply(text)
        expected += round_
        assert state.points[0][0] == expected
        assert state.phase_name == "questions"
        state.apply(state.legal_actions()[0])  # seat 1 (dealer)
        assert state.points[0][1] == expected


def _rising_to_the_second_question(**options: object) -> BusfahrerState:
    """Three players under rising penalties; seat 0 has just answered question 2 right (2 points to hand out)."""
    seat0 = ["Herz-9", "Herz-10", "Karo-8", "Herz-5"]
    others = [["Pik-2", "Pik-3", "Pik-4", "Pik-5"], ["Kreuz-2", "Kreuz-3", "Kreuz-4", "Kreuz-5"]]
    state = stacked(3, [first_deck([seat0, *others])], rising_penalties=True, **options)
    state.apply("guess red")
    assert state.phase_name == "giving" and state.to_move == 0
    assert [str(a) for a in state.legal_actions()] == ["give 1 to 2", "give 1 to 3"]
    state.apply("give 1 to 3")
    assert state.points[0] == [0, 0, 1]
    state.apply("guess red")  # seat 1: Pik-2 is black
    state.apply("guess red")  # seat 2: wrong
    assert state.points[0] == [0, 1, 2]
    state.apply("guess higher")  # seat 0: Herz-10 after Herz-9
    assert state.phase_name == "giving"
    return state


def test_rising_penalties_right_guesser_gives_the_same_number_to_one_other_player() -> None:
    """... und wer richtig rät, darf dieselbe Zahl an jemand anderen verteilen: all of it to one
    other player (ruling R6, the default ``rising_recipients="one"``)."""
    state = _rising_to_the_second_question()
    assert {str(a) for a in state.legal_actions()} == {"give 2 to 2", "give 2 to 3"}
    before = fingerprint(state)
    with pytest.raises(IllegalActionError, match="all 2 penalty points go to one other player") as refused:
        state.apply("give 1 to 2")
    assert refused.value.rule == "Busfahrer: Varianten, Steigende Strafen in Phase 1"
    with pytest.raises(IllegalActionError, match="not to the giver"):
        state.apply("give 2 to 1")
    with pytest.raises(IllegalActionError, match="only 2 penalty points"):
        state.apply("give 3 to 2")
    assert fingerprint(state) == before
    state.apply("give 2 to 2")
    assert state.points[0] == [0, 3, 2]
    assert state.phase_name == "questions" and state.to_move == 1


def test_rising_penalties_split_option_hands_out_like_the_pyramid() -> None:
    """Option ``rising_recipients="split"``: the points may be split like pyramid points (R5, R6)."""
    state = _rising_to_the_second_question(rising_recipients="split")
    assert {str(a) for a in state.legal_actions()} == {"give 1 to 2", "give 2 to 2", "give 1 to 3", "give 2 to 3"}
    with pytest.raises(IllegalActionError, match="not to the giver"):
        state.apply("give 1 to 1")
    with pytest.raises(IllegalActionError, match="only 2 penalty points"):
        state.apply("give 3 to 2")
    state.apply("give 1 to 2")
    state.apply("give 1 to 3")
    assert state.points[0] == [0, 2, 3]
    assert state.phase_name == "questions" and state.to_move == 1


def test_splitting_without_rising_penalties_is_refused_before_dealing() -> None:
    game = load_game("busfahrer", rising_recipients="split")
    with pytest.raises(InvalidOptionError, match="rising_penalties is off") as refused:
        game.new_state(3, 0)
    assert refused.value.key == "option.split_without_rising"
