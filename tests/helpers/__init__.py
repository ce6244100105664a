"""Utilities for the tests: the command line run in-process, a slow command to interrupt, the repository's folders."""
