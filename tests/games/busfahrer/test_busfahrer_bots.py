"""The ``kartenzaehler`` bot: best-chance answers, laying when it helps, points to the leader, beats random."""

from __future__ import annotations

from statistics import mean

import pytest
from busfahrer_helpers import anna_ben_carla, cards, first_deck, stacked

from busbahnhof.bots import make_bot
from busbahnhof.engine import Rng, load_game
from busbahnhof.games.busfahrer import BusfahrerState
from busbahnhof.games.busfahrer.bots import Kartenzaehler, answer_chances, keeping_value, leader, should_lay
from busbahnhof.games.busfahrer.questions import is_right

BOT = Kartenzaehler()


def choice(state: BusfahrerState) -> str:
    seat = state.to_move
    assert seat is not None
    return str(BOT.choose(state, seat, Rng(0)))


def test_the_bot_is_registered_for_the_game() -> None:
    assert make_bot(load_game("busfahrer"), "kartenzaehler").name == "kartenzaehler"


def test_first_question_counts_the_open_cards() -> None:
    """Two players; before the dealer answers, seat 0's black card is seen: red is likelier (26 of 51)."""
    state = stacked(2, [cards("Pik-2")])
    assert {str(a): p for a, p in answer_chances(state, 0).items()} == {"guess red": 0.5, "guess black": 0.5}
    state.apply("guess black")
    assert {str(a): p for a, p in answer_chances(state, 1).items()}["guess red"] == pytest.approx(26 / 51)
    assert choice(state) == "guess red"


@pytest.mark.parametrize(
    ("first", "expected"),
    [
        ("Kreuz-3", "guess higher"),
        ("Kreuz-Dame", "guess lower"),
        ("Kreuz-9", "guess lower"),
        ("Kreuz-7", "guess higher"),
    ],
)
def test_higher_or_lower_follows_the_tips(first: str, expected: str) -> None:
    """Tipps: nach einer 3 sag „höher“, nach einer Dame „tiefer“ (and at a 7, higher: 24 higher vs 20 lower)."""
    state = stacked(2, [cards(first, "Herz-2")])
    state.apply("guess red")
    state.apply("guess red")
    assert choice(state) == expected


@pytest.mark.parametrize(
    ("two", "expected"), [(("Kreuz-3", "Pik-König"), "guess inside"), (("Kreuz-7", "Pik-8"), "guess outside")]
)
def test_inside_or_outside_follows_the_tips(two: tuple[str, str], expected: str) -> None:
    """Tipps: weit auseinander (3 und K) „innerhalb“, nah beieinander „außerhalb“."""
    hands = [(two[0], two[1], "Karo-2", "Karo-3"), ("Herz-2", "Herz-3", "Herz-4", "Herz-5")]
    state = stacked(2, [first_deck(hands)])
    for _ in range(4):
        state.apply("guess red" if state.round == 0 else "guess higher")
    assert state.round == 2 and state.to_move == 0
    assert choice(state) == expected


def test_suit_avoids_the_suit_it_has_seen_most() -> None:
    hands = [("Kreuz-2", "Kreuz-3", "Kreuz-4", "Pik-5"), ("Herz-2", "Herz-3", "Herz-4", "Karo-5")]
    state = stacked(2, [first_deck(hands)])
    while state.round < 3:
        state.apply(state.legal_actions()[0])
    chances = {str(a): p for a, p in answer_chances(state, 0).items()}
    assert chances == {
        "guess clubs": 10 / 46,
        "guess spades": 13 / 46,
        "guess hearts": 10 / 46,
        "guess diamonds": 13 / 46,
    }
    assert choice(state) == "guess spades"


