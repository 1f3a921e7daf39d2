"""The terminal front end: the hot-seat loop and the command-script runner (`kolocha local`)."""
