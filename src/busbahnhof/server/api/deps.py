"""What the routes share: the table service and settings of the running app, the client's language.

The dependencies are coroutines: FastAPI runs a plain function dependency in a worker thread,
one thread hand-off per dependency and request (measurable under load: docs/deploy.md).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Query, Request

from ...engine import LANGUAGES
from ...tables import TableService
from ..config import Settings

DEFAULT_LANG = "de"


async def get_service(request: Request) -> TableService:
    """The app's table service (started in the app's lifespan)."""
    service: TableService = request.app.state.service
    return service


async def get_settings(request: Request) -> Settings:
    """The app's settings."""
    settings: Settings = request.app.state.settings
    return settings


def pick_lang(requested: str | None, accept_language: str | None = None) -> str:
    """``requested`` if it is a supported language, else the first supported one the client accepts, else German."""
    if requested in LANGUAGES:
        return requested
    for part in (accept_language or "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANG


async def get_lang(
    request: Request, lang: Annotated[str | None, Query(max_length=5, description="de or en")] = None
) -> str:
    """The language of answers: ``?lang=``, else the ``Accept-Language`` header, else German."""
    return pick_lang(lang, request.headers.get("accept-language"))


ServiceDep = Annotated[TableService, Depends(get_service)]
SettingsDep = Annotated[Settings, Depends(get_settings)]
LangDep = Annotated[str, Depends(get_lang)]
