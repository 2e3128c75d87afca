"""Bots (issue item 4): ``heuristik`` beats ``random`` and follows its rules of thumb."""

from __future__ import annotations

from busfaktor_helpers import DESIGNER, GAME, arrange, cid, refresh

from busbahnhof.bots import make_bot
from busbahnhof.engine import Rng
from busbahnhof.games.busfaktor import BusfaktorState
from busbahnhof.games.busfaktor.bots import HeuristicBot
from busbahnhof.games.busfaktor.flow import lay_extra


def _match(seed: int, heuristic_seats: set[int]) -> BusfaktorState:
    state: BusfaktorState = GAME.new_state(4, seed)  # type: ignore[assignment]
    bots = [make_bot(GAME, "heuristik" if s in heuristic_seats else "random") for s in range(4)]
    chooser = Rng(seed)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(bots[seat].choose(state, seat, chooser))
    return state


def test_heuristik_wins_far_more_than_its_share_against_random() -> None:
    games = 60
    wins = 0.0
    for seed in range(games):
        seats = {seed % 4, (seed + 2) % 4}
        outcome = _match(seed, seats).outcome()
        wins += sum(outcome.payoff(s) for s in seats)
    assert wins / games > 0.8


def test_it_plays_a_negative_event_on_the_leader() -> None:
    state = arrange(
        players=3,
        hands={0: ["Formatmigration"]},
        projects={1: [("Serverumzug", [])], 2: [("Persistente Identifikatoren", [("TEI-XML-Korpus", "Daten")])]},
    )
    state.dones[2] = [cid("Korpusaufbau")]
    refresh(state)
    choice = HeuristicBot().choose(state, 0, Rng(0))
    assert str(choice) == f"spiele {cid('Formatmigration')} an {cid('Persistente Identifikatoren')}"


def test_it_keeps_an_absicherung_when_discarding() -> None:
    hand = [
        "Notfallplan",
        "Fachbeirat",
        "Kollationierung",
        "Bandlaufwerk",
        "Monitoring",
        "Code-Review",
        "Promovierende",
    ]
    state = arrange(hands={0: hand}, projects={0: [("Serverumzug", [])]})
    bot = HeuristicBot()
    state.apply(bot.choose(state, 0, Rng(0)))
    while state.active == 0 and state.phase in (1, 2):
        state.apply(bot.choose(state, 0, Rng(0)))
    assert cid("Notfallplan") in state.hands[0]


def test_it_starts_projects_it_can_finish_and_not_hopeless_ones() -> None:
    state = arrange(
        hands={0: ["Serverumzug", "Fachbeirat", "Monitoring", "Hochverfügbarer Dienst"]},
        projects={0: [("Metadatenschema", [])]},
    )
    choice = HeuristicBot().choose(state, 0, Rng(0))
    assert str(choice) == f"beginne {cid('Serverumzug')}"


def test_it_secures_itself_and_accepts_a_cooperation_only_when_both_gain() -> None:
    state = arrange(
        players=2,
        hands={0: ["Serverausfall"], 1: ["Notfallplan"]},
        projects={1: [("Serverumzug", [("Monitoring", "Betrieb")])]},
    )
    state.apply(f"spiele {cid('Serverausfall')} auf {cid('Monitoring')}")
    assert str(HeuristicBot().choose(state, 1, Rng(0))) == f"absichern {cid('Notfallplan')}"
    offer = arrange(projects={0: [("Serverumzug", [])], 1: [("Metadatenschema", [])]})
    offer.apply(f"biete {cid('Serverumzug')} mit {cid('Metadatenschema')}")
    assert str(HeuristicBot().choose(offer, 1, Rng(0))) == "ablehnen"
    good = arrange(projects={0: [("Serverumzug", [])], 1: [("Persistente Identifikatoren", [])]})
    good.apply(f"biete {cid('Serverumzug')} mit {cid('Persistente Identifikatoren')}")
    assert str(HeuristicBot().choose(good, 1, Rng(0))) == "annehmen"


def test_it_takes_a_mehraufwand_off_its_own_project_not_off_another() -> None:
    """A card taking a Mehraufwand away (§4, ruling R19) helps that project's owner."""
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Aufwand gestrichen"]},
        projects={0: [("Kleines Repositorium", [])], 1: [("Kleine Edition", [])]},
    )
    names = DESIGNER.deck.names
    for extra, project in (("Zusatzprüfung", "Kleines Repositorium"), ("Nachdokumentation", "Kleine Edition")):
        state.astack.remove(names.index(extra))
        lay_extra(state, names.index(extra), names.index(project), DESIGNER.deck.factor_type[names.index(extra)], 1)
    refresh(state)
    choice = HeuristicBot().choose(state, 0, Rng(0))
    assert str(choice) == f"spiele {names.index('Aufwand gestrichen')} auf {names.index('Zusatzprüfung')}"
