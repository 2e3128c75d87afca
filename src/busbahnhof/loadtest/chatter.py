"""Chat at the load test's tables: what the scripted humans say, and when it arrived.

A human says something every ``--chat-every`` seconds on average (a random gap of half to one and
a half times that), within the server's limits (plain text of at most 300 characters, 5
messages per seat in 10 s: :mod:`busbahnhof.tables.chat`).  The texts are quick phrases and
longer sentences with umlauts; tables whose human has a name that looks like markup
(:mod:`.names`) also say things that look like markup.

A message's latency is the time from its sending until *every* client of the table has received
it (the spectator, and the sender its own copy, which is the server's acknowledgement); a
message is matched to what was sent by its seat and text, in order.  The clients waited for are
those that had received their first table message when it was sent (so surely were connected);
a client that was just connecting may receive it too, which is no error.  A message refused by
the server (``chat/*``), one that has not reached every client waited for within
:data:`CHAT_TIMEOUT` seconds (or by the table's end), or one whose text the table's human never
sent counts as an error; one whose client lost its connection meanwhile (a server killed under
the test) is counted apart, like the reconnect itself.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .names import Player
from .report import Tally

CHAT_TIMEOUT = 10.0
"""A message that has not reached every client of its table after this many seconds is lost."""
MIN_CHAT_EVERY = 6.0
"""The shortest mean gap ``--chat-every`` allows: the shortest gap (half of it) times four stays
above the server's window of 5 messages in 10 s."""

PHRASES: tuple[str, ...] = (
    "Gut gespielt!",
    "Moment bitte",
    "Hallo zusammen!",
    "Danke!",
    "Ups!",
    "Tschüss!",
    "Schöner Zug 👍",
    "Wer fährt als Nächstes?",
    "Äh, das hätte ich nicht gedacht …",
    "Jetzt wird's spannend, gleich ist die Runde vorbei und ich habe noch zwei Karten übrig.",
    "Ich überlege noch kurz – die Linie über den Bahnhof wäre schön, aber dann fehlen mir die Fahrgäste "
    "am Rathaus. Was meint ihr, lohnt sich das überhaupt noch in dieser Runde? Ich fürchte, eher nicht.",
)
MARKUP_PHRASES: tuple[str, ...] = (
    '<b>Öha</b> & "Tschüß"',
    "<script>alert('ü')</script>",
    "a < b > c &amp; d",
)


@dataclass
class Said:
    """A message on its way: its text, when it was sent, the clients still waiting for it, and
    whether one of them lost its connection meanwhile (then it has no latency)."""

    text: str
    sent: float
    waiting: set[str]
    interrupted: bool = False


@dataclass
class ChatLedger:
    """The chat of one table: the messages on their way, booked into the tally as they arrive."""

    tally: Tally
    player: Player
    rng: random.Random
    on_the_way: deque[Said] = field(default_factory=deque)
    texts: set[str] = field(default_factory=set)

    def next_text(self) -> str:
        """What the human says next."""
        phrases = PHRASES + MARKUP_PHRASES if self.player.markup else PHRASES
        return self.rng.choice(phrases)

    def sent(self, text: str, now: float, clients: set[str]) -> None:
        """Book a message sent at ``now`` that the clients ``clients`` should receive; first count
        messages past :data:`CHAT_TIMEOUT` as lost."""
        self.expire(now - CHAT_TIMEOUT)
        self.tally.chats_sent += 1
        self.texts.add(text)
        self.on_the_way.append(Said(text, now, set(clients)))

    def arrived(self, who: str, messages: list[dict[str, Any]], now: float) -> None:
        """Book chat messages reaching client ``who``; check the sender's seat and name."""
        for message in messages:
            if message.get("seat") == 0 and message.get("name") == self.player.shown:
                self.tally.names_checked += 1
            else:
                self.tally.errors["chat:wrong_name"] += 1
            said = next((s for s in self.on_the_way if who in s.waiting and s.text == message.get("text")), None)
            if said is None:
                if message.get("text") not in self.texts:
                    self.tally.errors["chat:unexpected"] += 1
                continue  # else a copy for a client that was connecting when it was sent
            said.waiting.discard(who)
            if not said.waiting:
                if not said.interrupted:
                    self.tally.chat_latencies.append(now - said.sent)
                self.on_the_way.remove(said)

    def refused(self, who: str, code: str) -> None:
        """The server refused the oldest message of ``who`` (the sender) that it has not yet echoed."""
        self.tally.errors[f"chat:refused:{code}"] += 1
        said = next((s for s in self.on_the_way if who in s.waiting), None)
        if said is not None:
            self.on_the_way.remove(said)

    def disconnected(self, who: str) -> None:
        """Client ``who`` lost its connection: what it was still waiting for cannot reach it (the
        other clients still get it)."""
        for said in [s for s in self.on_the_way if who in s.waiting]:
            said.waiting.discard(who)
            if not said.interrupted:
                said.interrupted = True
                self.tally.chats_interrupted += 1
            if not said.waiting:
                self.on_the_way.remove(said)

    def expire(self, before: float) -> None:
        """Count the messages sent before ``before`` that have not reached every client as lost."""
        while self.on_the_way and self.on_the_way[0].sent < before:
            self.on_the_way.popleft()
            self.tally.errors["chat:lost"] += 1

    def pending(self) -> bool:
        """Whether messages are still on their way."""
        return bool(self.on_the_way)
