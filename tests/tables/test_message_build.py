"""The cheaper message build of issue 27 gives the same messages as the plain one.

* A view kept as its entries encoded one by one (``seat_view_parts``) patches exactly as
  :func:`busbahnhof.tables.delta.diff` of the decoded views does (``parts_patch``), on random
  view-shaped JSON (Hypothesis).
* ``State.dynamic_view`` is ``Game.without_static`` of the view's state, ``view(state=False)`` the
  view without it, and a game with ``public_view`` shows every seat the same state, at every
  position of random games of every game; a table of such a game builds that state once per
  version for all its seats and sends the same messages as when it built it per seat.
* Log lines are rendered once per language and seat names and kept with the table: every client
  of that language gets the same entries a fresh rendering gives, and a client of the other
  language its own.
"""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from busbahnhof.engine import Catalog, Event, State, game_ids, load_game
from busbahnhof.tables.delta import diff
from busbahnhof.tables.messages import Broadcast, LogCursor, new_log, parts_patch, static_part, table_catalog
from busbahnhof.tables.spec import TableSpec
from busbahnhof.tables.table import Seat, Table

leaves = st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=2)
values = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=2), inner, max_size=4),
    max_leaves=20,
)
views = st.dictionaries(st.sampled_from(["a", "b", "c", "d", "e"]), values, max_size=5)


def encoded(view: dict[str, Any]) -> dict[str, bytes]:
    """``view`` encoded the way ``seat_view_parts`` keeps it: each entry on its own."""
    return {key: orjson.dumps(value) for key, value in view.items()}


@settings(max_examples=400, deadline=None)
@given(views, views)
def test_the_patch_of_encoded_entries_is_the_patch_of_the_views(old: dict[str, Any], new: dict[str, Any]) -> None:
    assert parts_patch(encoded(old), encoded(new)) == diff(old, new)


def played_table(game_id: str, players: int, moves: int) -> Table:
    game = load_game(game_id)
    table = Table(
        id="t",
        code="c",
        spec=TableSpec(game=game_id),
        options={},
        game=game,
        state=game.new_state(players, 7),
        seats=[Seat(name=f"Spieler {n}") for n in range(players)],
        creator_hash="x",
        created_at=0.0,
    )
    rng = random.Random(7)
    for _ in range(moves):
        if table.state.is_over:
            break
        table.state.apply(rng.choice(table.state.legal_actions()), seat=table.state.to_move)
        if table.state.log and len(table.state.log) % 5 == 0:
            table.log_event("table.back", seat=0)  # table events between the game's
    return table


def fresh_lines(table: Table, catalog: Catalog) -> list[dict[str, Any]]:
    """Every log entry rendered anew, in the order ``new_log`` merges them."""
    lines: list[dict[str, Any]] = []
    events = iter(table.events)
    pending = next(events, None)
    for index, event in enumerate(table.state.log):
        while pending is not None and pending.after <= index:
            lines.append({**pending.event.to_dict(), "source": "table", "text": catalog.render(pending.event)})
            pending = next(events, None)
        lines.append({**event.to_dict(), "source": "game", "text": catalog.render(event)})
    while pending is not None:
        lines.append({**pending.event.to_dict(), "source": "table", "text": catalog.render(pending.event)})
        pending = next(events, None)
    return lines


def test_log_lines_are_rendered_once_per_language_and_read_as_rendered_anew(monkeypatch: Any) -> None:
    table = played_table("bus", 3, 40)
    german, english = table_catalog(table, "de"), table_catalog(table, "en")
    expected = fresh_lines(table, german)
    rendered: list[str] = []
    render = german.render

    def counted(event: Event) -> str:
        rendered.append(event.key)
        return render(event)

    monkeypatch.setattr(german, "render", counted)
    first = orjson.loads(orjson.dumps(new_log(table, LogCursor(), german)))
    second = orjson.loads(orjson.dumps(new_log(table, LogCursor(), german)))  # another client, same language
    assert first == second == expected
    assert len(rendered) == len(expected)  # each line once, not once per client
    assert orjson.loads(orjson.dumps(new_log(table, LogCursor(), english))) == fresh_lines(table, english)
    assert fresh_lines(table, english) != expected


