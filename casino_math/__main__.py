"""``python -m casino_math`` runs the command line."""

from .cli import main

main()
