"""The public lobby and the chat of the running app: made in the app's lifespan on its store and
table service (``app.state.lobby``, ``app.state.chat``), and the routes' dependencies on them."""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, FastAPI, Request

from ...store import LobbyStore, Store
from ...tables import TableService
from ...tables.chat import Chat
from ...tables.lobby import Lobby


async def open_lobby(app: FastAPI, store: Store, service: TableService) -> None:
    """Make the lobby and the chat on ``store``'s database and start keeping the lobby's listing."""
    listings = LobbyStore(store.engine)
    app.state.lobby = Lobby(service, listings, store)
    app.state.chat = Chat(service, listings)
    await app.state.lobby.start()


async def close_lobby(app: FastAPI) -> None:
    """Stop the lobby's watch; wait for the chat messages being stored."""
    await app.state.lobby.stop()
    await app.state.chat.close()


async def get_lobby(request: Request) -> Lobby:
    """The app's public lobby."""
    lobby: Lobby = request.app.state.lobby
    return lobby


async def get_chat(request: Request) -> Chat:
    """The app's chat."""
    chat: Chat = request.app.state.chat
    return chat


LobbyDep = Annotated[Lobby, Depends(get_lobby)]
ChatDep = Annotated[Chat, Depends(get_chat)]
