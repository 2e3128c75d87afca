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
    assert new["seat"] == 0, "Kim moves on one seat: the deal passes on (R1)"
    assert new["token"] not in tokens, "the follow-up table's seat has a fresh token"
    assert http.post(table, json={"token": tokens[0]}).json()["table_id"] == new["table_id"], "one follow-up table"

    fresh = []
    for index, player in enumerate(players):
        mine = offer(player)
        assert mine["table_id"] == new["table_id"] and mine["code"] == new["code"]
        assert mine["token"] not in tokens and mine["seat"] == (index - 1) % 4
        assert mine["link"] == f"/t/{new['code']}?token={mine['token']}"
        fresh.append(mine["token"])
    assert fresh[1] == new["token"] and len(set(fresh)) == 3
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
        foreign = [token for other, token in enumerate(tokens + fresh) if other % 3 != index]
        assert not [token for token in foreign if any(token in raw for raw in player.raw)], "no foreign token"
    assert not [token for token in tokens + fresh if any(token in raw for raw in spectator.raw)]

    info = http.get(f"/api/tables/{new['table_id']}").json()
    names = ["Kim", "Spieler 3", "Bot 3 (mittel)", "Spieler 1"]
    assert [seat["name"] for seat in info["seats"]] == names, "each person keeps their name; bots are renumbered"
    assert info["status"] == "open"
    old_link = Seat(shared_server, f"table={new['table_id']}&token={tokens[2]}&lang=de")
    assert old_link.receive()["error"]["code"] == "table/unknown_token", "an old token opens no seat of the new table"
    old_link.close()
    seated = Seat(shared_server, f"table={new['table_id']}&token={fresh[2]}&lang=de")
    assert seated.receive_until(is_table)["seat"] == 1, "the offered token opens the player's new seat"
    again = Seat(shared_server, seat_query(created, 2))
    assert offer(again)["token"] == fresh[2], "the old link still leads there: the finished table offers it again"
    again.close()
    for client in (*players, spectator, seated):
        client.close()
