"""The Busfahrer game object: rule options, presets, set-up, notation and the hooks of the protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from ...engine import Action, BotFactory, Catalog, Game, InvalidOptionError, State
from ...engine.events import ParamFormatter
from . import questions
from .actions import BusfahrerAction, action_from_text
from .cards import DECK_SIZE, check_cards
from .describe import NOTATION, describe, formatters
from .options import BusfahrerOptions, check_deal
from .state import BusfahrerState
from .summary import summarize


class Busfahrer(Game[BusfahrerOptions, BusfahrerAction]):
    """Busfahrer (``rules/003``): four questions, the pyramid, the bus ride; fewest penalty points win."""

    id = "busfahrer"
    title = "Busfahrer"
    min_players = 2
    max_players = 8
    lower_is_better = True
    options_model = BusfahrerOptions
    public_view = True
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        "default": {},
        "laying-mandatory": {"laying": "mandatory"},
        "laying-optional": {"laying": "optional"},
        "points-2-4-6-8": {"pyramid_points": "2-4-6-8"},
        "tie-highest-card": {"driver_tie": "highest_card"},
        "tie-lot": {"driver_tie": "lot"},
        "tie-all-ride": {"driver_tie": "all_ride"},
        "pile-reshuffle": {"empty_pile": "reshuffle"},
        "rising-penalties": {"rising_penalties": True},
        "rising-split": {"rising_penalties": True, "rising_recipients": "split"},
        "karten-zaehlen": {"karten_zaehlen": True},
        "pyramid-5": {"pyramid": "5-4-3-2-1"},
        "pyramid-6": {"pyramid": "6-5-4-3-2-1"},
        "american": {"ride": "american"},
        "american-cut-short": {"ride": "american", "empty_pile": "end"},
        "match-3": {"games": 3},
        "everything": {
            "games": 2,
            "pyramid": "5-4-3-2-1",
            "pyramid_points": "2-4-6-8",
            "laying": "optional",
            "driver_tie": "all_ride",
            "rising_penalties": True,
            "rising_recipients": "split",
            "karten_zaehlen": True,
            "empty_pile": "reshuffle",
        },
    }

    def _new_state(self, players: int, seed: int) -> BusfahrerState:
        return self.new_state_with_decks(players, seed, [])

    def new_state_with_decks(self, players: int, seed: int, decks: Sequence[Sequence[int]]) -> BusfahrerState:
        """A game whose shuffles are stacked: for teaching positions and tests.

        The k-th full shuffle of the game (each game's deal, then each ride's "Sammelt alle Karten
        ein und mischt sie") takes ``decks[k]``: the cards from the top down, the first card dealt
        first.  A partial order is completed by the remaining cards, shuffled by the state's
        generator.  Shuffles beyond ``decks`` use the generator.  Cards are ints 0..51
        (``rank * 4 + suit``, see :mod:`.cards`).  The record of such a state does not replay
        from its seed alone.

        Raises:
            InvalidOptionError: a player count the options cannot deal, or a bad deck order.
        """
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptionError(
                f"Busfahrer is played by 2 to 8 players, not {players}",
                rule="Busfahrer: Überblick (Spieler: 2–8)",
                key="error.player_count",
                params={"game": self.title, "low": self.min_players, "high": self.max_players, "players": players},
            )
        check_deal(self.options, players)
        state = BusfahrerState(self, players, seed, [])
        stacked: list[list[int]] = []
        for index, order in enumerate(decks):
            top = check_cards(order, index + 1)
            rest = [card for card in range(DECK_SIZE) if card not in set(top)]
            state.rng.shuffled(rest)
            stacked.append(rest + top[::-1])
        state.stacked = stacked
        questions.start_game(state)
        return state

    def parse_action(self, text: str) -> BusfahrerAction:
        """The action written as ``text`` (see :mod:`.actions` for the notation)."""
        try:
            return action_from_text(text)
        except KeyError:
            raise self.malformed(text, NOTATION) from None

    def rematch_shift(self, players: int) -> int:
        """Spielende, ruling R1: the deal passes clockwise from game to game, so a follow-up table
        goes on with the player left of the last dealer dealing: everyone moves on by the number of
        games the finished table played (its last seat deals first)."""
        return self.options.games % players

    def bots(self) -> Mapping[str, BotFactory]:
        """``kartenzaehler``: counts every visible card (see :mod:`.bots`); the levels ``leicht``,
        ``mittel``, ``schwer``."""
        from .bots import Kartenzaehler, levels

        return {"kartenzaehler": Kartenzaehler, **levels()}

    def param_formatters(self, lang: str) -> Mapping[str, ParamFormatter]:
        """Cards ("Karo-9" / "9 of diamonds") and guesses ("höher" / "higher")."""
        return formatters(lang)

    def describe_action(self, action: Action, catalog: Catalog) -> str:
        """ "Rate „höher“" / "Guess higher", "2 Strafpunkte an Spieler 3" / "2 penalty points to Player 3"..."""
        if not isinstance(action, BusfahrerAction):
            return str(action)
        return describe(action, catalog)

    def render_text(self, view: Mapping[str, Any], catalog: Catalog) -> Any:
        """The table as a Rich renderable: hands, pyramid, diamond, points, the last events."""
        from .render import render

        return render(view, catalog)

    def summarize(self, state: State[Any]) -> dict[str, Any]:
        """Simulation figures; see :func:`.summary.summarize`."""
        if not isinstance(state, BusfahrerState):
            raise TypeError("summarize needs a Busfahrer state")
        return summarize(state)
