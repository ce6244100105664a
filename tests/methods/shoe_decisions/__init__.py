"""Shoe games with a decision: Casino War and Red Dog."""
