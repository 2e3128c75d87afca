"""Busfaktor: 1: the action universe and the observation of a seat's view, both built from the deck.

The action space depends on the deck (rule option ``deck``): N cards with ids 0..N-1, the
projects first (ids 0..Q-1).  Actions, in this order (German reference notation, ``str(action)``):
``ziehe projekt|aktion|ablage``; ``beginne P`` per project; ``lege F an P als TYP`` per factor
card F, project P and type (Team, Daten, Betrieb, Methode); ``teile F an P als TYP`` per factor
card or E5 event (a joker may be shared), project and type; ``spiele E`` per event; ``spiele E
an P als TYP`` per E5 event (joker), project and type; ``spiele E an P`` per E6 event
(Mehraufwand) and project; ``spiele E auf F`` per E7 event (Rückschlag) and non-project card;
``biete P mit Q`` per pair of different projects; ``annehmen``, ``ablehnen``, ``verzichten``,
``fertig``; ``absichern E`` per E8 event (Absicherung); ``nimm C``, ``unter C``, ``wirf C`` per
card; ``verschiebe F nach P`` per non-project card and project; ``schliesse P ab`` per project.
The default deck (74 cards, 16 projects) gives 7,735 actions, the ``mini`` deck 570.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import compress
from typing import Any

from ...games.busfaktor.actions import (
    ACCEPT,
    ATTACH,
    COMPLETE,
    DECLINE,
    DISCARD,
    DONE,
    DRAW,
    MOVE,
    OFFER,
    PLAY,
    PLAY_EXTRA,
    PLAY_JOKER,
    PLAY_SETBACK,
    SECURE,
    SHARE,
    START,
    TAKE,
    UNDER,
    WAIVE,
    act,
)
from ...games.busfaktor.deck import FACTOR, Deck
from ...games.busfaktor.flow import ready_projects
from ...games.busfaktor.phases import ANSWER_OFFER, ANSWER_SHARE, COMPLETE_ORDER, NAMES
from ...games.busfaktor.schema import FACTOR_TYPES
from ...games.busfaktor.state import BusfaktorState
from ..layout import Field, Writer
from .base import Attributes, Codec, Part, name_index

TYPES = len(FACTOR_TYPES)


class BusfaktorCodec(Codec):
    """Busfaktor's encoding over the game's deck."""

    @property
    def deck(self) -> Deck:
        deck: Deck = getattr(self.game, "deck")  # noqa: B009 - the Busfaktor game object carries its deck
        return deck

    def action_names(self) -> Iterable[str]:
        deck = self.deck
        cards, projects = range(deck.size), range(deck.n_projects)
        others = range(deck.n_projects, deck.size)
        factors = [c for c in cards if deck.kind[c] == FACTOR]
        events = [c for c in cards if deck.template[c]]

        def template(number: int) -> list[int]:
            return [c for c in events if deck.template[c] == number]

        verbs: list[tuple[int, Iterable[tuple[int, int, int]]]] = [
            (DRAW, ((source, -1, -1) for source in range(3))),
            (START, ((p, -1, -1) for p in projects)),
            (ATTACH, ((f, p, t) for f in factors for p in projects for t in range(TYPES))),
            (SHARE, ((f, p, t) for f in factors + template(5) for p in projects for t in range(TYPES))),
            (PLAY, ((e, -1, -1) for e in events)),
            (PLAY_JOKER, ((e, p, t) for e in template(5) for p in projects for t in range(TYPES))),
            (PLAY_EXTRA, ((e, p, -1) for e in template(6) for p in projects)),
            (PLAY_SETBACK, ((e, f, -1) for e in template(7) for f in others)),
            (OFFER, ((p, q, -1) for p in projects for q in projects if p != q)),
            (ACCEPT, [(-1, -1, -1)]),
            (DECLINE, [(-1, -1, -1)]),
            (WAIVE, [(-1, -1, -1)]),
            (DONE, [(-1, -1, -1)]),
            (SECURE, ((e, -1, -1) for e in template(8))),
            (TAKE, ((c, -1, -1) for c in cards)),
            (UNDER, ((c, -1, -1) for c in cards)),
            (DISCARD, ((c, -1, -1) for c in cards)),
            (MOVE, ((f, p, -1) for f in others for p in projects)),
            (COMPLETE, ((p, -1, -1) for p in projects)),
        ]
        for verb, arguments in verbs:
            yield from (str(act(verb, a, b, c)) for a, b, c in arguments)

    def fields(self) -> list[Field]:
        p, n, q = self.players, self.deck.size, self.deck.n_projects
        inf = math.inf
        # Bounds from the rules: card counts cannot exceed the deck (§2); §16: the score is the
        # points of completed projects minus one per active project, so it lies between -Q and
        # all projects' points; an open requirement is one of the project's own (§4) or the one
        # Mehraufwand at most that lies at a project (§13 E6); §7: two draws a turn; an E4
        # moves at most the number its card names (§13 E4).
        best = float(sum(self.deck.points[:q]))
        deck = self.deck
        most_moves = float(max((c for c, t in zip(deck.count, deck.template, strict=True) if t == 4), default=0))
        most_open = float(max((count for needs in self.deck.requirements for count in needs), default=0) + 1)
        return [
            Field("phase", (len(NAMES),), 1, f"one-hot: {', '.join(NAMES)}"),
            Field("round", (1,), 6, "the round (1-6)"),
            Field("active", (p,), 1, "one-hot: the active person"),
            Field("start_player", (p,), 1, "one-hot: the start player"),
            Field("hand", (n,), 1, "the observing seat's hand cards"),
            Field("hand_sizes", (p,), n, "hand cards per seat"),
            Field("hand_projects", (p,), q, "project cards among each seat's hand cards"),
            Field("known_hand_cards", (p, n), 1, "per seat the hand cards everybody saw enter its hand"),
            Field("stacks", (3,), n, "cards in the Projektstapel, the Aktionsstapel and the Verbrauchsstapel"),
            Field("reshuffles", (1,), inf, "reshuffles of the Aktionsstapel so far"),
            Field("spent", (n,), 1, "cards in the Verbrauchsstapel"),
            Field("discard", (n,), 1, "cards in the open discard"),
            Field("discard_top", (n,), 1, "one-hot: the top card of the open discard"),
            Field(
                "placed_under",
                (2, n),
                n,
                "cards this seat's E1 put under the project / action stack: place from the bottom + 1",
            ),
            Field("project_status", (q, 3), 1, "per project one-hot: not on the table, active, completed"),
            Field("project_owner", (q, p), 1, "per project on the table one-hot: its owner"),
            Field(
                "project_open",
                (q, TYPES),
                most_open,
                "per active project its open requirements per type (Team, Daten, Betrieb, Methode)",
            ),
            Field("partner", (q, q), 1, "per project one-hot: its cooperation partner project"),
            Field("shared_once", (q,), 1, "per project whether its cooperation has shared a factor"),
            Field("round_completed", (q,), 6, "per completed project the round it was completed in"),
            Field(
                "card_project", (n, q), 1, "per card one-hot: the project it lies at (attached, Mehraufwand, shared)"
            ),
            Field(
                "card_role", (n, 3), 1, "per card on a project one-hot: factor (or joker), Mehraufwand, shared factor"
            ),
            Field("card_type", (n, TYPES), 1, "per card on a project one-hot: the type it fills"),
            Field("card_controller", (n, p), 1, "per attached or shared card one-hot: its controller"),
            Field("completed", (p, q), 1, "per seat the projects it completed"),
            Field("scores", (p,), best, "points per seat so far", low=-float(q)),
            Field("turn", (4,), 2, "draws left, project started, event played, must start a project"),
            Field("pending_event", (n,), 1, "one-hot: the event being resolved"),
            Field("pending_target", (n,), 1, "one-hot: the card it targets"),
            Field("affected", (p,), 1, "the seats it affects"),
            Field("still_asked", (p,), 1, "the seats still to react (§12)"),
            Field("looked", (n,), 1, "the cards the observing seat's E1 looks at (only its own)"),
            Field("looked_count", (1,), n, "how many cards an E1 looks at"),
            Field("moves_left", (1,), most_moves, "E4: moves left"),
            Field("moved", (n,), 1, "E4: the factors moved so far"),
            Field("offer", (2, q), 1, "a cooperation offer: one-hot the offering project, the offered one"),
            Field("share_card", (n,), 1, "a shared-factor proposal: one-hot the card"),
            Field("share_project", (q,), 1, "a shared-factor proposal: one-hot the project"),
            Field("share_type", (TYPES,), 1, "a shared-factor proposal: one-hot the type"),
            Field("completing", (p,), 1, "one-hot: the seat choosing the order of simultaneous completions"),
            Field("completing_projects", (q,), 1, "the projects ready to complete"),
        ]

    def fill(self, view: dict[str, Any], seat: int, out: Writer) -> None:
        out.one("phase", name_index(NAMES, view["phase"]))
        out.set("round", view["round"])
        out.one("active", view["active"])
        out.one("start_player", view["start_player"])
        out.many("hand", view["hand"])
        out.put("hand_sizes", view["hand_sizes"])
        out.put("hand_projects", view["hand_projects"])
        for s, cards in enumerate(view["known_hand_cards"]):
            out.many("known_hand_cards", cards, s)
        out.put("stacks", (view["project_stack"], view["action_stack"], view["spent"]))
        out.set("reshuffles", view["reshuffles"])
        out.many("spent", view["spent_cards"])
        out.many("discard", view["discard"])
        if view["discard"]:
            out.one("discard_top", view["discard"][-1])
        for row, name in enumerate(("project_stack", "action_stack")):
            for index, card in view["placed_under"][name]:
                out.set("placed_under", index + 1, card, row)
        for project in view["projects"]:
            self._fill_project(project, out)
        for s, done in enumerate(view["completed"]):
            out.many("completed", done, s)
        out.put("scores", view["scores"])
        turn = view["turn"]
        out.put("turn", (turn["draws_left"], turn["project_started"], turn["event_played"], turn["must_start"]))
        self._fill_pending(view["pending_event"], out)
        if view["offer"] is not None:
            mine, theirs = view["offer"]
            out.one("offer", mine, 0)
            out.one("offer", theirs, 1)
        share = view["share"]
        if share is not None:
            out.one("share_card", share["card"])
            out.one("share_project", share["project"])
            out.one("share_type", FACTOR_TYPES.index(share["type"]))
        completing = view["completing"]
        if completing is not None:
            out.one("completing", completing["seat"])
            out.many("completing_projects", completing["projects"])

    @staticmethod
    def _fill_project(project: dict[str, Any], out: Writer) -> None:
        p = project["card"]
        active = project["status"] == "aktiv"
        out.one("project_status", 1 if active else 2, p)
        out.one("project_owner", project["owner"], p)
        if active:
            out.put("project_open", [project["open"][name] for name in FACTOR_TYPES], p)
        out.one("partner", project["partner"], p)
        if project["shared_once"]:
            out.one("shared_once", p)
        if project["round_completed"]:
            out.set("round_completed", project["round_completed"], p)
        placed = [(card, 0) for card in project["attached"]]
        if project["mehraufwand"] is not None:
            placed.append((project["mehraufwand"], 1))
        if project["shared"] is not None:
            placed.append((project["shared"], 2))
        for card, role in placed:
            c = card["card"]
            out.one("card_project", p, c)
            out.one("card_role", role, c)
            out.one("card_type", FACTOR_TYPES.index(card["type"]), c)
            out.one("card_controller", card.get("controller"), c)

    @staticmethod
    def _fill_pending(pending: dict[str, Any] | None, out: Writer) -> None:
        if pending is None:
            return
        out.one("pending_event", pending["event"])
        out.one("pending_target", pending["target"])
        out.many("affected", pending["affected"])
        out.many("still_asked", pending["still_asked"])
        looked = pending["looked"]
        if isinstance(looked, list):
            out.many("looked", looked)
            out.set("looked_count", len(looked))
        else:
            out.set("looked_count", looked)
        out.set("moves_left", pending["moves_left"] or 0)
        out.many("moved", pending["moved"] or ())

    def observation_parts(self) -> list[Part]:
        # What views.build_view shows the seat: its own hand only, the cards its own E1 put under
        # a stack, the cards an E1 looks at only to the active person; the rest is public.
        return [
            Part(_read_table, _write_table),
            Part(_read_hand, _write_hand),
            Part(Attributes("hands"), self._write_hand_counts),
            Part(Attributes("known"), _write_known),
            Part(Attributes("spent", "discard"), _write_open_cards),
            Part(_read_placed_under, _write_placed_under),
            Part(Attributes(*PROJECT_COLUMNS), _write_projects),
            Part(Attributes(*CARD_COLUMNS), self._write_cards_at_projects),
            Part(Attributes("dones", "actives"), self._write_completed),
            Part(_read_pending, _write_pending),
            Part(_read_answer, _write_answer),
        ]

    def _write_hand_counts(self, hands: list[list[int]], out: Writer) -> None:
        is_project = self.deck.n_projects.__gt__
        out.put("hand_sizes", list(map(len, hands)))
        out.put("hand_projects", [sum(map(is_project, hand)) for hand in hands])

    def _write_cards_at_projects(self, cards: CardsAtProjects, out: Writer) -> None:
        """The cards lying at projects on the table (as ``_fill_project`` of each): attached,
        Mehraufwand, shared."""
        status, att, _, _, extra, shared = cards
        lying = {c for c in compress(range(len(att)), map(NOT_AT_A_PROJECT.__lt__, att)) if c >= self.deck.n_projects}
        lying.update(card for p, card in enumerate(extra) if card >= 0 and status[p])
        lying.update(card for p, card in enumerate(shared) if card >= 0 and status[p])
        for card in lying:
            _write_card_at_project(cards, card, out)

    def _write_completed(self, projects: tuple[list[list[int]], list[list[int]]], out: Writer) -> None:
        for seat in range(len(projects[0])):
            self._write_seat_completed(projects, seat, out)

    def _write_seat_completed(self, projects: tuple[list[list[int]], list[list[int]]], seat: int, out: Writer) -> None:
        """A seat's completed projects and its points (§16: completed projects' values minus one
        per active, unfinished project)."""
        dones, actives = projects
        out.many("completed", dones[seat], seat)
        out.set("scores", sum(map(self.deck.points.__getitem__, dones[seat])) - len(actives[seat]), seat)


Table = tuple[int, int, int, int, int, int, int, int, int, int, int, int]
"""Phase, round, active person, start player, the three stacks' sizes, reshuffles, draws left,
project started, event played, must start."""


def _read_table(s: BusfaktorState, seat: int) -> Table:
    return (
        s.phase,
        s.round,
        s.active,
        s.start,
        len(s.pstack),
        len(s.astack),
        len(s.spent),
        s.reshuffles,
        s.draws_left,
        s.started,
        s.event_used,
        s.must_start,
    )


def _write_table(table: Table, out: Writer) -> None:
    phase, round_number, active, start, *stacks, reshuffles, draws_left, started, event_used, must_start = table
    out.one("phase", phase)
    out.set("round", round_number)
    out.one("active", active)
    out.one("start_player", start)
    out.put("stacks", stacks)
    out.set("reshuffles", reshuffles)
    out.put("turn", (draws_left, started, event_used, must_start))


def _read_hand(s: BusfaktorState, seat: int) -> list[int]:
    return s.hands[seat]


def _write_hand(hand: list[int], out: Writer) -> None:
    out.many("hand", hand)


def _write_known(known: list[list[int]], out: Writer) -> None:
    out.many_rows("known_hand_cards", known)


def _write_open_cards(cards: tuple[list[int], list[int]], out: Writer) -> None:
    spent, discard = cards
    out.many("spent", spent)
    out.many("discard", discard)
    if discard:
        out.one("discard_top", discard[-1])


def _read_placed_under(s: BusfaktorState, seat: int) -> tuple[tuple[int, int, int], ...]:
    """The cards ``seat``'s E1 put under the project / action stack: (stack, place from the bottom, card)."""
    under_by = s.under_by
    if seat not in under_by:
        return ()
    return tuple(
        (row, index, card)
        for row, stack in enumerate((s.pstack, s.astack))
        for index, card in enumerate(stack)
        if under_by[card] == seat
    )


