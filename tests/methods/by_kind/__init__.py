"""Games dealt from a shoe, counted by kinds of card."""
