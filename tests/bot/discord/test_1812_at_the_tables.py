"""A whole game of 1812 at Discord's tables (the fakes): Anna plays the French and Boris the
Russians by commands, their secret Battle Plans by `/order`; the channel shows every battle only as
the rules reveal it, each player's DMs hold their own stacks and plans and never the other's, and
the game ends and replays; no player gets more than five DMs in a player-turn."""
from __future__ import annotations

import random
import re
from collections import Counter

from bot.service import GameService
from bot.store import blank
from rules import load
from rules.campaign_1812 import swaptest
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, make_tables, run, seated_game

SEATS = {"french": ANNA, "russian": BORIS}


def test_a_whole_retreat_game_at_the_tables(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    tables = make_tables(service, systems=("campaign_1812",))
    game = run(seated_game(tables, system="campaign_1812", scenario="retreat", seed=3))
    system, rng, messenger = load("campaign_1812"), random.Random(3), tables.delivery.messenger
    plans, battles = 0, 0
    dms: Counter[tuple[object, object, str]] = Counter()  # DMs a player got in each player-turn
    for _ in range(400):
        state = service.load(game)
        if system.outcome(state) is not None:
            break
        side = rng.choice(system.active_sides(state))
        line = swaptest.weighted_choice(rng, system.legal_commands(state, side)).to_text()
        posts, sent = len(messenger.posts), len(messenger.dms)
        public = system.view(state, None)
        reply = str(run(tables.play.submit(SEATS[side], CHANNEL, line)))
        for user, _, _ in messenger.dms[sent:]:
            dms[(public["turn"], public["player"], user)] += 1
        assert reply.startswith(f"{side.title()}: {line}"), reply
        if line.startswith("plan"):
            plans += 1
            shown = messenger.in_channel(CHANNEL)[posts:] if len(messenger.posts) > posts else []
            assert all(text.startswith("Battle of ") for text in shown), shown  # a reveal, or nothing at all
            battles += bool(shown)
    assert system.outcome(service.load(game)) is not None and plans > battles > 0
    assert max(dms.values()) <= 5, dms.most_common(3)  # private news without a flood
    channel = "\n".join(messenger.in_channel(CHANNEL))
    assert "Game over" in channel and "Your Battle Plan" not in channel
    assert len(re.findall(r"Battle of [^:]+: (French|Russian) \w[\w-]* against", channel)) == battles
    for side, other in (("french", "russian"), ("russian", "french")):
        mine = messenger.read_by(SEATS[side].id)
        assert any(f"your view as {side.title()}" in text for text in mine)
        assert not any(f"your view as {other.title()}" in text for text in mine)
    assert service.replay_check(game).ok
