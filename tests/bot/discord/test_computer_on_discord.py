"""The computer on a simulated Discord server (simcord, the real discord.py client and the real
bot, whose computer plans in a worker process): `/game new ... opponent:computer`, `/game seat
side:<side> player:computer`, and the settings that hand a late seat to it."""
from __future__ import annotations

import re
from pathlib import Path

from bot.words import COMPUTER
from tests.bot.discord.sim import borodino, play, reply, server
from tests.bot.discord.test_choice_buttons import reach


def test_a_game_against_the_computer_on_discord(tmp_path):
    """Anna opens 5 Sept against the computer and plays Russian: the game begins at once and the
    computer plays the French player-turn in a worker process, each command in the channel with
    its reason, its moves in the message of its map; then it is Anna's move (a level not built is refused in
    one sentence: the toy race's in tests/bot/discord/test_computer_seats.py)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            opened = await s.anna.slash(s.channel, "game new", system="borodino", scenario="5sep",
                                        opponent="computer", side="russian")
            assert "You play Russian in game 1. The computer plays the other side" in reply(opened)
            await s.tables.computer.settled()
            await s.env.settle()
            game_id = s.game()["id"]
            rows = s.tables.store.commands(game_id)
            assert rows and {row["side"] for row in rows} == {"french"}
            assert {row["user"] for row in rows} == {COMPUTER}
            # its Movement Phase and its end in one message with the map (a post each before), each
            # command a line with its reason, the speaker named once
            played = [m for m in s.channel.history() if m.content.startswith("**Computer** — ")]
            lines = [line for m in played for line in m.content.splitlines() if " Why: " in line]
            assert len(lines) == len(rows) and [m.content.count("**Computer**") for m in played] == [1]
            assert [len(m.attachments) for m in played] == [1]
            assert f"<@{s.anna.user.id}>: your move" in s.posts()[-1]
            assert any("To move: French (the computer)\n" in post for post in s.posts())  # the game begins
            assert s.tables.service.replay_check(game_id).ok
    play(test, tmp_path)


def test_the_creator_seats_the_computer_in_place_of_a_player(tmp_path):
    """`/game seat side:russian player:computer`: Boris's seat goes to the computer, Boris is
    told by DM; a stranger may not (control)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            stranger = await s.stranger.slash(s.channel, "game seat", side="russian", player="computer")
            assert "Only the game's creator" in reply(stranger)
            seated = await s.anna.slash(s.channel, "game seat", side="russian", player="computer")
            assert reply(seated).startswith("anna seats the computer as Russian in game 1 in place of")
            await s.env.settle()
            assert s.tables.store.seats(game_id)["russian"] == COMPUTER
            assert s.dms(s.boris)[-1] == (
                "Game 1: the computer now plays Russian in your place. To play again, ask the game's creator "
                "or a member with Manage Server for `/game replace side:russian` naming you.")
            assert [row["side"] for row in s.tables.store.deadlines(game_id)] == ["french"]
    play(test, tmp_path)


def test_settings_set_the_computers_level_budget_and_the_deadline_action(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            changed = await s.anna.slash(s.channel, "game settings", at_deadline="computer", budget=20.0)
            assert reply(changed).startswith("Settings saved.")
            await s.env.settle()
            assert "at the deadline: the computer takes the late side's seat" in s.posts()[-1]
            assert "thinking up to 20 s a turn" in s.posts()[-1]
            assert s.tables.settings(s.game()["id"]).at_deadline == "computer"
    play(test, tmp_path)


def test_a_choice_falling_to_the_computer_is_told_as_the_computer_choosing(tmp_path):
    """Anna's French attack is beaten back and the computer, the Russian victor, chooses where her
    unit retreats: the channel reads that the computer is choosing, not the engine's question to the
    Russian player (`retreat <hex>`), which no one reading can act on; then the computer's answer.
    Its retreat leaves it the advance to choose, which goes unsaid: the computer plays on."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, earlier = await reach(s, "borodino", "6sep", None, 10, "retreat", computer=True)
            await s.tables.computer.settled()
            await s.env.settle()
            said = "\n".join(m.content for m in s.channel.history() if m.id not in earlier)
            assert said.count("The computer is choosing for the Russian side.") == 1
            assert "Russian player:" not in said and "command:retreat" not in said
            assert re.search(r"\*\*Computer\*\* — \d{4} \(French [^)]+\) (retreats to|is displaced by) ", said), said
            # its retreat and its advance, each on the line of what it did (one post, the speaker named once):
            assert re.search(r"\n\d{4} \(Russian [^)]+\) advances into \d{4}\. Why: ", said), said
            assert s.tables.store.commands(game_id)[-1]["user"] == COMPUTER
    play(test, tmp_path)


def test_while_the_computer_plays_the_players_see_it_typing(tmp_path):
    """Anna opens Bloody Monday against the computer and plays Russian: while the computer plays the
    French first impulse, Discord shows the bot typing in the game's channel and in Anna's DMs, where the
    game asks her (a game with hidden units), from before its first post; typing is no message: the
    channel holds the posts the bot made there and no more."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday",
                               opponent="computer", side="russian")
            await s.tables.computer.settled()
            await s.env.settle()
            assert COMPUTER in {row["user"] for row in s.tables.store.commands(s.game()["id"])}
            requests = [(r.method, r.path) for r in s.env.http_requests if r.method == "POST"]
            dm = s.anna.user.dm_channel
            assert dm is not None
            typing = [n for n, (_, path) in enumerate(requests) if path.endswith("/typing")]
            assert [requests[n][1] for n in typing] == [f"/channels/{s.channel.id}/typing", f"/channels/{dm.id}/typing"]
            posted = [n for n, (_, path) in enumerate(requests) if path == f"/channels/{s.channel.id}/messages"]
            played = [m for m in s.channel.history() if m.content.startswith("**Computer** — ")]
            assert played and typing[0] < posted[-len(played)]
            assert len(posted) == len(s.channel.history())
    play(test, tmp_path)
