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
from collections.abc import Iterable
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
from .base import Codec, name_index

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

    def write(self, state: BusfaktorState, seat: int, out: Writer) -> None:
        # What views.build_view shows the seat: its own hand only, the cards its own E1 put under
        # a stack, the cards an E1 looks at only to the active person; the rest is public.
        s = state
        n_projects = s.deck.n_projects
        out.one("phase", s.phase)
        out.set("round", s.round)
        out.one("active", s.active)
        out.one("start_player", s.start)
        out.many("hand", s.hands[seat])
        out.put("hand_sizes", [len(hand) for hand in s.hands])
        out.put("hand_projects", [sum(1 for c in hand if c < n_projects) for hand in s.hands])
        out.many_rows("known_hand_cards", s.known)
        out.put("stacks", (len(s.pstack), len(s.astack), len(s.spent)))
        out.set("reshuffles", s.reshuffles)
        out.many("spent", s.spent)
        out.many("discard", s.discard)
        if s.discard:
            out.one("discard_top", s.discard[-1])
        under_by = s.under_by
        for row, stack in enumerate((s.pstack, s.astack)):
            for index, card in enumerate(stack):
                if under_by[card] == seat:
                    out.set("placed_under", index + 1, card, row)
        self._write_projects(s, out)
        out.many_rows("completed", s.dones)
        out.put("scores", [s.points(other) for other in range(s.players)])
        out.put("turn", (s.draws_left, s.started, s.event_used, s.must_start))
        if s.pending >= 0:
            out.one("pending_event", s.pending)
            if s.target >= 0:
                out.one("pending_target", s.target)
            out.many("affected", s.affected)
            out.many("still_asked", s.queue)
            if seat == s.active:
                out.many("looked", s.looked)
            out.set("looked_count", len(s.looked))
            moves = s.deck.template[s.pending] == 4  # E4
            out.set("moves_left", (s.moves_left or 0) if moves else 0)
            if moves:
                out.many("moved", s.moved)
        if s.phase == ANSWER_OFFER:
            out.one("offer", s.offer_mine, 0)
            out.one("offer", s.offer_theirs, 1)
        elif s.phase == ANSWER_SHARE:
            out.one("share_card", s.share_card)
            out.one("share_project", s.share_project)
            out.one("share_type", s.share_type)
        elif s.phase == COMPLETE_ORDER:
            out.one("completing", s.decider)
            out.many("completing_projects", ready_projects(s, s.decider))

    @staticmethod
    def _write_projects(s: BusfaktorState, out: Writer) -> None:
        """The projects on the table and the cards lying at them (as ``_fill_project`` of each)."""
        status, extra = s.status, s.extra
        for p in range(s.deck.n_projects):
            if not status[p]:
                continue
            active = status[p] == 1
            out.one("project_status", 1 if active else 2, p)
            out.one("project_owner", s.owner[p], p)
            if active:
                out.put("project_open", s.open[p * TYPES : p * TYPES + TYPES], p)
            if s.partner[p] >= 0:
                out.one("partner", s.partner[p], p)
            if s.share_used[p]:
                out.one("shared_once", p)
            if s.done_round[p]:
                out.set("round_completed", s.done_round[p], p)
        att, ctype, ctrl = s.att, s.ctype, s.ctrl
        placed: list[tuple[int, int, int, int | None]] = []  # card, project, role, controller
        for c in range(s.deck.n_projects, s.deck.size):
            p = att[c]
            if p >= 0 and status[p] and extra[p] != c:
                placed.append((c, p, 0, ctrl[c]))
        for p in range(s.deck.n_projects):
            if status[p]:
                if extra[p] >= 0:
                    placed.append((extra[p], p, 1, None))
                if s.shared[p] >= 0:
                    placed.append((s.shared[p], p, 2, ctrl[s.shared[p]]))
        for c, p, role, controller in placed:
            out.one("card_project", p, c)
            out.one("card_role", role, c)
            out.one("card_type", ctype[c], c)
            out.one("card_controller", controller, c)
