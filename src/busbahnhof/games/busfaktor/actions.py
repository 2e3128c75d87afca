"""Actions of Busfaktor: 1: interned frozen values with a German and an English text notation.

Cards are written by their id (``busbahnhof`` shows the ids next to the names), factor types by
their name in either language.  The German notation is the reference: ``str(action)`` and
records use it; :func:`notation` writes an action in English, and :func:`parse` reads both.

=====================================  ====================================  =====================================
German (reference)                     English                               rule
=====================================  ====================================  =====================================
``ziehe projekt|aktion|ablage``        ``draw project|action|discard``       §7: draw one card from the chosen source
``beginne P``                          ``start P``                           §8.1: start project P
``lege F an P als TYP``                ``attach F to P as TYPE``             §8.2: attach factor F to own project P
``teile F an P als TYP``               ``share F on P as TYPE``              §11: propose F as the shared factor
``spiele E``                           ``play E``                            §8.3: play event E (E1-E4)
``spiele E an P als TYP``              ``play E on P as TYPE``               §13 E5: E as a joker on own project P
``spiele E an P``                      ``play E on P``                       §13 E6: Mehraufwand E on another's P
``spiele E auf F``                     ``play E against F``                  §13 E7: Rückschlag on attached factor F
``biete P mit Q``                      ``offer P with Q``                    §8.4: offer a cooperation
``annehmen`` / ``ablehnen``            ``accept`` / ``decline``              §8.4, §11: answer an offer or proposal
``absichern E`` / ``verzichten``       ``secure E`` / ``waive``              §12: react with Absicherung E, or not
``nimm C``                             ``take C``                            §13 E1/E3: take card C
``unter C``                            ``under C``                           §13 E1: put C under the stack next
``verschiebe F nach P``                ``move F to P``                       §13 E4: move attached factor F to P
``fertig``                             ``done``                              end the action phase (§8) or E4
``wirf C``                             ``discard C``                         §9: discard C onto the open discard
``schliesse P ab``                     ``complete P``                        §17: complete P next (simultaneous)
=====================================  ====================================  =====================================

Factor types: ``Team``, ``Daten``, ``Betrieb``, ``Methode`` (English ``Team``, ``Data``,
``Operations``, ``Method``; ruling R17 in ``docs/rulings/busfaktor.md``).
"""

from __future__ import annotations

from typing import Any

from ...engine import Action
from .schema import FACTOR_TYPES

(
    DRAW,
    START,
    ATTACH,
    SHARE,
    PLAY,
    PLAY_JOKER,
    PLAY_EXTRA,
    PLAY_SETBACK,
    OFFER,
    ACCEPT,
    DECLINE,
    SECURE,
    WAIVE,
    TAKE,
    UNDER,
    MOVE,
    DONE,
    DISCARD,
    COMPLETE,
) = range(19)

REFERENCE = "de"
"""The notation of ``str(action)`` and of records."""

SOURCES = ("projekt", "aktion", "ablage")
SOURCE_WORDS = {"de": SOURCES, "en": ("project", "action", "discard")}
FACTOR_TYPE_NAMES = {"de": FACTOR_TYPES, "en": ("Team", "Data", "Operations", "Method")}
"""The four factor types (§4) by language, in the order of ``FACTOR_TYPES``."""
TYPE_WORDS = {name.lower(): index for names in FACTOR_TYPE_NAMES.values() for index, name in enumerate(names)}

_TEMPLATES = {
    "de": {
        DRAW: "ziehe {source}",
        START: "beginne {a}",
        ATTACH: "lege {a} an {b} als {typ}",
        SHARE: "teile {a} an {b} als {typ}",
        PLAY: "spiele {a}",
        PLAY_JOKER: "spiele {a} an {b} als {typ}",
        PLAY_EXTRA: "spiele {a} an {b}",
        PLAY_SETBACK: "spiele {a} auf {b}",
        OFFER: "biete {a} mit {b}",
        ACCEPT: "annehmen",
        DECLINE: "ablehnen",
        SECURE: "absichern {a}",
        WAIVE: "verzichten",
        TAKE: "nimm {a}",
        UNDER: "unter {a}",
        MOVE: "verschiebe {a} nach {b}",
        DONE: "fertig",
        DISCARD: "wirf {a}",
        COMPLETE: "schliesse {a} ab",
    },
    "en": {
        DRAW: "draw {source}",
        START: "start {a}",
        ATTACH: "attach {a} to {b} as {typ}",
        SHARE: "share {a} on {b} as {typ}",
        PLAY: "play {a}",
        PLAY_JOKER: "play {a} on {b} as {typ}",
        PLAY_EXTRA: "play {a} on {b}",
        PLAY_SETBACK: "play {a} against {b}",
        OFFER: "offer {a} with {b}",
        ACCEPT: "accept",
        DECLINE: "decline",
        SECURE: "secure {a}",
        WAIVE: "waive",
        TAKE: "take {a}",
        UNDER: "under {a}",
        MOVE: "move {a} to {b}",
        DONE: "done",
        DISCARD: "discard {a}",
        COMPLETE: "complete {a}",
    },
}
VERBS = tuple(_TEMPLATES[REFERENCE])
"""Every verb, in notation order."""
_PLACEHOLDERS = {
    START: ("P", ""),
    ATTACH: ("F", "P"),
    SHARE: ("F", "P"),
    PLAY: ("E", ""),
    PLAY_JOKER: ("E", "P"),
    PLAY_EXTRA: ("E", "P"),
    PLAY_SETBACK: ("E", "F"),
    OFFER: ("P", "Q"),
    SECURE: ("E", ""),
    TAKE: ("C", ""),
    UNDER: ("C", ""),
    MOVE: ("F", "P"),
    DISCARD: ("C", ""),
    COMPLETE: ("P", ""),
}
_TYPE_PLACEHOLDER = {"de": "TYP", "en": "TYPE"}


