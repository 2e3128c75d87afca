"""The workbench (issue 28): ``/api/workbench/...`` — decks of accounts, versions, diffs, sharing,
checks, print, playtest tables and their feedback.

Reading a deck needs the owner's session cookie or the deck's share token (``?share=``); every
POST that a session cookie authenticates carries the session's CSRF token and a JSON body
(:func:`..players_deps.cookie_session`).  A private deck of another account and a guessed id get
the same 404.  Checking a deck (``POST /api/workbench/check``) changes nothing and needs no
account, so a guest can edit the default deck, check and export it.  Handlers are plain
functions (FastAPI's thread pool), except those that open a table on the async table service.
"""

from __future__ import annotations

import asyncio
import re
from functools import cache
from importlib import resources
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from ....engine.userfiles import EmbeddedFile
from ....games.busfaktor.deck import load_deck
from ....games.busfaktor.printing import deck_document
from ....jobs import JobQueue
from ....tables import hash_token
from ....tables.spec import SeatSpec, TableSpec
from ....workbench import (
    MAX_DECK_BYTES,
    Reader,
    Workbench,
    WorkbenchStore,
    builtin_text,
    check_document,
    check_text,
    document_of,
)
from ....workbench.balance import BOTS, MAX_GAMES
from ....workbench.balance_runs import BalanceRuns
from ....workbench.decks import NAME_MAX, NOTE_MAX, checked_document
from ....workbench.document import merged_text
from ....workbench.errors import UnknownDeckError, WorkbenchError
from ....workbench.feedback import COMMENT_MAX, CONFUSING_MAX, Playtests, card_names, summary
from ..deps import LangDep, ServiceDep
from ..players_deps import PlayersDep, cookie_session, require_json, session_cookie

router = APIRouter(prefix="/api/workbench", tags=["workbench"])

SHARE_MAX = 64


async def get_workbench(request: Request) -> Workbench:
    """The app's workbench service (made on the app's store when first asked for)."""
    state = request.app.state
    if not hasattr(state, "workbench"):
        state.workbench = Workbench(WorkbenchStore(state.store.engine))
    bench: Workbench = state.workbench
    return bench


BenchDep = Annotated[Workbench, Depends(get_workbench)]
ShareQuery = Annotated[str | None, Query(max_length=SHARE_MAX)]


def reader_of(request: Request, players: PlayersDep, share: ShareQuery = None) -> Reader:
    """Who reads: the session's account (if any) and the share token of the link (``?share=``, if any)."""
    session = players.accounts.session(session_cookie(request))
    return Reader(player_id=session.player_id if session else None, share_token=share or None)


ReaderDep = Annotated[Reader, Depends(reader_of)]


class CreateIn(BaseModel):
    """A new deck: a built-in deck's copy, or an imported file's text (kept byte for byte)."""

    model_config = ConfigDict(extra="forbid")

    source: Literal["standard", "mini", "upload"] = "standard"
    text: str | None = Field(None, max_length=MAX_DECK_BYTES * 2)
    name: str | None = Field(None, max_length=NAME_MAX)


class DocumentIn(BaseModel):
    """An edited document (``{deck, cards}``, see :mod:`busbahnhof.workbench.document`) or a file's text."""

    model_config = ConfigDict(extra="forbid")

    document: dict[str, Any] | None = None
    text: str | None = Field(None, max_length=MAX_DECK_BYTES * 2)
    base_text: str | None = Field(None, max_length=MAX_DECK_BYTES * 2)


class SaveIn(BaseModel):
    """A save: the document edited from version ``base`` (or an imported file's text), with a note."""

    model_config = ConfigDict(extra="forbid")

    base: int = Field(ge=1)
    document: dict[str, Any] | None = None
    text: str | None = Field(None, max_length=MAX_DECK_BYTES * 2)
    note: str = Field("", max_length=NOTE_MAX)


class ShareIn(BaseModel):
    """Share by link (``on``) or make private again."""

    model_config = ConfigDict(extra="forbid")

    on: bool


