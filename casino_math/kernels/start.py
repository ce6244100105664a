"""numba's start without SciPy's linear algebra: about 0.2 s less in a run that loads a compiled kernel and no SciPy.

The first kernel a process compiles or loads from numba's disk cache makes numba import its implementations of numpy
(``numba.np.arraymath``), and that module asks at import whether SciPy's BLAS can be imported, to choose how
``np.correlate`` and ``np.convolve`` take inner products of floats in compiled code: a bare loop without it. That
question imports ``scipy.linalg`` whole (about 0.2 s of processor time, with NumPy's f2py and SciPy's array API
layer), though no kernel of this package uses those two functions nor anything of linear algebra. :func:`start_numba`
imports that module once with the BLAS module marked absent, so the answer is "no" and SciPy stays unloaded; numba's
linear algebra (``np.dot``, ``np.linalg``) imports SciPy itself when a kernel using it is compiled, as before.

>>> start_numba()
>>> "numba.np.arraymath" in sys.modules, sys.modules.get(_BLAS, "not marked") is not None
(True, True)
"""

from __future__ import annotations

import sys

_BLAS = "scipy.linalg.cython_blas"  # what numba's check imports


def start_numba() -> None:
    """Import numba's numpy implementations with SciPy's BLAS marked absent (nothing where they are imported already,
    or SciPy's linear algebra is: then the check costs nothing)."""
    if "numba.np.arraymath" in sys.modules or "scipy.linalg" in sys.modules:
        return
    sys.modules[_BLAS] = None  # type: ignore[assignment]  # an import of it raises ImportError at once, its parents untouched
    try:
        import numba.np.arraymath  # noqa: F401
    finally:
        del sys.modules[_BLAS]
