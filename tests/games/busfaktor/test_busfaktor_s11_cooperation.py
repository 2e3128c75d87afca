"""§11 Kooperation: preconditions, the one shared factor with consent, individual completion."""

from __future__ import annotations

from typing import Any

import pytest
from busfaktor_helpers import arrange, cid, legal_texts, refresh

from busbahnhof.engine import IllegalActionError
from busbahnhof.games.busfaktor import BusfaktorState
from busbahnhof.games.busfaktor.phases import SHARED

A, B = "Langzeitarchivierung", "Software-Release 1.0"  # Betrieb+Daten+Team / Methode+Betrieb+Team


def cooperating(**kwargs: Any) -> tuple[BusfaktorState, int, int]:
    state = arrange(projects={0: [(A, [])], 1: [(B, [])]}, **kwargs)
    state.apply(f"biete {cid(A)} mit {cid(B)}")
    state.apply("annehmen")
    return state, cid(A), cid(B)


def test_accepted_offer_joins_the_two_projects() -> None:
    state, a, b = cooperating()
    assert state.partner[a] == b and state.partner[b] == a and state.coops_begun == 1
    assert state.view(1)["state"]["projects"][0]["partner"] in (a, b)


@pytest.mark.parametrize(
    ("projects", "why"),
    [
        ({0: [(A, [("Monitoring", "Betrieb"), ("Fachbeirat", "Team")])], 1: [(B, [])]}, "two factors on one side"),
        ({0: [(A, [])], 1: []}, "no active project of another person"),
    ],
)
def test_preconditions_at_most_one_factor_each(projects: dict[int, Any], why: str) -> None:
    state = arrange(projects=projects)
    assert not any(t.startswith("biete") for t in legal_texts(state)), why


def test_mehraufwand_does_not_count_for_the_one_factor_limit() -> None:
    state = arrange(projects={0: [(A, [("Monitoring", "Betrieb")])], 1: [(B, [])]})
    state.extra[cid(A)] = cid("Formatmigration")
    refresh(state)
    assert f"biete {cid(A)} mit {cid(B)}" in legal_texts(state)


def test_one_cooperation_per_project_and_per_pair() -> None:
    state, _, _ = cooperating(hands={0: ["Serverumzug"]})
    state.apply(f"beginne {cid('Serverumzug')}")
    assert not any(t.startswith("biete") for t in legal_texts(state))
    three = arrange(players=3, projects={0: [(A, [])], 1: [(B, [])], 2: [("Serverumzug", [])]})
    three.apply(f"biete {cid(A)} mit {cid(B)}")
    three.apply("annehmen")
    assert not any(t.startswith(f"biete {cid(A)}") for t in legal_texts(three))


def test_the_shared_factor_needs_the_partners_consent_and_fills_both_projects() -> None:
    state, a, b = cooperating(hands={0: ["Fachbeirat", "Monitoring"]})
    team = cid("Fachbeirat")
    state.apply(f"teile {team} an {a} als Team")
    assert state.to_move == 1
    state.apply("ablehnen")
    assert team in state.hands[0] and state.to_move == 0
    with pytest.raises(IllegalActionError, match="§11"):
        state.apply(f"teile {cid('Monitoring')} an {a} als Betrieb")
    state.proposed = 0
    refresh(state)
    state.apply(f"teile {cid('Monitoring')} an {a} als Betrieb")
    state.apply("annehmen")
    monitoring = cid("Monitoring")
    assert state.att[monitoring] == SHARED and state.shared[a] == state.shared[b] == monitoring
    assert state.open[a * 4 + 2] == 0 and state.open[b * 4 + 2] == 0
    assert not any(t.startswith("teile") for t in legal_texts(state)), "at most one shared factor"


