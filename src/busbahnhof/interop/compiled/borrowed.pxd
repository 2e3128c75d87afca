# cython: language_level=3
"""Writing the state's borrowed items (``reading.pxd``) into the vector (``writing.pxd``): each
a ``Writer`` method's counterpart, shared by the compiled encoders that read the state's lists
borrowed (``busfaktor.pyx``, ``bus.pyx``, ``busfahrer.pyx``).
"""

from cpython.dict cimport PyDict_Next
from cpython.object cimport PyObject

from .reading cimport PyList_GET_ITEM, int_of, item_at, number_of, reach, size_of
from .writing cimport Out, put


cdef extern from *:
    """
    /* entry_at's look-up where the field is not at its remembered place, kept out of line: the
       field by hash (a missing one a KeyError), and its place for the next state, the step of
       PyDict_Next after it less one (its key compared by identity). */
    static __attribute__((noinline, cold, unused)) PyObject* busbahnhof_entry_placed(PyObject* s, PyObject* name, Py_ssize_t* place) {
        PyObject* value = PyDict_GetItemWithError(s, name);
        PyObject* key;
        Py_ssize_t position = 0;
        if (value == NULL) {
            if (!PyErr_Occurred())
                PyErr_SetObject(PyExc_KeyError, name);
            return NULL;
        }
        while (PyDict_Next(s, &position, &key, NULL)) {
            if (key == name) {
                *place = position - 1;
                break;
            }
        }
        return value;
    }
    """
    PyObject* busbahnhof_entry_placed(dict s, str name, Py_ssize_t* place) except NULL


cdef inline PyObject* entry_at(dict s, str name, Py_ssize_t* place) except NULL:
    """The state's field ``name``, borrowed from its instance dict (a missing field is a ``KeyError``), read first at ``place[0]``: its
    place in the instance dict of the state read before.  The states of one game keep their
    fields in one order (made by the same ``__init__``, or copies of such a dict), so the field
    is nearly always there: one step of ``PyDict_Next`` and a compare of the key by identity
    (attribute names are interned strings) instead of a lookup by hash.  Anywhere else it is
    looked up by hash (a missing field is a ``KeyError``) and its place remembered."""
    cdef Py_ssize_t position = place[0]
    cdef PyObject* key
    cdef PyObject* value
    if PyDict_Next(s, &position, &key, &value) and key == <PyObject*>name:
        return value
    return busbahnhof_entry_placed(s, name, place)


cdef inline list row_at(list rows, Py_ssize_t k):
    """Row ``k`` of a list of lists (checked; a row that is not a list is a ``TypeError``)."""
    return <list?><object>item_at(rows, k)


cdef inline bint is_zero(PyObject* item) noexcept:
    """Whether ``item`` is the int 0 itself (CPython's small int, one object: compared by identity)."""
    return item == <PyObject*><object>0


cdef inline int one_of(Out* out, Py_ssize_t base, PyObject* item) except -1:
    """``Writer.one`` of a borrowed item: entry ``base + item`` is 1; ``None`` sets nothing."""
    if item != <PyObject*>None:
        put(out, base + int_of(item), 1.0)
    return 0


cdef inline int amount_of(Out* out, Py_ssize_t position, PyObject* item) except -1:
    """``Writer.set`` of a borrowed item: entry ``position`` is the number ``item`` is; a 0 (the
    small int, compared by identity) leaves the entry as the vector starts, 0."""
    if not is_zero(item):
        put(out, position, number_of(item))
    return 0


cdef inline int amounts_of(Out* out, Py_ssize_t base, list items) except -1:
    """``Writer.put`` over a list, its items read borrowed: entry ``base + k`` is the number
    ``items[k]`` is (its 0s left as the vector starts)."""
    cdef Py_ssize_t k
    for k in range(size_of(items)):
        amount_of(out, base + k, PyList_GET_ITEM(items, k))
    return 0


cdef inline int many_of(Out* out, Py_ssize_t base, list items) except -1:
    """``Writer.many`` over a list, its items read borrowed: entry ``base + i`` is 1 for every item ``i``."""
    cdef Py_ssize_t k
    for k in range(size_of(items)):
        put(out, base + int_of(PyList_GET_ITEM(items, k)), 1.0)
    return 0


cdef inline int many_rows_of(Out* out, Py_ssize_t base, Py_ssize_t width, list rows) except -1:
    """``Writer.many_rows`` over a list of lists: row ``k`` has a 1 in every column of ``rows[k]``."""
    cdef Py_ssize_t k
    for k in range(size_of(rows)):
        many_of(out, base + k * width, row_at(rows, k))
    return 0


cdef inline int rows_of(Out* out, Py_ssize_t base, Py_ssize_t width, list items, Py_ssize_t count) except -1:
    """``Writer.rows`` over the first ``count`` items of a list (checked to reach them), read
    borrowed: row ``k`` has a 1 in column ``items[k]`` (``None``: all 0)."""
    cdef Py_ssize_t k
    reach(items, count)
    for k in range(count):
        one_of(out, base + k * width, PyList_GET_ITEM(items, k))
    return 0
