"""The deck file as an editable document and back: an unchanged document gives the file byte for
byte (comments, notice, layout), an edit changes only what it changes, and the validator's
problems are located at their card and field with the rule, in German and English."""

from __future__ import annotations

import copy
import tomllib

import pytest

from busbahnhof.workbench import builtin_text, check_text, document_of, merged_text, plain_deck


@pytest.mark.parametrize("name", ["standard", "mini"])
def test_an_unchanged_document_gives_the_file_back_byte_for_byte(name: str) -> None:
    text = builtin_text(name)
    assert merged_text(text, document_of(text)) == text


def test_edits_keep_comments_and_change_only_what_was_edited() -> None:
    text = builtin_text("mini")
    document = document_of(text)
    edited = copy.deepcopy(document)
    edited["cards"]["projects"][0]["fields"]["flavor"] = 'Mit "Anführungszeichen" # und Raute'
    edited["cards"]["factors"].insert(
        1, {"origin": None, "fields": {"name": "Neu", "type": "Team", "en": {"name": "New"}}}
    )
    del edited["cards"]["events"][0]
    result = merged_text(text, edited)
    assert tomllib.loads(result) == plain_deck(edited)
    assert result.startswith("# A small deck for tests")  # the licence notice stays
    assert document_of(result)["cards"]["factors"][1]["fields"] == {
        "name": "Neu",
        "type": "Team",
        "en": {"name": "New"},
    }
    removed = set(text.splitlines()) - set(result.splitlines())
    assert removed == {
        'name = "Sichten"',
        'stack = "projekt"',
        'order = "wie gesehen"',
        "count = 2",
        'text = "Sieh die obersten zwei Projekte an, nimm eines."',
        'template = "E1"',
    }


def test_reordered_cards_are_written_in_their_new_order() -> None:
    text = builtin_text("mini")
    edited = document_of(text)
    edited["cards"]["projects"].reverse()
    assert tomllib.loads(merged_text(text, edited)) == plain_deck(edited)


def test_problems_are_located_with_rule_in_both_languages() -> None:
    text = builtin_text("mini").replace("points = 2\n", "points = 3\n", 1)
    german, english = check_text(text, "de"), check_text(text, "en")
    assert not german["valid"]
    [problem] = german["problems"]
    assert (problem["kind"], problem["index"], problem["field"], problem["rule"]) == ("projects", 0, "points", "§4")
    assert "Die Punkte müssen" in problem["text"]
    assert "points must equal the number of requirements (2), not 3" in english["problems"][0]["text"]


def test_a_file_that_is_not_toml_is_one_problem_of_the_whole_deck() -> None:
    verdict = check_text("[deck\n", "de")
    assert not verdict["valid"] and verdict["problems"][0]["kind"] is None
    assert "kein gültiges TOML" in verdict["problems"][0]["text"]