def _write_placed_under(placed: tuple[tuple[int, int, int], ...], out: Writer) -> None:
    for row, index, card in placed:
        out.set("placed_under", index + 1, card, row)


Projects = tuple[list[int], list[int], list[int], list[int], list[int], list[int]]
"""Per project: status, owner, open requirements (four each), partner, shared once, round completed."""

PROJECT_COLUMNS = ("status", "owner", "open", "partner", "share_used", "done_round")


def _write_projects(projects: Projects, out: Writer) -> None:
    """The projects on the table (as ``_fill_project`` of each)."""
    for p, state in enumerate(projects[0]):
        if state:
            _write_project(projects, p, out)


def _write_project(projects: Projects, p: int, out: Writer) -> None:
    status, owner, open_needs, partner, share_used, done_round = projects
    state = status[p]
    if not state:
        return
    active = state == 1
    out.one("project_status", 1 if active else 2, p)
    out.one("project_owner", owner[p], p)
    if active:
        out.put("project_open", open_needs[p * TYPES : p * TYPES + TYPES], p)
    if partner[p] >= 0:
        out.one("partner", partner[p], p)
    if share_used[p]:
        out.one("shared_once", p)
    if done_round[p]:
        out.set("round_completed", done_round[p], p)


CardsAtProjects = tuple[list[int], list[int], list[int], list[int], list[int], list[int]]
"""Project status; per card its project, type and controller; per project its Mehraufwand and shared card."""

