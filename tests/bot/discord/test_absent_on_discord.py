"""An absent player on a simulated Discord server (simcord and the real bot): at a deadline whose
action is `end`, the attacks still owed (SPI's Borodino rules, Combat B) are made by the level-1
computer, the phase ends and the other side is to move; every command stored as any other."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path
from types import SimpleNamespace

import aiohttp
import discord
import pytest

import rules
from bot.config import GameSettings
from bot.discord.app import create_bot
from rules.core.ai import decision_rng
from tests.bot.discord.sim import play, reply, server, started

BORODINO = rules.load("borodino")


def test_an_absent_player_owing_attacks_does_not_stall_the_game(tmp_path):
    """Anna moves her French into contact at Shevardino (the level-1 computer's moves, typed with
    `/order`), ends her Movement Phase, and is gone: `end` alone is refused (Combat B), so at her
    deadline the computer makes the attacks owed, each line in the channel saying so, then ends
    the phase (Boris's choices in the combats are his standing orders'); Boris is to move and has
    a deadline; the game replays from its commands."""
    async def test(db: Path) -> None:
        settings = GameSettings(deadline_hours=1, reminders=(), at_deadline="end")
        async with server(db, defaults=settings) as s:
            await started(s, "borodino", "shevardino")
            game_id = s.game()["id"]
            service, commander = s.tables.service, BORODINO.commander(1)
            while (state := service.load(game_id))["phase"] == "movement":
                seq = service.store.last_seq(game_id)
                command = commander.plan(BORODINO.view(state, "french"), (), decision_rng(0, seq))[0].command
                await s.anna.slash(s.channel, "order", command=command)
                assert service.store.last_seq(game_id) == seq + 1, command
            refused = await s.anna.slash(s.channel, "order", command="end")
            assert reply(refused).endswith("(Combat B).")
            for kind, order in (("retreat", "away"), ("loss", "weakest"), ("advance", "never")):
                await s.boris.slash(s.channel, "game orders", kind=kind, order=order)  # his choices
            seq = service.store.last_seq(game_id)
            await s.env.advance_time(3600 + 60)
            rows = service.store.commands(game_id, after=seq)
            attacks = [row for row in rows if row["normalised"].startswith("attack")]
            assert attacks and all(row["side"] == "french" for row in attacks)
            assert (rows[-1]["side"], rows[-1]["normalised"]) == ("french", "end")
            state = service.load(game_id)
            assert (state["player"], state["phase"]) == ("russian", "movement")
            assert [row["side"] for row in s.tables.store.deadlines(game_id)] == ["russian"]
            lines = [p for p in s.posts() if p.startswith("**Deadline, the computer (level 1)** — ")
                     and re.search(r"^\S+ \(\d+\) attacks? ", p.split(" — ", 1)[1])]  # on its combat line
            assert len(lines) == len(attacks) and all(" Why: " in line for line in lines)
            orders = [line for post in s.posts() for line in post.splitlines() if "by standing order" in line]
            assert all(" Why: " not in line for line in orders)  # the computer's reason is not his
            assert f"<@{s.boris.user.id}>: your move" in s.posts()[-1]
            assert service.replay_check(game_id).ok
    play(test, tmp_path)


def test_help_deadlines_says_what_the_end_action_plays(tmp_path):
    """`/help topic:deadlines`: the game's own deadline settings, and what each action does; an
    absent player's owed attacks by the computer at level 1 among them."""
    async def test(db: Path) -> None:
        async with server(db, defaults=GameSettings(at_deadline="end")) as s:
            before = reply(await s.anna.slash(s.channel, "help", topic="deadlines"))
            assert before.startswith("Each player to move has a deadline")
            await s.anna.slash(s.channel, "game new", system="borodino", scenario="shevardino")
            said = reply(await s.anna.slash(s.channel, "help", topic="deadlines"))
            assert "at the deadline: end the phase (what is owed played for the late side)" in said
            assert "played by the computer opponent at level 1" in said and "then the phase ends" in said
    play(test, tmp_path)


@pytest.mark.parametrize("system, scenario, who", [
    ("borodino", "7sep", "the game's creator or a member with Manage Server"),
    ("bloody_monday", "bloody_monday", "a member with Manage Server who plays no part in the game")])
def test_a_player_who_left_the_server_is_named_at_each_passed_deadline_with_what_to_do(tmp_path, system,
                                                                                        scenario, who):
    """At `remind`, a clock that starts again for a player who has left the server would wait for
    ever: the channel is told so at the deadline, with the commands that seat someone else and who
    may give them (with hidden information, only a member with Manage Server who plays no part in
    the game: Seats.needs_consent). A player still there is reminded as ever (control)."""
    async def test(db: Path) -> None:
        settings = GameSettings(deadline_hours=1, reminders=(), at_deadline="remind")
        async with server(db, defaults=settings) as s:
            await started(s, system, scenario)
            await s.env.advance_time(3600 + 60)
            assert "has left" not in s.posts()[-1] and " has passed. New deadline " in s.posts()[-1]
            s.guild.remove_member(s.anna)
            await s.env.advance_time(3600 + 60)
            assert (f" has passed; the French player has left this server: {who} seats another "
                    "with `/game replace side:french user:@someone` or the computer with `/game seat "
                    "side:french player:computer`. New deadline ") in s.posts()[-1]
    play(test, tmp_path)


@pytest.mark.parametrize("error, still_there", [
    (discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10007, "message": "Unknown Member"}),
     False),
    (discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), {"code": 10004, "message": "Unknown Guild"}),
     True),
    (discord.DiscordServerError(SimpleNamespace(status=503, reason="Unavailable"), "down"), True),
    (aiohttp.ClientConnectionError("network down"), True)])
def test_only_discords_unknown_member_says_a_player_has_left(error, still_there):
    """Discord out of reach, or failing, at a deadline is no news of a player: the deadline's
    action goes on as for a player still there (a raise would have left it undone till a restart)."""
    async def fetch_member(user: int) -> None:
        raise error
    client = create_bot()
    client.get_guild = lambda guild: SimpleNamespace(fetch_member=fetch_member)  # type: ignore[method-assign]
    assert asyncio.run(client._member("900", "1")) is still_there
