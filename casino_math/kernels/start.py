"""numba's start without SciPy's linear algebra nor CFFI, and a kernel read from numba's disk cache without numba's
compiler registries: about a quarter and a tenth of a second less in a run that loads a compiled kernel.

The first kernel a process compiles makes numba import its implementations, and two of them ask at import whether an
optional package is there, for code no kernel of this package has:

- ``numba.np.arraymath`` imports SciPy's BLAS to choose how ``np.correlate`` and ``np.convolve`` take inner products of
  floats (a bare loop without it): that imports ``scipy.linalg`` whole, with NumPy's f2py and SciPy's array API layer
  (about 0.2 s of processor time);
- ``numba.core.typing.cffi_utils`` imports CFFI and makes an ``FFI()``, which loads its C parser (about 0.05 s), to
  call CFFI functions from compiled code.

:func:`start_numba` marks the optional package absent while numba fills its registries (to compile) or reads a
kernel from its disk cache (whose code may name such a module: a kernel using ``np.flatnonzero`` names
``numba.np.arraymath``), so the answer is "no" and it stays unloaded. numba's linear algebra (``np.dot``,
``np.linalg``) imports SciPy itself when a kernel using it is compiled, as before; a process that has loaded the
package already is left as it is.

Reading a compiled kernel back from the disk cache needs numba's runtime (the memory manager the machine code calls),
not the implementations numba compiles with: numba's cache refreshes its compiler's registries first all the same
(sixty more modules imported, every implementation installed in its typing and lowering tables: a tenth of a second
or more). :func:`start_numba` makes a read from the cache start the runtime alone (``_without_registries``);
a kernel compiled refreshes the registries itself, before it is compiled, as numba's compiler always does. A run whose
kernels are all read back, none of them naming those two modules, imports neither them nor the sixty (video poker's:
about 0.05 s of processor time less than importing them at the start).

>>> start_numba()
>>> from numba.core.caching import Cache
>>> from numba.core.base import BaseContext
>>> Cache.load_overload.__module__ == BaseContext.refresh.__module__ == __name__
True
"""

from __future__ import annotations

import sys
from typing import Any, Callable

#: numba's module -> (the module it tries to import, the package whose presence makes that cheap)
ABSENT = {"numba.np.arraymath": ("scipy.linalg.cython_blas", "scipy.linalg"),
          "numba.core.typing.cffi_utils": ("cffi", "cffi")}


def start_numba() -> None:
    """Have numba read kernels from its disk cache without its compiler's registries, and import its modules of
    :data:`ABSENT` without their optional package whenever it reads a kernel or fills its registries (``_absent``)."""
    from numba.core.base import BaseContext
    from numba.core.caching import Cache
    from numba.core.typing.context import BaseContext as TypingContext

    if Cache.load_overload.__module__ != __name__:  # once a process
        Cache.load_overload = _absent(_without_registries(Cache.load_overload))  # type: ignore[method-assign]
        BaseContext.refresh = _absent(BaseContext.refresh)  # type: ignore[method-assign]
        TypingContext.refresh = _absent(TypingContext.refresh)  # type: ignore[method-assign]


def _absent(step: Callable[..., Any]) -> Callable[..., Any]:
    """numba's ``step`` (a kernel read from the disk cache, whose code may name an implementation's module, or a refresh
    of its compiler's registries) with the optional package of each module of :data:`ABSENT` marked absent while it
    runs, where neither that module nor the package is imported yet: the module, if imported then, goes without."""

    def marked(*args: Any) -> Any:
        absent = [optional for module, (optional, package) in ABSENT.items()
                  if module not in sys.modules and package not in sys.modules and optional not in sys.modules]
        for optional in absent:
            sys.modules[optional] = None  # type: ignore[assignment]  # an import of it raises ImportError at once, its parents untouched
        try:
            return step(*args)
        finally:
            for optional in absent:
                del sys.modules[optional]

    return marked


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