def test_answers_maximise_the_chance_in_random_positions() -> None:
    """Against a brute-force count over every unseen card, in many positions of random games."""
    game = load_game("busfahrer", ride="american")
    checked = 0
    for seed in range(40):
        state = game.new_state(3, seed)
        assert isinstance(state, BusfahrerState)
        chooser = Rng(seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if state.phase_name in ("questions", "american"):
                earlier = state.streak if state.phase_name == "american" else state.hands[seat]
                seen = set(state.seen_cards())
                unseen = [c for c in range(52) if c not in seen]
                best = max(
                    sum(is_right(len(earlier), a.value, earlier, c) for c in unseen)  # type: ignore[attr-defined]
                    for a in state.legal_actions()
                )
                mine = BOT.choose(state, seat, Rng(0))
                assert sum(is_right(len(earlier), mine.value, earlier, c) for c in unseen) == best  # type: ignore[attr-defined]
                checked += 1
            state.apply(chooser.pick(state.legal_actions()))
    assert checked > 500


def test_points_go_to_the_leader() -> None:
    state = anna_ben_carla()
    state.points[0][1] = 5  # Ben has 5, Carla 0: Carla leads
    assert leader(state, 0) == 2
    assert choice(state) == "give 1 to 3"
    state.points[0][2] = 7
    assert choice(state) == "give 1 to 2"


def test_keeping_value_is_the_chance_of_a_later_match_times_its_row() -> None:
    """Exact: the first of the unseen cards of the rank lands on a later position with its row's points."""
    hands = [("Kreuz-7", "Kreuz-2", "Kreuz-3", "Kreuz-4"), ("Herz-5", "Herz-6", "Herz-8", "Herz-9")]
    state = stacked(2, [first_deck(hands, ("Karo-7",))], laying="optional")
    while state.phase_name != "laying":
        state.apply(state.legal_actions()[0])
    unseen, matching = 52 - 9, 2
    none_yet, value = 1.0, 0.0
    for offset, points in enumerate((1, 1, 1, 2, 2, 2, 3, 3, 4)):
        first = none_yet * matching / (unseen - offset)
        value += first * points
        none_yet -= first
    assert keeping_value(state, 0) == pytest.approx(value)
    assert should_lay(state, 0)  # 1 point now (and the risk of the bus) beat about 0.9 later
    assert choice(state) == "lay"


def test_lays_at_the_spitze_and_keeps_only_when_later_is_worth_more() -> None:
    game = load_game("busfahrer", laying="optional", pyramid="6-5-4-3-2-1")
    kept = laid = 0
    for seed in range(60):
        state = game.new_state(2, seed)
        assert isinstance(state, BusfahrerState)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            action = BOT.choose(state, seat, Rng(0))
            if state.phase_name == "laying":
                value = keeping_value(state, seat)
                now = state.row_of[state.turned - 1]
                if str(action) == "keep":
                    kept += 1
                    assert value > now and state.turned < len(state.pyramid)
                else:
                    laid += 1
            state.apply(action)
    assert kept > 0 and laid > 0


def _seat0_means(options: dict[str, str], bot_plays_seat0: bool, games: int = 400) -> dict[str, float]:
    """Mean figures of seat 0 over seeded 4-player games; the other seats play at random."""
    game = load_game("busfahrer", **options)
    seats = []
    for seed in range(games):
        state = game.new_state(4, seed)
        chooser = Rng(seed + 1000)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if seat == 0 and bot_plays_seat0:
                state.apply(BOT.choose(state, 0, chooser))
            else:
                state.apply(chooser.pick(state.legal_actions()))
        seats.append(game.summarize(state)["seats"][0])
    return {key: mean(figures[key] for figures in seats) for key in seats[0]}


def test_kartenzaehler_beats_random() -> None:
    """Fewer question points and more wins than random play in the same seats and seeds."""
    bot, rand = _seat0_means({}, True), _seat0_means({}, False)
    assert bot["points_questions"] < rand["points_questions"] - 0.3
    assert bot["points"] < rand["points"]
    assert bot["won"] > rand["won"]


def test_kartenzaehler_lays_when_laying_is_optional() -> None:
    bot, rand = _seat0_means({"laying": "optional"}, True), _seat0_means({"laying": "optional"}, False)
    assert bot["points"] < rand["points"] - 1.5
    assert bot["driver"] < rand["driver"]
