"""The lobby in the browser: seat links with a QR code that a phone can read, joining by room code
(first on a phone), watching, the way back to the creator's own seats, and rule options in the
player's language: every option, choice and preset of every game named and explained."""

from __future__ import annotations

import io
import json
import re
from importlib import resources
from typing import Any
from urllib.parse import quote

import pytest
from PIL import Image
from steps import create_table

from busbahnhof.engine import game_ids
from busbahnhof.server.api.routes.games import game_info

LOCALES = resources.files("busbahnhof.web").joinpath("locales")


def decode_qr(png: bytes) -> list[str]:
    zxingcpp = pytest.importorskip("zxingcpp")
    image = Image.open(io.BytesIO(png)).convert("L")
    return [result.text for result in zxingcpp.read_barcodes(image)]


def client_catalog(lang: str) -> dict[str, str]:
    """The texts the lobby has: the frame's catalog and every part (as i18n.js merges them)."""
    merged: dict[str, str] = {}
    for name in sorted(entry.name for entry in LOCALES.iterdir()):
        if name == f"{lang}.json" or name.endswith(f".{lang}.json"):
            merged.update(json.loads(LOCALES.joinpath(name).read_text(encoding="utf-8")))
    return merged


def lobby_texts(game_id: str) -> list[str]:
    """Every catalog key the lobby shows for the game's rule options, choices and presets."""
    info = game_info(game_id)
    keys: list[str] = []
    for name, schema in info["options_schema"]["properties"].items():
        option = f"option.{game_id}.{name}"
        keys += [option, f"{option}.help"]
        choices = info.get("decks", []) if name == "deck" else schema.get("enum", [])
        keys += [key for value in choices for key in (f"{option}.{value}", f"{option}.{value}.help")]
    keys += [key for name in info["presets"] for key in (f"preset.{game_id}.{name}", f"preset.{game_id}.{name}.help")]
    return keys


def raw_ids(game_id: str) -> set[str]:
    """The game's option, choice and preset ids that are no words: a player must never see them."""
    info = game_info(game_id)
    ids = set(info["presets"]) | set(info["options_schema"]["properties"]) | set(info.get("decks", []))
    for schema in info["options_schema"]["properties"].values():
        ids |= {str(value) for value in schema.get("enum", [])}
    return {name for name in ids if re.search(r"[a-z][-_][a-z0-9]|[0-9]{4}-", name)}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_option_choice_and_preset_has_a_label_and_an_explanation(lang: str) -> None:
    texts = client_catalog(lang)
    for game_id in game_ids():
        keys = lobby_texts(game_id)
        assert any(key.startswith(f"preset.{game_id}.") for key in keys)
        missing = [key for key in keys if not texts.get(key, "").strip()]
        assert not missing, f"{lang}: {game_id} lacks {missing}"
        shown = {texts[key] for key in keys}
        assert not shown & raw_ids(game_id), f"{lang}: a text is a raw id"


def test_the_lobby_shows_no_raw_ids_and_explains_the_chosen_value(open_page: Any) -> None:
    page = open_page("laptop", "en")
    page.goto("/")
    page.locator("#preset").wait_for()
    assert not page.get_by_label("Tie for the bus driver").is_visible(), "folded while the rules are as written"
    for game_id, title in (("busfahrer", "Busfahrer"), ("bus", "Bus"), ("busfaktor", "Busfaktor: 1")):
        page.get_by_role("radio", name=title, exact=True).check()
        page.locator("#preset").wait_for()
        if not page.locator("details.options[open]").count():
            page.get_by_text("Rule options", exact=True).click()
        form = page.locator(".create-form")
        visible = form.inner_text() + " ".join(form.locator("option").all_inner_texts())
        shown = sorted(raw for raw in raw_ids(game_id) if re.search(rf"(?<![\w-]){re.escape(raw)}(?![\w-])", visible))
        assert not shown, f"{game_id}: raw ids {shown}"
    page.get_by_role("radio", name="Busfahrer", exact=True).check()
    page.get_by_label("Tie for the bus driver").select_option("lot")
    assert page.locator("#opt-driver_tie-choice").inner_text().startswith("A fair lot")
    assert page.locator("#preset").input_value() == "tie-lot", "the preset menu follows the options"
    page.get_by_label("Preset").select_option("american-cut-short")
    assert page.get_by_label("Bus ride").input_value() == "american"
    assert "ending as soon as the draw pile is empty" in page.locator("#preset-help").inner_text()


