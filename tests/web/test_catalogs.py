"""The web client's catalogs: German and English have the same keys and placeholders, and every
key the client's modules name literally exists."""

from __future__ import annotations

import json
import re
from importlib import resources

WEB = resources.files("busbahnhof.web")


def catalog(lang: str) -> dict[str, str]:
    """The frame's catalog and its parts (``locales/<part>.<lang>.json``), merged as i18n.js does."""
    locales = WEB.joinpath("locales")
    data: dict[str, str] = json.loads(locales.joinpath(f"{lang}.json").read_text(encoding="utf-8"))
    for part in sorted(locales.iterdir(), key=lambda file: file.name):
        if part.name.endswith(f".{lang}.json"):
            data.update(json.loads(part.read_text(encoding="utf-8")))
    return data


def placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


def modules() -> dict[str, str]:
    files = [
        WEB.joinpath(name)
        for name in (
            *("app.js", "lobby.js", "links.js", "created.js", "table.js", "actions.js", "replay.js", "review.js"),
            *("chat.js", "public-lobby.js"),
            *("turns.js", "departures.js", "duration.js", "leave.js"),
            *("workshop.js", "debrief.js"),
        )
    ]
    files += [WEB.joinpath("games").joinpath(name) for name in ("busfahrer.js", "bus.js", "busfaktor.js")]
    files += [  # each board's own modules (games/<id>/*.js)
        module
        for folder in WEB.joinpath("games").iterdir()
        if folder.is_dir()
        for module in folder.iterdir()
        if module.name.endswith(".js")
    ]
    return {file.name: file.read_text(encoding="utf-8") for file in files}


def test_german_and_english_have_the_same_keys_and_placeholders() -> None:
    de, en = catalog("de"), catalog("en")
    assert sorted(de) == sorted(en)
    for key in de:
        assert placeholders(de[key]) == placeholders(en[key]), key


def test_every_literal_key_of_the_client_is_in_the_catalog() -> None:
    keys = set(catalog("en"))
    used = {
        (name, key)
        for name, text in modules().items()
        for key in re.findall(r"""\bt\(\s*"([a-z_]+(?:\.[a-z0-9_-]+)+|seat)"\s*[,)]""", text)
    }
    assert used, "the pattern finds the client's keys"
    # a key with singular and plural templates (i18n.js t(): "key.one", "key.other") is named without them
    missing = sorted((name, key) for name, key in used if key not in keys and f"{key}.other" not in keys)
    assert not missing


def test_every_game_text_the_boards_name_is_in_the_games_catalog() -> None:
    from busbahnhof.engine import load_game

    games = WEB.joinpath("games")
    files = [games.joinpath("busfahrer.js"), *sorted(games.joinpath("busfahrer").iterdir(), key=lambda f: f.name)]
    board = "\n".join(file.read_text(encoding="utf-8") for file in files if file.name.endswith(".js"))
    keys = set(re.findall(r"""ctx\.gt\(\s*"([a-z_]+(?:\.[a-z0-9_]+)+)"\s*[,)]""", board))
    keys |= {f"question.q{n}" for n in range(1, 5)} | {"points.one", "points.many"}
    assert "action.keep" in keys, "the pattern finds the board's keys"
    for lang in ("de", "en"):
        catalog = load_game("busfahrer").catalog(lang)
        assert not sorted(key for key in keys if not catalog.has(key)), lang
