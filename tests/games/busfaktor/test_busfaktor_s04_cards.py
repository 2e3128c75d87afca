"""§4 Kartenarten: wildcards keep their chosen type while attached; polarity of events."""

from __future__ import annotations

from busfaktor_helpers import arrange, cid, legal_texts

from busbahnhof.games.busfaktor.schema import FACTOR_TYPES


def test_a_wildcard_offers_each_allowed_type_and_keeps_the_chosen_one() -> None:
    state = arrange(
        hands={0: ["Research Software Engineer"]},
        projects={0: [("Software-Release 1.0", []), ("Serverumzug", [])]},
    )
    rse, release, move = cid("Research Software Engineer"), cid("Software-Release 1.0"), cid("Serverumzug")
    assert {t for t in legal_texts(state) if t.startswith("lege")} == {
        f"lege {rse} an {release} als Methode",
        f"lege {rse} an {release} als Betrieb",
        f"lege {rse} an {move} als Betrieb",
    }
    state.apply(f"lege {rse} an {release} als Methode")
    assert FACTOR_TYPES[state.ctype[rse]] == "Methode"
    assert state.open[release * 4 + FACTOR_TYPES.index("Betrieb")] == 1


def test_a_wildcard_back_in_hand_may_choose_anew() -> None:
    state = arrange(
        players=2,
        hands={1: ["Serverausfall"], 0: []},
        projects={0: [("Software-Release 1.0", [("Research Software Engineer", "Methode")])]},
        active=1,
    )
    rse = cid("Research Software Engineer")
    state.apply(f"spiele {cid('Serverausfall')} auf {rse}")
    state.apply("verzichten")
    assert rse in state.hands[0] and state.att[rse] == -1
    state.apply("fertig")
    state.apply("ziehe aktion")
    state.apply("ziehe aktion")
    release = cid("Software-Release 1.0")
    choices = {t for t in legal_texts(state) if t.startswith(f"lege {rse} ")}
    assert choices == {f"lege {rse} an {release} als Methode", f"lege {rse} an {release} als Betrieb"}


def test_only_mehraufwand_and_rueckschlag_events_are_negative() -> None:
    deck = arrange().deck
    negative = {deck.names[c] for c in range(deck.size) if deck.negative[c]}
    assert negative == {"Datenschutz-Folgenabschätzung", "Formatmigration", "Befristung läuft aus", "Serverausfall"}
