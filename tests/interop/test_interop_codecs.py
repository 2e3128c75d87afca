"""The encodings: every legal action has its fixed index, observations stay in bounds and show only the view."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from interop_helpers import playout_states

from busbahnhof.engine import GameError, InvalidOptionError, Rng
from busbahnhof.interop.codecs import Codec, make_codec

DESIGNER_DECK = Path(__file__).parents[2] / "docs" / "examples" / "busfaktor-variante.toml"
"""A deck a designer edited (docs/games/busfaktor-deck-format.md)."""

CONFIGURATIONS = [
    ("busfahrer", 4, {}),
    ("busfahrer", 5, {"pyramid": "6-5-4-3-2-1", "ride": "american", "rising_penalties": True}),
    ("bus", 3, {}),
    ("bus", 5, {"edition": "1999"}),
    ("busfaktor", 4, {}),
    ("busfaktor", 2, {"deck": "mini"}),
    ("busfaktor", 3, {"deck": str(DESIGNER_DECK), "shared_factor_at_a_time": True}),
]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_every_legal_action_has_an_index_and_observations_stay_in_bounds(
    game: str, players: int, options: dict[str, Any]
) -> None:
    codec = make_codec(game, players, **options)
    for seed in range(3):
        for state in playout_states(codec, seed):
            mask = codec.actions.mask(state)
            assert mask.sum() == len(state.legal_actions())
            for index in np.flatnonzero(mask):
                assert str(codec.actions.action(int(index))) == codec.actions.names[index]
                assert codec.actions.action(int(index)) in state.legal_actions()
            for seat in range(players):
                flat = codec.encode(state, seat)
                assert flat.shape == (codec.layout.size,)
                assert flat.dtype == np.float32
                codec.check(flat)


def encodings(codec: Codec, state: Any, seat: int) -> list[tuple[str, np.ndarray]]:
    """The observation of ``seat`` in every way the codec encodes a state: Python, and compiled where built."""
    ways = [("python", codec.encode_parts(state, seat))]
    if codec.compiled is not None:
        ways.append(("compiled", codec.compiled.encode(state, seat)))
    return ways


def fields_at(codec: Codec, entries: np.ndarray) -> list[str]:
    """The names of the fields holding the flat ``entries``."""
    slices = codec.layout.slices
    return [name for name, part in slices.items() if any(part.start <= entry < part.stop for entry in entries)]


@pytest.mark.parametrize(("game", "players", "options"), CONFIGURATIONS)
def test_the_encoding_from_the_state_is_the_encoding_of_the_view(
    game: str, players: int, options: dict[str, Any]
) -> None:
    """``encode`` reads the state's fields directly, in Python (``encode_parts``) and in the
    compiled encoder; both must give exactly what ``encode_view`` of ``view(seat)`` (the
    definition) gives, at every position of random games, for every seat."""
    codec = make_codec(game, players, **options)
    used = np.zeros(codec.layout.size, bool)
    for seed in range(3):
        for state in playout_states(codec, seed):
            for seat in range(players):
                defined = codec.encode_view(state.view(seat))
                for way, fast in encodings(codec, state, seat):
                    differing = np.flatnonzero(fast != defined)
                    where = f"{way}, seed {seed}, seat {seat}, turn {len(state.history)}"
                    assert not differing.size, f"{where}: {fields_at(codec, differing)}"
                used |= defined != 0
    unused = [name for name, part in codec.layout.slices.items() if not used[part].any()]
    assert len(unused) <= len(codec.layout.fields) // 5, f"the games compared leave too many fields at 0: {unused}"


def test_a_spectators_view_has_no_seat_to_encode() -> None:
    codec = make_codec("bus", 3)
    with pytest.raises(ValueError, match="spectator"):
        codec.encode_view(codec.game.new_state(3, 1).view(None))


def test_action_indices_are_the_documented_ones() -> None:
    busfahrer = make_codec("busfahrer", 3).actions
    assert len(busfahrer) == 112
    assert busfahrer.names[:2] == ("guess red", "guess black")
    assert busfahrer.index["give 1 to 1"] == 12
    assert busfahrer.index["give 12 to 8"] == 107
    assert busfahrer.names[-1] == "turn 4"
    assert make_codec("busfahrer", 8).actions.names == busfahrer.names
    bus = make_codec("bus", 4).actions
    assert bus.names[:10] == (
        "take line", "take buses", "take passengers", "take buildings", "take clock", "take vrroomm",
        "take start", "pass", "clock stop", "clock advance",
    )  # fmt: skip
    assert len(bus) == 1985
    busfaktor = make_codec("busfaktor", 4).actions
    assert busfaktor.names[:3] == ("ziehe projekt", "ziehe aktion", "ziehe ablage")
    assert len(busfaktor) == 7735
    assert len(make_codec("busfaktor", 4, deck="mini").actions) == 570


def test_the_dict_form_names_the_same_numbers() -> None:
    codec = make_codec("busfahrer", 4)
    state = codec.game.new_state(4, 11)
    flat = codec.encode(state, 2)
    parts = codec.layout.split(flat)
    assert parts["seat"].tolist() == [0, 0, 1, 0]
    assert parts["phase"][0] == 1  # questions
    assert parts["hands"].shape == (4, 52)
    assert np.concatenate([part.ravel() for part in parts.values()]).tolist() == flat.tolist()
    assert codec.encode_dict(state, 2)["question"].tolist() == [1, 0, 0, 0]


@pytest.mark.parametrize(("game", "players", "options"), [c for c in CONFIGURATIONS if c[0] != "bus"])
def test_observations_ignore_what_the_seat_cannot_see(game: str, players: int, options: dict[str, Any]) -> None:
    """States that look alike to a seat (``determinize`` from its seat resamples every card it
    cannot see) encode alike for it, although their cards lie elsewhere."""
    codec = make_codec(game, players, **options)
    rng = Rng(5)
    resampled = 0
    for state in playout_states(codec, 2)[::3]:
        for seat in range(players):
            twin = state.determinize(seat, rng)
            assert np.array_equal(codec.encode(state, seat), codec.encode(twin, seat))
            resampled += twin.card_places() != state.card_places()
    assert resampled > 0


def test_busfaktor_hands_are_seen_by_their_holder_only() -> None:
    codec = make_codec("busfaktor", 3)
    state = playout_states(codec, 3)[20]
    twin = state.determinize(0, Rng(1))
    assert np.array_equal(codec.encode(state, 0), codec.encode(twin, 0))
    assert not np.array_equal(codec.encode_dict(state, 1)["hand"], codec.encode_dict(twin, 1)["hand"])


def test_bus_hides_nothing_so_every_seat_sees_the_same_board() -> None:
    codec = make_codec("bus", 3)
    state = playout_states(codec, 4)[60]
    views = [codec.encode_dict(state, seat) for seat in range(3)]
    assert all(np.array_equal(views[0]["streets"], view["streets"]) for view in views)


def test_unknown_games_and_player_counts_are_refused() -> None:
    with pytest.raises(GameError, match="nogame"):
        make_codec("nogame", 4)
    with pytest.raises(InvalidOptionError, match="2 to 4 players"):
        make_codec("busfaktor", 5)
    codec = make_codec("busfahrer", 4)
    with pytest.raises(InvalidOptionError, match=r"outside 0\.\.111"):
        codec.actions.action(112)
