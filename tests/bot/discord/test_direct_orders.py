"""Orders typed to the bot in a direct message, on simcord with the real bot (default config: no
message-content intent, which DMs do not need): they act in the sender's game that waits for them,
or the one named by `game N`, and are answered in the DM; with several games and none chosen the
reply lists them and says how to choose; consent to an undo and a secret battle plan work there with
the privacy of `/order`."""
from __future__ import annotations

from pathlib import Path

from bot.permissions import Actor
from tests.bot.discord.sim import Server, borodino, play, server
from tests.bot.discord.test_orders_at_once import french_moves, stored


def answers(s: Server, person) -> list[str]:
    return s.dms(person)


def test_a_direct_message_plays_in_the_game_that_waits_and_consents_to_an_undo(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            move, = french_moves(s, 1)
            await s.anna.send_dm(f"{move}\nend")
            played, ended = answers(s, s.anna)[-1].splitlines()
            assert played.startswith(f"Game {game_id}: 1. ✅ French: {move}. ")
            assert ended.startswith("2. ✅ French: end. ")
            assert stored(s, game_id) == [move, "end"]
            assert any(post.startswith(f"**anna** — {move.split()[1]} (French ") for post in s.posts())  # said once
            await s.anna.send_dm("undo")  # `end` began another phase: the Russian must consent
            assert "consent" in answers(s, s.anna)[-1]
            await s.boris.send_dm("accept")
            assert "undone" in answers(s, s.boris)[-1] and stored(s, game_id) == [move]
    play(test, tmp_path)


def test_with_several_games_the_reply_lists_them_and_game_n_chooses(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            first = await borodino(s)
            s.channel, home = s.guild.create_text_channel("second"), s.channel
            second = await borodino(s)
            await s.anna.send_dm("status")  # the French move first in both
            listing = answers(s, s.anna)[-1]
            assert "2 of your games wait for you; which one is this for?" in listing
            assert f"Game {first} in <#{home.id}>: Borodino: 7 September: the Great Battle, waits for you" in listing
            assert f"`game {first}` and then your orders" in listing
            await s.anna.send_dm(f"game {second} status")
            assert "Turn 27" in answers(s, s.anna)[-1]
            await s.stranger.send_dm("status")
            assert "You have no seat in a running game" in answers(s, s.stranger)[-1]
    play(test, tmp_path)


def test_a_battle_plan_given_by_direct_message_leaves_no_trace_in_the_channel(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            tables, channel = s.tables, str(s.channel.id)
            anna, boris = (Actor(str(p.id), p.user.name) for p in (s.anna, s.boris))
            await tables.lobby.new(anna, str(s.guild.id), channel, "campaign_1812", "campaign", seed=3)
            await tables.lobby.join(anna, channel, "french")
            await tables.lobby.join(boris, channel, "russian")
            await tables.lobby.start(anna, channel)
            await s.boris.send_dm("end\nend")
            while "attrit" in " ".join(tables.completion.legal_texts(boris, channel)):
                await s.boris.send_dm("attrit 31")
            await s.anna.send_dm("move 30 11; end; end")  # the French attack: both choose a plan
            posts, boris_dms = len(s.posts()), len(s.dms(s.boris))
            await s.anna.send_dm("plan assault")
            assert answers(s, s.anna)[-1] == "Game 1: French: plan assault."
            assert len(s.posts()) == posts and len(s.dms(s.boris)) == boris_dms  # not a trace
            await s.boris.send_dm("plan cordon")
            assert "French Assault against Russian Cordon" in "\n".join(s.posts()[posts:])
    play(test, tmp_path)


def test_the_answer_to_a_direct_message_shows_commands_as_typed_there(tmp_path):
    """No slash command works in a DM, where orders are typed: the answer shows `accept` as a player
    types it there, not as `/order command:accept` (without the message-content intent too)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            await s.boris.send_dm("ACCEPT")
            answered = answers(s, s.boris)[-1]
            assert answered.startswith("Game 1: No request to undo is waiting for an answer; `accept` answers one"), \
                answered
            assert "/order" not in answered
    play(test, tmp_path)
