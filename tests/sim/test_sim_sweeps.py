"""Sweeps: parsing ``--sweep``, the settings they give, and paired differences on the same seeds."""

from __future__ import annotations

import hashlib
import statistics
from pathlib import Path

import pytest

from busbahnhof.engine import InvalidOptionError, load_game
from busbahnhof.sim import simulate
from busbahnhof.sim.play import game_figures, play_game
from busbahnhof.sim.sweeps import parse_sweep, sweep_settings

DECKS = Path(__file__).resolve().parents[2] / "src" / "busbahnhof" / "games" / "busfaktor" / "data"


def test_a_sweep_is_a_key_and_its_values_and_commas_inside_brackets_do_not_split() -> None:
    assert parse_sweep("pyramid=4-3-2-1, 5-4-3-2-1") == ("pyramid", ["4-3-2-1", "5-4-3-2-1"])
    assert parse_sweep('points=[1,2],"a,b",3') == ("points", ["[1,2]", '"a,b"', "3"])


@pytest.mark.parametrize("text", ["pyramid", "=1,2", "pyramid=", "pyramid=1,,2", "pyramid=1,"])
def test_bad_sweep_syntax_is_refused_with_an_example(text: str) -> None:
    with pytest.raises(InvalidOptionError, match="write KEY=VALUE1,VALUE2") as caught:
        parse_sweep(text)
    assert caught.value.key == "error.sweep_syntax"


def test_several_sweeps_give_every_combination_with_labels_and_validated_options() -> None:
    game = load_game("busfahrer")
    settings = sweep_settings(game, [("pyramid", ["4-3-2-1", "5-4-3-2-1"]), ("rising_penalties", [False, True])])
    assert [setting.label for setting, _ in settings] == [
        "pyramid=4-3-2-1, rising_penalties=false",
        "pyramid=4-3-2-1, rising_penalties=true",
        "pyramid=5-4-3-2-1, rising_penalties=false",
        "pyramid=5-4-3-2-1, rising_penalties=true",
    ]
    setting, played = settings[3]
    assert setting.options == {"pyramid": "5-4-3-2-1", "rising_penalties": True} and setting.deck is None
    assert played.option_dict()["rising_penalties"] is True
    assert sweep_settings(game, []) == [(sweep_settings(game, [])[0][0], game)]


@pytest.mark.parametrize(
    ("sweeps", "fragment"),
    [
        ([("pyramid", ["4-3-2-1"]), ("pyramid", ["5-4-3-2-1"])], "sweep each option once"),
        ([("pyramid", ["4-3-2-1", "4-3-2-1"])], "a value is given twice"),
        ([("pyramid", [])], "at least one value"),
        ([("pyramid", ["9-9"])], "pyramid"),
    ],
)
def test_bad_sweeps_are_refused(sweeps: list[tuple[str, list[str]]], fragment: str) -> None:
    with pytest.raises(InvalidOptionError, match=fragment):
        sweep_settings(load_game("busfahrer"), sweeps)


def test_a_deck_sweep_names_each_deck_by_name_and_hash() -> None:
    mine = DECKS / "mini-deck.toml"
    settings = sweep_settings(load_game("busfaktor"), [("deck", ["standard", str(mine)])])
    standard, file = (setting.deck for setting, _ in settings)
    assert standard == {"name": "standard", "sha256": hashlib.sha256((DECKS / "deck.toml").read_bytes()).hexdigest()}
    assert file == {"name": "mini-deck.toml", "sha256": hashlib.sha256(mine.read_bytes()).hexdigest()}
    assert settings[1][0].options["deck"]["text"] == mine.read_text(encoding="utf-8")


def test_each_setting_plays_the_same_seeds_and_differences_are_paired() -> None:
    sweeps = [("pyramid", ["4-3-2-1", "5-4-3-2-1"])]
    report = simulate("busfahrer", 3, ["random"] * 3, 30, seed=4, sweeps=sweeps)
    first, second = report["settings"]
    assert report["summary"] == first["summary"] and report["games"] == first["games"] == second["games"] == 30
    alone = simulate(load_game("busfahrer", pyramid="5-4-3-2-1"), 3, ["random"] * 3, 30, seed=4)
    assert second["summary"] == alone["summary"] and second["intervals"] == alone["intervals"]
    games = [load_game("busfahrer", pyramid=pyramid) for pyramid in ("4-3-2-1", "5-4-3-2-1")]
    path = ("outcome", "decisions")
    differences = [
        game_figures(games[1], play_game(games[1], 3, ["random"] * 3, 4, i))[path]
        - game_figures(games[0], play_game(games[0], 3, ["random"] * 3, 4, i))[path]
        for i in range(30)
    ]
    difference = second["difference"]["outcome"]["decisions"]
    assert difference["estimate"] == pytest.approx(statistics.mean(differences))
    half = 1.959963984540054 * statistics.stdev(differences) / 30**0.5
    assert difference["high"] - difference["estimate"] == pytest.approx(half)
    assert "difference" not in first
