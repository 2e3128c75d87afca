"""Issue 8 item 3: what §4, §11, §12 and §17 let a card say, played with the designer test deck
(``data/designer-deck.toml``): negative by visible keyword, events without a single target,
a card that ends a cooperation, moving and removing Mehraufwand and jokers, and the chosen order
of simultaneous completions."""

from __future__ import annotations

import io

import pytest
from busfaktor_helpers import DESIGNER, arrange, legal_texts, refresh
from rich.console import Console

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.busfaktor import BusfaktorState
from busbahnhof.games.busfaktor.flow import lay_extra
from busbahnhof.games.busfaktor.phases import ACTION, COMPLETE_ORDER, E4_MOVE, REACT, SHARED
from busbahnhof.games.busfaktor.schema import FACTOR_TYPES

REPO, EDITION, WORKSHOP, DIENST = "Kleines Repositorium", "Kleine Edition", "Kleiner Workshop", "Kleiner Dienst"


def c(name: str) -> int:
    return DESIGNER.deck.names.index(name)


def t(name: str) -> int:
    return FACTOR_TYPES.index(name)


def with_extra(state: BusfaktorState, extra: str, project: str, controller: int) -> None:
    """A Mehraufwand ``extra`` (from the Aktionsstapel) lies on ``project``, played by ``controller``."""
    card = c(extra)
    state.astack.remove(card)
    lay_extra(state, card, c(project), DESIGNER.deck.factor_type[card], controller)
    refresh(state)


def asked_order(state: BusfaktorState) -> list[int | None]:
    asked: list[int | None] = []
    while state.phase == REACT:
        asked.append(state.to_move)
        state.apply("verzichten")
    return asked


# -- §4: negative exactly by the visible keyword, whatever the template (ruling R5) ---------------


def test_negative_exactly_when_the_text_shows_a_keyword_whatever_the_template() -> None:
    deck = DESIGNER.deck
    assert deck.negative[c("Weitergereicht")], "an E4 showing MEHRAUFWAND is negative"
    assert not deck.negative[c("Aufwand gestrichen")], "an E7 without a keyword is not negative"
    assert deck.negative[c("Zusatzprüfung")] and deck.negative[c("Flächenbrand")]


def test_an_e7_without_keyword_opens_no_window() -> None:
    state = arrange(
        players=3,
        game=DESIGNER,
        hands={0: ["Aufwand gestrichen"], 1: ["Rückendeckung"]},
        projects={1: [(WORKSHOP, [])]},
    )
    with_extra(state, "Zusatzprüfung", WORKSHOP, 0)
    state.apply(f"spiele {c('Aufwand gestrichen')} auf {c('Zusatzprüfung')}")
    assert state.phase == ACTION and state.to_move == 0, "not negative: nobody may react"
    assert state.extra[c(WORKSHOP)] == -1 and c("Zusatzprüfung") in state.spent


# -- §12: negative events without a single target (ruling R18) -----------------------------------


def area_state(players: int = 4) -> BusfaktorState:
    """Betrieb factors on seat 0's, seat 2's and seat 3's projects."""
    return arrange(
        players=players,
        game=DESIGNER,
        hands={0: ["Flächenbrand", "Stromausfall"], 2: ["Notfallplan"]},
        projects={
            0: [(REPO, [("Betrieb A", "Betrieb")])],
            2: [("Kleine Migration", [("Betrieb B", "Betrieb"), ("Daten A", "Daten")])],
            3: [(DIENST, [("Team A", "Team")])],
        },
    )


def test_an_event_against_every_other_person_asks_from_the_left_of_the_active_person() -> None:
    """§12 "Bei einem negativen Ereignis ohne einzelnes Ziel – etwa gegen alle Personen – beginnt das
    Reaktionsrecht links von der aktiven Person": seat 1 first, although only seat 2 is hit."""
    state = area_state()
    state.apply(f"spiele {c('Flächenbrand')}")
    assert state.affected == [2]
    assert state.to_move == 1 and legal_texts(state) == ["verzichten"], "reach selbst fits the hit persons only"
    assert asked_order(state) == [1, 2, 3]
    assert c("Betrieb B") in state.hands[2], "the other person's Betrieb returns"
    assert state.att[c("Betrieb A")] == c(REPO), "the player's own project is not hit"
    assert state.att[c("Team A")] == c(DIENST), "only the named type"


