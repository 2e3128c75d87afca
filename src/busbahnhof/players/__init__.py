"""Players, not seats: display names, accounts and sessions, seats' players, ratings, player pages.

Imports only ``engine`` (and stores through :class:`.ports.PlayerStore`, implemented by
``busbahnhof.store.PlayerStore``); the table service knows nothing of accounts.  See
``docs/players.md``.
"""

from .accounts import Accounts, Login, LoginLimits, Session
from .errors import (
    CsrfError,
    InvalidNameError,
    LoginFailedError,
    NameTakenError,
    NotLoggedInError,
    NotYourSeatError,
    PlayersError,
    TooManyAttemptsError,
    UnknownPlayerError,
    WeakPasswordError,
)
from .names import display_name, user_name
from .pages import Pages
from .passwords import Passwords
from .ports import PlayerStore
from .ratings import BOTS, PEOPLE, POOLS, Ratings
from .seats import HeldSeat, Seats

__all__ = [
    "BOTS",
    "PEOPLE",
    "POOLS",
    "Accounts",
    "CsrfError",
    "HeldSeat",
    "InvalidNameError",
    "Login",
    "LoginFailedError",
    "LoginLimits",
    "NameTakenError",
    "NotLoggedInError",
    "NotYourSeatError",
    "Pages",
    "Passwords",
    "PlayerStore",
    "PlayersError",
    "Ratings",
    "Seats",
    "Session",
    "TooManyAttemptsError",
    "UnknownPlayerError",
    "WeakPasswordError",
    "display_name",
    "user_name",
]
