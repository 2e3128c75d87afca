"""Group commit: rows written while a write is in flight go to the store together, in one transaction.

Every accepted action must be durable before its player gets the ``result`` and the table its
broadcast, and every chat message before it is sent, so each waits for a commit.  One commit (and
one hand-off to the store's thread and back) per row costs the serving process CPU for every
row; here the rows that arrive while a commit is in flight wait together and go to the store as
one batch: an idle server commits each row at once (no added latency), a busy one commits many
per transaction.  One :class:`GroupCommit` per kind of row, each with its own write function:
the table service's actions (:data:`ActionCommits` on
:meth:`~busbahnhof.tables.ports.TableStore.append_actions`) and the chat's messages
(``busbahnhof.tables.chat.Chat`` on ``LobbyStore.add_chats``).

The write function answers per row (an action: stored, or ``False`` if another process took its
version; a message: its id); a batch whose transaction fails (stored nothing) is written again
row by row, so an error reaches only the row that causes it.  A waiter's answer is set only
after the commit returned: a process that dies mid-batch has acknowledged nothing of it.

The write is awaited on the event loop: a store's synchronous write goes through its store thread
(:func:`in_store`), and a store with an asynchronous driver (PostgreSQL's actions,
``busbahnhof.store.loop_appends``) commits from the loop itself, without a thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from .ports import ActionRow

Row = TypeVar("Row")
Answer = TypeVar("Answer")

RunInStore = Callable[..., Awaitable[Any]]
"""Runs a store call where store calls run (the service's store thread, or the loop)."""

Write = Callable[[list[Row]], Awaitable[list[Answer]]]
"""Commits rows in one transaction (stored all, or raises having stored none); an answer per row."""


def in_store(write: Callable[[list[Row]], list[Answer]], run: RunInStore) -> Write[Row, Answer]:
    """The synchronous store call ``write``, run by ``run`` (in a store thread), as a :data:`Write`."""

    async def written(rows: list[Row]) -> list[Answer]:
        answers: list[Answer] = await run(write, rows)
        return answers

    return written


class GroupCommit(Generic[Row, Answer]):
    """Commits rows through ``write`` (one transaction for a list of rows, an answer per row); one
    batch at a time, the rows that came meanwhile in the next.  With
    ``write_at_once`` (the store's ``try_append_actions``) a row that finds no batch in flight is
    first offered to the store on the event loop itself, where a store that can commit without
    waiting (an SQLite file whose write lock is free) does so: no hand-off to a thread and back;
    ``None`` from it means nothing was stored and the row goes the usual way."""

    def __init__(
        self,
        write: Write[Row, Answer],
        write_at_once: Callable[[list[Row]], list[Answer] | None] | None = None,
    ) -> None:
        self._write = write
        self._write_at_once = write_at_once
        self._waiting: list[tuple[Row, asyncio.Future[Answer]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, row: Row) -> Answer:
        """Commit ``row``; its answer from the write function.

        Raises:
            The store's error if this row could not be stored.
        """
        if self._write_at_once is not None and self._writer is None:
            answers = self._write_at_once([row])
            if answers is not None:
                return answers[0]
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Answer] = loop.create_future()
        self._waiting.append((row, future))
        if self._writer is None:
            self._writer = loop.create_task(self._write_waiting())
        return await future

    async def close(self) -> None:
        """Wait until every row handed in is committed (or refused)."""
        while self._writer is not None:
            await asyncio.shield(self._writer)

    async def _write_waiting(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    outcomes = await self._write_batch([row for row, _ in batch])
                except BaseException as error:  # the store could not be asked (stopped, cancelled)
                    self._refuse([*batch, *self._waiting], error)
                    self._waiting = []
                    raise
                for (_, future), outcome in zip(batch, outcomes, strict=True):
                    if future.done():
                        continue
                    if isinstance(outcome, Exception):
                        future.set_exception(outcome)
                    else:
                        future.set_result(outcome)
        finally:
            self._writer = None

    @staticmethod
    def _refuse(waiting: list[tuple[Row, asyncio.Future[Answer]]], error: BaseException) -> None:
        for _, future in waiting:
            if future.done():
                continue
            if isinstance(error, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(error)

    async def _write_batch(self, rows: list[Row]) -> list[Answer | Exception]:
        """The batch in one transaction; if that fails, each row alone."""
        try:
            return list(await self._write(rows))
        except Exception as error:
            if len(rows) == 1:
                return [error]
        return [await self._write_one(row) for row in rows]

    async def _write_one(self, row: Row) -> Answer | Exception:
        try:
            return (await self._write([row]))[0]
        except Exception as error:
            return error


ActionCommits = GroupCommit[ActionRow, bool]
"""The table service's actions: ``True`` stored, ``False`` its version taken by another process.
At most one action per table waits at a time (the table's lock), so a batch never holds two
versions of one table."""
