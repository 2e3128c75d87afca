"""A signal that arrives while a finished game is counted waits for the count to end (busbahnhof/interrupts.py)."""

from __future__ import annotations

import signal
import threading

import pytest

from busbahnhof.interrupts import held_signals


def test_ctrl_c_inside_the_block_is_raised_after_it_and_the_block_runs_whole() -> None:
    steps: list[str] = []
    with pytest.raises(KeyboardInterrupt), held_signals():
        steps.append("marked done")
        signal.raise_signal(signal.SIGINT)
        steps.append("aggregated")
    assert steps == ["marked done", "aggregated"]
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_the_handler_in_place_before_gets_the_signal_once() -> None:
    received: list[int] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, _frame: received.append(signum))
    try:
        with held_signals():
            signal.raise_signal(signal.SIGTERM)
            signal.raise_signal(signal.SIGTERM)
            assert received == []
        assert received == [signal.SIGTERM]
    finally:
        signal.signal(signal.SIGTERM, previous)


def test_a_block_without_signals_changes_nothing() -> None:
    before = signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)
    with held_signals():
        pass
    assert (signal.getsignal(signal.SIGINT), signal.getsignal(signal.SIGTERM)) == before


def test_outside_the_main_thread_the_block_runs_as_it_is() -> None:
    ran: list[bool] = []

    def count() -> None:
        with held_signals():
            ran.append(True)

    thread = threading.Thread(target=count)
    thread.start()
    thread.join()
    assert ran == [True]


def test_ctrl_c_while_a_game_is_aggregated_leaves_the_report_and_its_ranges_agreeing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from busbahnhof.sim import simulate
    from busbahnhof.sim.aggregate import Aggregate

    add = Aggregate.add
    calls = 0

    def add_then_ctrl_c(self: Aggregate, figures: object) -> None:
        nonlocal calls
        calls += 1
        if calls == 150:  # the game is already marked done; Ctrl-C before its figures are in
            signal.raise_signal(signal.SIGINT)
        add(self, figures)  # type: ignore[arg-type]

    monkeypatch.setattr(Aggregate, "add", add_then_ctrl_c)
    report = simulate("busfahrer", 2, ["random", "random"], 1_000, seed=3)
    kept = report["games"]
    assert 150 <= kept < 1_000
    assert sum(stop - start for start, stop in report["interrupted"]["finished_ranges"]) == kept