def test_a_cursor_gets_only_the_lines_after_it() -> None:
    table = played_table("busfahrer", 4, 30)
    catalog = table_catalog(table, "de")
    cursor = LogCursor()
    before = orjson.loads(orjson.dumps(new_log(table, cursor, catalog)))
    table.state.apply(table.state.legal_actions()[0], seat=table.state.to_move)
    after = orjson.loads(orjson.dumps(new_log(table, cursor, catalog)))
    assert before + after == fresh_lines(table, catalog)
    assert orjson.loads(orjson.dumps(new_log(table, cursor, catalog))) == []


def test_dynamic_views_leave_out_the_static_parts_and_public_views_are_the_same_for_every_seat() -> None:
    for game_id in game_ids():
        game = load_game(game_id)
        for seed in range(3):
            state = game.new_state(game.min_players + 1, seed)
            rng = random.Random(seed)
            while True:
                for seat in [None, *range(state.players)]:
                    whole = state.view(seat, log=False)
                    assert state.view(seat, log=False, state=False) == {k: v for k, v in whole.items() if k != "state"}
                    assert state.dynamic_view(seat) == game.without_static(whole["state"]), (game_id, seed, seat)
                    if game.public_view:
                        assert whole["state"] == state.view(None, log=False)["state"], (game_id, seed, seat)
                if state.is_over:
                    break
                state.apply(rng.choice(state.legal_actions()), seat=state.to_move)


def test_static_parts_are_the_same_at_every_table_of_a_game_and_built_once_per_game() -> None:
    """``Game.static_keys``: whatever the seed, seat count, seat and position; so a table server
    keeps them per built game (``static_part``)."""
    for game_id in game_ids():
        game = load_game(game_id)
        seen = set()
        for players in range(game.min_players, game.max_players + 1):
            for seed in range(3):
                state = game.new_state(players, seed)
                rng = random.Random(seed)
                for _ in range(rng.randrange(40)):
                    if state.is_over:
                        break
                    state.apply(rng.choice(state.legal_actions()), seat=state.to_move)
                for seat in [None, *range(players)]:
                    static = game.split_static(state.view(seat, log=False)["state"])[0]
                    seen.add(orjson.dumps(static, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS))
        assert len(seen) == 1, game_id
    one, two = played_table("bus", 3, 5), played_table("bus", 4, 30)
    two.game = one.game
    assert static_part(one, 0) is static_part(two, None) is not None


@pytest.mark.parametrize(("game_id", "players"), [("bus", 3), ("busfahrer", 4)])
def test_a_public_view_is_built_once_per_version_and_sends_what_one_per_seat_would(
    game_id: str, players: int, monkeypatch: Any
) -> None:
    def messages(table: Table) -> tuple[list[bytes], int]:
        """Every message of up to 60 versions to three seats in two languages, and the versions."""
        clients = [(seat, lang, LogCursor(deltas=True)) for seat in (0, None, 1) for lang in ("de", "en")]
        sent: list[bytes] = []
        rng = random.Random(5)
        versions = 0
        while versions < 60:
            broadcast = Broadcast(table, 0.0)
            for client in clients:
                sent.append(orjson.dumps(orjson.loads(broadcast.message(*client)), option=orjson.OPT_SORT_KEYS))
            versions += 1
            if table.state.is_over:
                break
            table.state.apply(rng.choice(table.state.legal_actions()), seat=table.state.to_move)
            table.version += 1
        return sent, versions

    table = played_table(game_id, players, 0)
    built: list[int | None] = []
    dynamic_view = type(table.state).dynamic_view

    def counted(state: State[Any], seat: int | None) -> dict[str, Any]:
        built.append(seat)
        return dynamic_view(state, seat)

    monkeypatch.setattr(type(table.state), "dynamic_view", counted)
    shared, versions = messages(table)
    assert len(built) == versions  # once per version, not once per seat
    monkeypatch.setattr(type(table.game), "public_view", False)
    assert messages(played_table(game_id, players, 0)) == (shared, versions)
    assert len(built) == versions + 3 * versions
