"""Build of the compiled observation encoders and action lookups (``busbahnhof.interop.compiled``);
everything else is in pyproject.toml.

They are Cython modules, compiled at install time (``pip install -e .`` included).  They are
optional: where no C compiler is found the install goes on without them and the codecs and the
action spaces work in Python (the same numbers, slower; docs/interop.md, "Speed").
"""

import sys
from pathlib import Path

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup

SOURCES = sorted(Path("src/busbahnhof/interop/compiled").glob("*.pyx"))
NUMPY = {"include_dirs": [numpy.get_include()], "define_macros": [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]}
"""The modules create their arrays with numpy's C API (``cimport numpy``)."""
MODULES = [
    Extension(f"busbahnhof.interop.compiled.{path.stem}", [str(path)], optional=True, **NUMPY) for path in SOURCES
]

FORCE = "--force" in sys.argv or "-f" in sys.argv
"""``build_ext --force`` translates every ``.pyx`` to C again too: Cython's own check of what
changed misses the modules that ``cimport`` a changed ``.pxd`` (``from . cimport base``), whose
stale C would then disagree with the new base class's layout."""

setup(ext_modules=cythonize(MODULES, compiler_directives={"language_level": "3"}, force=FORCE))
