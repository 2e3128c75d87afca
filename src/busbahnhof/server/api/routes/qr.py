"""``GET /api/qr?text=LINK``: a link of this server as a QR code (SVG, drawn by ``segno``).

The lobby shows each seat link's QR code as an image of this route, so a phone can scan it.  Only
links of this server are drawn (an absolute http(s) URL whose origin the server accepts as its own,
:func:`..security_headers.origin_allowed`, at most :data:`MAX_QR_TEXT` characters), so the route
is no QR generator for anyone's text.  The link carries a seat token: the answer is not cached,
and the access log never writes a query.
"""

from __future__ import annotations

import io
from typing import Annotated
from urllib.parse import urlsplit

import segno
from fastapi import APIRouter, Query, Request, Response

from ...config import Settings
from ...errors import ServerError
from ...security_headers import origin_allowed

router = APIRouter(tags=["links"])

MAX_QR_TEXT = 512
"""A seat link is under 100 characters; room for a long host name, and still a small code."""
QR_ERROR_LEVEL = "m"
"""Error correction level M (15 %): reads well from a phone screen held at an angle."""
QR_BORDER = 4
"""The quiet zone the standard asks for, in modules."""


@router.get("/api/qr")
async def qr_code(request: Request, text: Annotated[str, Query()]) -> Response:
    """The QR code of ``text``, a link of this server, as ``image/svg+xml`` (black on white, scalable)."""
    settings: Settings = request.app.state.settings
    if not link_of_this_server(text, request, settings.allowed_origins):
        raise ServerError(
            "QR codes are only drawn for links of this server", key="server.error.qr_foreign", limit=MAX_QR_TEXT
        )
    out = io.BytesIO()
    code = segno.make(text, error=QR_ERROR_LEVEL, boost_error=False)
    code.save(out, kind="svg", border=QR_BORDER, light="#fff", dark="#000", omitsize=True, xmldecl=False)
    return Response(out.getvalue(), media_type="image/svg+xml", headers={"Cache-Control": "no-store"})


def link_of_this_server(text: str, request: Request, allowed: list[str]) -> bool:
    """Whether ``text`` is a short absolute link to this server (by the rules of its allowed origins)."""
    if len(text) > MAX_QR_TEXT or any(ord(char) < 0x21 for char in text):
        return False
    try:
        parts = urlsplit(text)
    except ValueError:
        return False
    if parts.scheme not in ("http", "https") or not parts.netloc or "@" in parts.netloc:
        return False
    origin = f"{parts.scheme}://{parts.netloc}"
    return origin_allowed(origin, request.headers.get("host"), request.url.scheme, allowed)
