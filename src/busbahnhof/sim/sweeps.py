"""Sweeps: the settings of a run that plays the same seeds under several rule options or decks.

``--sweep pyramid=4-3-2-1,5-4-3-2-1`` gives two settings; several sweeps give every combination
(in the order written, the last varying fastest); ``--deck A --deck B`` is the sweep
``deck=A,B``.  Game ``i`` is dealt with the same seed under every setting, so the difference of a
figure between two settings is measured on paired games (docs/simulation.md, "Sweeps").
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..engine import Game, InvalidOptionError
from .results import Setting

Sweep = tuple[str, Sequence[Any]]
"""A rule option and the values it takes, one setting each."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """``KEY=V1,V2,...`` as the key and the value texts; commas inside ``[]``, ``{}`` or ``"..."`` do not split.

    Raises:
        InvalidOptionError: no ``=``, no key, or an empty value.
    """
    key, sep, rest = text.partition("=")
    values = _split_top_level(rest)
    if not sep or not key.strip() or any(not value.strip() for value in values):
        raise InvalidOptionError(
            f"--sweep {text!r}: write KEY=VALUE1,VALUE2,..., e.g. --sweep pyramid=4-3-2-1,5-4-3-2-1",
            key="error.sweep_syntax",
            params={"sweep": text},
        )
    return key.strip(), [value.strip() for value in values]


def _split_top_level(text: str) -> list[str]:
    parts, depth, quoted, current = [], 0, False, ""
    for char in text:
        if char == '"':
            quoted = not quoted
        elif not quoted and char in "[{":
            depth += 1
        elif not quoted and char in "]}":
            depth -= 1
        elif char == "," and depth == 0 and not quoted:
            parts.append(current)
            current = ""
            continue
        current += char
    return [*parts, current]


def value_text(value: Any) -> str:
    """A sweep value as a label shows it: text as it is, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def deck_identity(game: Game[Any, Any]) -> dict[str, Any] | None:
    """``{"name", "sha256"}`` of the game's deck (``None`` for a game without a rule option ``deck``).

    A deck file carried by content names itself; a built-in deck is named by its option value
    (``standard`` for the default) and hashed from the file it was read from.
    """
    options = game.option_dict()
    if "deck" not in options:
        return None
    deck = options["deck"]
    if isinstance(deck, Mapping):
        return {"name": deck["name"], "sha256": deck["sha256"]}
    source = getattr(getattr(game, "deck", None), "source", None)
    digest = hashlib.sha256(Path(source).read_bytes()).hexdigest() if source and Path(source).is_file() else None
    return {"name": deck or "standard", "sha256": digest}


def sweep_settings(game: Game[Any, Any], sweeps: Sequence[Sweep]) -> list[tuple[Setting, Game[Any, Any]]]:
    """Every setting of ``sweeps`` over ``game``'s options, with the game it is played with.

    Without sweeps: one setting labelled ``""``, the game itself.

    Raises:
        InvalidOptionError: an option swept twice, a sweep without values, a value given twice,
            or a value the game refuses (the game's own error).
    """
    if not sweeps:
        return [(Setting(""), game)]
    keys = [key for key, _values in sweeps]
    for key, values in sweeps:
        if keys.count(key) > 1 or not values:
            raise InvalidOptionError(
                f"--sweep {key}: sweep each option once, with at least one value",
                key="error.sweep_repeated",
                params={"key": key},
            )
        texts = [value_text(value) for value in values]
        if len(set(texts)) < len(texts):
            raise InvalidOptionError(
                f"--sweep {key}: a value is given twice ({', '.join(texts)})",
                key="error.sweep_duplicate",
                params={"key": key, "values": ", ".join(texts)},
            )
    settings = []
    base = game.option_dict()
    for combination in itertools.product(*(values for _key, values in sweeps)):
        overrides = dict(zip(keys, combination, strict=True))
        played = type(game)(**{**base, **overrides})
        options = played.option_dict()
        label = ", ".join(f"{key}={_CONTROL.sub(' ', value_text(value))}" for key, value in overrides.items())
        setting = Setting(label, {key: options[key] for key in keys}, deck_identity(played))
        settings.append((setting, played))
    return settings