def type_name(value: Any, lang: str) -> str:
    """A factor type (its index, or its German name as views carry it) in ``lang``; anything else as text."""
    names = FACTOR_TYPE_NAMES[lang]
    if isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    if isinstance(value, str) and value in FACTOR_TYPES:
        return names[FACTOR_TYPES.index(value)]
    return str(value)


def _write(verb: int, a: Any, b: Any, c: int, lang: str) -> str:
    source = SOURCE_WORDS[lang][a] if verb == DRAW and 0 <= a < len(SOURCES) else str(a)
    typ = FACTOR_TYPE_NAMES[lang][c] if 0 <= c < len(FACTOR_TYPES) else _TYPE_PLACEHOLDER[lang]
    return _TEMPLATES[lang][verb].format(a=a, b=b, typ=typ, source=source)


def pattern(verb: int, lang: str) -> str:
    """The shape of a verb's notation, e.g. ``"spiele E an P als TYP"`` / ``"play E on P as TYPE"``."""
    if verb == DRAW:
        return _TEMPLATES[lang][DRAW].format(source="|".join(SOURCE_WORDS[lang]))
    a, b = _PLACEHOLDERS.get(verb, ("", ""))
    return _write(verb, a, b, -1, lang)


def summary(lang: str) -> str:
    """Every shape of the notation in ``lang``, for "expected ..." in errors and help."""
    return ", ".join(pattern(verb, lang) for verb in _TEMPLATES[lang])


NOTATION = summary(REFERENCE)


class Act(Action):
    """One Busfaktor decision: a verb and up to three int arguments (cards, projects, a type)."""

    __slots__ = ("a", "b", "c", "text", "verb")

    verb: int
    a: int
    b: int
    c: int
    text: str

    def __init__(self, verb: int, a: int, b: int, c: int) -> None:
        object.__setattr__(self, "verb", verb)
        object.__setattr__(self, "a", a)
        object.__setattr__(self, "b", b)
        object.__setattr__(self, "c", c)
        object.__setattr__(self, "text", _write(verb, a, b, c, REFERENCE))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Act({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int, int, int, int]]:
        return (act, (self.verb, self.a, self.b, self.c))


def notation(action: Act, lang: str) -> str:
    """``action`` written in ``lang``'s notation (``str(action)`` for German)."""
    return action.text if lang == REFERENCE else _write(action.verb, action.a, action.b, action.c, lang)


_INTERNED: dict[tuple[int, int, int, int], Act] = {}


def act(verb: int, a: int = -1, b: int = -1, c: int = -1) -> Act:
    """The one interned action with these fields (identity equality is value equality)."""
    key = (verb, a, b, c)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = Act(verb, a, b, c)
    return found


ACCEPT_ACT = act(ACCEPT)
DECLINE_ACT = act(DECLINE)
WAIVE_ACT = act(WAIVE)
DONE_ACT = act(DONE)
DRAW_ACTS = tuple(act(DRAW, source) for source in range(3))

_SHAPES: dict[tuple[str, int], list[tuple[int, str, tuple[str, ...]]]] = {}
"""Notation shapes by (first word, word count): verb, language, the template's words."""
for _lang, _templates in _TEMPLATES.items():
    for _verb, _template in _templates.items():
        _words = tuple(_template.split())
        _SHAPES.setdefault((_words[0], len(_words)), []).append((_verb, _lang, _words))


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 6:
        raise ValueError(word)
    return int(word)


def _match(verb: int, lang: str, template: tuple[str, ...], words: list[str]) -> Act | None:
    """The action if ``words`` fit ``template`` word by word (numbers, a type, a source), else ``None``."""
    values = {"a": -1, "b": -1, "c": -1}
    for expected, word in zip(template, words, strict=True):
        if expected in ("{a}", "{b}"):
            values[expected[1]] = _number(word)
        elif expected == "{typ}":
            if word not in TYPE_WORDS:
                return None
            values["c"] = TYPE_WORDS[word]
        elif expected == "{source}":
            if word not in SOURCE_WORDS[lang]:
                return None
            values["a"] = SOURCE_WORDS[lang].index(word)
        elif expected != word:
            return None
    return act(verb, values["a"], values["b"], values["c"])


def parse(text: str) -> Act | None:
    """The action written as ``text`` in German or English notation, or ``None`` (card ids unchecked)."""
    words = text.strip().lower().split()
    if not words:
        return None
    for verb, lang, template in _SHAPES.get((words[0], len(words)), ()):
        try:
            found = _match(verb, lang, template, words)
        except ValueError:
            return None
        if found is not None:
            return found
    return None