CARD_COLUMNS = ("status", "att", "ctype", "ctrl", "extra", "shared")
NOT_AT_A_PROJECT = -1
"""``att`` of a card at no project (``SHARED``, below it, marks a shared factor)."""


def _write_card_at_project(cards: CardsAtProjects, card: int, out: Writer) -> None:
    """Where ``card`` lies if it lies at a project on the table: the project, its role (attached
    factor or joker, Mehraufwand, shared factor), the type it fills and its controller."""
    status, att, ctype, ctrl, extra, shared = cards
    p = att[card]
    places: list[tuple[int, int, int | None]] = (
        [(p, 0, ctrl[card])] if p >= 0 and status[p] and extra[p] != card else []
    )
    if card in extra:
        places += ((p, 1, None) for p in compress(range(len(extra)), map(card.__eq__, extra)) if status[p])
    if card in shared:  # a shared factor lies between two projects (§11)
        places += ((p, 2, ctrl[card]) for p in compress(range(len(shared)), map(card.__eq__, shared)) if status[p])
    for p, role, controller in places:
        out.one("card_project", p, card)
        out.one("card_role", role, card)
        out.one("card_type", ctype[card], card)
        out.one("card_controller", controller, card)


Pending = tuple[int, int, Sequence[int], Sequence[int], Sequence[int] | None, int, int, Sequence[int]]
"""The event being resolved, its target, the seats affected, the seats still to react, the cards
an E1 looks at (``None`` for a seat that may not see them), how many, E4's moves left and moved
factors (0 and empty unless an E4 is pending); -1, 0 or empty when no event is pending."""

