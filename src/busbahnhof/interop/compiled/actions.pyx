# cython: language_level=3, boundscheck=False, wraparound=False
"""The action space's lookups in compiled code: the indices of a tuple of legal actions, and masks.

:class:`..spaces.ActionSpace` defines both in Python; :class:`Lookup` does the same on the same
dict of known actions, for the environments, which ask at every decision: a tuple the engine
hands out again is found by identity, a new one is looked up action by action (by the action
itself where actions hash by identity, else by its ``id``), and a mask is a new read-only
``int8`` vector with a 1 at each index.
"""

cimport numpy as cnp
from cpython.dict cimport PyDict_GetItem, PyDict_SetItem
from cpython.object cimport PyObject
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cnp.import_array()

import numpy as np

_BOOL = np.bool_


cdef class Lookup:
    """Indices and masks of legal-action tuples for one :class:`..spaces.ActionSpace`.

    ``by_key`` is the action space's own dict of the actions met so far (key: the action, or
    its ``id`` where ``by_identity`` is false), which the action space fills; a tuple with an
    action not in it yet goes to the action space's ``by_name``, which finds it by its name.
    The tuples met lately are kept by ``id`` with their indices (and masks), at most
    ``max_tuples`` of each, alive so that an ``id`` in them is their tuple's.
    """

    cdef dict by_key
    cdef bint by_identity
    cdef Py_ssize_t size, max_tuples
    cdef dict tuples, masks
    cdef object by_name

    def __init__(self, dict by_key, bint by_identity, Py_ssize_t size, Py_ssize_t max_tuples, by_name):
        self.by_key = by_key
        self.by_identity = by_identity
        self.size = size
        self.max_tuples = max_tuples
        self.by_name = by_name
        """``by_name(actions)``: the action space's indices of a tuple with an action not known yet."""
        self.tuples = {}
        self.masks = {}

    def indices_of(self, tuple actions):
        """The indices of ``actions`` (a state's legal actions), in their order."""
        cdef object key = id(actions)
        cdef PyObject* known = PyDict_GetItem(self.tuples, key)
        if known is not NULL and (<tuple>known)[0] is actions:
            return (<tuple>known)[1]
        cdef Py_ssize_t n = len(actions), i
        cdef PyObject* found
        indices = PyTuple_New(n)
        for i in range(n):
            action = actions[i]
            found = PyDict_GetItem(self.by_key, action if self.by_identity else id(action))
            if found is NULL:  # met for the first time: the action space finds it by its name
                indices = self.by_name(actions)
                break
            Py_INCREF(<object>found)  # PyTuple_SET_ITEM takes the reference
            PyTuple_SET_ITEM(indices, i, <object>found)
        if len(self.tuples) >= self.max_tuples:
            self.tuples.clear()
        PyDict_SetItem(self.tuples, key, (actions, indices))
        return indices

    def mask_of(self, tuple indices):
        """A new read-only ``int8`` vector: 1 at every index of ``indices`` (each inside the space), 0 elsewhere."""
        cdef cnp.npy_intp size = self.size
        cdef cnp.ndarray mask = cnp.PyArray_ZEROS(1, &size, cnp.NPY_INT8, 0)
        cdef char* data = <char*>cnp.PyArray_DATA(mask)
        cdef Py_ssize_t index
        for item in indices:
            index = item
            if index < 0 or index >= size:
                raise IndexError(f"action index {index} outside 0..{size - 1}")
            data[index] = 1
        cnp.PyArray_CLEARFLAGS(mask, cnp.NPY_ARRAY_WRITEABLE)  # read-only (``flags.writeable = False`` costs 0.2 µs)
        return mask

    def mask_of_actions(self, tuple actions, bint as_bool=False):
        """The mask of a tuple of legal actions (``as_bool``: its ``bool`` view), kept with the
        tuple: one read-only array serves every time the engine hands out the same tuple."""
        cdef object key = id(actions)
        cdef PyObject* known = PyDict_GetItem(self.masks, key)
        cdef list entry
        if known is not NULL and (<list>known)[0] is actions:
            entry = <list>known
        else:
            entry = [actions, self.mask_of(self.indices_of(actions)), None]
            if len(self.masks) >= self.max_tuples:
                self.masks.clear()
            PyDict_SetItem(self.masks, key, entry)
        if not as_bool:
            return entry[1]
        if entry[2] is None:  # made when first asked for (Gymnasium's masks are bool, PettingZoo's int8)
            entry[2] = entry[1].view(_BOOL)
        return entry[2]
