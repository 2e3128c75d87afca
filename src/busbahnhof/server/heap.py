"""Garbage-collector settings for a long-running server: short pauses instead of long ones.

CPython's cyclic collector stops the whole process (and with it every table's event loop) for
as long as a full (generation 2) collection takes, and that time grows with the number of live
container objects.  A started server holds about 160,000 of them from its imports alone (modules,
classes, functions, the games' rule data), which never die; a full collection over them took 90
to 200 ms under load, so every few seconds one action of some table waited that long (the p99
of ``busbahnhof loadtest`` was made of these pauses; docs/deploy.md).

:func:`settle_heap` runs once after start-up: one collection, then ``gc.freeze()`` moves every
object alive now into the permanent generation, which later collections skip; and a larger
generation-0 threshold lets the many short-lived objects of a message (views, log lines) die by
reference counting before a collection sees them, so fewer of them are promoted and full
collections become rare.  Cyclic garbage that was alive at the freeze is never collected; the
server creates none at start-up beyond the tables it rebuilt, which live until they finish.
"""

from __future__ import annotations

import gc


def settle_heap(gen0_threshold: int) -> int:
    """Collect once, freeze what is alive, raise the generation-0 threshold (0: keep Python's).

    Returns the number of objects frozen.
    """
    gc.collect()
    gc.freeze()
    if gen0_threshold > 0:
        _, older, oldest = gc.get_threshold()
        gc.set_threshold(gen0_threshold, older, oldest)
    return gc.get_freeze_count()
