"""The group's debrief after a workshop: what the tables' games show, replayed through the engine.

Each table's game is replayed action by action from its record (the rules decide everything
again; nothing is read from the clients).  Before every action the cards lying at each active
project are noted; when a project is completed (§8.5, §10) the cards that carried it are those
that lay at it plus the card the completing action placed there (an attached factor, a joker
event, a moved or newly shared factor, §11, §13 E4/E5).  A Mehraufwand at the project is the
extra requirement it had (§13 E6), not a carrier; factors taken off an active project (§13 E4
or E7) are counted as setbacks.

The figures serve the discussion of §4: "Ein abgeschlossenes Projekt bedeutet: Der Bedarf war
gedeckt. Es bedeutet nicht: Es wurde gut gemacht."  The game does not rate the quality of a
factor, so neither does the debrief: it shows which cards covered which needs, how many
projects were completed with exactly what they asked for and how many took extra work, which
needs were covered by stand-ins (wildcards, joker events), and which needs were left open in the
projects that were abandoned (active at the end, one minus point each, §16).  Everything here
is public at the tables (§17: open projects, attached cards and score areas).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..engine import Game
from ..games.busfaktor.actions import ACCEPT, ATTACH, MOVE, PLAY_JOKER, Act
from ..games.busfaktor.deck import EVENT
from ..games.busfaktor.phases import SHARED
from ..games.busfaktor.schema import FACTOR_TYPES

FACTOR, WILDCARD, JOKER = "factor", "wildcard", "joker"


@dataclass(frozen=True)
class PlayedGame:
    """One table's game as the debrief needs it: the game (with its deck), players, seed, the
    actions so far (notation) and the seat names."""

    table: int
    game: Game[Any, Any]
    players: int
    seed: int
    actions: tuple[str, ...]
    names: tuple[str, ...]


def replay_projects(played: PlayedGame) -> tuple[list[dict[str, Any]], bool]:
    """Every project started at the table, in the order started, with what carried it; and whether
    the game is over."""
    state: Any = played.game.new_state(played.players, played.seed)
    deck = state.deck
    setbacks: Counter[int] = Counter()
    carriers: dict[int, list[int]] = {}
    extras: dict[int, int] = {}
    started: list[int] = []
    for text in played.actions:
        action = played.game.parse_action(text)
        active_before = [p for seat_projects in state.actives for p in seat_projects]
        at_before = {card: state.att[card] for card in state.attached}
        shared_before = {p: state.shared[p] for p in active_before}
        extra_before = {p: state.extra[p] for p in active_before}
        share = (state.share_card, state.share_project)
        state.apply(action)
        for p in (p for seat in state.actives for p in seat):
            if p not in started:
                started.append(p)
        for p in active_before:
            if state.status[p] == 1:
                setbacks[p] += sum(
                    1 for card, at in at_before.items() if at == p and card != extra_before[p] and state.att[card] != p
                )
            elif state.status[p] == 2 and p not in carriers:
                carriers[p] = _carriers(state, p, action, at_before, shared_before[p], extra_before[p], share)
                if extra_before[p] >= 0:
                    extras[p] = extra_before[p]
    for p in (p for seat in state.dones for p in seat):  # completed in the action that started them
        if p not in started:
            started.append(p)
    projects = []
    for p in started:
        owner = state.owner[p]
        projects.append(
            {
                "table": played.table,
                "card": p,
                "owner": owner,
                "owner_name": played.names[owner],
                "points": deck.points[p],
                "requirements": _requirement_names(deck.requirements[p]),
                "status": "completed" if state.status[p] == 2 else "abandoned" if state.is_over else "active",
                "round_completed": state.done_round[p] or None,
                "carriers": [
                    {"card": c, "type": FACTOR_TYPES[state.ctype[c]], "kind": _kind(deck, c)}
                    for c in carriers.get(p, [])
                ],
                "mehraufwand": None
                if p not in extras
                else {"card": extras[p], "type": FACTOR_TYPES[state.ctype[extras[p]]]},
                "setbacks": setbacks[p],
                "open": []
                if state.status[p] == 2
                else [FACTOR_TYPES[t] for t in range(4) for _ in range(state.open[p * 4 + t])],
            }
        )
    return projects, bool(state.is_over)


def _carriers(
    state: Any,
    p: int,
    action: Act,
    at_before: dict[int, int],
    shared: int,
    extra: int,
    share: tuple[int, int],
) -> list[int]:
    """The cards that filled ``p``'s requirements when ``action`` completed it."""
    cards = [card for card, at in at_before.items() if at == p and card != extra]
    if shared >= 0:
        cards.append(shared)
    verb = action.verb
    if verb in (ATTACH, PLAY_JOKER, MOVE) and action.b == p:
        cards.append(action.a)
    elif verb == ACCEPT and share[0] >= 0 and state.att[share[0]] in (SHARED, -1):
        share_card, share_project = share
        if p in (share_project, state.partner[share_project]) and share_card not in cards:
            cards.append(share_card)
    return sorted(set(cards), key=cards.index)


