"""Chat in real browsers: both directions, markup stays text, quick phrases, a mute remembered after a
reload, refusals at the field (too long, too fast), spectators read only, and the replay shows what
was said up to the move shown."""

from __future__ import annotations

import json
from typing import Any

import pytest
from steps import seat_page

from support.server_harness import Seat, ServerProcess, create_table, play_out, seat_query

XSS = '<img src=x onerror="document.title=\'pwned\'"><script>document.title="pwned"</script>'


def test_chat_goes_both_ways_as_text_with_phrases_mute_and_refusals(
    open_page: Any, server: ServerProcess, screenshot: Any
) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {}, {"bot": "mittel"}])
    ada = seat_page(open_page, created, 0, "Ada", "laptop")
    bea = seat_page(open_page, created, 1, "Bea <b>B</b>", "phone", "en")

    ada.locator("#chat-input").fill(XSS)
    ada.get_by_role("button", name="Senden").click()
    bea.locator(".chat-text", has_text="<script>").wait_for()  # arrives live, as text
    # On the phone the chat is under the board: the floating button counts what arrived, and leads there.
    assert bea.locator(".chat-jump .chat-unread").inner_text() == "1"
    bea.locator(".chat-jump").click()
    bea.locator(".chat-jump").wait_for(state="hidden")
    assert bea.locator(".chat-jump .chat-unread").inner_text() == ""
    assert bea.locator(".chat img, .chat script, .chat b").count() == 0
    assert bea.title() != "pwned" and ada.title() != "pwned"

    bea.get_by_role("button", name="Well played!").click()  # a quick phrase, one tap
    ada.locator(".chat-line", has_text="Well played!").wait_for()
    assert "Bea <b>B</b>" in ada.locator(".chat-line", has_text="Well played!").inner_text()
    screenshot(ada, "table-chat-laptop", in_view=".chat")  # on a phone the chat is under the board
    screenshot(bea, "table-chat-phone", in_view=".chat")

    ada.locator(".chat-mutes summary").click()
    ada.get_by_role("button", name="Bea <b>B</b> stummschalten").click()
    assert ada.locator(".chat-line", has_text="Well played!").count() == 0
    ada.reload()
    ada.locator(".table-page[data-seat='0']").wait_for()
    ada.locator(".chat-line", has_text="<script>").wait_for()  # history after a reload
    assert ada.locator(".chat-line", has_text="Well played!").count() == 0, "the mute is remembered"

    bea.locator("#chat-input").evaluate("(field) => field.removeAttribute('maxlength')")
    bea.locator("#chat-input").fill("x" * 301)
    bea.get_by_role("button", name="Send").click()
    assert "at most 300 characters" in bea.locator(".chat-error").inner_text()
    for n in range(6):
        bea.locator("#chat-input").fill(f"message {n}")
        bea.get_by_role("button", name="Send").click()
    bea.locator(".chat-error", has_text="At most 5 messages in 10 seconds").wait_for()
    with server.http() as http:
        texts = [message["text"] for message in http.get(f"/api/tables/{created['table_id']}/chat").json()["messages"]]
    assert texts[0] == XSS and "message 4" not in texts and len(texts) == 6


def test_a_pasted_megabyte_is_refused_at_the_field_and_the_chat_goes_on(open_page: Any, server: ServerProcess) -> None:
    """The field refuses it before sending; the server's own refusal of a 1 MB message (the connection
    stays) is tested on the socket (tests/server/test_ws.py)."""
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "mittel"}])
    ada = seat_page(open_page, created, 0, "Ada", "laptop")
    field = ada.locator("#chat-input")
    field.evaluate("(input) => input.removeAttribute('maxlength')")
    field.fill("x" * 2**20)
    ada.get_by_role("button", name="Senden").click()
    assert "höchstens 300 Zeichen" in ada.locator(".chat-error").inner_text()
    field.fill("still here")
    ada.get_by_role("button", name="Senden").click()
    ada.locator(".chat-line", has_text="still here").wait_for()
    assert ada.locator(".chat-error").is_hidden()


def test_spectators_read_the_chat_but_do_not_write(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{}, {"bot": "mittel"}])
    ada = seat_page(open_page, created, 0, "Ada", "laptop")
    watcher = open_page("phone", "de")
    watcher.goto(f"/#/t/{created['table_id']}")
    watcher.locator(".chat").wait_for()
    assert watcher.locator("#chat-input").count() == 0
    assert "schreiben können die Spieler" in watcher.locator(".chat").inner_text()
    ada.locator("#chat-input").fill("Hallo Zuschauer")
    ada.get_by_role("button", name="Senden").click()
    watcher.locator(".chat-line", has_text="Hallo Zuschauer").wait_for()


@pytest.mark.slow
def test_the_replay_shows_what_was_said_up_to_the_move_shown(open_page: Any, server: ServerProcess) -> None:
    with server.http() as http:
        created = create_table(http, game="busfahrer", seats=[{"name": "Ada"}, {"bot": "mittel"}])
    seat = Seat(server, seat_query(created, 0, "de"))
    seat.receive()
    seat.send({"type": "chat", "text": "Viel Glück!"})
    play_out(seat)
    seat.send({"type": "chat", "text": "Gut gespielt!"})
    seat.receive_until(lambda message: message.get("type") == "chat" and "Gut" in json.dumps(message))
    page = open_page("laptop", "de")
    page.goto(f"/#/replay/{created['table_id']}")
    page.locator(".chat-line", has_text="Gut gespielt!").wait_for()  # at the end: everything said
    page.get_by_role("button", name="Anfang").click()
    page.locator(".chat-line", has_text="Gut gespielt!").wait_for(state="detached")
    assert page.locator(".chat-line", has_text="Viel Glück!").count() == 1  # said before the first move
    assert page.locator("#chat-input").count() == 0
