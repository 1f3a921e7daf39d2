"""Fair dice players can verify: a commitment to the seed at the start, the seed at the end.

A game whose seed the service draws gets one from rules.core.dice.FAIR_SEEDS (such seeds roll every die
through SHA-256, a side's own unseen dice included, so no run of published rolls betrays the seed or
the next roll) and a secret salt. When the
game begins its channel reads the commitment, SHA-256 of "<seed>:<salt>"; seed and salt stay in the
store, out of every view, event and text, until the game is over. Then both are published: anyone
can check the commitment and recompute every roll with a SHA-256 tool, and `kolocha replay GAME
--verify` replays the stored commands from the seed. The salt keeps anyone from finding the seed by
hashing candidate seeds against the commitment.

The commitment proves that the dice were fixed before the first command and never changed. It does
not keep the seed from whoever holds the database: a bot's operator, or, in a local game, the player
on whose machine it is stored (`local_note`).
"""
from __future__ import annotations

import hashlib
import secrets

from rules.core.dice import FAIR_SEEDS

STREAMS = ("; a side's own dice, rolled unseen (1812's forced march and supply), roll n as 1 + (SHA-256 of "
           "\"{seed}:SIDE:n\") mod 6, SIDE french or russian")
POOLS = ("bloody_monday",)  # systems whose set-up draws blocks with the dice: a roll mod the pool
OWN_DICE = ("campaign_1812",)  # systems whose sides roll dice of their own, unseen (STREAMS)


def draw() -> tuple[int, str]:
    """A secret seed that rolls fair dice, and a secret salt for its commitment."""
    return FAIR_SEEDS.start + secrets.randbelow(len(FAIR_SEEDS)), secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    """SHA-256 of "<seed>:<salt>", in hex: what `printf '%s' 'SEED:SALT' | sha256sum` prints."""
    return hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()


def committed(game: dict) -> bool:
    """Whether the game's dice were committed to (games with a chosen seed, or stored before, were not)."""
    return bool(game.get("commitment"))


def announcement(game: dict) -> str:
    """The sentence posted when the game begins ("" for a game without a commitment)."""
    if not committed(game):
        return ""
    return (f"Fair dice: every roll of game {game['id']} comes from a secret seed, committed to as "
            f"SHA-256 {game['commitment']}. The seed and its salt are revealed when the game ends, "
            "so that anyone can check every roll.")


def reveal(game: dict) -> str:
    """The sentence posted when the game is over: the seed, the salt, and how to check both; how a
    block is drawn and a side's own dice are rolled only in a game that has them (a Borodino player
    read of 1812's forced marches and of drawn blocks, neither of which his game has)."""
    if not committed(game):
        return ""
    seed, salt, game_id, system = game["seed"], game["salt"], game["id"], game.get("system")
    pool = " (mod the pool for a drawn block)" if system in POOLS else ""
    own = STREAMS.format(seed=seed) if seed in FAIR_SEEDS and system in OWN_DICE else ""
    return (f"Fair dice of game {game_id} revealed: seed {seed}, salt {salt}. Check the commitment posted "
            f"at the start: `printf '%s' '{seed}:{salt}' | sha256sum` prints {game['commitment']}. "
            f"Roll n (counting from 0) was 1 + (SHA-256 of \"{seed}:n\" as a number) mod 6{pool}{own}; "
            f"`kolocha replay {game_id} --verify` replays every command and roll from the seed.")


def local_note(game: dict) -> str:
    """What the commitment of a game played at the terminal (stored on the player's own machine,
    no Discord channel) proves, and what not; "" for other games."""
    return ("The seed and salt are stored in your own database file: the commitment proves that the dice "
            "were fixed when the game began and not changed since, but not that nobody read the file "
            "meanwhile (whoever holds it can read the seed and so every die to come).") \
        if game["channel"] is None and committed(game) else ""