def test_a_hit_person_may_prevent_it_with_reach_selbst() -> None:
    state = area_state()
    state.apply(f"spiele {c('Flächenbrand')}")
    state.apply("verzichten")
    assert state.to_move == 2
    state.apply(f"absichern {c('Notfallplan')}")
    assert state.phase == ACTION and state.att[c("Betrieb B")] == c("Kleine Migration")


def test_an_event_against_every_project_hits_the_players_own_too() -> None:
    state = area_state()
    state.apply(f"spiele {c('Stromausfall')}")
    assert asked_order(state) == [1, 2, 3]
    assert c("Betrieb A") in state.hands[0] and c("Betrieb B") in state.hands[2]


def test_an_event_without_a_single_target_needs_something_to_hit() -> None:
    state = arrange(players=2, game=DESIGNER, hands={0: ["Flächenbrand"]}, projects={0: [(REPO, [])]})
    assert legal_texts(state) == ["fertig"]
    with pytest.raises(IllegalActionError, match="hits every matching card") as caught:
        state.apply(f"spiele {c('Flächenbrand')}")
    assert caught.value.rule == "Busfaktor §12, §13 E7"


def test_an_area_event_is_played_without_a_target() -> None:
    state = area_state()
    with pytest.raises(IllegalActionError, match="played as 'spiele E'"):
        state.apply(f"spiele {c('Flächenbrand')} auf {c('Betrieb B')}")


# -- §11: card text ends a cooperation (ruling R20) ------------------------------------------------


def cooperation_with_shared_factor() -> BusfaktorState:
    """Seat 0's Kleines Repositorium and seat 1's Kleine Migration cooperate and share Betrieb A
    (laid by seat 0); seat 0 holds Zerwürfnis."""
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Betrieb A", "Zerwürfnis"]},
        projects={0: [(REPO, [])], 1: [("Kleine Migration", [("Daten A", "Daten")])]},
    )
    state.apply(f"biete {c(REPO)} mit {c('Kleine Migration')}")
    state.apply("annehmen")
    state.apply(f"teile {c('Betrieb A')} an {c(REPO)} als Betrieb")
    state.apply("annehmen")
    assert state.att[c("Betrieb A")] == SHARED
    return state


def test_a_card_ends_a_cooperation_and_the_shared_factor_stays_with_who_shared_it() -> None:
    """§11 "Eine begonnene Kooperation kann nicht freiwillig beendet werden. Kartentext kann diese
    Regel ausdrücklich überschreiben"."""
    state = cooperation_with_shared_factor()
    repo, migration = c(REPO), c("Kleine Migration")
    state.apply(f"spiele {c('Zerwürfnis')} auf {c('Daten A')}")
    state.apply("verzichten")
    assert state.partner[repo] == state.partner[migration] == -1
    assert state.att[c("Betrieb A")] == repo and state.shared[repo] == state.shared[migration] == -1
    assert state.open[repo * 4 + t("Betrieb")] == 0
    assert state.open[migration * 4 + t("Betrieb")] == 2, "the partner's requirement is open again"
    assert c("Daten A") in state.hands[1]
    assert any(e.key == "cooperation_ended" for e in state.log)


def test_after_a_card_ended_it_the_pair_may_cooperate_again() -> None:
    state = cooperation_with_shared_factor()
    state.apply(f"spiele {c('Zerwürfnis')} auf {c('Betrieb A')}")
    state.apply("verzichten")
    state.offered = 0
    refresh(state)
    assert f"biete {c(REPO)} mit {c('Kleine Migration')}" in legal_texts(state)


def test_a_prevented_card_ends_nothing() -> None:
    state = cooperation_with_shared_factor()
    state.hands[1].append(c("Notfallplan"))
    state.astack.remove(c("Notfallplan"))
    state.apply(f"spiele {c('Zerwürfnis')} auf {c('Daten A')}")
    state.apply(f"absichern {c('Notfallplan')}")
    assert state.partner[c(REPO)] == c("Kleine Migration")


