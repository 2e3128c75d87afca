"""``/api/tables``: create a table, list tables, a table's facts, a finished game's record and
its positions move by move, a re-issued seat token, and the rematch of a finished game."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from ....engine import GameError, InvalidOptionError, game_class
from ....players.names import display_name
from ....tables import DEFAULT_THINK_SECONDS, SeatSpec, TableSpec
from ....tables.decks import MAX_DECK_BYTES
from ...errors import NotFinishedError, error_data, http_status
from ...positions import positions, static_view
from ..deps import LangDep, ServiceDep, SettingsDep
from ..lobby_deps import LobbyDep
from ..players_deps import PlayersDep
from ..seating import claim_for_account, claimed, name_at_seat, owner_field, seating_account
from .games import known

router = APIRouter(prefix="/api/tables", tags=["tables"])

MAX_SEATS = 8
NAME_LENGTH = 40


class SeatIn(BaseModel):
    """A seat as the creator asks for it: a human seat (no ``bot``) or a bot seat."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(None, max_length=NAME_LENGTH)
    bot: str | None = Field(None, max_length=NAME_LENGTH)


class TableIn(BaseModel):
    """A new table: the game, its rule options (or a preset), the seats, the clocks, whether
    players may ask for hints (``hints``; off for a table meant to be rated), whether strangers
    find it in the public lobby (``public``: its first human seat is the creator's, taken at once).

    ``deck_text`` is the content of a deck file (games with a deck); a table never opens a
    file named by its creator.
    """

    model_config = ConfigDict(extra="forbid")

    game: str = Field(max_length=NAME_LENGTH)
    preset: str | None = Field(None, max_length=NAME_LENGTH)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] = Field(min_length=1, max_length=MAX_SEATS)
    seed: int | None = None
    deck_text: str | None = Field(None, max_length=MAX_DECK_BYTES)
    turn_seconds: float | None = None
    zombie_bot: str | None = Field(None, max_length=NAME_LENGTH)
    think_seconds: float = DEFAULT_THINK_SECONDS
    abandon_seconds: float | None = 3600.0
    hints: bool = True
    public: bool = False

    def spec(self) -> TableSpec:
        """The table service's spec: the preset's options, then the given ones."""
        options = dict(self.options)
        if self.preset is not None:
            game_type = game_class(known(self.game))
            if self.preset not in game_type.presets:
                raise InvalidOptionError(
                    f"{game_type.title} has no preset {self.preset!r}; presets: {', '.join(game_type.presets)}"
                )
            options = {**game_type.presets[self.preset], **options}
        return TableSpec(
            game=self.game,
            options=options,
            seats=tuple(SeatSpec(name=seat_name(seat), bot=seat.bot) for seat in self.seats),
            seed=self.seed,
            deck_text=self.deck_text,
            turn_seconds=self.turn_seconds,
            zombie_bot=self.zombie_bot,
            think_seconds=self.think_seconds,
            abandon_seconds=self.abandon_seconds,
            hints=self.hints,
            public=self.public,
        )


def seat_name(seat: SeatIn) -> str | None:
    """A human seat's chosen name as a checked display name (``None``: the default name); a bot
    seat's name as given."""
    if seat.name is None or seat.bot is not None:
        return seat.name
    return display_name(seat.name)


class CreatorIn(BaseModel):
    """Proof of being the table's creator."""

    model_config = ConfigDict(extra="forbid")

    creator_token: str = Field(max_length=100)


