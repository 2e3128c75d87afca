"""Every refused input of Busfahrer explains itself in German and in English (``locales/*.toml``)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from busfahrer_helpers import anna_ben_carla, at_the_ride, first_deck, ride_deck, stacked

from busbahnhof.engine import Action, GameError, load_game
from busbahnhof.engine.contract import fingerprint
from busbahnhof.engine.events import load_messages
from busbahnhof.games.busfahrer import BusfahrerState

PACKAGE = "busbahnhof.games.busfahrer"
GAME = load_game("busfahrer")


class Stranger(Action):
    """An action of no game at all."""

    __slots__ = ()

    def __str__(self) -> str:
        return "fly away"


def round_one() -> BusfahrerState:
    return stacked(3, [])


def rising_giver() -> BusfahrerState:
    """Steigende Strafen: seat 0 guessed "rot" right and hands out 1 point among two others."""
    hands = [
        ["Herz-9", "Herz-10", "Karo-8", "Herz-5"],
        ["Pik-2", "Pik-3", "Pik-4", "Pik-5"],
        ["Kreuz-2", "Kreuz-3", "Kreuz-4", "Kreuz-5"],
    ]
    state = stacked(3, [first_deck(hands)], rising_penalties=True)
    state.apply("guess red")
    return state


def rising_giver_of_two() -> BusfahrerState:
    """Steigende Strafen: seat 0 guessed "höher" right in round 2 and gives 2 points to one other player."""
    state = rising_giver()
    for text in ("give 1 to 3", "guess red", "guess red", "guess higher"):
        state.apply(text)
    return state


def optional_layer() -> BusfahrerState:
    """Anna may lay her Kreuz-2 on the Pik-2 (laying="optional")."""
    return anna_ben_carla(laying="optional")


def diamond_row_two() -> BusfahrerState:
    return at_the_ride(ride_deck({2: "Pik-Ass"}, ["Kreuz-2", "Kreuz-3"]))


def american_ride() -> BusfahrerState:
    return at_the_ride([], ride="american")


ILLEGAL = [
    (
        round_one,
        "guess higher",
        "illegal.wrong_question",
        "„guess higher“ ist jetzt nicht erlaubt: in Runde 1 gilt Frage 1 (rot oder schwarz); "
        "„höher“ beantwortet Frage 2",
        "'guess higher' is not allowed now: round 1 asks question 1 (answer red or black); "
        '"higher" answers question 2',
    ),
    (
        round_one,
        "turn 1",
        "illegal.must_answer",
        "„turn 1“ ist jetzt nicht erlaubt: Spieler 1 muss erst Frage 1 beantworten",
        "'turn 1' is not allowed now: Player 1 must answer question 1",
    ),
    (
        rising_giver,
        "lay",
        "illegal.must_give",
        "„lay“ ist jetzt nicht erlaubt: Spieler 1 muss erst 1 Strafpunkt verteilen",
        "'lay' is not allowed now: Player 1 must first hand out 1 penalty point",
    ),
    (
        rising_giver,
        "give 1 to 1",
        "illegal.give_to_self",
        "„give 1 to 1“ ist jetzt nicht erlaubt: "
        "Strafpunkte gehen an die anderen Spieler, nicht an den, der sie verteilt",
        "'give 1 to 1' is not allowed now: penalty points go to the other players, not to the giver",
    ),
    (
        rising_giver,
        "give 1 to 5",
        "illegal.no_such_player",
        "„give 1 to 5“ ist jetzt nicht erlaubt: an diesem Tisch gibt es keinen Spieler 5",
        "'give 1 to 5' is not allowed now: there is no player 5 at this table",
    ),
    (
        rising_giver,
        "give 2 to 2",
        "illegal.too_many_points",
        "„give 2 to 2“ ist jetzt nicht erlaubt: es gibt nur noch 1 Strafpunkt zu verteilen",
        "'give 2 to 2' is not allowed now: only 1 penalty point left to hand out",
    ),
    (
        rising_giver_of_two,
        "give 1 to 2",
        "illegal.one_recipient",
        "„give 1 to 2“ ist jetzt nicht erlaubt: bei steigenden Strafen gehen alle 2 Strafpunkte an einen anderen "
        "Spieler („dieselbe Zahl an jemand anderen verteilen“)",
        "'give 1 to 2' is not allowed now: under rising penalties all 2 penalty points go to one other player "
        '("dieselbe Zahl an jemand anderen verteilen")',
    ),
    (
        optional_layer,
        "turn 1",
        "illegal.must_decide_lay",
        "„turn 1“ ist jetzt nicht erlaubt: Spieler 1 muss entscheiden, ob er eine passende Karte legt",
        "'turn 1' is not allowed now: Player 1 must decide whether to lay a matching card",
    ),
    (
        diamond_row_two,
        "turn 3",
        "illegal.row_too_short",
        "„turn 3“ ist jetzt nicht erlaubt: die 2. Reihe der Raute hat nur 2 Karten",
        "'turn 3' is not allowed now: diamond row 2 has only 2 cards",
    ),
    (
        diamond_row_two,
        "lay",
        "illegal.must_turn",
        "„lay“ ist jetzt nicht erlaubt: der Busfahrer muss eine Karte der 2. Reihe der Raute aufdecken",
        "'lay' is not allowed now: the driver must turn a card of diamond row 2",
    ),
    (
        american_ride,
        "turn 1",
        "illegal.driver_must_answer",
        "„turn 1“ ist jetzt nicht erlaubt: der Busfahrer muss Frage 1 beantworten",
        "'turn 1' is not allowed now: the driver must answer question 1",
    ),
    (
        american_ride,
        "guess higher",
        "illegal.not_this_question",
        "„guess higher“ ist jetzt nicht erlaubt: „höher“ beantwortet nicht Frage 1",
        "'guess higher' is not allowed now: \"higher\" does not answer question 1",
    ),
]


@pytest.mark.parametrize(("setup", "action", "key", "german", "english"), ILLEGAL, ids=[row[2] for row in ILLEGAL])
def test_illegal_action_speaks_german_and_english(
    setup: Callable[[], BusfahrerState], action: str | Action, key: str, german: str, english: str
) -> None:
    state = setup()
    before = fingerprint(state)
    with pytest.raises(GameError) as caught:
        state.apply(action)
    error = caught.value
    assert error.key == key
    assert GAME.catalog("de").error_text(error) == german
    assert GAME.catalog("en").error_text(error) == english
    assert fingerprint(state) == before


def test_an_action_of_no_game_is_judged_by_its_notation() -> None:
    """The engine reads an unknown action object as its text (issue 7): not Busfahrer notation."""
    state = round_one()
    before = fingerprint(state)
    with pytest.raises(GameError) as caught:
        state.apply(Stranger())
    assert caught.value.key == "error.malformed"
    assert (
        GAME.catalog("de").error_text(caught.value).startswith("„fly away“ ist keine Aktion von Busfahrer; erwartet:")
    )
    assert GAME.catalog("en").error_text(caught.value).startswith("'fly away' is not a Busfahrer action; expected")
    assert fingerprint(state) == before


SET_UP_ERRORS: list[tuple[Callable[[], object], str, str, str]] = [
    (
        lambda: load_game("busfahrer", karten_zaehlen=True, ride="american").new_state(2, 0),
        "option.counting_without_diamond",
        "„Karten zählen“ bestimmt den Preis einer Bildkarte in der Raute, aber die amerikanische Busfahrt hat "
        "keine Raute; wähle entweder karten_zaehlen oder ride='american'",
        "Karten zählen sets the price of a picture card in the diamond, but the American ride has no diamond; "
        "choose one of karten_zaehlen and ride='american'",
    ),
    (
        lambda: load_game("busfahrer", rising_recipients="split").new_state(3, 0),
        "option.split_without_rising",
        "rising_recipients='split' regelt das Verteilen bei steigenden Strafen, aber rising_penalties ist aus; "
        "schalte es ein oder lass rising_recipients weg",
        "rising_recipients='split' says how a right guesser hands out points under rising penalties, but "
        "rising_penalties is off; switch it on or leave rising_recipients alone",
    ),
    (
        lambda: load_game("busfahrer", pyramid="6-5-4-3-2-1").new_state(8, 0),
        "option.deck_too_small",
        "8 Spieler mit einer 6-5-4-3-2-1-Pyramide brauchen 53 Karten (8 × 4 + 21), das Blatt hat aber nur 52; "
        "spielt mit weniger Spielern oder einer kleineren Pyramide",
        "8 players with a 6-5-4-3-2-1 pyramid need 53 cards (8 x 4 + 21), but the deck has 52; "
        "play with fewer players or a smaller pyramid",
    ),
    (
        lambda: GAME.new_state_with_decks(9, 0, []),  # type: ignore[attr-defined]
        "error.player_count",
        "Busfahrer wird von 2 bis 8 Personen gespielt, nicht von 9.",
        "Busfahrer is played by 2 to 8 players, not 9.",
    ),
    (
        lambda: GAME.new_state_with_decks(2, 0, [[1], [52]]),  # type: ignore[attr-defined]
        "option.not_a_card",
        "Stapel 2: 52 ist keine Karte (Karten sind die Zahlen 0 bis 51)",
        "deck 2: 52 is not a card (cards are the ints 0..51)",
    ),
    (
        lambda: GAME.new_state_with_decks(2, 0, [[1, 1]]),  # type: ignore[attr-defined]
        "option.card_twice",
        "Stapel 1: eine Karte kommt zweimal vor",
        "deck 1: a card appears twice",
    ),
]


@pytest.mark.parametrize(("make", "key", "german", "english"), SET_UP_ERRORS, ids=[row[1] for row in SET_UP_ERRORS])
def test_unplayable_set_up_speaks_german_and_english(
    make: Callable[[], object], key: str, german: str, english: str
) -> None:
    with pytest.raises(GameError) as caught:
        make()
    error = caught.value
    assert error.key == key
    assert GAME.catalog("de").error_text(error) == german
    assert GAME.catalog("en").error_text(error) == english


def test_the_notation_hint_of_malformed_input_is_german_in_german() -> None:
    """The notation tokens stay; the explanations around them are translated."""
    with pytest.raises(GameError) as caught:
        GAME.parse_action("fly away")
    error = caught.value
    assert GAME.catalog("de").error_text(error) == (
        "„fly away“ ist keine Aktion von Busfahrer; erwartet: "
        "guess red|black|higher|lower|inside|outside|clubs|spades|hearts|diamonds "
        "(auch rot|schwarz|höher|tiefer|innerhalb|außerhalb|kreuz|pik|herz|karo), lay, keep, "
        "give K to P (K Strafpunkte 1–12 an Spieler P 1–8), turn K (K-te Karte der Reihe, 1–4)"
    )
    assert GAME.catalog("en").error_text(error) == error.message
    assert error.message == (
        "'fly away' is not a Busfahrer action; expected "
        "guess red|black|higher|lower|inside|outside|clubs|spades|hearts|diamonds, lay, keep, "
        "give K to P (K points 1-12, P player 1-8), turn K (K 1-4)"
    )


def _error_keys(lang: str) -> set[str]:
    return {key for key in load_messages(PACKAGE, lang) if key.startswith(("illegal.", "option."))}


def test_every_error_template_exists_in_both_languages() -> None:
    assert _error_keys("de") == _error_keys("en")
    assert set(load_messages(PACKAGE, "de")) == set(load_messages(PACKAGE, "en"))


def test_every_error_template_is_exercised_by_the_tables() -> None:
    """No template without a situation that raises it (and no key the game raises without a template)."""
    tested = {row[2] for row in ILLEGAL} | {row[1] for row in SET_UP_ERRORS if row[1].startswith("option.")}
    assert tested == _error_keys("de")
