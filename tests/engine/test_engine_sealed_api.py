"""Issue 7 item 5: input checks that hold under ``python -O`` too (the contract suite checks the rest)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from busbahnhof.engine import GameError, game_ids, load_game

SRC = Path(__file__).resolve().parents[2] / "src"

PROBE = """
import sys
from busbahnhof.engine import GameError, load_game
game = load_game(sys.argv[1])
state = game.new_state(game.min_players, 1)
for bad in (None, 7, b"x", object()):
    try:
        state.apply(bad)
    except GameError as error:
        print(type(error).__name__, error.code)
    else:
        print("accepted", bad)
"""


def test_no_assert_statement_in_the_package() -> None:
    """``python -O`` drops asserts, so no check in ``src/`` may be one."""
    found = [
        f"{path.relative_to(SRC)}:{node.lineno}"
        for path in sorted(SRC.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Assert)
    ]
    assert not found, f"assert statements in src/: {found}"


@pytest.mark.parametrize("game_id", game_ids())
def test_non_actions_raise_game_error_under_python_dash_o(game_id: str) -> None:
    result = subprocess.run(
        [sys.executable, "-O", "-c", PROBE, game_id], capture_output=True, text=True, check=False, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n")[:4] == ["MalformedActionError malformed_action"] * 4


def test_another_games_action_is_judged_by_its_notation() -> None:
    """An action object of another game is refused with the game's own explanation, not a crash."""
    busfahrer = load_game("busfahrer")
    foreign = busfahrer.new_state(4, 1).legal_actions()[0]
    for game_id in game_ids():
        if game_id == "busfahrer":
            continue
        game = load_game(game_id)
        state = game.new_state(game.min_players, 1)
        with pytest.raises(GameError):
            state.apply(foreign)
