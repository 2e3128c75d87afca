"""The decision points of a Busfaktor turn (which seat decides what, §6-§13)."""

DRAW = 0  # §7: the active person picks a source for the next card
ACTION = 1  # §8: the active person acts or passes (``fertig``)
DISCARD = 2  # §9: the active person discards down to five, one card at a time
REACT = 3  # §12: a seat in the reaction window plays an Absicherung or lets the event happen
ANSWER_OFFER = 4  # §8.4: the offered person accepts or declines a cooperation
ANSWER_SHARE = 5  # §11: the partner consents to a shared factor or not
E1_TAKE = 6  # §13 E1: take the allowed card among the looked-at cards
E1_UNDER = 7  # §13 E1: put the rest under the stack in a chosen order
E3_TAKE = 8  # §13 E3: take a factor from anywhere in the open discard
E4_MOVE = 9  # §13 E4: move up to N attached factors, or stop
OVER = 10  # §15: six rounds played
COMPLETE_ORDER = 11  # §17: a person picks which of several simultaneous completions comes next (ruling R10)

NAMES = (
    "ziehen",
    "aktionen",
    "aufraeumen",
    "reaktion",
    "kooperation",
    "gemeinsamer_faktor",
    "sichten_nehmen",
    "sichten_unterlegen",
    "rueckholen",
    "umverteilen",
    "ende",
    "abschluss",
)

SHARED = -2  # ``att[card]`` of a shared factor lying between two cooperating projects (§11)
HAND_LIMIT = 5  # §9
ROUNDS = 6  # §6, §15
