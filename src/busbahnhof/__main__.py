"""``python -m busbahnhof``: the command line."""

from .cli import main

main()
