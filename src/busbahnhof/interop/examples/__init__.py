"""Runnable examples of the research interfaces (``docs/interop.md``)."""
