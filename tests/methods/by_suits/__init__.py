"""Counting suit by suit: High Card Flush."""
