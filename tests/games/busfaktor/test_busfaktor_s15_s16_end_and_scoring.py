"""§15 Spielende and §16 Wertung: six rounds; completed values minus one per unfinished project; ties."""

from __future__ import annotations

from busfaktor_helpers import arrange, cid

from busbahnhof.games.busfaktor import BusfaktorState


def scored(dones: dict[int, list[str]], actives: dict[int, list[str]], players: int = 2) -> BusfaktorState:
    state = arrange(players=players)
    for seat, titles in dones.items():
        state.dones[seat] = [cid(t) for t in titles]
    for seat, titles in actives.items():
        state.actives[seat] = [cid(t) for t in titles]
    return state


def test_scoring_example_four_plus_two_minus_one_is_five() -> None:
    """§16 Wertungsbeispiel: ein Vier- und ein Zwei-Punkte-Projekt abgeschlossen, ein unvollendetes
    Drei-Punkte-Projekt: 4 + 2 − 1 = 5 Punkte."""
    state = scored({0: ["Korpusaufbau", "Serverumzug"]}, {0: ["Digitale Edition"]})
    assert state.points(0) == 4 + 2 - 1 == 5


def test_projects_in_hand_and_cooperations_score_nothing() -> None:
    state = scored({}, {}, players=2)
    state.hands[0] = [cid("Korpusaufbau")]
    assert state.points(0) == 0


def test_highest_total_wins() -> None:
    state = scored({0: ["Serverumzug"], 1: ["Digitale Edition"]}, {})
    assert state.outcome().winners == (1,)


def test_tie_break_more_completed_projects() -> None:
    state = scored({0: ["Korpusaufbau"], 1: ["Serverumzug", "Metadatenschema"]}, {})
    outcome = state.outcome()
    assert outcome.points == (4, 4) and outcome.winners == (1,) and outcome.details["tie_break"]


def test_tie_break_fewer_unfinished_projects() -> None:
    state = scored(
        {0: ["Korpusaufbau", "Digitale Edition"], 1: ["Serverumzug", "Dokumentierter Dissens"]},
        {0: ["Nutzungsumfrage", "Metadatenschema"], 1: []},
    )
    outcome = state.outcome()
    assert outcome.points == (5, 5) and outcome.details["completed"] == [2, 2]
    assert outcome.winners == (1,)


def test_still_tied_the_persons_share_the_win() -> None:
    state = scored(
        {0: ["Korpusaufbau", "Digitale Edition"], 1: ["Hochverfügbarer Dienst", "Schulungsprogramm"]},
        {0: ["Nutzungsumfrage"], 1: ["Metadatenschema"]},
    )
    outcome = state.outcome()
    assert outcome.points == (6, 6) and outcome.winners == (0, 1) and outcome.details["shared_win"]
    assert outcome.payoff(0) == outcome.payoff(1) == 0.5


def test_the_empty_project_stack_does_not_end_the_game() -> None:
    state = arrange(players=2, hands={0: ["Monitoring"]})
    state.pstack.clear()
    state.apply("fertig")
    assert not state.is_over and state.active == 1
