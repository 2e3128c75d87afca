"""Group commit of the table service's actions: the actions of several tables in one transaction.

Every accepted action must be durable before its player gets the ``result`` and the table its
broadcast, so each waits for a commit.  One commit (and one hand-off to the store's thread and
back) per action costs the serving process CPU for every action; here the actions that arrive
while a commit is in flight wait together and go to the store as one batch
(:meth:`~busbahnhof.tables.ports.TableStore.append_actions`): an idle server commits each action
at once (no added latency), a busy one commits many per transaction.

The store skips an action whose version another process took first and reports ``False`` for it
alone (its caller catches up and refuses); a batch whose transaction fails (stored nothing) is
written again action by action, so an error reaches only the action that causes it.  A waiter's
answer is set only after the commit returned: a process that dies mid-batch has acknowledged
nothing of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from .ports import ActionRow

Outcome = bool | Exception
"""Per action: stored (``True``), its version taken (``False``), or the error that refused it."""

RunInStore = Callable[..., Awaitable[Any]]
"""Runs a store call where store calls run (the service's store thread, or the loop)."""


class ActionCommits:
    """Commits actions through ``write`` (the store's ``append_actions``), run by ``run``; one
    batch at a time, the actions that came meanwhile in the next.  With ``write_at_once`` (the
    store's ``try_append_actions``) an action that finds no batch in flight is first offered
    to the store on the event loop itself, where a store that can commit without waiting (an
    SQLite file whose write lock is free) does so: no hand-off to a thread and back."""

    def __init__(
        self,
        write: Callable[[list[ActionRow]], list[bool]],
        run: RunInStore,
        write_at_once: Callable[[list[ActionRow]], list[bool] | None] | None = None,
    ) -> None:
        self._write = write
        self._run = run
        self._write_at_once = write_at_once
        self._waiting: list[tuple[ActionRow, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, row: ActionRow) -> bool:
        """Commit ``row``; ``False`` if its version exists already.  At most one action per table
        may wait at a time (the table's lock sees to it).

        Raises:
            The store's error if this action could not be stored.
        """
        if self._write_at_once is not None and self._writer is None:
            stored = self._write_at_once([row])
            if stored is not None:
                return stored[0]
        loop = asyncio.get_running_loop()
        future: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((row, future))
        if self._writer is None:
            self._writer = loop.create_task(self._write_waiting())
        return await future

    async def close(self) -> None:
        """Wait until every action handed in is committed (or refused)."""
        while self._writer is not None:
            await asyncio.shield(self._writer)

    async def _write_waiting(self) -> None:
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    outcomes = await self._run(self._write_batch, [row for row, _ in batch])
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
    def _refuse(waiting: list[tuple[ActionRow, asyncio.Future[bool]]], error: BaseException) -> None:
        for _, future in waiting:
            if future.done():
                continue
            if isinstance(error, asyncio.CancelledError):
                future.cancel()
            else:
                future.set_exception(error)

    def _write_batch(self, rows: list[ActionRow]) -> list[Outcome]:
        """In the store's thread: the batch in one transaction; if that fails, each action alone."""
        try:
            return list(self._write(rows))
        except Exception as error:
            if len(rows) == 1:
                return [error]
        return [self._write_one(row) for row in rows]

    def _write_one(self, row: ActionRow) -> Outcome:
        try:
            return self._write([row])[0]
        except Exception as error:
            return error
