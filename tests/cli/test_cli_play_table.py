"""``busbahnhof play`` at a shared table: what each player's screen shows and when.

Hidden information (issue 7, item 3): a single possible reaction is asked on that player's own
screen, the seed stays secret until the game is over; the log is printed once, in order.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from typer.testing import Result

from busbahnhof.engine import load_record, replay_states

Invoke = Callable[..., Result]

SECRET_SEED = "987654321"


def test_with_two_humans_a_single_reaction_is_asked_on_that_players_screen(cli: Invoke) -> None:
    args = ("play", "busfaktor", "--players", "3", "--bots", "heuristik", "--seed", "2", "--lang", "en")
    result = cli(*args, input="\n1\n" * 600)
    assert result.exit_code == 0, result.output
    assert "has only one option" not in result.stdout
    confirmations = result.stdout.count("press Enter (or 1) to confirm")
    assert confirmations > 0
    screens = result.stdout.split("Pass the terminal to ")
    for screen in screens[1:]:
        if "press Enter (or 1) to confirm" in screen:
            name = screen.split(" and press Enter")[0]
            assert f"{name}, press Enter (or 1) to confirm" in screen  # asked on the owner's screen only


def test_with_one_human_a_single_option_is_taken_after_the_events_that_led_to_it(cli: Invoke, tmp_path: Path) -> None:
    record = tmp_path / "one.json"
    args = ("play", "busfaktor", "--players", "3", "--bots", "heuristik:2", "--seed", "0", "--lang", "en")
    result = cli(*args, "--record", str(record), input="1\n" * 400)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    automatic = [number for number, line in enumerate(lines) if "has only one option:" in line]
    assert automatic
    events_before = []
    for state in replay_states(load_record(record)):
        if state.to_move == 0 and len(state.legal_actions()) == 1:
            events_before.append(len(state.log))
    assert len(events_before) == len(automatic)
    for line_number, events in zip(automatic, events_before, strict=True):
        shown = "\n".join(lines[:line_number]).count("• ")  # a bullet may follow a prompt on its line
        assert shown == events, "every event before the automatic choice is shown before it, and only those"


def test_the_seed_is_secret_until_the_game_is_over(cli: Invoke, tmp_path: Path) -> None:
    args = ("play", "busfahrer", "--players", "3", "--bots", "kartenzaehler:2", "--seed", SECRET_SEED, "--lang", "en")
    quitting = cli(*args, "--record", str(tmp_path / "q.json"), input="1\nquit\n")
    assert SECRET_SEED not in quitting.stdout + quitting.stderr
    assert load_record(tmp_path / "q.json")["seed"] == int(SECRET_SEED)
    finished = cli(*args, input="1\n" * 500)
    assert finished.exit_code == 0, finished.output
    before, _, after = finished.stdout.partition("Result")
    assert SECRET_SEED not in before
    assert f"Seed of this game: {SECRET_SEED}" in after
    watched = cli("play", "busfahrer", "--players", "2", "--bots", "random:2", "--seed", "5", "--lang", "en")
    assert watched.stdout.startswith("Busfahrer with 2 bots, seed 5.")


def test_every_event_is_printed_exactly_once(cli: Invoke, tmp_path: Path) -> None:
    from busbahnhof.engine import load_game

    record = tmp_path / "once.json"
    args = ("play", "busfahrer", "--players", "3", "--bots", "kartenzaehler:2", "--seed", "7", "--names", "Anna")
    result = cli(*args, "--record", str(record), "--lang", "en", input="1\n" * 500)
    assert result.exit_code == 0, result.output
    saved = load_record(record)
    *_, final = replay_states(saved)
    catalog = load_game("busfahrer").catalog("en", saved["names"])
    bullets = [" ".join(part.split()) for part in result.stdout.split("• ")[1:]]
    rendered = [catalog.render(event) for event in final.log]
    assert len(bullets) == len(rendered)
    assert all(bullet.startswith(" ".join(text.split())) for bullet, text in zip(bullets, rendered, strict=True))
    for event in final.log[:5]:
        assert result.stdout.count(catalog.render(event)) == 1


def test_delay_slows_a_game_of_bots_down(cli: Invoke, tmp_path: Path) -> None:
    args = ("play", "busfahrer", "--players", "2", "--bots", "random:2", "--seed", "1", "--lang", "en")
    started = time.perf_counter()
    slow = cli(*args, "--delay", "0.02", "--record", str(tmp_path / "slow.json"))
    slow_seconds = time.perf_counter() - started
    assert slow.exit_code == 0
    moves = len(load_record(tmp_path / "slow.json")["actions"])
    assert moves > 10 and slow_seconds >= 0.02 * moves
    refused = cli(*args, "--delay", "-1")
    assert refused.exit_code == 2 and "--delay -1.0: choose 0 to 60 seconds" in refused.stderr


def test_bus_options_are_grouped_so_a_decision_lists_them_in_few_lines(cli: Invoke) -> None:
    from busbahnhof.engine import load_game

    result = cli("play", "bus", "--players", "3", "--bots", "planer:2", "--seed", "4", "--lang", "de", input="quit\n")
    count = len(load_game("bus").new_state(3, 4).legal_actions())
    assert count > 30
    listed = [line for line in result.stdout.splitlines() if line.startswith("  Bauplatz")]
    assert listed
    assert len(listed) <= count // 6 + 1, listed  # a lot's three buildings in one entry, two entries a line
    assert listed[0].split()[:10] == ["Bauplatz", "11", "(Kreuzung", "9):", "1", "Haus", "2", "Büro", "3", "Kneipe"]
    chosen = [int(word) for line in listed for word, after in zip(line.split(), line.split()[1:], strict=False)
              if word.isdigit() and after in ("Haus", "Büro", "Kneipe")]  # fmt: skip
    assert chosen == list(range(1, count + 1))
