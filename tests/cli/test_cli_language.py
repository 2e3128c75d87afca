"""One language at a time (issue 7, item 7): every message of a run speaks the language of --lang.

Each command below ends in an error or prints the program's own messages; its output is scanned
for words of the other language.  Card names and game terms keep their German in English mode
(house rule), and an English rule name keeps the German section name in parentheses so it can be
found in the rule document; both are left out of the scan.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import Result

from busbahnhof.engine import load_game, save_record

Invoke = Callable[..., Result]

ENGLISH_WORDS = {
    "the", "is", "not", "must", "choose", "cannot", "there", "should", "required", "invalid", "unable", "error",
    "rule", "players", "seats", "game", "games", "record", "fit", "position", "does", "exist", "write", "need",
    "needs", "least", "file", "folder", "no", "has", "of", "a", "and", "or", "one", "input", "field",
    "processes", "saved", "abandoned", "figure", "seat", "mean", "total", "per",
}  # fmt: skip
GERMAN_WORDS = {
    "der", "die", "das", "nicht", "ist", "und", "spieler", "fehler", "regel", "partie", "partien", "plätze",
    "wähle", "muss", "gibt", "keine", "kein", "aufzeichnung", "stellung", "ordner", "datei", "fehlt", "für",
    "oder", "eine", "einen", "von", "bis", "mit", "zu", "gespeichert", "abgebrochen", "kennzahl", "platz", "summe",
    "mittel", "prozess", "prozesse",
}  # fmt: skip
FOREIGN = {"de": ENGLISH_WORDS, "en": GERMAN_WORDS}


def _scanned(text: str) -> str:
    """``text`` without what is the same in both languages or may stay German in English: error codes
    (``[invalid_option]``), option names (``--players``, ``games:``), parenthesised German terms,
    quoted input and notation, paths, Bus slot letters (``A:3``), the strength levels' names (identifiers
    typed in ``--bots``, listed as such in both languages)."""
    text = re.sub(r"\b[A-F]:", " ", text)
    text = re.sub(r"\b(?:leicht|mittel|schwer)\b", " ", text)
    text = re.sub(r"\[[a-z_]+\]|--[\w-]+|\b[a-z_.0-9]+(?=: )", " ", text)  # codes, options, option fields
    text = re.sub(r"\([^()]*\)", " ", text)
    text = re.sub(r"'[^']*'|„[^“]*“|\"[^\"]*\"", " ", text)
    return re.sub(r"\S*/\S*", " ", text)


def _foreign_words(text: str, lang: str) -> set[str]:
    words = {word.lower() for word in re.findall(r"[A-Za-zÄÖÜäöüß]+", _scanned(text))}
    return words & FOREIGN[lang]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("language")
    busfahrer = load_game("busfahrer").new_state(3, 11)
    for _ in range(3):
        busfahrer.apply(busfahrer.legal_actions()[0])
    paths = {"record": folder / "busfahrer.json", "finished": folder / "finished.json", "deck": folder / "deck.toml"}
    save_record({**busfahrer.record(), "names": ["Anna", "Ben", "Carla"]}, paths["record"])
    while not busfahrer.is_over:
        busfahrer.apply(busfahrer.legal_actions()[0])
    save_record({**busfahrer.record(), "names": ["Anna", "Ben", "Carla"]}, paths["finished"])
    paths["deck"].write_text('[deck]\nname = "x"\n[[projects]]\ntitle = "A"\nrequirements = ["Dat"]\n', "utf-8")
    paths["folder"] = folder
    return paths


COMMANDS: list[tuple[list[str], str | None]] = [
    (["play", "busfahrer", "--players", "9", "--bots", "random:9"], None),
    (["play", "busfahrer", "--bots", "nobot"], None),
    (["play", "busfahrer", "--players", "3", "--bots", "random:5"], None),
    (["play", "busfahrer", "--bots", "random:x"], None),
    (["play", "nosuchgame"], None),
    (["play", "busfahrer", "--option", "pyramid=7"], None),
    (["play", "busfahrer", "--option", "games=0"], None),
    (["play", "busfahrer", "--option", "colour=blue"], None),
    (["play", "busfahrer", "--option", "pyramid"], None),
    (["play", "busfahrer", "--preset", "nope"], None),
    (["play", "busfahrer", "--deck", "{folder}/deck.toml"], None),
    (["play", "busfahrer", "--players", "2", "--bots", "random:2", "--delay", "-1"], None),
    (["play"], None),
    (["play", "--resume", "{folder}/finished.json"], None),
    (["play", "--resume", "{folder}/busfahrer.json", "--players", "3"], None),
    (["play", "busfahrer", "--players", "2", "--bots", "random", "--seed", "1"], "lay\nguess purple\n99\nquit\n"),
    (["play", "bus", "--players", "3", "--bots", "planer:2", "--seed", "4"], "line 9-14\nquit\n"),
    (["simulate", "busfahrer", "--games", "0"], None),
    (["simulate", "busfahrer", "--workers", "100000"], None),
    (["simulate", "busfahrer", "--json", "{folder}/none/r.json"], None),
    (["simulate", "busfahrer", "--plot", "{folder}/r.svg"], None),
    (["simulate", "busfahrer", "--games", "1", "--players", "2"], None),
    (["bench", "busfahrer", "--repeats", "0"], None),
    (["replay", "{folder}/busfahrer.json", "--at", "99"], None),
    (["replay", "{folder}/busfahrer.json", "--seat", "9"], None),
    (["render", "busfahrer", "--record", "{folder}/busfahrer.json", "-o", "{folder}/x.svg"], None),
    (["render", "bus", "--record", "{folder}/busfahrer.json", "-o", "{folder}/x.svg"], None),
    (["deck", "check", "{folder}/deck.toml"], None),
]


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize(("args", "typed"), COMMANDS, ids=[" ".join(args[:3]) for args, _ in COMMANDS])
def test_every_message_speaks_the_chosen_language(
    cli: Invoke, files: dict[str, Path], lang: str, args: list[str], typed: str | None
) -> None:
    filled = [arg.format(folder=files["folder"]) for arg in args]
    result = cli(*filled, "--lang", lang, input=typed)
    messages = result.stderr + "\n".join(
        line for line in result.stdout.splitlines() if not line.startswith(("•", " ", "│", "┃", "╭", "╰"))
    )
    assert messages.strip(), "the command says something"
    assert not _foreign_words(messages, lang), messages


@pytest.mark.parametrize(
    ("game_id", "lang", "key", "params", "text"),
    [
        ("bus", "de", "draw.supply", {"count": 1}, "Vorrat: 1 Fahrgast"),
        ("bus", "de", "draw.supply", {"count": 2}, "Vorrat: 2 Fahrgäste"),
        ("bus", "en", "draw.supply", {"count": 1}, "Supply: 1 passenger"),
        ("bus", "en", "building_built", {"seat": 0, "building": "office", "lot": 3}, ": office."),
        ("busfahrer", "de", "ui.pile", {"count": 1}, "Ziehstapel: 1 Karte"),
        ("busfahrer", "en", "ui.pile", {"count": 1}, "Draw pile: 1 card"),
        ("busfaktor", "en", "ui.draws_left", {"n": 1}, "1 card still to draw"),
        ("busfaktor", "de", "ui.must_discard", {"n": 1}, "noch 1 Karte auf die offene Ablage"),
    ],
)
def test_counts_and_articles_are_grammatical(
    game_id: str, lang: str, key: str, params: dict[str, object], text: str
) -> None:
    catalog = load_game(game_id).catalog(lang)
    assert text in catalog.text(key, **params)


def test_a_process_count_is_singular_for_one(cli: Invoke) -> None:
    one = cli("simulate", "busfahrer", "--games", "1", "--players", "2", "--lang", "en")
    assert "1 game in " in one.stdout and "1 process)." in one.stdout
    german = cli("simulate", "busfahrer", "--games", "1", "--players", "2")
    assert "1 Partie in " in german.stdout and "1 Prozess)." in german.stdout
