"""Busfahrer played on the board only (issue 24): a whole game, the human seat against two
``kartenzaehler`` bots with a fixed seed, at laptop and at phone size, through the answers, the
cards and the chips, never the folded list of all actions. The page counts every press of a
pointer (a tap, a click or a drag) per decision; the table of presses per kind of decision is
printed (docs/web/busfahrer.md has it): the median must be at most 1.3 and no decision above 3.

The deals are chosen so that every kind of decision comes up for the human seat: questions, a
matching card to lay or keep, points to hand out (split, so a chip is tapped first), and the ride
(the diamond on the laptop, the American ride on the phone)."""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

import pytest
from steps import check_fits, version, wait_for_decision_or_end

from support.server_harness import ServerProcess, create_table

BOTS = [{"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]
RUNS = {
    # size: (rule options, seed): seat 1 lays, keeps, splits its points and rides the bus
    "laptop": ({}, 75),
    "phone": ({"ride": "american"}, 117),
}
KINDS = ("question", "lay", "give", "ride")
SCREENSHOTS = {"lay": "busfahrer-{size}", "give": "busfahrer-give-{size}", "ride": "busfahrer-ride-{size}"}
"""Mid-game pictures: the pyramid with a card to lay, the chips to hand out, the ride."""
COUNT_PRESSES = """() => {
  window.busfahrerPresses = [];
  document.addEventListener('pointerdown', (e) => {
    if (e.isTrusted) window.busfahrerPresses.push(e.target.closest('.action-list') ? 'list' : 'board');
  }, true);
}"""


class Player:
    """Seat 1's way of playing: the first answer; lay the first matching card, keep any further
    one; hand out one point at a time to the first seat offered while there are several (the
    first time by tapping a chip, then the seat; later with the seat's "+1"), the last one by
    dragging the chips (laptop, once) or tapping the seat; the first card of the diamond's row."""

    def __init__(self, page: Any, size: str) -> None:
        self.page = page
        self.size = size
        self.laid = 0
        self.dragged = 0
        self.chose = 0
        self.points = 0

    def decide(self) -> tuple[str, int]:
        page = self.page
        before = version(page)
        page.evaluate("() => { window.busfahrerPresses.length = 0; }")
        decision = page.locator("section.decision")
        kind = decision.get_attribute("data-kind")
        if kind == "lay":
            keep = decision.locator("button.keep")
            if self.laid and keep.count():
                keep.click()
            else:
                decision.locator("button.card.playable").click()
                self.laid += 1
        elif kind == "give":
            self.give(decision)
        else:
            decision.locator("button.answer, button.card.playable").first.click()
        page.wait_for_function(
            "v => Number(document.querySelector('.table-page').dataset.version) > v", arg=before, timeout=30_000
        )
        presses = page.evaluate("() => window.busfahrerPresses")
        assert "list" not in presses, "the folded list of actions was used"
        return kind, len(presses)

    def give(self, decision: Any) -> None:
        chips = decision.locator("button.chip")
        seat = decision.locator("button.give-seat").first
        left = decision.locator(".chip-pile.mine .chip").count()
        self.points += 1 if chips.count() >= 2 else left
        if chips.count() >= 2 and not self.chose:
            chips.first.click()
            decision.locator('button.chip[aria-pressed="true"]').first.wait_for()
            assert decision.locator('button.chip[aria-pressed="true"]').count() == 1
            self.chose += 1
            seat.click()
        elif chips.count() >= 2:
            decision.locator("button.give-one").first.click()
        elif self.size == "laptop" and not self.dragged:
            self.drag(decision.locator(".chip-pile.mine"), seat)
            self.dragged += 1
        else:
            seat.click()

    def drag(self, pile: Any, seat: Any) -> None:
        start, end = pile.bounding_box(), seat.bounding_box()
        mouse = self.page.mouse
        mouse.move(start["x"] + 10, start["y"] + start["height"] / 2)
        mouse.down()
        mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
        target = seat.locator("xpath=..")
        assert "drop-over" in (target.get_attribute("class") or ""), "the seat under the chips lights up"
        mouse.up()


def settle(page: Any) -> None:
    """Wait until the last move's animations are over (cards turned, chips landed)."""
    page.wait_for_timeout(600)
    page.wait_for_function("() => !document.querySelector('.chip-ghost') && !document.getAnimations().length")


def assert_rule_at_hand(page: Any) -> None:
    """An answer's rule text is one hover (its title) or long press away, with the rules section."""
    answer = page.locator("section.decision button.answer").first
    assert "Herz und Karo sind rot" in (answer.get_attribute("title") or "")
    answer.dispatch_event("contextmenu")
    tip = page.locator(".tip[role=tooltip]")
    assert tip.get_by_role("link").get_attribute("href") == "#/rules/busfahrer/phase-1-frage-1"
    page.locator("body").dispatch_event("pointerdown")
    tip.wait_for(state="detached")


def table_of(counts: dict[str, list[int]]) -> str:
    lines = ["| decision | decisions | presses | median | max |", "|---|---|---|---|---|"]
    for kind in (*KINDS, "all"):
        values = counts[kind]
        if values:
            lines.append(f"| {kind} | {len(values)} | {sum(values)} | {statistics.median(values):g} | {max(values)} |")
    return "\n".join(lines)


@pytest.mark.slow
@pytest.mark.parametrize("size", list(RUNS))
def test_a_whole_game_on_the_board_in_few_clicks(
    open_page: Any, server: ServerProcess, screenshot: Any, size: str
) -> None:
    options, seed = RUNS[size]
    with server.http() as http:
        created = create_table(http, game="busfahrer", seed=seed, options=options, seats=[{}, *BOTS])
    page = open_page(size, "de", reduced_motion=size == "phone")
    page.add_init_script(f"({COUNT_PRESSES})()")
    page.goto(f"/t/{created['code']}?token={created['seats'][0]['token']}")
    assert wait_for_decision_or_end(page) == "decision"
    assert_rule_at_hand(page)
    player = Player(page, size)
    counts: dict[str, list[int]] = defaultdict(list)
    pictured: set[str] = set()
    while wait_for_decision_or_end(page) == "decision":
        assert not page.locator("details.action-list[open]").count(), "the list of all actions stays folded"
        kind = page.locator("section.decision").get_attribute("data-kind")
        if size == "phone":
            check_fits(page)
        if kind not in pictured and kind in SCREENSHOTS:
            settle(page)
            pictured.add(kind)
            screenshot(page, SCREENSHOTS[kind].format(size=size))
        kind, presses = player.decide()
        counts[kind].append(presses)
        counts["all"].append(presses)
    assert page.locator("section.end").get_by_role("heading", name="Spielende").is_visible()
    settle(page)
    screenshot(page, f"busfahrer-end-{size}")
    per_point = sum(counts["give"]) / player.points
    print(f"\nBusfahrer, {size}, seed {seed} {options or ''}: presses per decision\n{table_of(counts)}")
    print(f"{player.points} penalty points handed out with {sum(counts['give'])} presses: {per_point:.2f} per point")
    assert all(counts[kind] for kind in KINDS), f"every kind of decision came up: {dict(counts)}"
    assert player.laid and player.chose and player.dragged == (size == "laptop")
    assert statistics.median(counts["all"]) <= 1.3
    assert max(counts["all"]) <= 3
    assert per_point <= 1.3
