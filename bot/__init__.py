"""People and time: storage, the game service, the terminal and (later) Discord front ends."""