NO_EVENT: Pending = (-1, -1, (), (), (), 0, 0, ())


def _read_pending(s: BusfaktorState, seat: int) -> Pending:
    event = s.pending
    if event < 0:
        return NO_EVENT
    e4 = s.deck.template[event] == 4
    return (
        event,
        s.target,
        s.affected,
        s.queue,
        s.looked if seat == s.active else None,
        len(s.looked),
        (s.moves_left or 0) if e4 else 0,
        s.moved if e4 else (),
    )


def _write_pending(pending: Pending, out: Writer) -> None:
    event, target, affected, still_asked, looked, looked_count, moves_left, moved = pending
    if event < 0:
        return
    out.one("pending_event", event)
    if target >= 0:
        out.one("pending_target", target)
    out.many("affected", affected)
    out.many("still_asked", still_asked)
    if looked is not None:
        out.many("looked", looked)
    out.set("looked_count", looked_count)
    out.set("moves_left", moves_left)
    out.many("moved", moved)


def _read_answer(s: BusfaktorState, seat: int) -> tuple[int, ...]:
    """The decision answered now: its phase and what it is about (an offer's two projects; a
    shared factor's card, project and type; the seat choosing the order of completions and its
    projects), empty in the other phases."""
    phase = s.phase
    if phase == ANSWER_OFFER:
        return phase, s.offer_mine, s.offer_theirs
    if phase == ANSWER_SHARE:
        return phase, s.share_card, s.share_project, s.share_type
    if phase == COMPLETE_ORDER:
        return phase, s.decider, *ready_projects(s, s.decider)
    return ()


def _write_answer(answer: tuple[int, ...], out: Writer) -> None:
    if not answer:
        return
    phase, *about = answer
    if phase == ANSWER_OFFER:
        mine, theirs = about
        out.one("offer", mine, 0)
        out.one("offer", theirs, 1)
    elif phase == ANSWER_SHARE:
        card, project, factor_type = about
        out.one("share_card", card)
        out.one("share_project", project)
        out.one("share_type", factor_type)
    else:
        decider, *ready = about
        out.one("completing", decider)
        out.many("completing_projects", ready)
