"""Golden ISMCTS searches of Busfaktor: the speed work on search (docs/bench.md, "Search speed")
must not change what the search does, so the root statistics of a few searches are pinned.

Each case runs 40 iterations at a 4-player mid-game decision and digests every root child's
key, visits, availability and reward: a change to determinize, the tree walk, the legal lists,
the rules or the rollouts (``play_out``) changes the digest.  ``Rng`` replays alike on CPython
3.11 to 3.13, so the digests do too.
"""

from __future__ import annotations

import hashlib

import pytest

from busbahnhof.bots.ismcts import IsmctsBot, Node
from busbahnhof.engine import Rng
from support.positions import midgame

# (steps into the game, seed of the game, the decision, sha256 of the root's statistics), as
# main at b648206 searched, before the fourth round of Busfaktor speed work
GOLDEN = [
    (30, 4, "ziehe aktion", "e20254c2647606fc33dba5119e68907c1810830925614dd14d942c963d78e3c3"),
    (60, 5, "lege 40 an 0 als Betrieb", "98f2404cc8df84ab5dda2d273df71b78a5808f15e8d85a6c52d40be0b492a3c7"),
    (95, 6, "spiele 67 an 15 als Daten", "040dd9bff7929296135d12adcc0d6248b48a58b6db61fad591735192c541d859"),
]


def _search(steps: int, seed: int) -> tuple[str, str]:
    state = midgame("busfaktor", 4, steps, seed)
    seat = state.to_move
    assert seat is not None
    bot, rng, root = IsmctsBot(40), Rng(seed), Node()
    for _ in range(bot.iterations):
        bot._iterate(root, state.determinize(seat, rng), rng)
    stats = sorted((key, child.visits, child.available, round(child.reward, 9)) for key, child in root.children.items())
    return str(IsmctsBot(40).choose(state, seat, Rng(seed))), hashlib.sha256(repr(stats).encode()).hexdigest()


@pytest.mark.parametrize(("steps", "seed", "decision", "digest"), GOLDEN)
def test_the_search_of_a_busfaktor_decision_is_unchanged(steps: int, seed: int, decision: str, digest: str) -> None:
    assert _search(steps, seed) == (decision, digest)
