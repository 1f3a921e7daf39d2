"""Text typed by a person, turned into the typed values the service takes."""
from __future__ import annotations


def parse_options(names: list[str] | str | None) -> dict:
    """Option names as one comma-separated text or a list, as the setup's option dict.

    >>> parse_options("imperial_guard, additional_forces")
    {'imperial_guard': True, 'additional_forces': True}
    >>> parse_options(None)
    {}
    """
    if isinstance(names, str):
        names = names.split(",")
    return {name.strip(): True for name in names or [] if name.strip()}
