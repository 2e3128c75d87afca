# cython: language_level=3
from .writing cimport Out


cdef class Encoder:
    cdef readonly object layout
    cdef Py_ssize_t size
    cdef Py_ssize_t seats
    cdef Py_ssize_t seat_start
    cdef Py_ssize_t to_move_start
    cdef Py_ssize_t start(self, str name) except -1
    cdef Py_ssize_t width(self, str name) except -1
    cdef object vector(self, object state, Py_ssize_t seat, object to_move)
    cdef int fill(self, Out* out, object state, Py_ssize_t seat) except -1
