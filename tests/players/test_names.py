"""Display names and user names: normalised, trimmed, bounded, free of invisible and control
characters, every refusal naming what was wrong."""

from __future__ import annotations

import pytest

from busbahnhof.players import InvalidNameError, display_name, user_name
from busbahnhof.players.names import user_name_key


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ana", "Ana"),
        ("  Ana   von   Bus  ", "Ana von Bus"),
        ("Zoe\u0301", "Zo\u00e9"),
        ("Jürgen 🚌", "Jürgen 🚌"),
        ("x" * 32, "x" * 32),
        ("<b>&amp;</b>", "<b>&amp;</b>"),
    ],
)
def test_names_are_nfc_trimmed_and_kept_as_text(typed: str, stored: str) -> None:
    assert display_name(typed) == stored


@pytest.mark.parametrize(
    ("typed", "key", "params"),
    [
        ("", "players.error.name_empty", {}),
        ("   ", "players.error.name_empty", {}),
        ("x" * 33, "players.error.name_too_long", {"length": 33, "limit": 32}),
        ("e\u0301" * 33, "players.error.name_too_long", {"length": 33, "limit": 32}),
        (
            "Ann\nBen",
            "players.error.name_character",
            {"kind": "a control character", "code_point": "U+000A", "position": 4},
        ),
        (
            "evil\u202egnp.exe",
            "players.error.name_character",
            {"kind": "an invisible formatting character", "code_point": "U+202E", "position": 5},
        ),
        (
            "\u200bAdmin",
            "players.error.name_character",
            {"kind": "an invisible formatting character", "code_point": "U+200B", "position": 1},
        ),
        (
            "a\ue000",
            "players.error.name_character",
            {"kind": "a private-use character", "code_point": "U+E000", "position": 2},
        ),
    ],
)
def test_bad_names_are_refused_citing_what_was_wrong(typed: str, key: str, params: dict[str, object]) -> None:
    with pytest.raises(InvalidNameError) as refused:
        display_name(typed)
    assert refused.value.key == key
    assert refused.value.params == params


def test_user_names_are_plain_and_compared_without_case() -> None:
    assert user_name(" Ada.L-2_ ") == "Ada.L-2_"
    assert user_name_key("ADA") == user_name_key("ada") == "ada"
    for bad in ("ab", "x" * 33, "-lead", "mit leer", "jürgen", "a/b"):
        with pytest.raises(InvalidNameError):
            user_name(bad)
