"""Blackjack."""
