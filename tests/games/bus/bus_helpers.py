"""Helpers for the Bus rule tests: set-up states, scripted play, lines laid by hand."""

from __future__ import annotations

import itertools
from typing import Any

from busbahnhof.engine import Event, load_game
from busbahnhof.games.bus import BusState


def new_game(players: int = 4, seed: int = 0, **options: Any) -> BusState:
    """A fresh game, still in setup."""
    state = load_game("bus", **options).new_state(players, seed)
    assert isinstance(state, BusState)
    return state


def after_setup(players: int = 4, seed: int = 0, **options: Any) -> BusState:
    """A game at the start of round 1, set up with the first legal action at every step."""
    state = new_game(players, seed, **options)
    while state.round == 0:
        state.apply(state.legal_actions()[0])
    return state


def play(state: BusState, *texts: str) -> None:
    """Apply each action text as the seat to move."""
    for text in texts:
        state.apply(text, seat=state.to_move)


def seat_after(state: BusState, offset: int) -> int:
    """The seat ``offset`` places clockwise after the start player."""
    return (state.start_player + offset) % state.players


def lay_lines(state: BusState, paths: dict[int, list[int]]) -> None:
    """Replace every line by the given intersection paths (seats not named get no line)."""
    board = state.board
    state.street_players = [()] * len(board.streets)
    for seat in range(state.players):
        nodes = paths.get(seat, [])
        streets = [board.street_between[(a, b)] for a, b in itertools.pairwise(nodes)]
        state.line_nodes[seat] = list(nodes)
        state.line_streets[seat] = streets
        state.own_streets[seat] = sum(1 << street for street in set(streets))
        state.touches[seat] = sum(1 << node for node in set(nodes))
        state.line_markers_left[seat] = 25 - len(streets)
    for seat, nodes in paths.items():
        for a, b in itertools.pairwise(nodes):
            street = board.street_between[(a, b)]
            state.street_players[street] = (*state.street_players[street], seat)
    state._legal = None


def events(state: BusState, key: str) -> list[Event]:
    """Log events with ``key``."""
    return [event for event in state.log if event.key == key]


def legal_texts(state: BusState) -> list[str]:
    """The legal actions as text."""
    return [str(action) for action in state.legal_actions()]


def select(state: BusState, choices: list[str]) -> None:
    """Play the selection phase: each entry is the next selecting seat's action text."""
    for text in choices:
        assert state.phase_name() == "selection", f"selection is over before {text!r}"
        state.apply(text, seat=state.to_move)
