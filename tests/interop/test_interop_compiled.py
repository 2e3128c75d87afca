"""The compiled observation encoders (``busbahnhof.interop.compiled``): built, used, safe.

Their numbers are compared with the definition (``encode_view``) at every position of random
games in ``test_interop_codecs.py``; here: that they are there (a build that silently fell back to
Python would cost the environments their speed), that ``encode`` uses them, that an array they
returned never changes, that a state they cannot read is an error and not a stray write, and
that a codec still pickles.
"""

from __future__ import annotations

import os
import pickle

import numpy as np
import pytest
from interop_helpers import playout_states

from busbahnhof.interop.codecs import CODECS, make_codec
from busbahnhof.interop.compiled import PURE_PYTHON_VARIABLE

COMPILED_GAMES = sorted(CODECS)


PURE_PYTHON = pytest.mark.skipif(os.environ.get(PURE_PYTHON_VARIABLE) == "1", reason="pure Python asked for")


@PURE_PYTHON
@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_the_compiled_encoder_is_built_and_used(game: str) -> None:
    codec = make_codec(game, 3)
    assert codec.compiled is not None, f"{game}: compiled encoder not built (run pip install -e . with a C compiler)"
    state = playout_states(codec, 1)[20]
    assert np.array_equal(codec.encode(state, 1), codec.encode_parts(state, 1))


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_returned_arrays_are_new_and_never_change(game: str) -> None:
    codec = make_codec(game, 4)
    states = playout_states(codec, 2)
    returned = [(flat, flat.copy()) for flat in (codec.encode(state, 0) for state in states[::5])]
    for state in states:
        codec.encode(state, 0)
    assert all(np.array_equal(flat, copy) for flat, copy in returned)
    assert len({id(flat) for flat, _ in returned}) == len(returned)


@PURE_PYTHON
def test_a_state_the_encoder_cannot_read_is_an_error_and_writes_nothing_stray() -> None:
    codec = make_codec("busfahrer", 4)
    state = playout_states(codec, 1)[30]
    broken = state.clone()
    broken.hands = None  # a part that cannot be read
    with pytest.raises(TypeError):
        codec.encode(broken, 1)
    outside = state.clone()
    outside.hands[0].append(10_000)  # a card the layout has no column for, beyond the vector
    with pytest.raises(IndexError, match="outside"):
        codec.encode(outside, 1)
    assert np.array_equal(codec.encode(state, 1), codec.encode_parts(state, 1))


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_a_seat_outside_the_table_is_refused_by_both_encoders(game: str) -> None:
    codec = make_codec(game, 3)
    state = playout_states(codec, 4)[5]
    for encode in (codec.encode, codec.encode_parts):
        for seat in (-1, 3):
            with pytest.raises(ValueError, match=r"one of 0\.\.2"):
                encode(state, seat)


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_a_codec_with_its_compiled_encoder_pickles(game: str) -> None:
    codec = make_codec(game, 3)
    state = playout_states(codec, 3)[10]
    copy = pickle.loads(pickle.dumps(codec))
    assert np.array_equal(copy.encode(state, 2), codec.encode(state, 2))


@PURE_PYTHON
@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_the_compiled_action_lookup_gives_the_indices_and_masks_of_the_python_one(game: str) -> None:
    compiled = make_codec(game, 4).actions
    assert compiled._lookup is not None, "compiled action lookup not built"
    python = make_codec(game, 4).actions
    python._lookup = None  # the definition in spaces.py
    indices_of = compiled.indexer()
    for seed in range(3):
        for state in playout_states(make_codec(game, 4), seed):
            legal = state.legal_actions()
            by_name = tuple(compiled.index[str(action)] for action in legal)
            assert indices_of(legal) == compiled.indices_of(legal) == python.indices_of(legal) == by_name
            assert indices_of(legal) == by_name  # the second time from the tuple cache
            mask = compiled.mask_of_actions(legal)
            assert np.array_equal(mask, python.mask_of_actions(legal)) and mask.dtype == np.int8
            assert mask is compiled.mask_of_actions(legal)  # kept with its tuple
            assert not mask.flags.writeable


@PURE_PYTHON
def test_the_compiled_mask_refuses_an_index_outside_the_space() -> None:
    space = make_codec("busfahrer", 4).actions
    with pytest.raises(IndexError, match="outside"):
        space.mask_of((0, len(space)))
    assert space.mask_of((0, len(space) - 1)).sum() == 2


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_an_action_space_pickles_and_looks_up_after(game: str) -> None:
    codec = make_codec(game, 3)
    state = playout_states(codec, 3)[10]
    copy = pickle.loads(pickle.dumps(codec.actions))
    legal = state.legal_actions()
    assert copy.indexer()(legal) == codec.actions.indices_of(legal)
    assert (copy._lookup is None) == (codec.actions._lookup is None)


def test_the_action_space_takes_lists_as_well_as_tuples() -> None:
    space = make_codec("busfahrer", 4).actions
    legal = (space.action(0), space.action(1))
    assert space.indices_of(list(legal)) == space.indices_of(legal) == (0, 1)
    assert np.array_equal(space.mask_of_actions(list(legal)), space.mask_of([0, 1]))
