"""Who decides what: the kinds of pending decision, and the point buckets of the three phases."""

from __future__ import annotations

QUESTIONS, GIVING, LAYING, RIDE, AMERICAN, OVER = range(6)
PHASE_NAMES = ("questions", "giving", "laying", "ride", "american", "over")
BUCKET_QUESTIONS, BUCKET_PYRAMID, BUCKET_RIDE = range(3)