class PlaytestIn(BaseModel):
    """A playtest table: ``players`` seats (2-4, §1), the first the designer's, ``bots`` of the
    others played by the bot ``bot``, the rest free for invited testers."""

    model_config = ConfigDict(extra="forbid")

    players: int = Field(3, ge=2, le=4)
    bots: int = Field(0, ge=0, le=3)
    bot: Literal["random", "heuristik", "ismcts"] = "heuristik"


class FeedbackIn(BaseModel):
    """A tester's answer after a playtest game; ``token`` is their seat's token."""

    model_config = ConfigDict(extra="forbid")

    token: str = Field(max_length=100)
    fun: int
    length: Literal["too_short", "right", "too_long"]
    confusing: list[str] = Field(default_factory=list, max_length=CONFUSING_MAX)
    comment: str = Field("", max_length=COMMENT_MAX)


@router.get("/builtin/{name}")
def builtin(name: Literal["standard", "mini"], lang: LangDep) -> dict[str, Any]:
    """A built-in deck as the editor opens it: ``{"text", "document", "check"}``."""
    text = builtin_text(name)
    return {"text": text, "document": document_of(text), "check": check_text(text, lang)}


@router.post("/check")
def check(body: DocumentIn, request: Request, lang: LangDep) -> dict[str, Any]:
    """The validator's verdict on the editor's document or on a file's text (nothing is stored):
    problems at card and field with their rule, warnings."""
    require_json(request)
    if body.text is not None:
        return check_text(body.text, lang)
    if body.document is None:
        raise WorkbenchError("give a document or a text", key="workbench.error.not_a_document", detail="empty")
    return check_document(checked_document(body.document), lang)


@router.post("/export")
def export(body: DocumentIn, request: Request) -> Response:
    """The deck file of the editor's document written into ``base_text`` (comments kept): what a
    guest downloads (nothing is stored)."""
    require_json(request)
    if body.document is None:
        raise WorkbenchError("give a document", key="workbench.error.not_a_document", detail="empty")
    text = merged_text(body.base_text or "", checked_document(body.document))
    return Response(text, media_type="application/toml; charset=utf-8")


@router.get("/decks")
def my_decks(request: Request, players: PlayersDep, bench: BenchDep) -> dict[str, Any]:
    """The logged-in account's decks (401 without a session)."""
    session = players.accounts.session(session_cookie(request))
    if session is None:
        return {"logged_in": False, "decks": []}
    return {"logged_in": True, "decks": bench.decks_of(session.player_id)}


@router.post("/decks", status_code=201)
def create_deck(body: CreateIn, request: Request, players: PlayersDep, bench: BenchDep) -> dict[str, Any]:
    """A new deck of the account: a built-in deck's copy or an imported file (version 1)."""
    require_json(request)
    session = cookie_session(request, players)
    text = body.text if body.source == "upload" else builtin_text(body.source)
    if text is None:
        raise WorkbenchError("an upload needs the file's text", key="workbench.error.not_a_document", detail="text")
    return bench.create(session.player_id, text, body.name)


@router.get("/decks/{deck_id}")
def deck_summary(deck_id: str, reader: ReaderDep, bench: BenchDep) -> dict[str, Any]:
    """The deck and its versions (owner, or the share link's reader)."""
    return bench.summary(deck_id, reader)


@router.get("/decks/{deck_id}/versions/{number}")
def version(deck_id: str, number: int, reader: ReaderDep, bench: BenchDep, lang: LangDep) -> dict[str, Any]:
    """A version as the editor opens it: ``{"number", "note", "valid", "document", "check", "text"}``."""
    row = bench.version(deck_id, number, reader)
    return {**bench.editable(deck_id, number, reader, lang), "text": row["text"]}


@router.get("/decks/{deck_id}/versions/{number}/toml")
def version_file(deck_id: str, number: int, reader: ReaderDep, bench: BenchDep) -> Response:
    """The version's deck file, byte for byte, as a download."""
    row = bench.version(deck_id, number, reader)
    headers = {"Content-Disposition": f'attachment; filename="deck-v{number}.toml"'}
    return Response(row["text"], media_type="application/toml; charset=utf-8", headers=headers)


