"""The game model and the base modules: cards, rankings, decks and shoes, game files, their errors, the vocabulary."""
