"""The game protocol: a stateless :class:`Game` holding rule options, a :class:`State` holding play.

Every registered game subclasses both.  The base classes implement what is the same for all
games (input validation, the legal-action cache, records, the log) so that each game only
writes its rules:

* ``Game._new_state``, ``Game.parse_action``;
* ``State._legal_actions``, ``State._apply``, ``State._explain_illegal``, ``State.to_move``,
  ``State.is_over``, ``State.outcome``, ``State._view``, ``State.clone``, ``State.determinize``.

Search and benchmarks play millions of decisions nobody reads, so the protocol has a trusted fast
path beside the checked one (``docs/protocol.md``): :meth:`State.random_action` (a game may pick
without building the whole list), :meth:`State.apply_trusted` (no validation),
:meth:`State.play_out` (a random rollout to the end in one loop) and :meth:`State.silence` (no
event log).  It plays exactly the games the checked path plays; the
contract suite (``check_fast_path``) holds every game and preset to that.
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from .credit import Credit
from .errors import (
    GameError,
    GameOverError,
    IllegalActionError,
    InvalidOptionError,
    MalformedActionError,
    WrongSeatError,
)
from .events import Catalog, Event, ParamFormatter
from .rng import Rng
from .validation import english_problems, validation_problems

if TYPE_CHECKING:
    from .bot import BotFactory

RECORD_FORMAT = "busbahnhof-record/2"
"""Format 2 (issue 7): records carry designer decks and boards by content, never by path.
Records without a ``format`` field are format 1 and replay unless they name a file."""


class Action(ABC):
    """An immutable, hashable decision with exactly one text notation, ``str(action)``."""

    __slots__ = ()

    @abstractmethod
    def __str__(self) -> str: ...


class Options(BaseModel):
    """Base of every game's rule options: immutable, unknown names refused."""

    model_config = ConfigDict(frozen=True, extra="forbid")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    Attributes:
        points: final points per seat (penalty points where ``lower_is_better``).
        winners: the winning seats (several on a shared win).
        lower_is_better: whether fewer points win (Busfahrer) or more (Bus, Busfaktor).
        details: game-specific figures, e.g. tie-break values, JSON-ready.
    """

    points: tuple[int, ...]
    winners: tuple[int, ...]
    lower_is_better: bool = False
    details: Mapping[str, Any] = field(default_factory=dict)

    def payoff(self, seat: int) -> float:
        """1 shared among the winners, 0 for the others."""
        return 1.0 / len(self.winners) if seat in self.winners else 0.0

    def places(self) -> list[int]:
        """Each seat's place (0 best, equal places for ties): winners first, then by points."""
        sign = 1 if self.lower_is_better else -1
        keys = [(0 if seat in self.winners else 1, sign * self.points[seat]) for seat in range(len(self.points))]
        order = sorted(set(keys))
        return [order.index(key) for key in keys]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "points": list(self.points),
            "winners": list(self.winners),
            "lower_is_better": self.lower_is_better,
            "details": dict(self.details),
        }


ActionGroup = tuple[str | None, list[tuple[int, str]]]
"""A heading (``None``: no heading) and its actions as (index in the decision's list, short label)."""

OptionsT = TypeVar("OptionsT", bound=Options)
ActionT = TypeVar("ActionT", bound=Action)


