# cython: language_level=3
"""Writing an observation's entries from compiled code: bounds-checked stores into the flat vector.

Every compiled encoder (``busfahrer.pyx``, ``bus.pyx``, ``busfaktor.pyx``) writes through these,
with the offsets and row widths of the codec's :class:`..layout.Layout`, exactly the entries
that the Python :class:`..layout.Writer` collects for the same codec.  A position outside the
vector is an ``IndexError`` (as numpy raises for the Python writer), never a stray store.
"""

cdef struct Out:
    float* data
    Py_ssize_t size


cdef extern from *:
    """
    /* The error of a store outside the vector, kept out of line (and out of the way of the
       compiler's inlining of the stores, which are tiny without it). */
    static __attribute__((noinline, cold, unused)) int busbahnhof_stray_store(Py_ssize_t position, Py_ssize_t size) {
        PyErr_Format(PyExc_IndexError,
                     "observation entry %zd outside 0..%zd: the codec is out of step with its game",
                     position, size - 1);
        return -1;
    }
    """
    int busbahnhof_stray_store(Py_ssize_t position, Py_ssize_t size) except -1


cdef inline int put(Out* out, Py_ssize_t position, double value) except -1:
    """Entry ``position`` is ``value`` (a position outside the vector is an ``IndexError``)."""
    if position < 0 or position >= out.size:
        return busbahnhof_stray_store(position, out.size)
    out.data[position] = <float>value
    return 0


cdef inline int one(Out* out, Py_ssize_t base, object index) except -1:
    """Entry ``base + index`` is 1; ``index`` ``None`` sets nothing (``Writer.one``)."""
    if index is not None:
        put(out, base + <Py_ssize_t>index, 1.0)
    return 0


cdef inline int many(Out* out, Py_ssize_t base, object indices) except -1:
    """Every entry ``base + i`` for ``i`` in ``indices`` is 1 (``Writer.many``)."""
    for index in indices:
        put(out, base + <Py_ssize_t>index, 1.0)
    return 0


cdef inline double number(object item) except? -1:
    """A count (``int`` or ``bool``, the common case, read without a float conversion) or a float."""
    if isinstance(item, int):
        return <double><Py_ssize_t>item
    return <double>item
