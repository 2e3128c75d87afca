"""Scenario building for the Busfaktor tests: name cards, arrange hands, projects and piles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from busbahnhof.engine import load_game
from busbahnhof.games.busfaktor import Busfaktor, BusfaktorState
from busbahnhof.games.busfaktor.flow import (
    count_attached,
    count_cooperating,
    count_free,
    count_open_types,
    enter_action_phase,
    place,
)
from busbahnhof.games.busfaktor.schema import FACTOR_TYPES

GAME: Busfaktor = load_game("busfaktor")  # type: ignore[assignment]
MINI: Busfaktor = load_game("busfaktor", deck="mini")  # type: ignore[assignment]
# A card for each capability §4, §11, §12 and §17 grant card texts (issue 8 item 3).
DESIGNER_DECK = Path(__file__).parent / "data" / "designer-deck.toml"
DESIGNER: Busfaktor = load_game("busfaktor", deck=str(DESIGNER_DECK))  # type: ignore[assignment]

Attached = Sequence[tuple[str, str]]


def cid(name: str, game: Busfaktor = GAME) -> int:
    """The id of the card called ``name``."""
    return game.deck.names.index(name)


def ids(names: Iterable[str], game: Busfaktor = GAME) -> list[int]:
    """The ids of several cards."""
    return [cid(n, game) for n in names]


def typ(name: str) -> int:
    """The index of a factor type."""
    return FACTOR_TYPES.index(name)


def arrange(
    players: int = 2,
    *,
    game: Busfaktor = GAME,
    hands: Mapping[int, Sequence[str]] | None = None,
    projects: Mapping[int, Sequence[tuple[str, Attached]]] | None = None,
    discard: Sequence[str] = (),
    spent: Sequence[str] | None = None,
    active: int = 0,
    start: int = 0,
    round_: int = 1,
    seed: int = 0,
) -> BusfaktorState:
    """A state in ``active``'s action phase with exactly the given cards in hands, projects and piles.

    Every other card stays in its stack (projects in the Projektstapel, the rest in the
    Aktionsstapel, in the seed's shuffled order); ``spent`` (if given) is the Verbrauchsstapel.
    """
    state: BusfaktorState = game.new_state(players, seed)  # type: ignore[assignment]
    deck = game.deck
    for seat in range(players):
        for card in state.hands[seat]:
            (state.pstack if card < deck.n_projects else state.astack).append(card)
        state.hands[seat] = []
        state.known[seat] = []

    def pull(name: str) -> int:
        card = cid(name, game)
        for pile in (state.pstack, state.astack):
            if card in pile:
                pile.remove(card)
                return card
        raise AssertionError(f"{name} is used twice in the scenario")

    for seat, names in (hands or {}).items():
        state.hands[seat] = [pull(n) for n in names]
    for seat, laid in (projects or {}).items():
        for title, attached in laid:
            project = pull(title)
            state.owner[project] = seat
            state.status[project] = 1
            state.actives[seat].append(project)
            for factor, ftype in attached:
                place(state, pull(factor), project, typ(ftype), seat)
    state.discard = [pull(n) for n in discard]
    if spent is not None:
        state.spent = [pull(n) for n in spent]
    state.start = start
    state.active = active
    state.round = round_
    state.started = state.event_used = False
    state.offered = state.proposed = 0
    state.draws_left = 0
    enter_action_phase(state)
    refresh(state)
    return state


def refresh(state: BusfaktorState) -> None:
    """After a scenario wrote the state's fields directly: the facts kept for speed counted afresh
    (``free``, projects free to cooperate; ``cooperating``, running cooperations; ``open_types``,
    the types still open at each project; ``attached``, the cards at projects) and the cached
    legal actions forgotten."""
    state.free = count_free(state)
    state.cooperating = count_cooperating(state)
    state.open_types = count_open_types(state)
    state.attached = count_attached(state)
    state._legal = None


def named(text: str, game: Busfaktor = GAME) -> str:
    """Notation written with card names instead of ids: ``"spiele Überstunden an Serverumzug als Team"``."""
    for name in sorted(game.deck.names, key=len, reverse=True):
        if f" {name}" in f" {text}":
            text = text.replace(name, str(cid(name, game)))
    return text


def legal_texts(state: BusfaktorState) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in state.legal_actions()]


def play(state: BusfaktorState, *actions: str) -> None:
    """Apply several actions in order."""
    for action in actions:
        state.apply(action)


def at_draw(state: BusfaktorState) -> BusfaktorState:
    """Put the arranged state back to the start of the active person's draw phase."""
    state.phase = 0
    state.draws_left = 2
    refresh(state)
    return state