class Game(ABC, Generic[OptionsT, ActionT]):
    """A game with validated rule options; creates states and parses actions.

    Class attributes every game sets: ``id``, ``title``, ``min_players``, ``max_players``,
    ``options_model`` and ``presets`` (named option sets the contract suite runs over); a game
    whose points are penalty points sets ``lower_is_better``; ``credit`` where the game's licence
    requires an attribution wherever it is presented.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options_model: ClassVar[type[Options]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {"default": {}}
    lower_is_better: ClassVar[bool] = False
    """Whether fewer points win (penalty points, Busfahrer); every :class:`Outcome` of the game agrees."""
    credit: ClassVar[Credit | None] = None
    file_options: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Rule options that may name a user's file (a deck, a board), each with the built-in names it
    also takes.  A table server takes only these names, or the file's content (``EmbeddedFile``)."""
    static_keys: ClassVar[tuple[str, ...]] = ()
    """Keys of ``view(seat)["state"]`` whose values never change at a table and are the same in every
    seat's and the spectators' view (card texts, a board's topology), and at every table of the
    game with the same options (whatever the seed, the number of seats and the position), so that
    a table server builds them once per built game.  A table server sends them
    once per connection instead of in every message; clients merge them back into each view."""
    static_fields: ClassVar[Mapping[str, tuple[str, ...]]] = {}
    """Fields of every item of a list in ``view(seat)["state"]`` that never change at a table (Bus: a
    street's id and ends, a lot's id, intersection and zone), the list keeping its length and order.
    Sent once like the static keys, as a list of those fields per item; every later view carries
    each item without them (:meth:`split_static`)."""

    public_view: ClassVar[bool] = False
    """Whether ``view(seat)["state"]`` is the same for every seat and the spectators (the game shows
    every seat the same, as Bus and Busfahrer do).  A table server then builds it once per version
    for all its clients; the contract tests check it on random positions."""

    def split_static(self, state: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """``view(seat)["state"]`` as its static part (:attr:`static_keys`, and the
        :attr:`static_fields` of each list item) and the rest; neither shares a changed container
        with ``state``.  A client rebuilds the view by putting each static key back and merging
        each static list item into the item at the same place."""
        static = {key: state[key] for key in self.static_keys if key in state}
        for key, fields in self.static_fields.items():
            items = state.get(key)
            if isinstance(items, list):
                static[key] = [{name: item[name] for name in fields} for item in items]
        return static, self.without_static(state)

    def without_static(self, state: Mapping[str, Any]) -> dict[str, Any]:
        """The second part of :meth:`split_static` alone: ``state`` without its static keys and
        fields (what every message of a table carries; the static part is built once).
        :meth:`State.dynamic_view` gives the same for a state, built without them where it can."""
        rest = {key: value for key, value in state.items() if key not in self.static_keys}
        for key, fields in self.static_fields.items():
            items = rest.get(key)
            if isinstance(items, list):
                rest[key] = [{name: value for name, value in item.items() if name not in fields} for item in items]
        return rest

    def __init__(self, **options: Any) -> None:
        try:
            self.options: OptionsT = self.options_model(**options)  # type: ignore[assignment]
        except ValidationError as exc:
            problems = validation_problems(exc)
            raise InvalidOptionError(
                f"invalid rule options for {self.id}: {english_problems(problems)}",
                key="error.invalid_options",
                params={"game": self.title, "problems": problems},
            ) from None

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.option_dict()})"

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle as class and option values: a game made with defaults and one made from a record's
        explicit options are equal and must pickle alike (records replay to byte-identical states)."""
        return (_game_from_options, (type(self), self.option_dict()))

    def option_dict(self) -> dict[str, Any]:
        """The options as JSON-ready values, as they go into a record."""
        return self.options.model_dump(mode="json")

    def new_state(self, players: int, seed: int) -> State[Any]:
        """A fresh game for ``players`` seats whose chance comes only from ``seed``."""
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidOptionError(f"player count must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise InvalidOptionError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players}",
                rule=f"{self.title}: Spieleranzahl",
                key="error.player_count",
                params={"game": self.title, "low": self.min_players, "high": self.max_players, "players": players},
            )
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise InvalidOptionError(f"seed must be a whole number, not {seed!r}")
        return self._new_state(players, seed)

    @abstractmethod
    def _new_state(self, players: int, seed: int) -> State[Any]:
        """Set up a game; the player count is already validated."""

    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """The action written as ``text``; raises :class:`MalformedActionError` if it is not notation."""

    def bots(self) -> Mapping[str, BotFactory]:
        """The game's own bots by name (the generic ones live in ``busbahnhof.bots``)."""
        return {}

    def rematch_shift(self, players: int) -> int:
        """How many seats everyone moves on at a follow-up table (a rematch): the player of seat
        ``(i + shift) % players`` sits at seat ``i``, so that the rules' start-player convention
        goes on from table to table.  Default 0: the game draws its start player from the seed.
        """
        return 0

    def param_formatters(self, lang: str) -> Mapping[str, ParamFormatter]:
        """How this game renders event parameters (cards, seats...) in ``lang``."""
        return {}

    def catalog(self, lang: str, seat_names: Sequence[str] | None = None) -> Catalog:
        """The message catalog for rendering this game's log and views in ``lang``."""
        package = type(self).__module__.rsplit(".", 1)[0]
        base = Catalog((package, __package__ or "busbahnhof.engine"), lang)

        def seat_label(value: Any) -> str:
            if isinstance(value, int) and seat_names and 0 <= value < len(seat_names):
                return seat_names[value]
            return base.text("seat", n=int(value) + 1) if isinstance(value, int) else str(value)

        formatters: dict[str, ParamFormatter] = {"seat": seat_label}
        formatters.update(self.param_formatters(lang))
        return Catalog(base.packages, lang, formatters)

    def describe_action(self, action: Action, catalog: Catalog) -> str:
        """A short human description of ``action`` in the catalog's language (default: its notation)."""
        return str(action)

    def describe_legal(self, state: State[Any], action: Action, catalog: Catalog) -> str:
        """``action``, legal in ``state``, in words for the player choosing it: what it would do in
        this position (Bus: the slot a marker goes to and its power); default :meth:`describe_action`."""
        return self.describe_action(action, catalog)

    def group_actions(self, actions: Sequence[Action], catalog: Catalog) -> list[ActionGroup] | None:
        """The legal actions of a decision grouped for a short list (terminal play), or ``None``.

        A group is a heading (``"Bauplatz 24 (Kreuzung 19)"``) and, for each of its actions, the
        action's index in ``actions`` and what distinguishes it from the others (``"Haus"``); a
        heading ``None`` lists its actions one by one with their full description.  Every index
        appears in exactly one group.  By default nothing is grouped.
        """
        return None

    def notation(self, action: Action, lang: str) -> str:
        """``action`` in the text notation of ``lang``, which :meth:`parse_action` reads back.

        Default: the action's one notation, ``str(action)``; records always store ``str(action)``.
        """
        return str(action)

    @abstractmethod
    def render_text(self, view: Mapping[str, Any], catalog: Catalog) -> Any:
        """A Rich renderable of ``view`` (a result of ``State.view``) for terminal play and replay."""

    def render_svg(self, view: Mapping[str, Any], catalog: Catalog) -> str | None:
        """A standalone SVG drawing of ``view``, or ``None`` for games without a drawing."""
        return None

    @abstractmethod
    def summarize(self, state: State[Any]) -> dict[str, Any]:
        """Simulation figures of one finished game: nested dicts (or per-seat lists) of numbers.

        ``busbahnhof.sim`` aggregates every numeric leaf over many games (mean, median, total),
        so the shape must be the same for every game of one configuration; a missing key in
        a nested dict counts as 0.
        """

    def summary_template(self, players: int) -> dict[str, Any]:
        """Figures that ``summarize`` may leave out where they are 0 (e.g. per card of a large deck), all at 0.

        ``busbahnhof.sim`` adds them once per run, so the report has every one of them even if no
        game of the run reached it, while each game reports only what it touched.
        """
        return {}

    def malformed(self, text: str, expected: str) -> MalformedActionError:
        """An error for action text that is not notation, quoting the input and the notation."""
        return MalformedActionError(
            f"{text!r} is not a {self.title} action; expected {expected}",
            key="error.malformed",
            params={"text": text, "game": self.title, "expected": expected},
        )


