"""The game protocol shared by every game, bot, simulation and user interface."""

from .bot import Bot, BotFactory
from .credit import Credit
from .errors import (
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidDataError,
    InvalidOptionError,
    InvalidRecordError,
    MalformedActionError,
    RequestError,
    UnknownGameError,
    WrongSeatError,
)
from .events import LANGUAGES, Catalog, Event
from .game import Action, Game, Options, Outcome, State, wrong_kind
from .records import (
    load_record,
    replay,
    replay_states,
    save_record,
    validate_record,
    write_bytes_atomically,
    write_text_atomically,
)
from .registry import game_class, game_ids, load_game, register
from .rng import Rng, derive_seed

__all__ = [
    "LANGUAGES",
    "Action",
    "Bot",
    "BotFactory",
    "Catalog",
    "Credit",
    "Event",
    "Game",
    "GameError",
    "GameOverError",
    "IllegalActionError",
    "InvalidDataError",
    "InvalidOptionError",
    "InvalidRecordError",
    "MalformedActionError",
    "Options",
    "Outcome",
    "RequestError",
    "Rng",
    "State",
    "UnknownGameError",
    "WrongSeatError",
    "derive_seed",
    "game_class",
    "game_ids",
    "load_game",
    "load_record",
    "register",
    "replay",
    "replay_states",
    "save_record",
    "validate_record",
    "write_bytes_atomically",
    "write_text_atomically",
    "wrong_kind",
]
