# cython: language_level=3
"""Reading the state's lists of ints from compiled code: borrowed items, no reference counting.

A list item is read as a borrowed pointer (the list keeps it alive while the encoder runs, and
the encoder calls no Python code in between), so a scan costs a load and a compare per item
instead of a new reference, a conversion and its release.  Positions come from loops over the
list's own length or are checked (``int_at``); a state the encoder cannot read is an
``IndexError`` or ``TypeError``, never a read outside the list.
"""

from cpython.object cimport PyObject


cdef extern from "Python.h":
    PyObject* PyList_GET_ITEM(object items, Py_ssize_t position)
    Py_ssize_t PyList_GET_SIZE(object items)
    Py_ssize_t PyLong_AsSsize_t(PyObject* number) except? -1


cdef extern from *:
    """
    /* The errors of reading a state, kept out of line (the readers stay tiny and inlined). */
    static __attribute__((noinline, cold, unused)) Py_ssize_t busbahnhof_not_a_list(void) {
        PyErr_SetString(PyExc_TypeError, "a state field the encoder reads as a list is None");
        return -1;
    }
    static __attribute__((noinline, cold, unused)) Py_ssize_t busbahnhof_outside_list(Py_ssize_t position, Py_ssize_t size) {
        PyErr_Format(PyExc_IndexError, "state list position %zd outside 0..%zd", position, size - 1);
        return -1;
    }
    """
    Py_ssize_t busbahnhof_not_a_list() except -1
    Py_ssize_t busbahnhof_outside_list(Py_ssize_t position, Py_ssize_t size) except -1


cdef inline Py_ssize_t size_of(list items) except -1:
    """The length of ``items`` (a ``list``-typed variable may still hold ``None``: a ``TypeError``)."""
    if items is None:
        return busbahnhof_not_a_list()
    return PyList_GET_SIZE(items)


cdef inline Py_ssize_t int_at(list items, Py_ssize_t position) except? -1:
    """The int at ``position`` of ``items`` (checked: a position outside is an ``IndexError``)."""
    cdef Py_ssize_t size = size_of(items)
    if position < 0 or position >= size:
        return busbahnhof_outside_list(position, size)
    return PyLong_AsSsize_t(PyList_GET_ITEM(items, position))


cdef inline bint is_at(list items, Py_ssize_t position, object value) noexcept:
    """Whether the item at ``position`` (inside the list) is ``value`` itself, the very object:
    for CPython's small ints, of which there is one object each (seats, 0, -1), whether it
    equals ``value``, read with a load and a compare."""
    return PyList_GET_ITEM(items, position) == <PyObject*>value


cdef inline int holds(list items, object value) except -1:
    """Whether ``value`` itself is an item of ``items`` (compared as in :func:`is_at`)."""
    cdef Py_ssize_t position
    for position in range(size_of(items)):
        if is_at(items, position, value):
            return True
    return False
