"""Balance runs: a deck version simulated between bots as a background job, and the findings a
designer acts on, each with its evidence and 95 % interval.

The job kind ``balance`` (one of :data:`busbahnhof.jobs.kinds.KINDS`) runs
:func:`busbahnhof.sim.runner.simulate` on the version's deck in the worker process, reports its
progress (and so can be cancelled between tasks), and returns the findings, the run's
results (the CSV file and its ``.run.json`` companion as texts, for comparing two runs with the
existing compare report) and its HTML report
in German and English (``busbahnhof report``'s).  Findings come from the simulation's own
figures (``intervals`` and ``summary`` of the run's report, docs/simulation.md):

- **start**: the first person's win share against the even share 1/players (§6: a random start
  person, who also starts every round);
- **never played** / **always played**: cards drawn in at least :data:`MIN_DRAWN` games' worth
  whose played share of draws lies below 10 % / above 95 %;
- **rarely completed**: projects started at least :data:`MIN_STARTED` times and completed in
  under 20 % of starts (upper end of the interval); projects never started though drawn;
- **weak cards** (the issue's "dominated"): cards whose holders score measurably less than with a
  typical card (the report's point difference of a card's holders, its interval wholly below the
  median of all cards);
- **length**: decisions per game;
- **ties**: the share of games with a shared win (§16: the tie-breaks leave a shared win).
"""

from __future__ import annotations

import statistics
import tempfile
from pathlib import Path
from typing import Any

from ..engine import load_game
from ..engine.userfiles import EmbeddedFile
from ..jobs.kinds import Progress
from ..sim.intervals import Interval, wilson_interval
from ..sim.report import render_html, report_document
from ..sim.report.build import read_groups
from ..sim.runner import simulate

BALANCE_KIND = "balance"
"""The job kind (listed in ``busbahnhof.jobs.kinds.KINDS``, so every worker runs it)."""

MAX_GAMES = 1000
BOTS = ("random", "heuristik", "ismcts-fast")
"""The bots a balance run offers (Busfaktor's registry: random, its heuristic, a quick search)."""
MIN_DRAWN = 5
MIN_STARTED = 5
NEVER_PLAYED = 0.10
ALWAYS_PLAYED = 0.95
RARELY_COMPLETED = 0.20
LANGUAGES = ("de", "en")


def balance_params(text: str, games: int, players: int, bot: str, seed: int) -> dict[str, Any]:
    """The job's parameters (checked by the route: games 1..MAX_GAMES, players 2..4, a known bot)."""
    return {"deck": text, "games": games, "players": players, "bots": [bot] * players, "seed": seed}


def run_balance(params: dict[str, Any], progress: Progress) -> dict[str, Any]:
    """The job: simulate the deck, then the findings, the results and the reports."""
    game = load_game("busfaktor", deck=EmbeddedFile.of("deck.toml", params["deck"]))
    with tempfile.TemporaryDirectory(prefix="busbahnhof-balance-") as folder:
        results = Path(folder) / "results.csv"
        report = simulate(
            game, params["players"], params["bots"], params["games"], params["seed"], progress=progress, results=results
        )
        html = {lang: render_html(report_document([results], lang)) for lang in LANGUAGES}
        analysis = read_groups([results])[0].game
        files = {
            path.name.replace("results.csv", "", 1): path.read_text(encoding="utf-8")
            for path in results.parent.iterdir()
        }
    return {
        "games": report["games"],
        "elapsed_seconds": report["elapsed_seconds"],
        "findings": findings(report, analysis),
        "html": html,
        "results": files,
    }


def _interval(value: dict[str, float]) -> dict[str, float]:
    return {"estimate": value["estimate"], "low": value["low"], "high": value["high"]}


def _share(interval: Interval) -> dict[str, float]:
    return {"estimate": interval.estimate, "low": interval.low, "high": interval.high}


def findings(report: dict[str, Any], analysis: Any) -> list[dict[str, Any]]:
    """What a designer acts on, from a simulation report: ``{"kind", "card" (or None), "value"
    (estimate, low, high), "evidence" (the counts behind it), "flag" (the interval says so)}``.
    Every kind is listed once for the deck (start, length, ties), the others per card found."""
    intervals, summary = report["intervals"], report["summary"]
    players = report["players"]
    games = report["games"]
    even = 1 / players
    won = intervals["positions"][0]["won"]
    found: list[dict[str, Any]] = [
        {
            "kind": "start",
            "card": None,
            "value": _interval(won),
            "evidence": {"even": even, "games": games, "players": players},
            "flag": won["low"] > even or won["high"] < even,
        },
        {
            "kind": "length",
            "card": None,
            "value": _interval(intervals["outcome"]["decisions"]),
            "evidence": {"games": games},
            "flag": False,
        },
        {
            "kind": "ties",
            "card": None,
            "value": _interval(intervals["outcome"]["tie"]),
            "evidence": {"games": games},
            "flag": intervals["outcome"]["tie"]["low"] > 0.1,
        },
    ]
    found += _played(summary.get("cards", {}))
    found += _completed(summary.get("projects", {}), summary.get("cards", {}))
    found += _weak(analysis)
    return found


def _total(figures: dict[str, Any], name: str) -> float:
    value = figures.get(name)
    return float(value["total"]) if isinstance(value, dict) and "total" in value else 0.0


def _played(cards: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for name, figures in sorted(cards.items()):
        drawn, played = _total(figures, "drawn"), _total(figures, "played")
        if drawn < MIN_DRAWN:
            continue
        share = wilson_interval(min(played, drawn), int(drawn))
        kind = "never_played" if share.high < NEVER_PLAYED else "always_played" if share.low > ALWAYS_PLAYED else None
        if kind:
            evidence = {"drawn": drawn, "played": played}
            found.append({"kind": kind, "card": name, "value": _share(share), "evidence": evidence, "flag": True})
    return found


def _completed(projects: dict[str, Any], cards: dict[str, Any]) -> list[dict[str, Any]]:
    found = []
    for name, figures in sorted(projects.items()):
        started, completed = _total(figures, "started"), _total(figures, "completed")
        drawn = _total(cards.get(name, {}), "drawn")
        if started == 0 and drawn >= MIN_DRAWN:
            value = {"estimate": 0.0, "low": 0.0, "high": 0.0}
            evidence = {"drawn": drawn, "started": 0.0, "completed": 0.0}
            found.append({"kind": "never_started", "card": name, "value": value, "evidence": evidence, "flag": True})
        elif started >= MIN_STARTED:
            rate = wilson_interval(completed, int(started))
            if rate.high < RARELY_COMPLETED:
                evidence = {"started": started, "completed": completed}
                found.append(
                    {
                        "kind": "rarely_completed",
                        "card": name,
                        "value": _share(rate),
                        "evidence": evidence,
                        "flag": True,
                    }
                )
    return found


def _weak(analysis: Any) -> list[dict[str, Any]]:
    """Cards whose holders score less than a typical card's: the report's point difference of a
    card's holders (docs/reports.md) with its interval wholly below the median of all cards."""
    gains = {name: card.gain.interval() for name, card in analysis.cards.items() if card.gain.count > 1}
    if len(gains) < 3:
        return []
    median = statistics.median(gain.estimate for gain in gains.values())
    return [
        {"kind": "weak", "card": name, "value": _share(gain), "evidence": {"median": median}, "flag": True}
        for name, gain in sorted(gains.items())
        if gain.high < median and gain.low < gain.high  # (a card every seat or none held says nothing)
    ]
