"""The rematch over the wire: one follow-up table for everyone at a finished table, each player's
own seat link only on that player's connections, the room code only for spectators."""

from __future__ import annotations

import httpx

from support.server_harness import Seat, ServerProcess, create_table, is_table, play_out_together, seat_query


def offer(seat: Seat) -> dict[str, object]:
    """The next ``rematch`` message of ``seat`` (table messages may come first)."""
    return seat.receive_until(lambda m: m.get("type") == "rematch")


def test_every_player_gets_their_own_seat_at_the_rematch_and_nobody_a_foreign_token(
    shared_server: ServerProcess,
) -> None:
    http: httpx.Client = shared_server.http()
    created = create_table(http, game="busfahrer", seats=[{}, {"name": "Kim"}, {}, {"bot": "mittel"}])
    tokens = [ticket["token"] for ticket in created["seats"]]
    players = [Seat(shared_server, seat_query(created, index)) for index in range(3)]
    spectator = Seat(shared_server, f"room={created['code']}&lang=en")
    spectator.receive_until(is_table)
    table = f"/api/tables/{created['table_id']}/rematch"

    early = http.post(table, json={"token": tokens[0]})
    assert early.status_code == 409 and early.json()["error"]["code"] == "table/not_over"
    play_out_together(players)
    stranger = http.post(table, json={"token": "not-a-token"})
    assert stranger.status_code == 403 and stranger.json()["error"]["code"] == "table/unknown_token"

    answer = http.post(table, json={"token": tokens[1]})
    assert answer.status_code == 200, answer.text
    new = answer.json()
    assert new["token"] == tokens[1] and new["seat"] == 0, "Kim moves on one seat: the deal passes on (R1)"
    assert http.post(table, json={"token": tokens[0]}).json()["table_id"] == new["table_id"], "one follow-up table"

    for index, player in enumerate(players):
        mine = offer(player)
        assert mine["table_id"] == new["table_id"] and mine["code"] == new["code"]
        assert mine["token"] == tokens[index] and mine["seat"] == (index - 1) % 4
        assert mine["link"] == f"/t/{new['code']}?token={tokens[index]}"
    watched = offer(spectator)
    assert watched == {
        "type": "rematch",
        "table_id": new["table_id"],
        "code": new["code"],
        "seat": None,
        "token": None,
        "link": None,
    }
    for index, player in enumerate(players):
        foreign = [token for other, token in enumerate(tokens) if other != index]
        assert not [token for token in foreign if any(token in raw for raw in player.raw)], "no foreign token"
    assert not [token for token in tokens if any(token in raw for raw in spectator.raw)]

    info = http.get(f"/api/tables/{new['table_id']}").json()
    assert [seat["name"] for seat in info["seats"]] == ["Kim", "Spieler 2", "Bot 3 (mittel)", "Spieler 4"]
    assert info["status"] == "open"
    seated = Seat(shared_server, f"table={new['table_id']}&token={tokens[2]}&lang=de")
    assert seated.receive_until(is_table)["seat"] == 1, "the old link's token holds the player's new seat"
    for client in (*players, spectator, seated):
        client.close()
