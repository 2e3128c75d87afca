# cython: language_level=3
from cpython.object cimport PyObject

from .borrowed cimport entry_at
from .writing cimport Out

cdef enum:
    _PLACES = 48  # the most state fields an encoder reads by place (``Encoder.field``)


cdef class Encoder:
    cdef readonly object layout
    cdef Py_ssize_t size
    cdef Py_ssize_t seats
    cdef Py_ssize_t seat_start
    cdef Py_ssize_t to_move_start
    cdef Py_ssize_t[_PLACES] places  # where each field read was in the last state's dict (0 at first)
    cdef Py_ssize_t start(self, str name) except -1
    cdef Py_ssize_t width(self, str name) except -1
    cdef object vector(self, object state, Py_ssize_t seat, object to_move)
    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1

    cdef inline PyObject* field(self, dict s, str name, Py_ssize_t slot) except NULL:
        """The state's field ``name``, borrowed from its instance dict, looked for first where it
        was in the last state's (``borrowed.entry_at``; a missing field is a ``KeyError``).
        ``slot`` is the field's own in the game's encoder: a constant of its ``cdef enum`` of
        the fields it reads, fewer than ``_PLACES`` (checked when its module is imported)."""
        return entry_at(s, name, &self.places[slot])
