"""``busbahnhof play``: humans first then bots, numbered and text input, bad input, quitting, records."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.bots import bot_names
from busbahnhof.engine import game_ids, load_game, load_record, replay

Invoke = Callable[..., Result]
Run = Callable[..., "subprocess.CompletedProcess[str]"]

ONE_HUMAN = ("play", "busfahrer", "--players", "3", "--bots", "kartenzaehler:2", "--seed", "7")


def test_numbers_text_bad_input_and_quit_write_the_record(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "quit.json"
    typed = "1\nguess schwarz\n99\nfoo\n\nguess tiefer\nquit\n"
    result = cli(*ONE_HUMAN, "--record", str(record), input=typed)
    assert result.exit_code == 1, result.output
    assert "[illegal_action]" in result.stderr and "Frage 2" in result.stderr
    assert "Es gibt keine Aktion 99" in result.stderr
    assert "[malformed_action]" in result.stderr and "„foo“ ist keine Aktion von Busfahrer" in result.stderr
    assert "Partie abgebrochen." in result.stdout
    saved = load_record(record)
    assert saved["names"] == ["Spieler 1", "kartenzaehler 2", "kartenzaehler 3"]
    assert len(saved["actions"]) == 6
    assert saved["actions"][0] == "guess red" and saved["actions"][3] == "guess lower"
    assert len(replay(saved).history) == 6


def test_end_of_input_quits_and_still_saves(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "eof.json"
    result = cli(*ONE_HUMAN, "--record", str(record), "--lang", "en", input="2\n")
    assert result.exit_code == 1
    assert "Game abandoned." in result.stdout
    assert load_record(record)["actions"][0] == "guess black"


def test_a_whole_game_by_numbers_ends_with_the_result_and_replays(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "full.json"
    first = cli(*ONE_HUMAN, "--names", "Anna", "--record", str(record), input="1\n" * 500)
    assert first.exit_code == 0, first.output
    assert "Anna (du)" in first.stdout and "kartenzaehler 2 (du)" not in first.stdout
    assert "Ergebnis" in first.stdout and "gewinnt" in first.stdout
    saved = load_record(record)
    assert replay(saved).is_over
    again = cli(*ONE_HUMAN, "--names", "Anna", "--record", str(tmp_path / "again.json"), input="1\n" * 500)
    assert again.exit_code == 0
    assert load_record(tmp_path / "again.json") == saved


def test_two_humans_hand_the_terminal_over(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "two.json"
    args = ("play", "busfahrer", "--players", "3", "--bots", "random", "--seed", "3", "--names", "Anna,Ben")
    result = cli(*args, "--record", str(record), input="\n1\n" * 400)
    assert result.exit_code == 0, result.output
    assert "Gib das Terminal an Anna weiter" in result.stdout
    assert "Gib das Terminal an Ben weiter" in result.stdout
    assert "Ben (du)" in result.stdout and "Anna (du)" in result.stdout
    saved = load_record(record)
    assert saved["names"] == ["Anna", "Ben", "random 3"]
    assert replay(saved).is_over
    quitting = cli(*args, "--record", str(record), input="\n1\nquit\n")
    assert quitting.exit_code == 1 and "Partie abgebrochen." in quitting.stdout
    assert load_record(record)["actions"] == ["guess red"]


def test_only_bots_play_and_are_watched(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "bots.json"
    result = cli("play", "busfahrer", "--players", "4", "--bots", "kartenzaehler:4", "--seed", "5",
                 "--record", str(record), "--lang", "en")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "• kartenzaehler 1 says" in result.stdout
    assert "Result" in result.stdout and "wins" in result.stdout
    assert replay(load_record(record)).is_over


def test_play_in_a_real_process(run_process: Run, tmp_path: Path) -> None:
    record = tmp_path / "process.json"
    done = run_process(*ONE_HUMAN, "--record", str(record), input="guess rot\n")
    assert done.returncode == 1, done.stderr
    assert json.loads(record.read_text(encoding="utf-8"))["actions"][0] == "guess red"


@pytest.mark.parametrize("game_id", game_ids())
def test_every_game_can_be_watched_and_replayed(cli: Invoke, tmp_path: Path, game_id: str) -> None:
    game = load_game(game_id)
    names = [name for name in bot_names(game) if name != "ismcts"]
    record = tmp_path / f"{game_id}.json"
    bots = ",".join(names[seat % len(names)] for seat in range(game.min_players))
    watched = cli("play", game_id, "--players", str(game.min_players), "--bots", bots, "--seed", "2",
                  "--record", str(record), "--lang", "en")  # fmt: skip
    assert watched.exit_code == 0, watched.output
    assert "Result" in watched.stdout
    saved = load_record(record)
    assert replay(saved).is_over
    last = cli("replay", str(record), "--at", str(len(saved["actions"])), "--lang", "en")
    assert last.exit_code == 0, last.output
    assert "Result" in last.stdout


def test_a_single_possible_decision_is_taken_for_the_human_and_said(cli: Invoke) -> None:
    result = cli(
        "play", "busfaktor", "--players", "3", "--bots", "heuristik:2", "--seed", "0", "--lang", "en", input="1\n" * 400
    )
    assert result.exit_code == 0
    assert "has only one option:" in result.stdout
    assert "(1–1 or action)" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "typed", "hint"),
    [
        ("de", "guess purple", "Das ist keine Aktion dieses Spiels"),
        ("en", "guess purple", "That is not an action of this game"),
        ("de", "lay", "Diese Aktion ist gerade nicht erlaubt"),
        ("en", "lay", "That action is not allowed right now"),
    ],
)
def test_bad_input_is_explained_in_the_interface_language(cli: Invoke, lang: str, typed: str, hint: str) -> None:
    result = cli("play", "busfahrer", "--players", "2", "--bots", "random", "--seed", "1", "--lang", lang,
                 input=f"{typed}\nquit\n")  # fmt: skip
    assert hint in " ".join(result.stderr.split())


def test_errors_during_play_use_the_games_own_formatting(cli: Invoke) -> None:
    typed = "1\n1\n1\n1\n1\n1\nline 9-14\nquit\n"
    result = cli("play", "bus", "--players", "3", "--bots", "planer:2", "--seed", "4", "--lang", "de", input=typed)
    error = " ".join(result.stderr.split())
    assert "ist jetzt nicht erlaubt: gerade ist kein Linienausbau (jetzt: Aktionen wählen)" in error
    assert "selection" not in error


def test_svg_follows_the_game_for_games_with_a_drawing(cli: Invoke, tmp_path: Path) -> None:
    import xml.etree.ElementTree as ET

    picture = tmp_path / "board.svg"
    first = cli("play", "bus", "--players", "3", "--bots", "planer:2", "--seed", "4", "--svg", str(picture),
                input="quit\n")  # fmt: skip
    assert first.exit_code == 1, first.output
    at_start = picture.read_text(encoding="utf-8")
    assert ET.fromstring(at_start).tag.endswith("svg")
    watched = cli("play", "bus", "--players", "3", "--bots", "planer:3", "--seed", "4", "--svg", str(picture))
    assert watched.exit_code == 0, watched.output
    final = picture.read_text(encoding="utf-8")
    assert ET.fromstring(final).tag.endswith("svg") and final != at_start


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["busfahrer", "--svg", "x.svg"], "has no SVG drawing"),
        (["bus", "--svg", "/no/such/folder/x.svg"], "does not exist"),
    ],
)
def test_svg_is_refused_where_it_cannot_work(cli: Invoke, args: list[str], fragment: str) -> None:
    result = cli("play", *args, "--players", "3", "--bots", "random:3", "--lang", "en")
    assert result.exit_code == 2
    assert fragment in result.stderr
