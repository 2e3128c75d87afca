"""What goes over the wire besides the game: static view parts once per connection, gzip for HTTP,
and the measure of the bytes a phone receives (``busbahnhof loadtest --wire``).

That the views completed with the static part are exactly ``state.view(seat, log=False)`` over
whole games is checked message by message in ``test_payloads.py``.
"""

from __future__ import annotations

import gzip
from pathlib import Path
from typing import Any

import httpx
import pytest

from busbahnhof.engine import load_game
from busbahnhof.loadtest.wire import CHROMIUM, measure
from support.server_harness import Seat, ServerProcess, at_version, create_table, is_table, seat_query


def busfaktor_table(server: ServerProcess) -> dict[str, Any]:
    return create_table(server.http(), game="busfaktor", seats=[{}, {"bot": "random"}, {"bot": "random"}], seed=7)


def test_static_parts_come_once_per_connection(shared_server: ServerProcess) -> None:
    created = busfaktor_table(shared_server)
    full = load_game("busfaktor").new_state(3, 7).view(0, log=False)["state"]
    seat = Seat(shared_server, seat_query(created, 0, "de"))
    first = seat.receive_until(is_table)
    assert first["static"] == {"cards": full["cards"]}, "the card texts come with the first message"
    assert "cards" not in first["view"]["state"]
    seat.send({"type": "lang", "lang": "en"})
    seat.receive_until(lambda message: message.get("type") == "lang")
    while seat.state is not None and seat.state["version"] == first["version"]:
        if seat.my_turn():
            assert seat.act(seat.state["legal"][0]["notation"])["ok"]
        else:
            seat.receive_until(at_version(first["version"] + 1))
    later = seat.state
    assert later is not None
    assert "static" not in later and "cards" not in later["view"]["state"], "nor again after a change of language"
    spectator = Seat(shared_server, f"room={created['code']}&lang=en")
    watched = spectator.receive_until(is_table)
    assert watched["static"] == first["static"], "every connection gets them once, spectators too"
    again = Seat(shared_server, seat_query(created, 0, "en"))
    assert "static" in again.receive_until(is_table), "a reconnecting client gets them again"
    for client in (seat, spectator, again):
        client.close()


def test_a_game_without_static_parts_sends_none(shared_server: ServerProcess) -> None:
    created = create_table(shared_server.http(), game="busfahrer", seats=[{}, {"bot": "random"}])
    seat = Seat(shared_server, seat_query(created))
    assert "static" not in seat.receive_until(is_table)
    seat.close()


def test_scripts_and_api_answers_come_gzip_compressed(shared_server: ServerProcess) -> None:
    http: httpx.Client = shared_server.http()
    for path in ("/lobby.js", "/styles.css", "/locales/de.json", "/api/games"):
        response = http.get(path, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, path
        assert response.headers["content-encoding"] == "gzip", path
        assert int(response.headers["content-length"]) < len(response.content) / 2, path
    with httpx.stream("GET", f"{shared_server.url}/lobby.js", headers={"Accept-Encoding": "gzip"}) as raw:
        wire = b"".join(raw.iter_raw())
    assert gzip.decompress(wire).startswith(b"//"), "the bytes on the wire are gzip"
    plain = http.get("/lobby.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers, "clients that do not ask get the file as it is"
    small = http.get("/healthz", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in small.headers, "small answers are not worth it"


def test_the_wire_measure_counts_what_a_phone_received(shared_server: ServerProcess) -> None:
    pytest.importorskip("playwright")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing")
    report = measure(shared_server.url, "busfahrer", "random", 3, 0.06, "de")
    assert report["versions"] > 10 and report["ws_messages"] >= report["versions"] // 2
    assert report["ws_median"] <= report["ws_largest"] < report["ws_bytes"]
    assert report["http_requests"]["static"] > 5 and report["http_requests"]["catalog"] > 1
    assert report["http_total"] < report["http_uncompressed"], "scripts and catalogs came compressed"
    assert report["total"] == report["ws_bytes"] + report["http_total"]


def test_a_list_items_unchanging_fields_come_once(shared_server: ServerProcess) -> None:
    """Bus's streets and lots: their ends, intersection and zone come with the first message; every
    later view carries only what changes (markers, buildings), and merged they are the view."""
    with shared_server.http() as http:
        created = create_table(http, game="bus", seats=[{}, {"bot": "planer"}, {"bot": "planer"}], seed=3)
    seat = Seat(shared_server, seat_query(created, 0, "de"))
    first = seat.receive_until(is_table)
    seat.close()
    assert [set(street) for street in first["static"]["streets"]] == [{"id", "a", "b"}] * 70
    assert {"id", "intersection", "zone"} == set(first["static"]["lots"][0])
    later = first["view"]["state"]
    assert set(later["streets"][0]) == {"players"} and set(later["lots"][0]) == {"building", "passenger"}
