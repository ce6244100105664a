"""This process's memory: what an array frees kept for the next one, not handed back to the system.

A big count or solve makes and frees arrays of hundreds of megabytes again and again. By default the C library gives
each such array fresh pages from the system and hands them back when it is freed, so every new one is faulted in
again, zeroed, page by page: seconds of system time in a Caribbean Stud analysis. Kept, the freed memory serves the
next array. For a process that ends with its work (a command, a worker); the peak memory stays about the same.

>>> keep_freed_memory()  # once per process; where the C library has no such setting (not glibc) it does nothing
"""

from __future__ import annotations

M_TRIM_THRESHOLD, M_MMAP_MAX = -1, -4  # glibc's mallopt parameters (malloc.h)


def keep_freed_memory() -> None:
    """Big arrays taken from the heap, not from mappings of their own unmapped when freed, and the heap never trimmed."""
    import ctypes  # numpy imports it anyway; a command that counts nothing does not pay for it before it runs

    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (AttributeError, OSError):  # not glibc
        return
    mallopt(M_MMAP_MAX, 0)  # big arrays from the heap, not from fresh mappings unmapped at every free
    mallopt(M_TRIM_THRESHOLD, 1 << 40)  # and the heap never trimmed: what a solve freed serves the next