class TokenIn(BaseModel):
    """A seat's token (or the creator's): who asks."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)


@router.post("", status_code=201, response_model=None)
async def create_table(
    body: TableIn, request: Request, service: ServiceDep, lobby: LobbyDep, players: PlayersDep, lang: LangDep
) -> dict[str, Any] | JSONResponse:
    """Open a table: its id, room code, the creator's token, and a token and join link per human seat;
    with several processes ``node``, the address of this one, which serves the table.

    A public table's host sits at its first human seat at once: a logged-in host (session cookie
    and CSRF token) under the account's display name, the seat claimed for the account
    (``account_seat``, :mod:`..seating`).  At a private table the creator's seat is the one whose
    link they open (claimed then, over the WebSocket).

    A refusal's text comes from the game's catalog too, so an uploaded deck's problems are named
    card by card in the request's language.
    """
    known(body.game)
    account = await seating_account(players, request.cookies, request.headers) if body.public else None
    try:
        spec = body.spec()
        host = next((seat.name for seat in spec.seats if seat.bot is None), None)
        if spec.public:
            created = await lobby.open_table(spec, name_at_seat(account, host), lang)
        else:
            created = await service.create(spec, lang)
    except GameError as error:
        return JSONResponse({"error": error_data(error, lang, body.game)}, status_code=http_status(error))
    host_ticket = min(created.seats, key=lambda ticket: ticket.seat) if account else None
    answer = await claim_for_account(players, account, created.table_id, host_ticket.token) if host_ticket else None
    table = await service.info(created.table_id)
    return {**created.to_dict(), "table": table, **claimed(answer), **await owner_field(service, created.table_id)}


@router.get("")
async def list_tables(
    service: ServiceDep,
    settings: SettingsDep,
    status: Literal["open", "finished", "closed"] | None = None,
    limit: Annotated[int, Query(ge=1, le=1000)] = 100,
) -> list[dict[str, Any]]:
    """Stored tables, newest first (``status`` filters): public facts only."""
    return await service.list_tables(status, min(limit, settings.list_limit))


@router.get("/{table_id}")
async def get_table(table_id: str, service: ServiceDep) -> dict[str, Any]:
    """A table's public facts: game, options, seats, status, room code."""
    return await service.info(table_id)


@router.get("/{table_id}/record")
async def get_record(table_id: str, service: ServiceDep) -> dict[str, Any]:
    """The game record of a finished (or closed) table: options, players, seed, actions, seat names."""
    table = await service.table(table_id)
    require_ended(table.status)
    return await service.record(table_id)


@router.get("/{table_id}/positions")
async def get_positions(
    table_id: str,
    service: ServiceDep,
    lang: LangDep,
    start: Annotated[int, Query(ge=0)] = 0,
    count: Annotated[int | None, Query(ge=1)] = None,
) -> dict[str, Any]:
    """A finished game step by step: the spectator's view before the first action and after each one,
    with the action, its seat and the log lines it caused (``start``/``count`` select steps).  The
    parts of the view that never change (the game's ``static_keys``, e.g. Bus's board) come once
    as ``static``, left out of every step's view."""
    table = await service.table(table_id)
    require_ended(table.status)
    stop = None if count is None else start + count
    steps = await positions(service, table_id, lang, start, stop)
    return {"table_id": table.id, "steps": table.version + 1, "static": static_view(table), "positions": steps}


@router.post("/{table_id}/seats/{seat}/token")
async def reissue_token(table_id: str, seat: int, body: CreatorIn, service: ServiceDep) -> dict[str, Any]:
    """A new token and join link for a human seat (the old token stops working); the creator only."""
    ticket = await service.reissue_token(table_id, body.creator_token, seat)
    return ticket.to_dict()


@router.post("/{table_id}/rematch")
async def rematch(table_id: str, body: TokenIn, service: ServiceDep) -> dict[str, Any]:
    """The follow-up table of a finished game (same game, options, deck, seats; a fresh seed), opened
    by the first request and the same for every later one.  Every client at the finished table is
    offered it over its WebSocket (``rematch`` message) with its own seat link; the answer is the
    asker's offer: ``{"table_id", "code", "seat", "token", "link"}``."""
    offer = await service.rematch(table_id, body.token)
    return offer.to_dict()


def require_ended(status: str) -> None:
    """Refuse a record or replay of a table that is still open."""
    if status == "open":
        raise NotFinishedError("the table is still being played", key="server.error.not_finished")
