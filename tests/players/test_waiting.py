"""Games that wait for you: long turn timers (a week at most, counted from the last action, so a
restart does not give a new day), a turn-based table not closed while its players are merely away,
and the seats waiting for a player (by seat number or by token) on a real store (SQLite, and
PostgreSQL where configured)."""

from __future__ import annotations

from typing import Any

import pytest

from busbahnhof.engine import Catalog, GameError
from busbahnhof.tables import SeatSpec, TableService, TableSpec
from busbahnhof.tables.service import MIN_TURN_LEFT_SECONDS, turn_time_left
from busbahnhof.tables.waiting import waiting_for
from support.quiet_client import QuietClient
from support.services import Scenario, run_service

DAY = 86_400.0
HOUR = 3_600.0


def two_humans(turn_seconds: float | None = DAY, **more: Any) -> TableSpec:
    seats = (SeatSpec("Anna"), SeatSpec("Ben"))
    return TableSpec("busfahrer", seats=seats, seed=9, think_seconds=0, turn_seconds=turn_seconds, **more)


def run(db: str, scenario: Scenario, clock: list[float]) -> Any:
    return run_service(db, scenario, sweep_seconds=3600, wall_clock=lambda: clock[0])


@pytest.fixture
def db(database_url: str) -> str:
    """A fresh SQLite file, and a fresh PostgreSQL database where one is configured."""
    return database_url


def test_a_turn_timer_takes_up_to_a_week(db: str) -> None:
    async def scenario(service: TableService) -> None:
        assert (await service.create(two_humans(7 * DAY))).table_id
        with pytest.raises(GameError) as refused:
            await service.create(two_humans(7 * DAY + 1))
        assert refused.value.key == "table.error.turn_seconds"
        text = Catalog(("busbahnhof.tables", "busbahnhof.engine"), "de").error_text(refused.value)
        assert "1 Sekunde bis 7 Tage" in text, text

    run(db, scenario, [1_000_000.0])


def test_a_long_timer_counts_from_the_last_action() -> None:
    assert turn_time_left(120, 500) == 120, "a short timer starts afresh"
    assert turn_time_left(DAY, 2 * HOUR) == DAY - 2 * HOUR
    assert turn_time_left(DAY, 2 * DAY) == MIN_TURN_LEFT_SECONDS, "a player back after the time ran out"


def test_a_restart_keeps_a_long_timers_time(db: str) -> None:
    clock = [1_000_000.0]

    async def create(service: TableService) -> str:
        return (await service.create(two_humans())).table_id

    table_id = run(db, create, clock)
    clock[0] += 5 * HOUR

    async def restarted(service: TableService) -> None:
        [waiting] = await waiting_for(service, [(table_id, 0)], [])
        assert waiting.deadline == pytest.approx(1_000_000.0 + DAY, abs=2)
        assert waiting.since == pytest.approx(1_000_000.0)

    run(db, restarted, clock)


def test_the_seats_waiting_for_a_player(db: str) -> None:
    clock = [1_000_000.0]

    async def scenario(service: TableService) -> None:
        first = await service.create(two_humans())
        clock[0] += 60
        second = await service.create(two_humans(None))
        third = await service.create(two_humans())
        third_table = service.tables[third.table_id]
        result = await service.submit(
            third.table_id, third.seats[0].token, 0, str(third_table.state.legal_actions()[0])
        )
        assert result.to_dict()["ok"]
        assert third_table.state.to_move == 1, "at the third table Ben decides now"
        anna_tokens = [(created.table_id, created.seats[0].token) for created in (first, second, third)]
        waiting = await waiting_for(service, [], [*anna_tokens, ("nosuchtable", "x"), (first.table_id, "not-a-token")])
        assert [(entry.table_id, entry.seat) for entry in waiting] == [(first.table_id, 0), (second.table_id, 0)]
        assert waiting[0].deadline == pytest.approx(clock[0] + DAY, abs=2), "the loop's clock did not move"
        assert waiting[1].deadline is None and waiting[1].turn_seconds is None
        assert waiting[0].to_dict()["players"] == ["Anna", "Ben"]
        by_number = await waiting_for(service, [(third.table_id, 1), (first.table_id, 1)], [])
        assert [(entry.table_id, entry.name) for entry in by_number] == [(third.table_id, "Ben")]
        await service.pause(first.table_id, True)
        assert (first.table_id, 0) not in [(e.table_id, e.seat) for e in await waiting_for(service, [], anna_tokens)]

    run(db, scenario, clock)


def test_a_turn_based_table_is_not_closed_while_its_players_are_away(db: str) -> None:
    clock = [1_000_000.0]

    async def scenario(service: TableService) -> None:
        spec = two_humans(abandon_seconds=HOUR)
        assert spec.abandon_after == 2 * DAY
        assert two_humans(60, abandon_seconds=HOUR).abandon_after == HOUR
        created = await service.create(spec)
        clock[0] += DAY
        assert await service.sweep() == [], "a day away with a day's timer: merely away"
        clock[0] += DAY + 1
        assert await service.sweep() == [created.table_id]

    run(db, scenario, clock)


def test_a_seat_a_bot_plays_for_is_listed_apart(db: str) -> None:
    async def scenario(service: TableService) -> None:
        created = await service.create(two_humans())
        anna, ben = (ticket.token for ticket in created.seats)
        await service.leave(await service.connect(created.table_id, anna, QuietClient()))
        [entry] = await waiting_for(service, [], [(created.table_id, anna)])
        assert entry.bot_plays and entry.deadline is None
        assert [e.bot_plays for e in await waiting_for(service, [], [(created.table_id, ben)])] in ([], [False])

    run(db, scenario, [1_000_000.0])
