"""The hold'em counting method, its kernels and its bets."""
