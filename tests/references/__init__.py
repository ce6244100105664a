"""Brute forces and plain references the tests (and benchmarks) check the engine against."""
