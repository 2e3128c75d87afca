# cython: language_level=3, boundscheck=False, wraparound=False
"""What every compiled encoder shares: the vector, the seat fields, the layout's offsets.

A game's encoder subclasses :class:`Encoder`, reads the offsets of its fields and whatever its
configuration fixes in ``__init__`` (:meth:`Encoder.start`, :meth:`Encoder.width`) and writes
them in ``fill``, mirroring its Python codec's parts (``codecs/<game>.py``) entry for entry.
"""

cimport numpy as cnp
from libc.string cimport memset

from .writing cimport Out, one, put

cnp.import_array()


cdef class Encoder:
    """The observation of one codec configuration, encoded from the state in compiled code."""

    def __init__(self, codec):
        layout = codec.layout
        self.layout = layout
        self.size = layout.size
        self.seats = layout.widths["seat"]
        self.seat_start = layout.starts["seat"]
        self.to_move_start = layout.starts["to_move"]

    cdef Py_ssize_t start(self, str name) except -1:
        """Where field ``name`` begins in the flat vector."""
        return self.layout.starts[name]

    cdef Py_ssize_t width(self, str name) except -1:
        """The row width of field ``name``."""
        return self.layout.widths[name]

    def encode(self, state, Py_ssize_t seat):
        """The flat observation of ``seat``: equal to the Python codec's ``encode_parts(state, seat)``."""
        return self.vector(state, seat, state.to_move)

    def observe(self, state, Py_ssize_t seat, to_move):
        """``encode(state, seat)`` for a caller that knows ``to_move``, the state's ``to_move``
        (an environment has just read it): the property is not asked again."""
        return self.vector(state, seat, to_move)

    cdef object vector(self, object state, Py_ssize_t seat, object to_move):
        if seat < 0 or seat >= self.seats:
            raise ValueError(f"seat {seat}: the observing seat is one of 0..{self.seats - 1}")
        cdef cnp.npy_intp size = self.size
        cdef cnp.ndarray flat = cnp.PyArray_EMPTY(1, &size, cnp.NPY_FLOAT32, 0)  # a new C-contiguous vector
        cdef Out out
        out.data = <float*>cnp.PyArray_DATA(flat)
        out.size = self.size
        memset(out.data, 0, self.size * sizeof(float))
        put(&out, self.seat_start + seat, 1.0)
        one(&out, self.to_move_start, to_move)
        self.fill(&out, state, seat)
        return flat

    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1:
        raise NotImplementedError("a game's encoder writes its own fields")
