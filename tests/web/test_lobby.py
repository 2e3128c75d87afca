"""The lobby in the browser: seat links with a QR code that a phone can read, joining by room code,
watching, and the replay of a finished game."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from PIL import Image
from steps import create_table

zxingcpp = pytest.importorskip("zxingcpp")


def decode_qr(png: bytes) -> list[str]:
    image = Image.open(io.BytesIO(png)).convert("L")
    return [result.text for result in zxingcpp.read_barcodes(image)]


def test_seat_links_have_a_copy_button_and_a_readable_qr_code(open_page: Any) -> None:
    page = open_page("phone", "de")
    code = create_table(page, "Busfahrer", ["human", "human", "kartenzaehler"])
    for seat in (1, 2):
        link = page.get_by_label(f"Link für Spieler {seat}").input_value()
        assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/t/{code}\?token=[A-Za-z0-9_-]+", link), link
        page.get_by_role("button", name=f"QR-Code {seat}").click()
        qr = page.get_by_role("img", name=f"QR-Code des Links für Spieler {seat}")
        assert decode_qr(qr.screenshot()) == [link]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Link 2 kopieren").click()
    page.get_by_text("Kopiert.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_label("Link für Spieler 2").input_value()


def test_qr_codes_of_long_texts_are_read_back(open_page: Any) -> None:
    page = open_page("laptop", "en")
    page.goto("/")
    for text in ("x", "https://busbahnhof.example/t/ABCDE?token=" + "Zz9_-" * 9, "ä€" * 60, "L" * 300):
        svg = page.evaluate("async t => (await import('/qr.js')).qrSvg(t, 400)", text)
        page.set_content(f"<body style='margin:0;background:#fff'>{svg}</body>")
        assert decode_qr(page.locator("svg").screenshot()) == [text]
        page.goto("/")


def test_join_by_room_code_and_watch(open_page: Any) -> None:
    host = open_page("laptop", "de")
    code = create_table(host, "Busfahrer", ["human", "human"])
    guest = open_page("phone", "de")
    guest.goto("/")
    guest.get_by_label("Raumcode").fill(code.lower())
    guest.get_by_role("button", name="Raum suchen").click()
    guest.get_by_label("Dein Name").fill("Kim")
    guest.get_by_role("button", name="Platz nehmen").click()
    guest.locator(".table-page[data-seat]").wait_for()
    assert guest.get_by_text("Kim (du)").first.is_visible()
    watcher = open_page("laptop", "en")
    watcher.goto(f"/#/room/{code}")
    watcher.locator(".table-page[data-version]").wait_for()
    assert watcher.locator(".table-page").get_attribute("data-seat") == ""
    assert watcher.locator("section.decision").count() == 0, "spectators decide nothing"


def test_switching_the_language_at_the_table_redraws_it_and_its_log(open_page: Any) -> None:
    page = open_page("laptop", "de")
    create_table(page, "Busfahrer", ["human", "kartenzaehler"])
    page.get_by_role("link", name="Hier als Spieler 1 spielen").click()
    page.get_by_role("heading", name="Deine Entscheidung").wait_for()
    assert page.locator(".log-lines").get_by_text(re.compile("^Partie 1 von 1")).is_visible()
    page.get_by_role("button", name="English").click()
    page.get_by_role("heading", name="Your decision").wait_for()
    page.locator(".log-lines").get_by_text(re.compile("^Game 1 of 1")).wait_for()
    assert page.get_by_role("button", name=re.compile("red")).is_visible()
    assert page.locator(".log-lines").get_by_text(re.compile("^Partie 1 von 1")).count() == 0


def test_the_creator_reissues_a_lost_seat_link_and_the_old_one_stops_working(open_page: Any) -> None:
    host = open_page("laptop", "de")
    create_table(host, "Busfahrer", ["human", "human", "kartenzaehler"])
    old_link = host.get_by_label("Link für Spieler 2").input_value()
    host.goto("/")
    host.get_by_role("heading", name="Deine Tische").wait_for()
    host.get_by_role("button", name="Neuer Link für Spieler 2").click()
    new_link = host.get_by_label("Link für Spieler 2").input_value()
    assert new_link != old_link and "token=" in new_link
    guest = open_page("phone", "de")
    guest.goto(new_link)
    guest.locator(".table-page[data-seat='1']").wait_for()
    stranger = open_page("phone", "de")
    stranger.goto(old_link)
    stranger.get_by_role("alert").first.wait_for()
    assert stranger.locator(".table-page[data-seat='1']").count() == 0


def test_another_device_has_no_tables_of_its_own(open_page: Any) -> None:
    create_table(open_page("laptop", "de"), "Busfahrer", ["human", "kartenzaehler"])
    other = open_page("laptop", "de")
    other.goto("/")
    other.get_by_role("heading", name="Laufende Tische").wait_for()
    assert other.get_by_role("heading", name="Deine Tische").count() == 0
