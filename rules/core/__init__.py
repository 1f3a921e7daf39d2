"""Machinery shared by every game system: the contract (system.py) and the registry, hex geometry,
dice, the word-reader and the command classes, errors, events, the frame of `apply` (play.py),
set-up choices, help text, standing orders, sessions, random playouts, and what the computer
players share (ai.py, positions.py, strength.py); steps on an area map's graph (steps.py)."""
