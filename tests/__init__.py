"""The tests, a package so that every file imports the shared modules one way: ``from tests.references... import``."""