@router.get("/decks/{deck_id}/versions/{number}/pdf")
def version_pdf(deck_id: str, number: int, reader: ReaderDep, bench: BenchDep, lang: LangDep) -> Response:
    """The print-and-play PDF of a valid version (``busbahnhof deck print``), in ``lang``."""
    text = bench.playable(deck_id, number, reader)
    deck = load_deck(EmbeddedFile.of(f"deck-v{number}.toml", text))
    pdf, _ = deck_document(deck, lang)
    headers = {"Content-Disposition": f'inline; filename="deck-v{number}-{lang}.pdf"'}
    return Response(bytes(pdf.output()), media_type="application/pdf", headers=headers)


@router.post("/decks/{deck_id}/versions", status_code=201)
def save_version(deck_id: str, body: SaveIn, request: Request, players: PlayersDep, bench: BenchDep) -> dict[str, Any]:
    """Save the next version (never overwriting one): an edited document or an imported file."""
    require_json(request)
    session = cookie_session(request, players)
    if body.text is not None:
        return bench.save_text(deck_id, session.player_id, body.text, body.note)
    if body.document is None:
        raise WorkbenchError("give a document or a text", key="workbench.error.not_a_document", detail="empty")
    return bench.save(deck_id, session.player_id, body.base, body.document, body.note)


@router.get("/decks/{deck_id}/diff")
def diff(
    deck_id: str,
    reader: ReaderDep,
    bench: BenchDep,
    old: Annotated[int, Query(ge=1)],
    new: Annotated[int, Query(ge=1)],
) -> dict[str, Any]:
    """What changed from version ``old`` to ``new``: cards added, removed, changed field by field."""
    return bench.diff(deck_id, old, new, reader)


@router.post("/decks/{deck_id}/share")
def share_deck(deck_id: str, body: ShareIn, request: Request, players: PlayersDep, bench: BenchDep) -> dict[str, Any]:
    """Share the deck by a link with a new secret (``on``), or make it private again."""
    require_json(request)
    session = cookie_session(request, players)
    return {"share_token": bench.share(deck_id, session.player_id, body.on)}


@router.get("/shared/{token}")
def shared(token: str, bench: BenchDep) -> dict[str, Any]:
    """The deck a share link opens (read-only)."""
    return bench.shared(token[:SHARE_MAX])


@router.post("/shared/{token}/copy", status_code=201)
def copy_shared(
    token: str, request: Request, players: PlayersDep, bench: BenchDep, number: Annotated[int, Query(ge=1)]
) -> dict[str, Any]:
    """A copy of a shared deck's version as a new deck of the logged-in account."""
    session = cookie_session(request, players)
    deck = bench.shared(token[:SHARE_MAX])
    return bench.copy(deck["id"], number, Reader(share_token=token[:SHARE_MAX]), session.player_id)


# -- playtests --------------------------------------------------------------------------------


def playtests_of(bench: Workbench) -> Playtests:
    """The playtests service on the workbench's store."""
    return Playtests(bench.store)


@router.post("/decks/{deck_id}/versions/{number}/playtest", status_code=201)
async def open_playtest(
    deck_id: str,
    number: int,
    body: PlaytestIn,
    request: Request,
    players: PlayersDep,
    bench: BenchDep,
    service: ServiceDep,
    lang: LangDep,
) -> dict[str, Any]:
    """A table playing this version (the owner opens it): the create-table answer (room code, seat
    tokens and links) with the deck and version it plays."""
    require_json(request)
    session = await asyncio.to_thread(cookie_session, request, players)
    text = await asyncio.to_thread(bench.playable, deck_id, number, Reader(player_id=session.player_id))
    bots = min(body.bots, body.players - 1)
    seats = [SeatSpec(name=session.display_name)]
    seats += [SeatSpec() for _ in range(body.players - 1 - bots)]
    seats += [SeatSpec(bot=body.bot) for _ in range(bots)]
    created = await service.create(TableSpec(game="busfaktor", seats=tuple(seats), deck_text=text, lang=lang), lang)
    await asyncio.to_thread(playtests_of(bench).opened, created.table_id, deck_id, number)
    return {**created.to_dict(), "deck_id": deck_id, "version": number, "table": await service.info(created.table_id)}


