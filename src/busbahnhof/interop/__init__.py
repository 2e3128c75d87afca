"""The games as environments for game-AI research: PettingZoo, Gymnasium and OpenSpiel (``busbahnhof[rl]``).

* :mod:`.codecs`: per game a fixed-size action space and an observation encoding of ``view(seat)``;
* :mod:`.pettingzoo`: ``env("bus", players=4, **options)``, a PettingZoo AEC environment;
* :mod:`.gymnasium`: ``busbahnhof/Busfahrer-v0``, ``busbahnhof/Bus-v0``, ``busbahnhof/Busfaktor-v0``:
  one learning seat, the others played by named bots;
* :mod:`.openspiel`: the games registered as OpenSpiel Python games;
* :mod:`.bench`: environment steps per second against the raw engine.

Only :mod:`.codecs` needs nothing beyond numpy; the others import their library.  See
``docs/interop.md``.
"""