def test_each_project_completes_alone_and_the_shared_factor_stays_for_the_partner() -> None:
    state, a, b = cooperating(hands={0: ["Monitoring", "Fachbeirat", "TEI-XML-Korpus"]})
    monitoring = cid("Monitoring")
    state.apply(f"teile {monitoring} an {a} als Betrieb")
    state.apply("annehmen")
    state.apply(f"lege {cid('Fachbeirat')} an {a} als Team")
    state.apply(f"lege {cid('TEI-XML-Korpus')} an {a} als Daten")
    assert state.status[a] == 2 and state.status[b] == 1
    assert state.att[monitoring] == SHARED and monitoring not in state.spent
    assert state.shared[b] == monitoring and state.open[b * 4 + 2] == 0
    state.active = 1
    state.hands[1] = [cid("Kollationierung"), cid("Projektkoordination")]
    refresh(state)
    state.apply(f"lege {cid('Kollationierung')} an {b} als Methode")
    state.apply(f"lege {cid('Projektkoordination')} an {b} als Team")
    assert state.status[b] == 2 and monitoring in state.spent
    assert state.points(0) == 3 and state.points(1) == 3


def test_the_pair_may_cooperate_again_once_both_projects_are_completed() -> None:
    state, a, b = cooperating()
    state.status[a] = state.status[b] = 2
    state.actives = [[], []]
    state.hands[0] = [cid("Serverumzug")]
    state.started = False
    refresh(state)
    state.apply(f"beginne {cid('Serverumzug')}")
    state.status[cid("Metadatenschema")] = 1
    state.owner[cid("Metadatenschema")] = 1
    state.actives[1] = [cid("Metadatenschema")]
    state.offered = 0
    refresh(state)
    assert f"biete {cid('Serverumzug')} mit {cid('Metadatenschema')}" in legal_texts(state)


C, D = "Serverumzug", "Nutzungsumfrage"  # Team + Betrieb, Team + Methode


@pytest.mark.parametrize(
    ("projects", "extra", "coops", "offer", "legal", "why"),
    [
        # both projects active, no factor: allowed
        ({0: [(A, [])], 1: [(B, [])]}, None, [], (A, B), True, ""),
        # one factor on each side is still allowed
        ({0: [(A, [("Monitoring", "Betrieb")])], 1: [(B, [("Fachbeirat", "Team")])]}, None, [], (A, B), True, ""),
        # two factors on the other person's project: refused
        (
            {0: [(A, [])], 1: [(B, [("Monitoring", "Betrieb"), ("Fachbeirat", "Team")])]},
            None,
            [],
            (A, B),
            False,
            "at most one factor",
        ),
        # a joker counts as a factor (§13 E5): factor + joker is two
        (
            {0: [(A, [("Monitoring", "Betrieb"), ("Überstunden", "Team")])], 1: [(B, [])]},
            None,
            [],
            (A, B),
            False,
            "at most one factor",
        ),
        # an attached Mehraufwand does not count: one factor + Mehraufwand is allowed
        ({0: [(A, [("Monitoring", "Betrieb")])], 1: [(B, [])]}, A, [], (A, B), True, ""),
        # my project is already part of another cooperation (with a third person)
        ({0: [(A, [])], 1: [(B, [])], 2: [(C, [])]}, None, [(A, C)], (A, B), False, "only one cooperation"),
        # the pair already cooperates with two other projects
        (
            {0: [(A, []), (C, [])], 1: [(B, []), (D, [])]},
            None,
            [(C, D)],
            (A, B),
            False,
            "already have a running cooperation",
        ),
        # cooperating with one person does not stop a cooperation with another person
        (
            {0: [(A, []), (C, [])], 1: [(B, [])], 2: [(D, [])]},
            None,
            [(C, D)],
            (A, B),
            True,
            "",
        ),
        # a person cannot cooperate with themselves
        ({0: [(A, []), (B, [])]}, None, [], (A, B), False, "not another person's active project"),
    ],
)
def test_cooperation_preconditions(
    projects: dict[int, Any],
    extra: str | None,
    coops: list[tuple[str, str]],
    offer: tuple[str, str],
    legal: bool,
    why: str,
) -> None:
    """§11 Voraussetzungen, each one: at most one factor on each project (Mehraufwand not counted), no
    project in another cooperation, no other running cooperation of the pair; several partners allowed."""
    state = arrange(players=3, projects=projects, hands={1: ["Formatmigration"]} if extra else None)
    if extra:
        state.active = 1
        state.apply(f"spiele {cid('Formatmigration')} an {cid(extra)}")
        state.apply("verzichten")
        state.apply("verzichten")
        assert state.extra[cid(extra)] == cid("Formatmigration")
        state.active = 0
        state.event_used = False
        refresh(state)
    for p, q in coops:
        state.partner[cid(p)], state.partner[cid(q)] = cid(q), cid(p)
    refresh(state)
    text = f"biete {cid(offer[0])} mit {cid(offer[1])}"
    assert (text in legal_texts(state)) is legal
    if not legal:
        with pytest.raises(IllegalActionError, match=f"{why}.*§11"):
            state.apply(text)


