"""``busbahnhof loadtest``: many tables at once over real WebSockets against a running server.

:mod:`.scenarios` says which tables are played, :mod:`.client` plays one table (a scripted human
and a spectator) and measures the time from a submitted action to the broadcast reaching every
client of the table, :mod:`.monitor` samples the server processes' CPU and memory, :mod:`.runner`
runs it all for a bounded time and :mod:`.report` summarises.  See ``docs/server.md``.
"""
