"""Compiled kernels (numba) for the loops numpy cannot make fast enough, each with a plain reference beside it.

A kernel is compiled the first time it runs and cached on disk (``cache=True``),
so later runs start at once. Every kernel has a reference implementation in
plain numpy or Python that the tests check it against on small decks.
"""