# -- §4: moving and removing Mehraufwand and jokers (ruling R19) ----------------------------------


def test_a_card_moves_an_attached_mehraufwand_with_its_requirement() -> None:
    """§4 "Ereignisse mit Joker- oder Mehraufwand-Effekt bleiben am Projekt, bis … ein Karteneffekt sie bewegt"."""
    state = arrange(
        players=3,
        game=DESIGNER,
        hands={0: ["Weitergereicht"]},
        projects={0: [(WORKSHOP, [])], 1: [(REPO, [])], 2: [(EDITION, [])]},
    )
    with_extra(state, "Zusatzprüfung", WORKSHOP, 1)
    workshop, repo = c(WORKSHOP), c(REPO)
    state.apply(f"spiele {c('Weitergereicht')}")
    assert asked_order(state) == [1, 2], "negative by its keyword, no single target: from the left"
    assert state.phase == E4_MOVE
    moves = [m for m in legal_texts(state) if m.startswith("verschiebe")]
    assert moves == [f"verschiebe {c('Zusatzprüfung')} nach {p}" for p in sorted([repo, c(EDITION)])]
    state.apply(f"verschiebe {c('Zusatzprüfung')} nach {repo}")
    assert state.extra[workshop] == -1 and state.extra[repo] == c("Zusatzprüfung")
    assert state.open[workshop * 4 + t("Team")] == 2 and state.open[repo * 4 + t("Team")] == 1
    assert state.need[repo] == 3 and state.ctrl[c("Zusatzprüfung")] == 1, "its controller stays"


def test_a_met_mehraufwand_can_no_longer_be_moved_or_removed() -> None:
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Aufwand gestrichen"]},
        projects={1: [(DIENST, [("Team A", "Team"), ("Team B", "Team")])]},
    )
    with_extra(state, "Zusatzprüfung", DIENST, 0)
    assert state.open[c(DIENST) * 4 + t("Team")] == 0
    assert not any(x.startswith("spiele") for x in legal_texts(state))


def test_removing_a_mehraufwand_can_complete_the_project() -> None:
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Aufwand gestrichen"]},
        projects={0: [(REPO, [("Daten A", "Daten"), ("Betrieb A", "Betrieb")])]},
    )
    with_extra(state, "Nachdokumentation", REPO, 1)
    state.apply(f"spiele {c('Aufwand gestrichen')} auf {c('Nachdokumentation')}")
    assert state.status[c(REPO)] == 2 and c("Nachdokumentation") in state.spent


def test_a_card_returns_only_jokers() -> None:
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Joker eingezogen"], 1: ["Joker Team"]},
        projects={1: [(WORKSHOP, [("Team A", "Team")])]},
    )
    state.active = 1
    refresh(state)
    state.apply(f"spiele {c('Joker Team')} an {c(WORKSHOP)} als Team")
    state.active = 0
    state.event_used = False
    refresh(state)
    plays = [x for x in legal_texts(state) if x.startswith("spiele")]
    assert plays == [f"spiele {c('Joker eingezogen')} auf {c('Joker Team')}"], "the factor Team A is no target"
    state.apply(plays[0])
    state.apply("verzichten")
    assert c("Joker Team") in state.hands[1] and state.att[c("Team A")] == c(WORKSHOP)


# -- §17: the order of simultaneous completions where it matters (ruling R10) ----------------------


def two_waiting_projects(hand: str = "Entlastung") -> BusfaktorState:
    """Seat 1's two projects wait only for their Mehraufwand requirement; each holds a card that
    goes onto the open discard when it is completed."""
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: [hand]},
        projects={
            1: [
                (REPO, [("Geteilte Vorlage", "Daten"), ("Betrieb A", "Betrieb")]),
                (EDITION, [("Daten A", "Daten"), ("Wiederverwendbares Skript", "Methode")]),
            ]
        },
    )
    with_extra(state, "Zusatzprüfung", REPO, 0)
    with_extra(state, "Nachdokumentation", EDITION, 0)
    return state


