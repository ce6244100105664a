"""Pai Gow Poker."""
