"""The computer seat: what the computer opponent is asked, where it thinks, and how its turns are replayed."""
