"""Build of the compiled observation encoders (``busbahnhof.interop.compiled``); everything else is in pyproject.toml.

The encoders are Cython modules, compiled at install time (``pip install -e .`` included).  They
are optional: where no C compiler is found the install goes on without them and the codecs
encode in Python (the same numbers, slower; docs/interop.md, "Speed").
"""

from pathlib import Path

from Cython.Build import cythonize
from setuptools import Extension, setup

SOURCES = sorted(Path("src/busbahnhof/interop/compiled").glob("*.pyx"))
MODULES = [Extension(f"busbahnhof.interop.compiled.{path.stem}", [str(path)], optional=True) for path in SOURCES]

setup(ext_modules=cythonize(MODULES, compiler_directives={"language_level": "3"}))
