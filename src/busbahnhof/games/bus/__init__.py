"""Bus (Splotter Spellen, 1999; Complete Edition 2024): the network board game on the city map.

Rules: ``shared/rules/002`` (Complete Edition summary, the default) and ``004`` (1999 short
rules, option ``edition="1999"``); rulings in docs/rulings/bus.md.  Modules: ``board`` (the map
as data), ``actions`` (notation), ``rules`` (edition switches), ``lines`` (line expansion),
``legal`` (buildings, deliveries, explanations), ``refusal`` (a reason with its message key),
``state`` (setup, selection, resolution, ends),
``view`` (what a seat sees), ``game`` (options, descriptions, simulation figures), ``bots``.
"""

from .game import Bus, BusOptions
from .state import BusState

__all__ = ["Bus", "BusOptions", "BusState"]
