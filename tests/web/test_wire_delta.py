"""The browser's delta applier over the server's real delta stream (web/ws.js and web/delta.js).

In a real Chromium, one ``TableConnection`` of web/ws.js per seat of a table plus one spectator
plays a whole random game of each game (each seat picks a random legal action when it is to
decide); every whole message the connections hand their listener is recorded.  Every one must
carry exactly ``state.view(seat, log=False)`` of its version, replayed with the engine from the
finished record, and its seat's legal actions.  Only the first message of each connection came
whole; every later one was a delta the browser applied.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from busbahnhof.engine import load_game
from support.server_harness import ServerProcess, create_table

SEED = 314_159
SEATS = {"busfahrer": 4, "bus": 3, "busfaktor": 3}

# Opens a TableConnection per seat and one for a spectator; each seat plays a random legal action
# when it is to decide. Resolves when every connection has seen the end: per connection, the views
# (without the static parts, which are checked once) and legal notations by version, the kinds
# of the raw messages the socket received (each of a batch frame's) and how many frames were batches.
PLAY = """
async ({tableId, tokens, staticKeys}) => {
  const { TableConnection, messagesIn } = await import("/ws.js");
  const seen = [];
  const kinds = [];
  let batches = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (event) => {
        const messages = messagesIn(event.data);
        kinds.push(...messages.map((message) => message.type));
        if (messages.length > 1) batches += 1;
      });
    }
  };
  const done = tokens.map((token) => new Promise((resolve) => {
    const record = { seat: null, versions: {} };
    seen.push(record);
    let acted = -1;
    const connection = new TableConnection({
      tableId, token, name: null, lang: "en",
      onState: (message) => {
        record.seat = message.seat;
        const state = { ...message.view.state };
        for (const key of staticKeys) delete state[key];
        record.versions[message.version] = {
          view: { ...message.view, state }, legal: message.legal.map((move) => move.notation),
        };
        if (message.view.is_over) { connection.close(); resolve(); return; }
        if (message.legal.length && acted !== message.version) {
          acted = message.version;
          const pick = message.legal[Math.floor(Math.random() * message.legal.length)];
          setTimeout(() => connection.send(pick.notation), 0);
        }
      },
    });
    connection.connect();
  }));
  await Promise.all(done);
  window.WebSocket = Native;
  return { seen, kinds, batches };
}
"""


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(SEATS))
def test_the_browser_applies_every_delta_to_the_whole_view(open_page: Any, server: ServerProcess, game_id: str) -> None:
    http = server.http()
    players = SEATS[game_id]
    created = create_table(http, game=game_id, seats=[{} for _ in range(players)], seed=SEED)
    page = open_page()
    page.goto("/")
    game = load_game(game_id)
    tokens = [seat["token"] for seat in created["seats"]] + [None]
    arguments = {"tableId": created["table_id"], "tokens": tokens, "staticKeys": list(game.static_keys)}
    result = page.evaluate(PLAY, arguments)
    record = http.get(f"/api/tables/{created['table_id']}/record").json()
    game = load_game(game_id, **record["options"])
    state = game.new_state(players, SEED)
    checked = 0
    records = {entry["seat"]: entry["versions"] for entry in result["seen"]}
    assert set(records) == {*range(players), None}
    for version in range(len(record["actions"]) + 1):
        if version:
            state.apply(record["actions"][version - 1])
        legal = [str(action) for action in state.legal_actions()]
        for seat, versions in records.items():
            if str(version) not in versions:
                continue
            expected = json.loads(json.dumps({**state.view(seat, log=False), "options": record["options"]}))
            for key in game.static_keys:
                expected["state"].pop(key)
            got = versions[str(version)]
            assert got["view"] == expected, f"{game_id} v{version} seat {seat}: the applied view differs"
            assert got["legal"] == (legal if seat == state.to_move else [])
            checked += 1
    final = str(len(record["actions"]))
    assert all(final in versions for versions in records.values()), "every connection saw the end"
    assert checked >= len(record["actions"]), "most versions were seen and checked"
    kinds = result["kinds"]
    assert kinds.count("table") == players + 1, "one whole message per connection, deltas after it"
    assert kinds.count("delta") >= len(record["actions"])
    assert result["batches"] > 0, "batch frames (batch=1): an action's result comes with its delta"