def _kind(deck: Any, card: int) -> str:
    if deck.kind[card] == EVENT:
        return JOKER
    return WILDCARD if len(deck.types[card]) > 1 else FACTOR


def _requirement_names(counts: tuple[int, ...]) -> list[str]:
    return [FACTOR_TYPES[t] for t in range(4) for _ in range(counts[t])]


def debrief(games: list[PlayedGame], lang: str = "de") -> dict[str, Any]:
    """The debrief of a workshop's games: per table, per project, per card and the §4 figures.

    Card names and texts are given in ``lang`` where the deck has them (escaped by the client).
    """
    tables = []
    projects: list[dict[str, Any]] = []
    cards: dict[str, dict[str, Any]] = {}
    by_type: dict[str, Counter[str]] = {name: Counter() for name in FACTOR_TYPES}
    missing: Counter[str] = Counter()
    for played in games:
        state_projects, over = replay_projects(played)
        deck = played.game.deck  # type: ignore[attr-defined]
        points = [0] * played.players
        for project in state_projects:
            project["name"] = deck.name(project["card"], lang)
            project["goal"] = deck.text(project["card"], lang)
            for carrier in project["carriers"]:
                carrier["name"] = deck.name(carrier["card"], lang)
            if project["mehraufwand"]:
                project["mehraufwand"]["name"] = deck.name(project["mehraufwand"]["card"], lang)
            if project["status"] == "completed":
                points[project["owner"]] += project["points"]
                for carrier in project["carriers"]:
                    by_type[carrier["type"]][carrier["kind"]] += 1
                    entry = cards.setdefault(
                        carrier["name"],
                        {
                            "name": carrier["name"],
                            "text": deck.text(carrier["card"], lang),
                            "kind": carrier["kind"],
                            "types": Counter(),
                            "projects": 0,
                        },
                    )
                    entry["types"][carrier["type"]] += 1
                    entry["projects"] += 1
            else:
                points[project["owner"]] -= 1
                if project["status"] == "abandoned":
                    missing.update(project["open"])
        projects.extend(state_projects)
        tables.append(
            {
                "table": played.table,
                "finished": over,
                "names": list(played.names),
                "points": points,
                "completed": sum(1 for p in state_projects if p["status"] == "completed"),
                "abandoned": sum(1 for p in state_projects if p["status"] == "abandoned"),
                "active": sum(1 for p in state_projects if p["status"] == "active"),
            }
        )
    completed = [p for p in projects if p["status"] == "completed"]
    extra_work = [p for p in completed if p["mehraufwand"] or p["setbacks"]]
    stand_ins = [c for p in completed for c in p["carriers"] if c["kind"] != FACTOR]
    return {
        "tables": tables,
        "projects": projects,
        "totals": {
            "started": len(projects),
            "completed": len(completed),
            "abandoned": sum(1 for p in projects if p["status"] == "abandoned"),
            "active": sum(1 for p in projects if p["status"] == "active"),
            "points_won": sum(p["points"] for p in completed),
            "minus_points": len(projects) - len(completed),
        },
        "factor_types": {name: dict(kinds) for name, kinds in by_type.items()},
        "cards": sorted(
            ({**entry, "types": dict(entry["types"])} for entry in cards.values()),
            key=lambda entry: (-entry["projects"], entry["name"]),
        ),
        "need_covered": {
            "completed": len(completed),
            "exactly_asked": len(completed) - len(extra_work),
            "extra_work": len(extra_work),
            "with_mehraufwand": sum(1 for p in completed if p["mehraufwand"]),
            "with_setbacks": sum(1 for p in completed if p["setbacks"]),
            "requirements_covered": sum(len(p["carriers"]) for p in completed),
            "by_stand_ins": len(stand_ins),
            "by_wildcards": sum(1 for c in stand_ins if c["kind"] == WILDCARD),
            "by_jokers": sum(1 for c in stand_ins if c["kind"] == JOKER),
            "left_open": dict(missing),
        },
    }