@pytest.mark.parametrize("first", [REPO, EDITION])
def test_the_person_completing_several_projects_at_once_chooses_the_order(first: str) -> None:
    """§17 "Treffen mehrere Abschlüsse gleichzeitig ein, schließt die aktive Person zuerst ihre Projekte
    in selbst gewählter Reihenfolge ab; danach folgen die übrigen Personen": here seat 1, in seat 0's turn."""
    state = two_waiting_projects()
    state.apply(f"spiele {c('Entlastung')}")
    assert state.phase == COMPLETE_ORDER and state.to_move == 1
    assert legal_texts(state) == [f"schliesse {c(REPO)} ab", f"schliesse {c(EDITION)} ab"]
    assert state.view(0)["state"]["completing"] == {"seat": 1, "projects": [c(REPO), c(EDITION)]}
    state.apply(f"schliesse {c(first)} ab")
    assert state.phase == ACTION and state.to_move == 0
    assert state.status[c(REPO)] == state.status[c(EDITION)] == 2
    later = "Wiederverwendbares Skript" if first == REPO else "Geteilte Vorlage"
    assert state.discard[-1] == c(later), "the project completed last lays the top card"
    assert sorted(state.discard) == sorted([c("Geteilte Vorlage"), c("Wiederverwendbares Skript")])


def test_no_question_where_the_order_changes_nothing() -> None:
    """Ruling R10: only one of the two projects lays a card onto the open discard, so the order
    changes nothing but the log: they complete at once, in the order they were started."""
    state = arrange(
        players=2,
        game=DESIGNER,
        hands={0: ["Entlastung"]},
        projects={
            1: [
                (REPO, [("Geteilte Vorlage", "Daten"), ("Betrieb A", "Betrieb")]),
                (WORKSHOP, [("Team A", "Team"), ("Team B", "Team"), ("Methode A", "Methode")]),
            ]
        },
    )
    with_extra(state, "Zusatzprüfung", REPO, 0)
    with_extra(state, "Nachdokumentation", WORKSHOP, 0)
    state.apply(f"spiele {c('Entlastung')}")
    assert state.phase == ACTION and state.status[c(REPO)] == state.status[c(WORKSHOP)] == 2
    assert state.dones[1] == [c(REPO), c(WORKSHOP)] and state.discard == [c("Geteilte Vorlage")]


def test_only_the_offered_completions_and_nothing_else() -> None:
    state = two_waiting_projects()
    state.apply(f"spiele {c('Entlastung')}")
    with pytest.raises(IllegalActionError, match="§17"):
        state.apply("fertig")
    with pytest.raises(IllegalActionError, match="fulfilled projects waiting") as caught:
        state.apply(f"schliesse {c(WORKSHOP)} ab")
    assert caught.value.key == "illegal.complete_not_ready"
    assert state.phase == COMPLETE_ORDER


def test_the_completion_order_and_the_new_log_lines_read_in_both_languages() -> None:
    state = two_waiting_projects()
    state.apply(f"spiele {c('Entlastung')}")
    for lang, words in (("de", "wählt, welches erfüllte Projekt"), ("en", "chooses which fulfilled project")):
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(DESIGNER.render_text(state.view(1), DESIGNER.catalog(lang)))
        text = console.export_text()
        assert words in text and "Kleines Repositorium" in text and "[" not in text
        assert "{" not in text and "ui." not in text
    action = DESIGNER.parse_action(f"schliesse {c(EDITION)} ab")
    assert DESIGNER.describe_action(action, DESIGNER.catalog("de")) == "Kleine Edition als Nächstes abschließen"
    state.apply(action)
    state.hands[0].append(c("Zerwürfnis"))
    state.astack.remove(c("Zerwürfnis"))
    for lang in ("de", "en"):
        catalog = DESIGNER.catalog(lang)
        lines = [catalog.render(event) for event in state.log]
        assert all("{" not in line for line in lines)
    keys = {event.key for event in state.log}
    assert {"removed", "to_discard"} <= keys
