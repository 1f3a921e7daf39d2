"""The toy race without a computer player: a system that cannot take a computer seat.
Registered by the tests that need it, never for the whole run."""
from tests.bot.toy_system import *  # noqa: F401,F403 - the same race, every entry point
from tests.bot.toy_system import commander

del commander
