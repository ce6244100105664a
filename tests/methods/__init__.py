"""One folder per counting method, each against its brute force or reference."""
