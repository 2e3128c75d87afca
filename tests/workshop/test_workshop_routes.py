"""The workshop routes on a real server: refusals as data with fitting statuses and texts in the
client's language, keys only in bodies, the QR code's join link, the stamp's short answer."""

from __future__ import annotations

from support.server_harness import ServerProcess


def test_the_routes_refuse_with_statuses_and_texts(shared_server: ServerProcess) -> None:
    with shared_server.http() as http:
        created = http.post("/api/workshops", json={"deck": "mini", "players": 2, "tables": 1, "bot": "heuristik"})
        assert created.status_code == 201
        workshop = created.json()
        wrong = http.post(f"/api/workshops/{workshop['id']}/start?lang=en", json={"key": "not-the-key"})
        assert wrong.status_code == 403
        assert wrong.json()["error"]["code"] == "workshop/not_facilitator"
        assert "facilitator" in wrong.json()["error"]["text"]
        unknown = http.get("/api/workshops/code/ZZZZZ?lang=de")
        assert unknown.status_code == 404 and "ZZZZZ" in unknown.json()["error"]["text"]
        bad = http.post("/api/workshops?lang=de", json={"deck": "mini", "players": 9, "tables": 1, "bot": "heuristik"})
        assert bad.status_code == 400 and "2 bis 4" in bad.json()["error"]["text"]
        for name in ("Ada", "Ben"):
            assert http.post(f"/api/workshops/code/{workshop['code']}/join", json={"name": name}).status_code == 200
        full = http.post(f"/api/workshops/code/{workshop['code']}/join?lang=en", json={"name": "Cem"})
        assert full.status_code == 409 and full.json()["error"]["code"] == "workshop/full"
        not_yet = http.post(f"/api/workshops/{workshop['id']}/pause", json={"key": workshop["key"], "paused": True})
        assert not_yet.status_code == 400 and not_yet.json()["error"]["code"] == "workshop/not_started"

        link = http.get(f"/w/{workshop['code'].lower()}", follow_redirects=False)
        assert link.status_code == 307 and link.headers["location"] == f"/#/workshop/join/{workshop['code']}"

        started = http.post(f"/api/workshops/{workshop['id']}/start", json={"key": workshop["key"]}).json()
        paused = http.post(f"/api/workshops/{workshop['id']}/pause", json={"key": workshop["key"], "paused": True})
        stamp = paused.json()["stamp"]
        again = http.post(f"/api/workshops/{workshop['id']}/overview", json={"key": workshop["key"], "since": stamp})
        assert again.json() == {"unchanged": True, "stamp": stamp}
        assert len(again.content) < 80
        table_id = started["tables"][0]["table_id"]
        assert http.get(f"/api/tables/{table_id}").json()["paused"] is True
