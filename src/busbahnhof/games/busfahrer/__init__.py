"""Busfahrer: the party card game of ``rules/003`` (four questions, the pyramid, the bus ride).

Public: :class:`Busfahrer` (the game), :class:`BusfahrerState`, :class:`BusfahrerOptions`,
:class:`BusfahrerAction`, and ``Busfahrer.new_state_with_decks`` for stacked deals.
"""

from .actions import BusfahrerAction
from .game import Busfahrer
from .options import BusfahrerOptions
from .state import BusfahrerState

__all__ = ["Busfahrer", "BusfahrerAction", "BusfahrerOptions", "BusfahrerState"]