def test_on_a_phone_joining_comes_first_and_on_a_laptop_beside_the_form(open_page: Any) -> None:
    phone = open_page("phone", "de")
    phone.goto("/")
    join = phone.get_by_role("heading", name="Einem Tisch beitreten").bounding_box()
    create = phone.get_by_role("heading", name="Neuer Tisch").bounding_box()
    assert join["y"] + join["height"] < create["y"], "join with a code is above the new-table form"
    laptop = open_page("laptop", "de")
    laptop.goto("/")
    join = laptop.get_by_role("heading", name="Einem Tisch beitreten").bounding_box()
    create = laptop.get_by_role("heading", name="Neuer Tisch").bounding_box()
    assert join["x"] > create["x"] + create["width"] and abs(join["y"] - create["y"]) < 5


def test_switching_the_game_keeps_the_player_count_within_the_games_range(open_page: Any) -> None:
    page = open_page("phone", "de")
    page.goto("/")
    page.get_by_role("radio", name="Busfahrer", exact=True).check()
    page.get_by_label("Spieler", exact=True).select_option("8")
    page.get_by_role("radio", name="Bus", exact=True).check()
    assert page.get_by_label("Spieler", exact=True).input_value() == "5"
    assert page.locator(".lobby-seats .seat-list select").count() == 5
    page.get_by_role("radio", name="Busfahrer", exact=True).check()
    page.get_by_label("Spieler", exact=True).select_option("2")
    page.get_by_role("radio", name="Busfaktor: 1", exact=True).check()
    assert page.get_by_label("Spieler", exact=True).input_value() == "2"
    page.get_by_role("radio", name="Bus", exact=True).check()
    assert page.get_by_label("Spieler", exact=True).input_value() == "3"
    assert page.get_by_label("Spieler 1", exact=True).input_value() == "human"


def test_the_creators_tables_lead_back_to_the_seats_played_here(open_page: Any) -> None:
    host = open_page("laptop", "de")
    create_table(host, "Busfahrer", ["human", "human", "kartenzaehler"])
    host.get_by_role("link", name="Hier als Spieler 2 spielen").click()
    host.locator(".table-page[data-seat='1']").wait_for()
    host.goto("/")
    host.get_by_role("link", name="Weiter spielen (Spieler 2)").click()
    host.locator(".table-page[data-seat='1']").wait_for()
    create_table(host, "Busfahrer", ["human", "human"], pass_and_play=True)
    host.goto("/")
    resume = host.get_by_role("link", name="Weiter spielen (Spieler 1, 2)")
    assert len(resume.get_attribute("href").split("/")[-1].split(",")) == 2, "both seats of this device"
    resume.click()
    host.locator(".table-page[data-version]").wait_for()


def test_seat_links_have_a_copy_button_and_a_readable_qr_code(open_page: Any) -> None:
    page = open_page("phone", "de")
    code = create_table(page, "Busfahrer", ["human", "human", "kartenzaehler"])
    for seat in (1, 2):
        link = page.get_by_label(f"Link für Spieler {seat}").input_value()
        assert re.fullmatch(rf"http://127\.0\.0\.1:\d+/t/{code}\?token=[A-Za-z0-9_-]+", link), link
        page.get_by_role("button", name=f"QR-Code {seat}").click()
        qr = page.get_by_role("img", name=f"QR-Code des Links für Spieler {seat}")
        qr.evaluate("image => image.decode()")
        assert decode_qr(qr.screenshot()) == [link]
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.get_by_role("button", name="Link 2 kopieren").click()
    page.get_by_text("Kopiert.").wait_for()
    assert page.evaluate("navigator.clipboard.readText()") == page.get_by_label("Link für Spieler 2").input_value()


def test_qr_codes_of_long_links_are_read_back(open_page: Any) -> None:
    page = open_page("laptop", "en")
    page.goto("/")
    origin = page.evaluate("location.origin")
    for text in (
        f"{origin}/t/ABCDE?token=" + "Zz9_-" * 9,
        f"{origin}/#/room/" + "ä€" * 60,
        f"{origin}/" + "L" * (512 - len(origin) - 1),
    ):
        page.goto(f"/api/qr?text={quote(text, safe='')}")
        assert decode_qr(page.screenshot()) == [text]


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
