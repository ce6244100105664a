"""numba's start without SciPy's linear algebra nor CFFI, and a kernel read from numba's disk cache without numba's
compiler registries: about a quarter and a tenth of a second less in a run that loads a compiled kernel.

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

Reading a compiled kernel back from the disk cache needs numba's runtime (the memory manager the machine code calls),
not the implementations numba compiles with: numba's cache refreshes its compiler's registries first all the same
(sixty more modules imported, every implementation installed in its typing and lowering tables: a tenth of a second
or more). :func:`start_numba` makes a read from the cache start the runtime alone (``_without_registries``);
a kernel compiled refreshes the registries itself, before it is compiled, as numba's compiler always does.

>>> start_numba()
>>> all(module in sys.modules for module in ABSENT)
True
>>> from numba.core.caching import Cache
>>> Cache.load_overload.__module__ == __name__
True
"""

from __future__ import annotations

import sys
from importlib import import_module
from typing import Any, Callable

#: numba's module -> (the module it tries to import, the package whose presence makes that cheap)
ABSENT = {"numba.np.arraymath": ("scipy.linalg.cython_blas", "scipy.linalg"),
          "numba.core.typing.cffi_utils": ("cffi", "cffi")}


def start_numba() -> None:
    """Import numba's modules of :data:`ABSENT` with their optional package marked absent (each where neither it nor
    the package is imported yet), and read kernels from numba's disk cache without its compiler's registries."""
    for module, (optional, package) in ABSENT.items():
        if module in sys.modules or package in sys.modules:
            continue
        sys.modules[optional] = None  # type: ignore[assignment]  # an import of it raises ImportError at once, its parents untouched
        try:
            import_module(module)
        finally:
            del sys.modules[optional]
    from numba.core.caching import Cache

    if Cache.load_overload.__module__ != __name__:  # once a process
        Cache.load_overload = _without_registries(Cache.load_overload)  # type: ignore[method-assign]


def _without_registries(load: Callable[..., Any]) -> Callable[..., Any]:
    """numba's ``Cache.load_overload`` (a compiled kernel read from the disk cache), with the target's ``refresh`` (its
    registries, then the runtime) starting the runtime alone while it runs (numba calls it under its compiler lock; the
    runtime starts once)."""

    def read(cache: Any, sig: Any, target: Any) -> Any:
        from numba.core.runtime import rtsys

        target.refresh = lambda: rtsys.initialize(target)  # shadows the method on this one object while it reads
        try:
            return load(cache, sig, target)
        finally:
            del target.refresh

    return read
