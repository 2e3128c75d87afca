"""Actions of Busfaktor: 1: interned frozen values with one German text notation each.

Cards are written by their id (``busbahnhof`` shows the ids next to the names), factor types
by their German name.  Notation:

=====================================  ==============================================================
``ziehe projekt|aktion|ablage``        §7: draw one card from the chosen source
``beginne P``                          §8.1: start project P
``lege F an P als TYP``                §8.2: attach factor F to own project P as TYP
``teile F an P als TYP``               §11: propose F (factor or joker) as the shared factor of P's cooperation
``spiele E``                           §8.3: play event E (E1-E4; choices follow)
``spiele E an P als TYP``              §13 E5: play E as a joker of TYP on own project P
``spiele E an P``                      §13 E6: attach Mehraufwand E to another person's project P
``spiele E auf F``                     §13 E7: Rückschlag on attached factor F
``biete P mit Q``                      §8.4: offer a cooperation between own P and another's Q
``annehmen`` / ``ablehnen``            §8.4, §11: answer an offer or a shared-factor proposal
``absichern E`` / ``verzichten``       §12: react with Absicherung E, or let the event happen
``nimm C``                             §13 E1/E3: take card C
``unter C``                            §13 E1: put C under the stack next
``verschiebe F nach P``                §13 E4: move attached factor F to project P
``fertig``                             end the action phase (§8) or stop moving (E4)
``wirf C``                             §9: discard C onto the open discard
``schliesse P ab``                     §17: complete P next among simultaneous completions
=====================================  ==============================================================
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

SOURCES = ("projekt", "aktion", "ablage")
TYPE_WORDS = {name.lower(): index for index, name in enumerate(FACTOR_TYPES)}


_TEMPLATES = {
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
}


def _text(verb: int, a: int, b: int, c: int) -> str:
    typ = FACTOR_TYPES[c] if 0 <= c < len(FACTOR_TYPES) else ""
    source = SOURCES[a] if 0 <= a < len(SOURCES) else str(a)
    return _TEMPLATES[verb].format(a=a, b=b, typ=typ, source=source)


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
        object.__setattr__(self, "text", _text(verb, a, b, c))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("actions are immutable")

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Act({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int, int, int, int]]:
        return (act, (self.verb, self.a, self.b, self.c))


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

NOTATION = (
    "ziehe projekt|aktion|ablage, beginne P, lege F an P als TYP, teile F an P als TYP, spiele E [an P [als TYP]], "
    "spiele E auf F, biete P mit Q, annehmen, ablehnen, absichern E, verzichten, nimm C, unter C, "
    "verschiebe F nach P, fertig, wirf C, schliesse P ab"
)

_SIMPLE = {"annehmen": ACCEPT_ACT, "ablehnen": DECLINE_ACT, "verzichten": WAIVE_ACT, "fertig": DONE_ACT}
_ONE_CARD = {"beginne": START, "absichern": SECURE, "nimm": TAKE, "unter": UNDER, "wirf": DISCARD}


def _number(word: str) -> int:
    if not word.isdigit() or len(word) > 6:
        raise ValueError(word)
    return int(word)


def parse(text: str) -> Act | None:
    """The action written as ``text``, or ``None`` if it is not notation (card ids unchecked)."""
    words = text.strip().lower().split()
    if not words:
        return None
    try:
        if len(words) == 1:
            return _SIMPLE.get(words[0])
        verb = words[0]
        if len(words) == 2:
            if verb == "ziehe":
                return DRAW_ACTS[SOURCES.index(words[1])] if words[1] in SOURCES else None
            if verb in _ONE_CARD:
                return act(_ONE_CARD[verb], _number(words[1]))
            return act(PLAY, _number(words[1])) if verb == "spiele" else None
        if len(words) == 3:
            return act(COMPLETE, _number(words[1])) if verb == "schliesse" and words[2] == "ab" else None
        if len(words) == 4:
            first, word, second = _number(words[1]), words[2], _number(words[3])
            shapes = {
                ("spiele", "an"): PLAY_EXTRA,
                ("spiele", "auf"): PLAY_SETBACK,
                ("biete", "mit"): OFFER,
                ("verschiebe", "nach"): MOVE,
            }
            return act(shapes[(verb, word)], first, second) if (verb, word) in shapes else None
        if len(words) == 6 and words[2] == "an" and words[4] == "als" and words[5] in TYPE_WORDS:
            verbs = {"lege": ATTACH, "teile": SHARE, "spiele": PLAY_JOKER}
            if verb in verbs:
                return act(verbs[verb], _number(words[1]), _number(words[3]), TYPE_WORDS[words[5]])
    except ValueError:
        return None
    return None
