"""numba's start without SciPy's linear algebra nor CFFI: about a quarter of a second less in a run that loads a
compiled kernel and uses neither.

The first kernel a process compiles or loads from numba's disk cache makes numba import its implementations, and two
of them ask at import whether an optional package is there, for code no kernel of this package has:

- ``numba.np.arraymath`` imports SciPy's BLAS to choose how ``np.correlate`` and ``np.convolve`` take inner products of
  floats (a bare loop without it): that imports ``scipy.linalg`` whole, with NumPy's f2py and SciPy's array API layer
  (about 0.2 s of processor time);
- ``numba.core.typing.cffi_utils`` imports CFFI and makes an ``FFI()``, which loads its C parser (about 0.05 s), to
  call CFFI functions from compiled code.

:func:`start_numba` imports those two modules once with the optional package marked absent, so the answer is "no" and
it stays unloaded. numba's linear algebra (``np.dot``, ``np.linalg``) imports SciPy itself when a kernel using it is
compiled, as before; a process that has loaded the package already is left as it is.

>>> start_numba()
>>> all(module in sys.modules for module in ABSENT)
True
"""

from __future__ import annotations

import sys
from importlib import import_module

#: numba's module -> (the module it tries to import, the package whose presence makes that cheap)
ABSENT = {"numba.np.arraymath": ("scipy.linalg.cython_blas", "scipy.linalg"),
          "numba.core.typing.cffi_utils": ("cffi", "cffi")}


def start_numba() -> None:
    """Import numba's modules of :data:`ABSENT` with their optional package marked absent (each where neither it nor
    the package is imported yet)."""
    for module, (optional, package) in ABSENT.items():
        if module in sys.modules or package in sys.modules:
            continue
        sys.modules[optional] = None  # type: ignore[assignment]  # an import of it raises ImportError at once, its parents untouched
        try:
            import_module(module)
        finally:
            del sys.modules[optional]
