# cython: language_level=3
"""Reading the state's lists of ints from compiled code: borrowed items, no reference counting.

A list item is read as a borrowed pointer (the list keeps it alive while the encoder runs, and
the encoder calls no Python code in between: ``int_of`` and ``number_of`` call none), so a scan
costs a load and a compare per item instead of a new reference, a conversion and its release.
Positions come from loops over the list's own length, or over a length the list was checked to
reach (``reach``), or are checked (``item_at``, ``int_at``); a state the encoder cannot read is
an ``IndexError`` or ``TypeError``, never a read outside the list.
"""

from cpython.object cimport PyObject


cdef extern from "Python.h":
    PyObject* PyList_GET_ITEM(object items, Py_ssize_t position)
    Py_ssize_t PyList_GET_SIZE(object items)
    bint PyLong_Check(PyObject* item)
    bint PyFloat_Check(PyObject* item)
    double PyFloat_AS_DOUBLE(PyObject* item)


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
    /* The int an item is: an int of one digit (every card, seat, count of a state) read inline
       where it lies, a bool by identity, anything else through PyLong_AsSsize_t (a larger int;
       for a non-int a TypeError, without calling any Python code such as __index__).  The error
       value is not -1 but a number no state holds, so that only for it the caller asks whether
       an exception is set: -1 is a common item (no card, no project). */
    #define BUSBAHNHOF_NOT_AN_INT (-2147483647 - 1)
    static inline Py_ssize_t busbahnhof_int_of(PyObject* item) {
        Py_ssize_t value;
        if (PyLong_CheckExact(item)) {
    #if PY_VERSION_HEX >= 0x030C0000
            if (PyUnstable_Long_IsCompact((PyLongObject*)item))
                return PyUnstable_Long_CompactValue((PyLongObject*)item);
    #else
            Py_ssize_t size = Py_SIZE(item);
            if (-1 <= size && size <= 1)
                return size * (Py_ssize_t)((PyLongObject*)item)->ob_digit[0];
    #endif
        } else if (item == Py_False) {
            return 0;
        } else if (item == Py_True) {
            return 1;
        }
        value = PyLong_AsSsize_t(item);
        return (value == -1 && PyErr_Occurred()) ? BUSBAHNHOF_NOT_AN_INT : value;
    }
    /* Scans of a list's borrowed items by identity, four at a time: the first position from
       `position` (not negative) on whose item is `value` itself (busbahnhof_find) or is not
       (busbahnhof_skip); the list's size if there is none. */
    static inline Py_ssize_t busbahnhof_find(PyObject* list, Py_ssize_t position, PyObject* value) {
        PyObject** items = ((PyListObject*)list)->ob_item;
        Py_ssize_t size = PyList_GET_SIZE(list);
        for (; position + 4 <= size; position += 4) {
            if (items[position] == value) return position;
            if (items[position + 1] == value) return position + 1;
            if (items[position + 2] == value) return position + 2;
            if (items[position + 3] == value) return position + 3;
        }
        for (; position < size; position++)
            if (items[position] == value) return position;
        return size;
    }
    static inline Py_ssize_t busbahnhof_skip(PyObject* list, Py_ssize_t position, PyObject* value) {
        PyObject** items = ((PyListObject*)list)->ob_item;
        Py_ssize_t size = PyList_GET_SIZE(list);
        for (; position + 4 <= size; position += 4) {
            if (items[position] != value) return position;
            if (items[position + 1] != value) return position + 1;
            if (items[position + 2] != value) return position + 2;
            if (items[position + 3] != value) return position + 3;
        }
        for (; position < size; position++)
            if (items[position] != value) return position;
        return size;
    }
    """
    Py_ssize_t busbahnhof_find(object items, Py_ssize_t position, PyObject* value)
    Py_ssize_t busbahnhof_skip(object items, Py_ssize_t position, PyObject* value)
    Py_ssize_t busbahnhof_not_a_list() except -1
    Py_ssize_t busbahnhof_outside_list(Py_ssize_t position, Py_ssize_t size) except -1
    Py_ssize_t busbahnhof_int_of(PyObject* item) except? -2147483648  # BUSBAHNHOF_NOT_AN_INT


cdef inline Py_ssize_t size_of(list items) except -1:
    """The length of ``items`` (a ``list``-typed variable may still hold ``None``: a ``TypeError``)."""
    if items is None:
        return busbahnhof_not_a_list()
    return PyList_GET_SIZE(items)


cdef inline int reach(list items, Py_ssize_t size) except -1:
    """Check that ``items`` has at least ``size`` items (an ``IndexError`` otherwise): a state's
    columns (one item per project, per card) are checked once against the length a loop runs to,
    then read by position without a check each."""
    if size_of(items) < size:
        return busbahnhof_outside_list(size - 1, PyList_GET_SIZE(items))
    return 0


cdef inline PyObject* item_at(list items, Py_ssize_t position) except NULL:
    """The item at ``position`` of ``items``, borrowed (checked: a position outside is an ``IndexError``)."""
    cdef Py_ssize_t size = size_of(items)
    if position < 0 or position >= size:
        busbahnhof_outside_list(position, size)
        return NULL
    return PyList_GET_ITEM(items, position)


cdef inline Py_ssize_t int_of(PyObject* item) except? -2147483648:
    """A borrowed item as a C integer: an ``int`` (or ``bool``), read inline; anything else a
    ``TypeError``.  No Python code runs (no ``__index__``), so a list being scanned stays as it is."""
    return busbahnhof_int_of(item)


cdef inline Py_ssize_t int_at(list items, Py_ssize_t position) except? -2147483648:
    """The int at ``position`` of ``items`` (checked: a position outside is an ``IndexError``)."""
    return int_of(item_at(items, position))


cdef inline double number_of(PyObject* item) except? -1:
    """A borrowed item as an entry's value: a count (``int`` or ``bool``, read inline) or a
    ``float``; anything else a ``TypeError`` (no Python code runs, no ``__float__``)."""
    if PyLong_Check(item) or not PyFloat_Check(item):
        return <double>int_of(item)  # a TypeError for what is neither an int nor a float
    return PyFloat_AS_DOUBLE(item)


cdef inline bint is_at(list items, Py_ssize_t position, PyObject* value) noexcept:
    """Whether the item at ``position`` (inside the list) is ``value`` itself, the very object:
    for CPython's small ints, of which there is one object each (seats, 0, -1), whether it
    equals ``value``, read with a load and a compare.  (``value`` a pointer, not an ``object``
    argument: a module's constant passed as one would be counted in and out at every call.)"""
    return PyList_GET_ITEM(items, position) == value


cdef inline Py_ssize_t skip(list items, Py_ssize_t start, PyObject* value) except -1:
    """The first position from ``start`` on whose item is not ``value`` itself (compared as in
    :func:`is_at`, four items at a time), the length of ``items`` if none is.  ``start`` comes
    from the encoder, not from the state, and is not negative."""
    size_of(items)  # a TypeError for None, before the scan
    return busbahnhof_skip(items, start, value)


cdef inline int holds(list items, PyObject* value) except -1:
    """Whether ``value`` itself is an item of ``items`` (compared as in :func:`is_at`, four items at a time)."""
    cdef Py_ssize_t size = size_of(items)  # a TypeError for None, before the scan
    return busbahnhof_find(items, 0, value) < size
