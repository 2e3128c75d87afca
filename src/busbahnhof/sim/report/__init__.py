"""``busbahnhof report``: a self-contained HTML report a game designer reads top to bottom.

The report streams the rows of results files (``sim/results.py``) through running statistics
(``stats.py``): what was run, who wins, points, game length, and each game's own figures
(``busfahrer.py``, ``bus.py``, ``busfaktor.py``); ``--compare`` sets two settings side by side
(``compare.py``).  Texts come from ``locales/<lang>.toml``; ``render.py`` writes the HTML.
"""

from .compare import compare_document
from .compose import report_document
from .render import render_html, write_report

__all__ = ["compare_document", "render_html", "report_document", "write_report"]