def wrong_kind(value: Any, kind: type) -> GameError:
    """The error for ``value`` where a ``kind`` was expected (``if not isinstance(...): raise wrong_kind(...)``).

    For entry points that receive a state or action from outside (a bot or a summary asked
    about another game's state), so that a mix-up is a clear error also under ``python -O``.
    """
    return GameError(
        f"expected a {kind.__name__}, not a {type(value).__name__}",
        key="error.wrong_kind",
        params={"expected": kind.__name__, "kind": type(value).__name__},
    )


def _fresh(value: Any) -> Any:
    """A copy of a JSON-like value: every dict, list and tuple in it new, the leaves shared."""
    kind = type(value)
    if kind is dict:
        return {key: _fresh(item) for key, item in value.items()}
    if kind is list:
        return [_fresh(item) for item in value]
    if kind is tuple:
        return tuple(_fresh(item) for item in value)
    return value


def _same(value: Any) -> Any:
    """``value`` itself (the copy :meth:`State.view` skips when asked for a view it need not copy)."""
    return value


def _game_from_options(game_class: type[Game[Any, Any]], options: dict[str, Any]) -> Game[Any, Any]:
    return game_class(**options)


G = TypeVar("G", bound=Game[Any, Any])


class State(ABC, Generic[G]):
    """One game in progress.  Mutated only through :meth:`apply`.

    Attributes:
        game: the game (with its options) this state belongs to.
        players: number of seats.
        seed: the seed of the state's generator, as given to ``new_state``.
        rng: the only source of chance.
        history: every action applied so far (forced actions the engine took itself excluded).
        log: public events (none are kept once :meth:`silence` was called).
    """

    keeps_log: bool = True
    """Whether :meth:`emit` appends to :attr:`log`; :meth:`silence` turns it off for a search's worlds."""

    def __init__(self, game: G, players: int, seed: int) -> None:
        self.game = game
        self.players = players
        self.seed = seed
        self.rng = Rng(seed)
        self.history: list[Action] = []
        self.log: list[Event] = []
        self._legal: tuple[Action, ...] | None = None

    # -- what every game implements -------------------------------------------------------

    @property
    @abstractmethod
    def to_move(self) -> int | None:
        """The one seat that decides now, or ``None`` once the game is over."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def _legal_actions(self) -> Sequence[Action]:
        """The legal actions, non-empty and in a deterministic order, while the game runs."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (already validated) and advance to the next decision."""

    @abstractmethod
    def _explain_illegal(self, action: Action) -> GameError:
        """Why ``action`` is not legal now, citing the rule that forbids it."""

    @abstractmethod
    def outcome(self) -> Outcome:
        """Points and winners; only for a finished game."""

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """The game-specific part of :meth:`view`: what ``seat`` may know (``None``: spectators)."""

    @abstractmethod
    def determinize(self, seat: int | None, rng: Rng) -> State[G]:
        """A full state consistent with everything ``seat`` has seen, everything hidden from it resampled.

        It agrees with ``view(seat)`` and with :meth:`known_places` (what the seat remembers:
        a card it saw go face down stays where it went).
        """

    def card_places(self) -> dict[str, list[Hashable]]:
        """Where every card of the game is now: place name -> its cards in order (bottom first).

        Only games with hidden cards need it (the default: none); the contract suite compares it
        with :meth:`known_places` to check that :meth:`determinize` keeps what a seat knows.
        """
        return {}

    def known_places(self, seat: int | None) -> dict[str, list[Hashable | frozenset[Hashable] | None]]:
        """What ``seat`` (``None``: a spectator) knows of each place of :meth:`card_places`, slot by slot.

        An entry is the card itself where the seat knows it (it saw the card put there, face up
        or face down, and nothing has moved it unseen since), a frozenset of the cards it may be
        (e.g. one of the cards reshuffled into a pile), or ``None`` for no knowledge beyond the
        place's size.  Derived from what the seat saw, not from how ``determinize`` resamples.
        """
        return {}

    # -- shared machinery -----------------------------------------------------------------

    def legal_actions(self) -> tuple[Action, ...]:
        """The legal actions of :attr:`to_move` (empty once the game is over), as an immutable tuple."""
        legal = self._legal
        if legal is None:
            found = () if self.is_over else self._legal_actions()
            legal = self._legal = found if type(found) is tuple else tuple(found)
        return legal

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Validate and carry out ``action`` (an action or its text).

        Args:
            action: the action, or its text notation.  An action object that is not one of the
                legal ones (e.g. another game's) is judged by its text notation.
            seat: if given, the seat submitting it; it must be :attr:`to_move`.

        Raises:
            GameError: the action is not an action at all, malformed, out of turn, after the end,
                or not legal now.  The state is unchanged then.
        """
        if self.is_over:
            raise GameOverError(
                f"the game is over; {str(action)!r} cannot be played",
                key="error.game_over",
                params={"action": str(action)},
            )
        move: Action = self.game.parse_action(action) if isinstance(action, str) else action
        if seat is not None and seat != self.to_move:
            raise WrongSeatError(
                f"it is seat {self.to_move}'s decision, not seat {seat}'s",
                rule="one decision at a time",
                key="error.wrong_seat",
                params={"seat": seat, "seat2": self.to_move},
            )
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if move not in legal:
            if not isinstance(action, str):  # checked only here: a legal move is an action anyway
                if not isinstance(action, Action):
                    raise MalformedActionError(
                        f"{type(action).__name__} {action!r:.60} is neither a {self.game.title} action nor action text",
                        key="error.not_an_action",
                        params={"kind": type(action).__name__, "game": self.game.title},
                    )
                move = self.game.parse_action(str(move))
            if move not in legal:
                raise self._explain_illegal(move)
        self._legal = None
        self.history.append(move)
        self._apply(move)

    def random_action(self, rng: Rng) -> Action:
        """A uniformly random legal action: exactly ``legal[rng.below(len(legal))]`` of
        :meth:`legal_actions`, drawing the same numbers from ``rng``.

        A game overrides it where it can count its actions and build only the chosen one; the
        contract suite (``check_fast_path``) checks that the override agrees with the list.
        Only while the game runs.
        """
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        return legal[rng.below(len(legal))]

    def apply_trusted(self, action: Action) -> None:
        """Carry out ``action`` unchecked: the fast path of search and benchmarks.

        The caller guarantees that ``action`` is one of :meth:`legal_actions` now (e.g. it came
        from :meth:`random_action` or from that list); nothing checks it, so anything else may
        corrupt the state.  Input from outside (players, records, bots' answers) always goes
        through :meth:`apply`.  The action is recorded in :attr:`history` as by :meth:`apply`.
        """
        self._legal = None
        self.history.append(action)
        self._apply(action)

    def play_out(self, rng: Rng) -> None:
        """Play on with uniformly random actions to the end: exactly ``while not is_over:
        apply_trusted(random_action(rng))``, the same numbers drawn from ``rng``, the same history.

        The rollout of search (trusted: only for silenced worlds nobody looks at).  A game may
        override it with one loop that skips the protocol's calls per decision; the contract
        suite (``check_fast_path``) checks that the override plays the same game.
        """
        while not self.is_over:
            self.apply_trusted(self.random_action(rng))

    def silence(self) -> None:
        """Keep no event log from now on (and drop the log so far): for the sampled worlds of a
        search and for benchmarks, whose events nobody reads.  Rules never read the log, so a
        silent state plays exactly as a logging one; its clones stay silent."""
        self.keeps_log = False
        self.log = []

    def illegal(
        self, action: Action, reason: str, rule: str, key: str | None = None, **params: Any
    ) -> IllegalActionError:
        """An :class:`IllegalActionError` quoting ``action`` and the rule it breaks.

        Args:
            action: the refused action.
            reason: why, in English.
            rule: the rule it breaks (``"Busfaktor §8.3"``).
            key: the game's message key ``illegal.<key>`` holding the reason in German and
                English, filled with ``params`` (and ``action``).
        """
        return IllegalActionError(
            f"{str(action)!r} is not allowed now: {reason}",
            rule=rule,
            key=f"illegal.{key}" if key else None,
            params={"action": str(action), **params},
        )

    def emit(self, key: str, **params: Any) -> None:
        """Append a public event to the log (nothing once the state is silenced)."""
        if self.keeps_log:
            self.log.append(Event(key, params))

    def view(
        self, seat: int | None = None, *, log: bool = True, fresh: bool = True, state: bool = True
    ) -> dict[str, Any]:
        """A JSON-ready dict of everything ``seat`` may know; ``None`` for spectators.

        The result is fresh data (unless ``fresh=False``): no list or dict in it is shared with
        the state, the game or another view, so a caller may change it freely.  Each part is
        copied once: what ``_view`` returns, the log events and the outcome (which may share
        with the state); the rest is built new here.

        Args:
            seat: the seat whose knowledge is shown (``None``: a spectator).
            log: include the public event log (``"log"``, every event so far).  ``False`` leaves
                the key out: for callers that pass the log on by other means, such as the table
                server, whose messages carry only the events a client has not seen yet; a long
                game's log is the largest part of a view.
            fresh: ``False`` skips the copies: the dict itself is new, but its parts may be the
                state's own lists and dicts, so the caller must only read them, at once, and keep
                nothing of them (the table server encodes the view to JSON right away; copying a
                Bus or Busfaktor view costs about twice what building it does).  The content is
                the same.
            state: include the game's part (``"state"``).  ``False`` leaves it out, for a caller
                that builds it on its own (the table server: :meth:`dynamic_view`, once per
                version for every seat of a game with :attr:`Game.public_view`).
        """
        if seat is not None and not 0 <= seat < self.players:
            raise WrongSeatError(f"there is no seat {seat} in a {self.players}-player game")
        to_move = self.to_move
        is_over = self.is_over
        copy_of = _fresh if fresh else _same
        view: dict[str, Any] = {
            "game": self.game.id,
            "options": self.game.option_dict(),
            "players": self.players,
            "seat": seat,
            "to_move": to_move,
            "is_over": is_over,
            "turn": len(self.history),
            "legal_actions": [str(a) for a in self.legal_actions()] if seat is not None and seat == to_move else [],
        }
        if state:
            view["state"] = copy_of(self._view(seat))
        if log:
            view["log"] = [
                {"key": event.key, "params": {name: copy_of(value) for name, value in event.params.items()}}
                for event in self.log
            ]
        view["outcome"] = copy_of(self.outcome().to_dict()) if is_over else None
        return view

    def dynamic_view(self, seat: int | None) -> dict[str, Any]:
        """``view(seat)["state"]`` without the game's static keys and fields
        (:meth:`Game.without_static`): what a table server sends with every version.  Not copied:
        the caller reads it at once and keeps nothing of it (as with ``view(fresh=False)``).  A
        game whose views hold static fields may build it directly, without them (Bus)."""
        return self.game.without_static(self._view(seat))

    def record(self) -> dict[str, Any]:
        """Options, players, seed and actions: enough to replay this state exactly."""
        return {
            "format": RECORD_FORMAT,
            "game": self.game.id,
            "options": self.game.option_dict(),
            "players": self.players,
            "seed": self.seed,
            "actions": [str(a) for a in self.history],
        }

    def clone(self) -> State[G]:
        """An independent copy.  Games override this with a faster shallow-plus-lists copy."""
        twin = copy.copy(self)
        twin.__dict__ = copy.deepcopy(self.__getstate__())
        twin.game = self.game
        twin._legal = self._legal
        return twin

    def __getstate__(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["_legal"] = None
        return data

    def __setstate__(self, data: dict[str, Any]) -> None:
        self.__dict__.update(data)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game.id} players={self.players} turn={len(self.history)}>"
