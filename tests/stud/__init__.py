"""The home-poker stud toolkit."""