def _seat_of(table: dict[str, Any], token: str) -> int | None:
    wanted = hash_token(token)
    for index, seat in enumerate(table["seats"]):
        if seat.get("token_hash") == wanted:
            return index
    return None


@router.get("/playtests/{table_id}")
def playtest(
    table_id: str, request: Request, bench: BenchDep, token: Annotated[str, Query(max_length=100)]
) -> dict[str, Any]:
    """What a tester's feedback form needs: whether the game is over, the seat's name, the deck's
    card names to pick confusing ones from, and whether this seat answered already.  A table that
    is no playtest answers ``{"playtest": false}`` (the table page asks at every game's end)."""
    if bench.store.playtest(table_id[:32]) is None:
        return {"playtest": False, "table_id": table_id}
    table, seat, found = _tester(table_id, request, bench, token)
    names = card_names(table["deck_text"] or "")
    answered = any(
        a["table_id"] == table_id and a["seat"] == seat
        for a in bench.store.feedback_of(found["deck_id"], found["version"])
    )
    return {
        "playtest": True,
        "table_id": table_id,
        "finished": table["status"] != "open",
        "seat": seat,
        "tester": table["seats"][seat].get("name") or "",
        "cards": names,
        "answered": answered,
    }


@router.post("/playtests/{table_id}/feedback", status_code=201)
def give_feedback(table_id: str, body: FeedbackIn, request: Request, bench: BenchDep) -> dict[str, Any]:
    """A tester's answer after the game (once per seat; the seat's token proves the seat)."""
    require_json(request)
    table, seat, _ = _tester(table_id, request, bench, body.token)
    if table["status"] == "open":
        raise WorkbenchError(
            f"table {table_id} is still being played", key="workbench.error.not_finished", table=table_id
        )
    answer = body.model_dump(exclude={"token"})
    tester = table["seats"][seat].get("name") or ""
    stored = playtests_of(bench).answer(table_id, seat, tester, answer, card_names(table["deck_text"] or ""))
    if not stored:
        raise WorkbenchError("this seat has answered already", key="workbench.error.answered")
    return {"ok": True}


def _tester(table_id: str, request: Request, bench: BenchDep, token: str) -> tuple[dict[str, Any], int, dict[str, Any]]:
    """The playtest table, the seat the token opens and the playtest row (else one 404 for all)."""
    found = bench.store.playtest(table_id[:32])
    table = request.app.state.store.load_table(table_id[:32]) if found else None
    seat = _seat_of(table, token) if table else None
    if found is None or table is None or seat is None:
        raise UnknownDeckError("no playtest seat for this token", key="workbench.error.unknown_deck")
    return table, seat, found


@router.get("/decks/{deck_id}/versions/{number}/feedback")
def feedback_summary(deck_id: str, number: int, reader: ReaderDep, bench: BenchDep) -> dict[str, Any]:
    """The testers' answers for a version, summed up (fun, length, confusing cards, comments)."""
    bench.version(deck_id, number, reader)
    answers = bench.store.feedback_of(deck_id, number)
    return summary(answers, len(bench.store.playtests_of(deck_id, number)))


# -- balance ------------------------------------------------------------------------------------


class BalanceIn(BaseModel):
    """A simulation of a version: ``games`` games of ``players`` seats, every seat the bot ``bot``."""

    model_config = ConfigDict(extra="forbid")

    games: int = Field(100, ge=1, le=MAX_GAMES)
    players: int = Field(3, ge=2, le=4)
    bot: Literal["random", "heuristik", "ismcts-fast"] = "heuristik"
    seed: int = Field(1, ge=0, le=2**31)


def balance_runs(request: Request, bench: Workbench) -> BalanceRuns:
    """The balance runs on the app's job queue (the server's background workers run them)."""
    background = getattr(request.app.state, "background", None)
    queue = background.queue if background is not None else JobQueue(request.app.state.store.engine)
    return BalanceRuns(bench.store, queue)


