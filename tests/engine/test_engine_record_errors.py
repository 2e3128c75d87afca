"""A record that cannot be replayed is explained in the interface language (issue 7, item 7)."""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.engine import Catalog, InvalidRecordError, load_game, replay, validate_record


def _record(**changes: Any) -> dict[str, Any]:
    state = load_game("busfahrer").new_state(players=3, seed=5)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    record = state.record()
    record.update(changes)
    return record


def _texts(error: InvalidRecordError) -> tuple[str, str]:
    engine_and_game = ("busbahnhof.engine", "busbahnhof.games.busfahrer")
    return (Catalog(engine_and_game, "de").error_text(error), Catalog(engine_and_game, "en").error_text(error))


@pytest.mark.parametrize(
    ("record", "german", "english"),
    [
        ([1, 2], "JSON-Objekt", "JSON object"),
        ({"game": "busfahrer"}, "Dem Spielprotokoll fehlt: options, players, seed, actions", "lacks: options"),
        (_record(format="busbahnhof-record/99"), "Protokollformat „busbahnhof-record/99“", "Record format"),
        (_record(game=7), "Name eines Spiels", "must be a game id"),
        (_record(options=[]), "„options“", "'options' must be an object"),
        (_record(actions="guess red"), "Liste von Aktionstexten", "list of action texts"),
    ],
)
def test_malformed_records_are_explained_in_both_languages(record: Any, german: str, english: str) -> None:
    with pytest.raises(InvalidRecordError) as caught:
        validate_record(record)
    de, en = _texts(caught.value)
    assert german in de
    assert english in en
    assert de != en


def test_an_action_that_does_not_replay_names_its_reason_in_the_same_language() -> None:
    record = _record()
    record["actions"] = [*record["actions"], "fahre los"]
    with pytest.raises(InvalidRecordError) as caught:
        replay(record)
    de, en = _texts(caught.value)
    assert de.startswith(f"Aktion {len(record['actions'])} („fahre los“) lässt sich nicht nachspielen: ")
    assert en.startswith(f"Action {len(record['actions'])} ('fahre los') does not replay: ")
    assert "is not a" not in de and "keine Aktion" in de
    assert "keine Aktion" not in en


def test_a_record_asked_for_more_positions_than_it_has() -> None:
    record = _record()
    with pytest.raises(InvalidRecordError) as caught:
        replay(record, upto=99)
    de, en = _texts(caught.value)
    assert de == "Das Spielprotokoll hat nur 3 Aktionen, nicht 99."
    assert en == "The record has only 3 actions, not 99."