def test_the_shared_factor_must_be_a_type_both_projects_still_need() -> None:
    """§11 Gemeinsamer Faktor "Benötigen beide Projekte denselben Faktortyp": Daten is needed only by A."""
    state, a, _ = cooperating(hands={0: ["TEI-XML-Korpus", "Research Software Engineer"]})
    proposals = {t for t in legal_texts(state) if t.startswith("teile")}
    rse = cid("Research Software Engineer")
    assert proposals == {f"teile {rse} an {a} als Betrieb"}, "RSE (Methode/Betrieb) only as Betrieb; A needs no Methode"
    with pytest.raises(IllegalActionError, match="§11"):
        state.apply(f"teile {cid('TEI-XML-Korpus')} an {a} als Daten")


def test_a_shared_joker_is_the_turns_one_event() -> None:
    """§11 "ein als Joker angelegtes Ereignis kann gemeinsam genutzt werden", §13 E5 "verbraucht das Ereignislimit"."""
    state, a, _ = cooperating(hands={0: ["Überstunden", "Förderbescheid"]})
    joker = cid("Überstunden")
    assert f"teile {joker} an {a} als Team" in legal_texts(state)
    state.apply(f"spiele {cid('Förderbescheid')}")
    assert not any(t.startswith(f"teile {joker}") for t in legal_texts(state))
    with pytest.raises(IllegalActionError, match=r"one event.*§8\.3, §13 E5"):
        state.apply(f"teile {joker} an {a} als Team")


def _share_then_setback(game_options: dict[str, Any]) -> tuple[BusfaktorState, int]:
    """A cooperation shares Monitoring; a Rückschlag (Serverausfall) returns it to seat 0's hand."""
    from busbahnhof.engine import load_game

    game = load_game("busfaktor", **game_options)
    state, a, _ = cooperating(game=game, hands={0: ["Monitoring", "Serverausfall"]})
    monitoring = cid("Monitoring")
    state.apply(f"teile {monitoring} an {a} als Betrieb")
    state.apply("annehmen")
    state.apply(f"spiele {cid('Serverausfall')} auf {monitoring}")
    state.apply("verzichten")
    assert monitoring in state.hands[0] and state.shared[a] < 0 and state.partner[a] >= 0
    state.proposed = 0
    refresh(state)
    return state, a


def test_one_shared_factor_per_cooperation_ever_by_default() -> None:
    """§11 "Pro Kooperation darf höchstens ein Faktor gemeinsam genutzt werden", ruling R11 (literal reading)."""
    state, a = _share_then_setback({})
    assert not any(t.startswith("teile") for t in legal_texts(state))
    assert state.view(1)["state"]["projects"][0]["shared_once"] is True
    with pytest.raises(IllegalActionError, match="already shared its one factor") as caught:
        state.apply(f"teile {cid('Monitoring')} an {a} als Betrieb")
    assert caught.value.key == "illegal.share_used"


def test_option_shared_factor_at_a_time_allows_a_new_one_after_the_first_left() -> None:
    state, a = _share_then_setback({"shared_factor_at_a_time": True})
    state.apply(f"teile {cid('Monitoring')} an {a} als Betrieb")
    state.apply("annehmen")
    assert state.shared[a] == cid("Monitoring")
