"""Issue 7 item 2: files from outside (records, decks, boards) are read one careful way, and records
carry decks and boards by content, so replaying one never opens a file it names."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import pytest

from busbahnhof.engine import Catalog, GameError, InvalidRecordError, load_game, load_record, replay
from busbahnhof.engine.contract import random_playout
from busbahnhof.engine.userfiles import (
    MAX_BYTES,
    MAX_DEPTH,
    EmbeddedFile,
    UserFileError,
    parse_toml,
    read_user_json,
    read_user_text,
)
from busbahnhof.games.bus.board import load_board
from busbahnhof.games.busfaktor.deck import load_deck

MINI_DECK = Path(str(resources.files("busbahnhof.games.busfaktor").joinpath("data", "mini-deck.toml")))
BOARD = Path(str(resources.files("busbahnhof.games.bus").joinpath("data", "board.json")))
GOOD_RECORD = {"game": "busfahrer", "options": {}, "players": 3, "seed": 1, "actions": []}


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def _refused(read: Callable[[Path], object], path: Path, problem: str) -> UserFileError:
    """``read(path)`` fails with the ``problem``, as one line naming the file in German and English."""
    with pytest.raises(UserFileError) as caught:
        read(path)
    error = caught.value
    assert error.key == f"error.file.{problem}", error
    assert str(path) in error.message and "\n" not in error.message
    for lang in ("de", "en"):
        text = Catalog(("busbahnhof.engine",), lang).error_text(error)
        assert str(path) in text and "{" not in text and "\n" not in text, text
    return error


# -- every kind of bad file, for every kind of file ------------------------------------------------

READERS: dict[str, Callable[[Path], object]] = {
    "record": load_record,
    "deck": lambda path: load_deck(str(path)),
    "board": lambda path: load_board(str(path)),
}

BAD_TEXT = {
    "not_utf8": ("latin1.txt", '{"name": "Stra\xdfe"}'.encode("latin-1")),
    "bom": ("bom.txt", b"\xef\xbb\xbf" + b'{"game": "bus"}'),
    "binary": ("image.png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00"),
    "truncated": ("cut.txt", '{"name": "Gr\u00fc'.encode()[:-1]),
    "empty": ("empty.txt", b""),
}


@pytest.mark.parametrize("kind", sorted(READERS))
@pytest.mark.parametrize("problem", sorted(BAD_TEXT))
def test_bad_text_is_one_clear_line(tmp_path: Path, kind: str, problem: str) -> None:
    name, data = BAD_TEXT[problem]
    if problem == "empty" and kind == "deck":
        data = b"\n"  # an empty TOML file is a valid empty table, refused by the deck schema
        with pytest.raises(GameError):
            READERS[kind](_write(tmp_path, name, data))
        return
    _refused(READERS[kind], _write(tmp_path, name, data), problem)


@pytest.mark.parametrize("kind", sorted(READERS))
def test_deep_nesting_is_refused_before_the_parser_recurses(tmp_path: Path, kind: str) -> None:
    depth = 100_000
    if kind == "deck":
        data = "projects = " + "[" * depth + "]" * depth + "\n"
    else:
        data = '{"game": ' + "[" * depth + "]" * depth + "}"
    error = _refused(READERS[kind], _write(tmp_path, "deep.txt", data.encode()), "too_deep")
    assert error.params["depth"] > MAX_DEPTH


def test_brackets_inside_strings_and_comments_do_not_count(tmp_path: Path) -> None:
    text = '# [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\nname = "' + "[" * 100 + '"\nlist = [["a]]]]"]]\n'
    path = _write(tmp_path, "brackets.toml", text.encode())
    assert parse_toml(read_user_text(path), str(path))["name"] == "[" * 100
    record = {**GOOD_RECORD, "names": ["[" * 100, "{" * 100, '"\\"[[[['], "note": "]" * 50}
    assert read_user_json(_write(tmp_path, "r.json", json.dumps(record).encode()))["names"][0] == "[" * 100


@pytest.mark.parametrize("kind", sorted(READERS))
def test_truncated_structure_is_called_truncated(tmp_path: Path, kind: str) -> None:
    source = MINI_DECK if kind == "deck" else BOARD
    text = source.read_text(encoding="utf-8")
    if kind == "record":
        text = json.dumps(random_playout(load_game("busfahrer"), 3, 1).record())
    cut = text[: len(text) // 2]
    if kind == "deck":
        cut = cut[: cut.rindex("requirements = [") + len("requirements = [")]
    _refused(READERS[kind], _write(tmp_path, "cut.txt", cut.encode()), "truncated")


@pytest.mark.parametrize("kind", sorted(READERS))
def test_special_files_are_refused_without_reading_them(tmp_path: Path, kind: str) -> None:
    _refused(READERS[kind], Path("/dev/zero"), "special")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    _refused(READERS[kind], fifo, "special")  # returns at once: nobody writes to the FIFO
    _refused(READERS[kind], tmp_path, "directory")
    _refused(READERS[kind], tmp_path / "missing.json", "missing")


def test_too_large_files_are_refused(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: quick to make, but all of it would be read
    for read in READERS.values():
        _refused(read, big, "too_large")
    small = _write(tmp_path, "small.json", b'{"a": 1}')
    with pytest.raises(UserFileError, match="larger than 4 bytes"):
        read_user_text(small, limit=4)


def test_a_good_record_still_loads(tmp_path: Path) -> None:
    path = _write(tmp_path, "good.json", json.dumps(GOOD_RECORD).encode())
    assert replay(load_record(path)).players == 3


# -- records carry decks and boards by content -----------------------------------------------------


@pytest.mark.parametrize(("game_id", "option", "source"), [("busfaktor", "deck", MINI_DECK), ("bus", "board", BOARD)])
def test_a_record_carries_its_file_and_replays_without_it(
    tmp_path: Path, game_id: str, option: str, source: Path
) -> None:
    own = tmp_path / "designs" / f"mine{source.suffix}"
    own.parent.mkdir()
    own.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    game = load_game(game_id, **{option: str(own)})
    state = random_playout(game, game.min_players, 3)
    record = json.loads(json.dumps(state.record()))
    own.unlink()
    own.parent.rmdir()
    assert str(tmp_path) not in json.dumps(record), "the record names a file of this machine"
    embedded = record["options"][option]
    assert embedded["name"] == own.name and embedded["text"] == source.read_text(encoding="utf-8")
    assert replay(record).view(None) == state.view(None)


@pytest.mark.parametrize(("game_id", "option"), [("busfaktor", "deck"), ("bus", "board")])
def test_replay_opens_no_file_a_record_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, option: str
) -> None:
    """Paths in a record (``../``, devices, FIFOs, good files) are refused without being opened."""
    good = tmp_path / "good"
    good.write_text((MINI_DECK if option == "deck" else BOARD).read_text(encoding="utf-8"), encoding="utf-8")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    monkeypatch.chdir(tmp_path)
    for named in ("../" + tmp_path.name + "/good", str(good), "/dev/zero", str(fifo), "../../../etc/passwd"):
        record = {"game": game_id, "options": {option: named}, "players": 3, "seed": 1, "actions": []}
        with pytest.raises(InvalidRecordError) as caught:
            replay(record)
        assert caught.value.key == "error.file.in_record" and named in str(caught.value)


@pytest.mark.parametrize(("game_id", "option"), [("busfaktor", "deck"), ("bus", "board")])
def test_a_tampered_embedded_file_is_refused(game_id: str, option: str) -> None:
    source = MINI_DECK if option == "deck" else BOARD
    text = source.read_text(encoding="utf-8")
    embedded = EmbeddedFile.of("mine", text).model_dump()
    record = {"game": game_id, "options": {option: embedded}, "players": 3, "seed": 1, "actions": []}
    assert replay(record).players == 3
    record["options"][option] = {**embedded, "text": text.replace("2", "3", 1)}
    with pytest.raises(GameError, match="does not match its sha256"):
        replay(record)
    record["options"][option] = {**embedded, "name": "../../etc/mine"}
    with pytest.raises(GameError, match="must not contain directories"):
        replay(record)


def test_records_have_a_format_and_unknown_formats_are_refused() -> None:
    record = random_playout(load_game("busfahrer"), 3, 2).record()
    assert record["format"] == "busbahnhof-record/2"
    assert replay({key: value for key, value in record.items() if key != "format"}).is_over  # format 1
    with pytest.raises(InvalidRecordError, match="format"):
        replay({**record, "format": "busbahnhof-record/9"})
