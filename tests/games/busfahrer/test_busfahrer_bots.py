"""The ``kartenzaehler`` bot: best-chance answers, laying when it helps, points to the leader, beats random."""

from __future__ import annotations

from statistics import mean

import pytest
from busfahrer_helpers import anna_ben_carla, at_the_ride, cards, first_deck, stacked

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
        seats.append({**game.summarize(state)["seats"][0], "won": int(0 in state.outcome().winners)})
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


def _chances_of_seat0(hands: list[tuple[str, ...]], question: int) -> dict[str, float]:
    """Seat 0's chances at ``question`` of Phase 1 (two players, seat 1 deals)."""
    state = stacked(2, [first_deck(hands)])
    while state.round < question:
        state.apply(state.legal_actions()[0])
    assert state.to_move == 0
    return {str(a): p for a, p in answer_chances(state, 0).items()}


@pytest.mark.parametrize(
    ("mine", "theirs", "question", "expected"),
    [
        # After a 3 (Tipps: „höher“): 44 higher of 50 unseen; the two other 3s are wrong either way, and
        # of the 2s one (Herz-2) is in the other hand.
        (("Kreuz-3",), ("Herz-2",), 1, {"guess higher": 44 / 50, "guess lower": 3 / 50}),
        # After a Dame (Tipps: „tiefer“): 40 lower, 8 higher (K, A), 3 Damen wrong; Herz-2 is seen.
        (("Kreuz-Dame",), ("Herz-2",), 1, {"guess higher": 8 / 50, "guess lower": 39 / 50}),
        # 3 and K: inside counts both ends (11 ranks, 3 of them seen), outside only 2s (one seen) and As.
        (("Kreuz-3", "Pik-König"), ("Herz-2", "Herz-3"), 2, {"guess inside": 41 / 48, "guess outside": 7 / 48}),
        # 7 and 8 close together: inside is only the other 7s and 8s.
        (("Kreuz-7", "Pik-8"), ("Herz-2", "Herz-3"), 2, {"guess inside": 6 / 48, "guess outside": 42 / 48}),
        # Two equal cards: only the same rank is inside.
        (("Kreuz-7", "Pik-7"), ("Herz-2", "Herz-7"), 2, {"guess inside": 1 / 48, "guess outside": 47 / 48}),
        # Welche Farbe: Kreuz three times and Pik once in seat 0, three Herz in seat 1.
        (
            ("Kreuz-2", "Kreuz-3", "Kreuz-4"),
            ("Herz-2", "Herz-3", "Herz-4"),
            3,
            {"guess clubs": 10 / 46, "guess spades": 13 / 46, "guess hearts": 10 / 46, "guess diamonds": 13 / 46},
        ),
    ],
)
def test_exact_chances_of_constructed_positions(
    mine: tuple[str, ...], theirs: tuple[str, ...], question: int, expected: dict[str, float]
) -> None:
    fill_mine = ("Karo-10", "Karo-B", "Karo-D", "Karo-K")
    fill_theirs = ("Karo-5", "Karo-6", "Karo-8", "Karo-9")
    hands = [mine + fill_mine[len(mine) :], theirs + fill_theirs[len(theirs) :]]
    chances = _chances_of_seat0(hands, question)
    assert chances == pytest.approx(expected)
    best = max(expected, key=lambda word: expected[word])
    state = stacked(2, [first_deck(hands)])
    while state.round < question:
        state.apply(state.legal_actions()[0])
    assert choice(state) == best


def test_american_ride_chances_count_the_removed_cards() -> None:
    """Ride the Bus: the driver has seen the cards of his failed attempts (all 52 were shuffled anew)."""
    state = at_the_ride(cards("Herz-5", "Pik-3", "Herz-König"), ride="american")
    assert {str(a): p for a, p in answer_chances(state, 1).items()} == {"guess red": 0.5, "guess black": 0.5}
    state.apply("guess red")
    assert {str(a): p for a, p in answer_chances(state, 1).items()} == pytest.approx(
        {"guess higher": 36 / 51, "guess lower": 12 / 51}
    )
    state.apply("guess lower")
    state.apply("guess inside")  # the König is outside 3..5: wrong, back to question 1
    assert state.streak == [] and len(state.discard) == 3
    assert {str(a): p for a, p in answer_chances(state, 1).items()} == pytest.approx(
        {"guess red": 24 / 49, "guess black": 25 / 49}
    )
    assert choice(state) == "guess black"


def test_keeping_value_counts_laid_cards_as_seen() -> None:
    """Seat 0 laid its Kreuz-7 on the Karo-7 and decides about the Pik-7: only the Herz-7 is still unseen."""
    hands = [("Kreuz-7", "Pik-7", "Kreuz-2", "Kreuz-3"), ("Herz-5", "Herz-6", "Herz-8", "Herz-9")]
    state = stacked(2, [first_deck(hands, ("Karo-7",))])
    while state.phase_name != "laying":
        state.apply(state.legal_actions()[0])
    assert state.laid[0] == cards("Kreuz-7")
    unseen = 52 - 9
    value = sum(points / unseen for points in (1, 1, 1, 2, 2, 2, 3, 3, 4))
    assert keeping_value(state, 0) == pytest.approx(value)


def test_the_risk_of_driving_counts_when_level_on_cards() -> None:
    """Both hold four cards: keeping the 7 for later rows (about 3.6 points) loses to 2 points now plus the
    risk of being the Busfahrer; with fewer cards than the other player the bot keeps it."""
    hands = [("Kreuz-7", "Kreuz-2", "Kreuz-3", "Kreuz-4"), ("Herz-5", "Herz-6", "Herz-8", "Herz-9")]
    state = stacked(
        2, [first_deck(hands, ("Karo-7",))], laying="optional", pyramid="6-5-4-3-2-1", pyramid_points="2-4-6-8"
    )
    while state.phase_name != "laying":
        state.apply(state.legal_actions()[0])
    assert 2 < keeping_value(state, 0) < 2 + 17
    assert should_lay(state, 0) and choice(state) == "lay"
    state.hands[1].append(state.deck.pop(0))  # the other player now holds more cards
    assert not should_lay(state, 0) and choice(state) == "keep"
