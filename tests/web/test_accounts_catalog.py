"""The account pages' texts: every key account.js, player.js, leaderboard.js and session.js name
is in the German and English catalogs, with the keys they build (each seat claim's result, each
rating list), and every refusal key account.js places at a field is one the server sends."""

from __future__ import annotations

import json
import re
from importlib import resources

from busbahnhof.engine import Catalog
from busbahnhof.players import POOLS

WEB = resources.files("busbahnhof.web")
MODULES = ("account.js", "player.js", "leaderboard.js", "session.js")
CLAIM_RESULTS = ("claimed", "already", "taken", "unknown_token", "not_open", "unknown_table")


def catalog(lang: str) -> set[str]:
    keys: set[str] = set()
    locales = WEB.joinpath("locales")
    for part in locales.iterdir():
        if part.name == f"{lang}.json" or part.name.endswith(f".{lang}.json"):
            keys |= set(json.loads(part.read_text(encoding="utf-8")))
    return keys


def test_every_key_the_account_pages_name_is_in_both_catalogs() -> None:
    text = "\n".join(WEB.joinpath(name).read_text(encoding="utf-8") for name in MODULES)
    used = set(re.findall(r"""\bt\(\s*"([a-z_]+(?:\.[a-z0-9_-]+)+)"\s*[,)]""", text))
    assert "account.login" in used, "the pattern finds the keys"
    used |= {f"account.claim.{result}" for result in CLAIM_RESULTS} | {f"ratings.pool.{pool}" for pool in POOLS}
    for lang in ("de", "en"):
        keys = catalog(lang)
        assert not sorted(key for key in used if key not in keys and f"{key}.other" not in keys), lang


def test_the_refusals_placed_at_fields_are_the_servers() -> None:
    account = WEB.joinpath("account.js").read_text(encoding="utf-8")
    placed = set(re.findall(r'"(players\.error\.[a-z_]+)":', account))
    assert "players.error.login_failed" in placed
    for lang in ("de", "en"):
        server = Catalog(("busbahnhof.players",), lang)
        assert not sorted(key for key in placed if not server.has(key)), lang
