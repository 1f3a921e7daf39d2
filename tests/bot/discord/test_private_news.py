"""Private news without a flood, on simcord: a Bloody Monday player's own view is one set of DMs
edited in place (split when longer than a message, never cut), their map comes once an impulse
(and on request), and a player gets at most five DMs an impulse, whatever they order; a game's
start sends each player only the DMs that say something new."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from bot import fair_dice
from bot.delivery import kept_view, user_audience
from rules.bloody_monday import swaptest
from tests.bot.discord.sim import Server, play, reply, server, started

DMS_PER_IMPULSE = 5  # the most DMs a player should get in one player-turn or impulse
COMMANDS = 90


@pytest.fixture(autouse=True)
def known_dice(monkeypatch):
    """The same game every run: its dice drawn from a seed the test knows."""
    monkeypatch.setattr(fair_dice, "draw", lambda: (3, "salt"))


def _dm_messages(s: Server, person) -> list:
    return [m for m in person.user.dm_channel.history() if m.author.id == s.client.user.id]


# (system, scenario) -> each side's DMs at the start: the welcome of `/game join`, then, where units are
# hidden, the map and the view under it (its table apart once long, bot/delivery/in_place.py); the side
# awaited reads that the game waits for it at the top of its view, whose headline says what is asked
SET_UP = {("borodino", "7sep"): {"french": 1, "russian": 1},
          ("bloody_monday", "bloody_monday"): {"french": 4, "russian": 4},
          ("bloody_monday", "last_blood"): {"french": 4, "russian": 4},
          ("campaign_1812", "campaign"): {"french": 3, "russian": 3}}


@pytest.mark.parametrize(("system", "scenario"), list(SET_UP))
def test_a_game_starts_with_few_dms_each_saying_something_new(tmp_path, system, scenario):
    """Bloody Monday's French read 5 DMs at the start: the welcome, 'the game waits for you, due ...:
    French impulse: ...', their view, whose headline said that impulse again, its table, the map
    (1812's Russian 4 likewise). The awaited side's view now opens with 'the game waits for you, due
    ...', its headline saying what is asked, once; Borodino asks in the channel."""
    async def scenario_(db):
        async with server(db) as s:
            await started(s, system, scenario)
            await s.env.settle()
            dms = {"french": _dm_messages(s, s.anna), "russian": _dm_messages(s, s.boris)}
            assert {side: len(sent) for side, sent in dms.items()} == SET_UP[(system, scenario)]
            system_, state = s.tables.service.system(s.game()["id"]), s.tables.service.load(s.game()["id"])
            for side, sent in dms.items():
                assert sent[0].content == f"You play {side.title()} in game 1. Your private news arrives here."
                waits = [m.content for m in sent if "waits for you" in m.content]
                if system == "borodino":  # nothing hidden: asked in the channel
                    assert not waits
                    continue
                view, asked = sent[2].content, str(system_.view(state, side).get("prompt")).partition("`")[0]
                awaited = side in system_.active_sides(state)
                if awaited:
                    assert waits == [view] and view.startswith("Game 1: the game waits for you, due ") and \
                        f".\nYour view as {side.title()}, as of command 0 " in view, view
                else:
                    assert not waits and view.startswith(f"Game 1: your view as {side.title()}, as of command 0 ")
                assert sum(m.content.count(asked) for m in sent) <= 1 and (asked in view or not awaited), asked  # once
                assert sent[1].attachments and all(len(m.content) <= 2000 for m in sent)  # the map above the view
            assert not s.errors()
    play(scenario_, tmp_path)


@pytest.mark.heavy
def test_a_bloody_monday_player_gets_at_most_five_dms_an_impulse(tmp_path):
    async def scenario(db):
        async with server(db) as s:
            game_id = await started(s, "bloody_monday", "bloody_monday")
            service = s.tables.service
            system, rng = service.system(game_id), random.Random(3)
            people = {"french": s.anna, "russian": s.boris}
            per_impulse: Counter[tuple[int, str]] = Counter()
            impulse, last = 0, None
            for _ in range(COMMANDS):
                state = service.load(game_id)
                view = system.view(state, None)
                if (view["turn"], view["phase"], view["player"]) != last:
                    impulse, last = impulse + 1, (view["turn"], view["phase"], view["player"])
                side = system.active_sides(state)[0]
                line = swaptest.weighted_choice(rng, system.legal_commands(state, side)).to_text()
                before = {who: len(_dm_messages(s, person)) for who, person in people.items()}
                await people[side].slash(s.channel, "order", command=line)
                for who, person in people.items():
                    per_impulse[(impulse, who)] += len(_dm_messages(s, person)) - before[who]
            assert impulse > 6 and max(per_impulse.values()) <= DMS_PER_IMPULSE, per_impulse.most_common(3)
            assert not s.errors()
    play(scenario, tmp_path)


def test_the_private_view_is_one_set_of_messages_edited_in_place_and_the_map_comes_on_request(tmp_path):
    async def scenario(db):
        async with server(db) as s:
            game_id = await started(s, "bloody_monday", "bloody_monday")
            kept = s.tables.service.store.kept_messages(game_id, f"dm:{s.boris.user.id}")
            russian = [m for m in _dm_messages(s, s.boris) if str(m.id) in kept]
            assert len(russian) > 1 and all(len(m.content) <= 2000 for m in russian)  # split, never cut
            assert russian[0].content.startswith("Game 1: your view as Russian")
            text = "".join(m.content for m in russian)
            service = s.tables.service
            system, rng = service.system(game_id), random.Random(5)
            while system.active_sides(service.load(game_id)) == ["french"]:
                state = service.load(game_id)
                line = swaptest.weighted_choice(rng, system.legal_commands(state, "french")).to_text()
                await s.anna.slash(s.channel, "order", command=line)
            state = service.load(game_id)
            line = next(c.to_text() for c in system.legal_commands(state, "russian") if c.to_text() != "pass")
            count = len(_dm_messages(s, s.boris))
            await s.boris.slash(s.channel, "order", command=line)
            now = [m for m in _dm_messages(s, s.boris) if str(m.id) in kept]
            assert [m.id for m in now] == [m.id for m in russian] and "".join(m.content for m in now) != text
            assert len(_dm_messages(s, s.boris)) == count  # edited, no new DM for his own order
            asked = await s.boris.slash(s.channel, "game map", private=True)
            assert reply(asked) == "Your map is on its way to your DMs."
            (mine,) = _dm_messages(s, s.boris)[count:]
            assert mine.content.startswith("Game 1: your map as Russian, at your request") and mine.attachments
            assert not any("your map as Russian" in p for p in s.posts())
            refused = await s.stranger.slash(s.channel, "game map", private=True)
            assert reply(refused).startswith("Only the game's players have a map of their own")
            place = f"dm:{s.boris.user.id}"
            await s.tables.delivery.send(game_id, [(user_audience(str(s.boris.user.id)), kept_view("short"))])
            await s.env.settle()
            (left,) = [m for m in _dm_messages(s, s.boris) if str(m.id) in kept]  # the others deleted
            assert left.id == russian[0].id and left.content == "Game 1: short"
            assert s.tables.service.store.kept_messages(game_id, place) == [str(left.id)]
            assert not s.errors()
    play(scenario, tmp_path)


def test_two_games_of_one_player_keep_views_of_their_own_after_an_outage(tmp_path):
    """Anna plays French in two Bloody Monday games. Her DMs fail for three minutes while game 2 starts;
    game 1 starts once they are back, before game 2's retry. That retry, later than Discord remembers a
    nonce, reads her DMs since its first try for what it may have sent: it took game 1's table of blocks,
    the same words at the start, for its own, and both views kept that one message, each game's commands
    writing its table over the other's. Each view now keeps messages of its own, found or sent."""
    async def scenario(db):
        async with server(db) as s:
            other = s.guild.create_text_channel("other")
            for channel in (s.channel, other):
                await s.anna.slash(channel, "game new", system="bloody_monday", scenario="bloody_monday")
                await s.anna.slash(channel, "game join", side="french")
                await s.boris.slash(channel, "game join", side="russian")
            s.env.inject_error("POST", f"/channels/{s.anna.user.dm_channel.id}/messages", status=503, times=None)
            await s.anna.slash(other, "game start")
            await s.env.advance_time(180)
            s.env.backend.faults.clear()  # Discord is back
            await s.anna.slash(s.channel, "game start")
            await s.env.advance_time(300)
            place, sent = f"dm:{s.anna.user.id}", {str(m.id): m.content for m in _dm_messages(s, s.anna)}
            kept = {game: s.tables.store.kept_messages(game, place) for game in (1, 2)}  # game 1 is the channel's
            assert [len(ids) for ids in kept.values()] == [2, 2] and not set(kept[1]) & set(kept[2]), kept
            for game, (head, table) in kept.items():
                assert sent[head].startswith(f"Game {game}: ") and "view as French" in sent[head]
                assert sent[table].startswith(f"Game {game}: your view, as of command 0, continued:\n```\nFrench:")
                assert sent[table].count("\n  ") == 47  # heading, 46 blocks
            assert not s.errors()
    play(scenario, tmp_path)
