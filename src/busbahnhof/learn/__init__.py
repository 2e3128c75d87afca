"""Learning the games: the review of a finished game and hints during one, each from a seat's own
information only (docs/review.md).

- :func:`review_record`: every decision of the chosen seats of a record judged against its best
  alternatives (exact odds for Busfahrer's questions, paired sampled worlds otherwise), and the
  game graph from the public information; :meth:`Review.to_dict` is the JSON.
- :func:`hint`: the best two or three options of the seat to move, with values and reasons.
"""

from __future__ import annotations

from .evaluate import Budget, Option
from .hints import Hint, hint
from .review import REVIEW_FORMAT, Review, review_record

__all__ = ["REVIEW_FORMAT", "Budget", "Hint", "Option", "Review", "hint", "review_record"]
