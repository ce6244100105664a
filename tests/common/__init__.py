"""Every game through every tool."""