@router.post("/decks/{deck_id}/versions/{number}/balance", status_code=201)
def start_balance(
    deck_id: str, number: int, body: BalanceIn, request: Request, players: PlayersDep, bench: BenchDep
) -> dict[str, Any]:
    """Simulate a valid version as a background job (the owner starts it); the run with its progress."""
    require_json(request)
    session = cookie_session(request, players)
    text = bench.playable(deck_id, number, Reader(player_id=session.player_id))
    return balance_runs(request, bench).start(deck_id, number, text, body.games, body.players, body.bot, body.seed)


@router.get("/decks/{deck_id}/balance")
def deck_balance(deck_id: str, request: Request, reader: ReaderDep, bench: BenchDep) -> dict[str, Any]:
    """The deck's simulations, newest first, each with its progress and (when done) its findings."""
    bench.readable(deck_id, reader)
    return {"runs": balance_runs(request, bench).runs_of(deck_id), "bots": list(BOTS), "max_games": MAX_GAMES}


def _readable_run(
    run_id: str, request: Request, reader: Reader, bench: Workbench
) -> tuple[BalanceRuns, dict[str, Any]]:
    runs = balance_runs(request, bench)
    run = runs.run(run_id)
    bench.readable(run["deck_id"], reader)
    return runs, run


@router.get("/balance/{run_id}")
def balance_run(run_id: str, request: Request, reader: ReaderDep, bench: BenchDep) -> dict[str, Any]:
    """One simulation's progress and findings."""
    runs, run = _readable_run(run_id, request, reader, bench)
    return runs.shown(run)


@router.post("/balance/{run_id}/cancel")
def cancel_balance(run_id: str, request: Request, players: PlayersDep, bench: BenchDep) -> dict[str, Any]:
    """Stop a simulation (the deck's owner)."""
    session = cookie_session(request, players)
    runs = balance_runs(request, bench)
    run = runs.run(run_id)
    bench.owned(run["deck_id"], session.player_id)
    return runs.cancel(run)


REPORT_STYLESHEET = "/api/workbench/report.css"
_STYLE = re.compile(r"<style>(.*?)</style>", re.DOTALL)


@cache
def report_css() -> str:
    """The reports' stylesheet, as the report template has it inline (its variables also on
    ``:host``, for a report shown inside the workbench's page)."""
    template = resources.files("busbahnhof.sim.report").joinpath("templates", "report.html").read_text("utf-8")
    found = _STYLE.search(template)
    # the page shows a report inside a shadow root too, where the variables' :root is its :host
    return found.group(1).replace(":root {", ":root, :host {", 1) if found else ""


def served_report(html: str) -> HTMLResponse:
    """A report as a page of this server: its inline stylesheet linked instead (the server's
    Content-Security-Policy allows styles from this origin only)."""
    return HTMLResponse(_STYLE.sub(f'<link rel="stylesheet" href="{REPORT_STYLESHEET}">', html, count=1))


@router.get("/report.css")
def report_stylesheet() -> Response:
    """The stylesheet of the simulation reports."""
    return Response(report_css(), media_type="text/css; charset=utf-8")


@router.get("/balance/{run_id}/report")
def balance_report(run_id: str, request: Request, reader: ReaderDep, bench: BenchDep, lang: LangDep) -> HTMLResponse:
    """The run's HTML report (``busbahnhof report``) in ``lang``."""
    runs, run = _readable_run(run_id, request, reader, bench)
    return served_report(runs.report_html(run, lang))


@router.get("/compare")
def compare_runs(
    request: Request,
    reader: ReaderDep,
    bench: BenchDep,
    lang: LangDep,
    first: Annotated[str, Query(max_length=32)],
    second: Annotated[str, Query(max_length=32)],
) -> HTMLResponse:
    """The compare report of two finished runs (``busbahnhof report --compare``)."""
    runs, one = _readable_run(first, request, reader, bench)
    _, other = _readable_run(second, request, reader, bench)
    return served_report(runs.compare_html(one, other, lang))
