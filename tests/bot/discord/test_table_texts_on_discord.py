"""What the table says, read as the players read it on a simulated Discord server (simcord and the
real bot): each line names the right person once, in the game's own words."""
from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from tests.bot.discord.sim import borodino, play, reply, server, started


def test_an_undo_is_said_once_and_by_whom(tmp_path):
    """A free undo is the mover's line; an undo across phases is the consenting player's line,
    saying that he consents; neither repeats the undo below it."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            await s.anna.slash(s.channel, "move", unit="3225", to="3224")
            await s.anna.slash(s.channel, "order", command="end")
            await s.anna.slash(s.channel, "order", command="undo")
            assert reply(await s.boris.slash(s.channel, "order", command="accept")) == \
                "The Russian player consents: `/end` is undone."
            await s.anna.slash(s.channel, "order", command="undo")
            await s.env.settle()
            consented, undone = [p for p in s.posts() if "undoes" in p]
            assert consented.startswith("**boris** — The Russian player consents. The French player undoes `/end`.\n")
            assert undone == "**anna** — The French player undoes `/order command:move 3225 3224`."
    play(test, tmp_path)


def test_a_command_is_echoed_as_the_game_writes_it(tmp_path):
    """Bloody Monday: `activate f-cr-m` (or a leader's name) is said and stored with the block's id
    as the game writes it, `activate F-CR-M`; the stored command replays."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await started(s, "bloody_monday", "bloody_monday")
            await s.anna.slash(s.channel, "order", command="tactical")
            assert reply(await s.anna.slash(s.channel, "order", command="activate f-cr-m")) == \
                "French: activate F-CR-M."
            assert reply(await s.anna.slash(s.channel, "order", command="activate ney")) == \
                "French: activate F-III-N."
            game_id = s.game()["id"]
            assert [row["normalised"] for row in s.tables.store.commands(game_id)][-2:] == \
                ["activate F-CR-M", "activate F-III-N"]
            assert s.tables.service.replay_check(game_id).ok
    play(test, tmp_path)


def test_a_pause_by_agreement_names_who_asked_and_who_agreed(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            await s.anna.slash(s.channel, "game pause")
            assert reply(await s.boris.slash(s.channel, "game pause")) == "Game 1 is paused."
            await s.env.settle()
            assert s.posts()[-1] == ("anna asked and boris agreed: game 1 is paused; no deadlines run and no "
                                     "orders are taken until `/game resume`.")
            await s.boris.slash(s.channel, "game resume")
            await s.anna.slash(s.channel, "game resume")
            await s.env.settle()
            assert s.posts()[-1].startswith("boris asked and anna agreed: game 1 goes on; the deadlines start afresh. "
                                            f"<@{s.anna.user.id}> (French) is due <t:")  # who moves, pinged
    play(test, tmp_path)


def test_after_a_resignation_everyone_reads_how_the_game_ended(tmp_path):
    """Spectators read the resignation with the final position (no one to move); `/game status`
    in the channel and `/games mine` still show the ended game and how it ended; an export
    refused (a running game, a game of no number) is told to the asker alone."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            await s.anna.slash(s.channel, "game spectate", channel=s.watch)
            refused = await s.anna.slash(s.channel, "game export")
            assert refused.response.ephemeral and "still running" in refused.response.content
            missing = await s.anna.slash(s.channel, "game export", game=7)
            assert missing.response.ephemeral and "no game 7" in missing.response.content
            asked = await s.anna.slash(s.channel, "game resign")
            await s.anna.click(asked.response, label="Resign")
            await s.env.settle()
            resigned = "anna resigns for French: Russian wins game 1."
            assert s.posts()[-2].startswith(resigned + "\nGame-Turn 27 of 40 | 7 Sept 0600 | Game over") and \
                "To move" not in s.posts()[-2]
            watched = s.posts(s.watch)[-1]
            assert watched.startswith(f"Game 1: {resigned}\nGame-Turn 27 of 40") and "To move" not in watched
            status = reply(await s.boris.slash(s.channel, "game status"))
            title = "Borodino: 7 September: the Great Battle"
            assert status.startswith(f"Game 1: {title} is over (the Russian player wins, as anna resigns for French).")
            mine = reply(await s.boris.slash(s.channel, "games mine"))
            assert "Ended (your last 1; " in mine and f"{title}, over (the Russian player wins, as " in mine
            assert not any("still running" in p or "no game 7" in p for p in s.posts())
    play(test, tmp_path)


def test_a_replaced_players_old_button_says_who_holds_the_seat_now(tmp_path):
    """Anna's resign button, offered before the creator seated a substitute in her place, says
    who holds the French seat now; an order from her says every side is taken (no `/game join`
    to a table with no free side)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            asked = await s.anna.slash(s.channel, "game resign")
            await s.mod.slash(s.channel, "game replace", side="french", user=s.stranger)
            await s.env.settle()
            assert s.tables.store.seats(s.game()["id"])["french"] == str(s.stranger.user.id)
            pressed = reply(await s.anna.click(asked.response, label="Resign"))
            assert pressed == f"The French seat is held by <@{s.stranger.user.id}> now; only its player commands it."
            ordered = reply(await s.anna.slash(s.channel, "order", command="end"))
            assert ordered == "You have no seat in this game, and every side is taken."
            assert s.game()["status"] != "over"
    play(test, tmp_path)


def answered_in_borodino(tmp_path: Path, slash: str, **options: str) -> str:
    """What a player of a Borodino game just begun is answered to one slash command."""
    said: list[str] = []

    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            said.append(reply(await s.anna.slash(s.channel, slash, **options)))
    play(test, tmp_path)
    return said[0]


def test_help_orders_gives_the_games_own_examples(tmp_path):
    """Borodino's `/help topic:orders` shows Borodino's orders (`orders hit ask` is Bloody Monday's)."""
    said = answered_in_borodino(tmp_path, "help", topic="orders")
    assert "`/game orders kind:retreat order:away`, `/game orders kind:artillery order:ask`" in said
    assert "hit" not in said


def test_prefs_says_a_vacation_lasts_two_weeks_at_most(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            today = s.env.now().date()
            far = reply(await s.anna.slash(s.channel, "prefs", away_until=str(today + timedelta(days=15))))
            assert far == (f"A vacation lasts at most 14 days (until {today + timedelta(days=14)} at the latest); "
                           "for a longer absence ask the other player to `/game pause` the game with you.")
            near = reply(await s.anna.slash(s.channel, "prefs", away_until=str(today + timedelta(days=14))))
            assert "(your deadlines wait, 14 days at most)" in near
    play(test, tmp_path)


def test_a_game_is_named_by_its_title_not_its_ids(tmp_path):
    """The opening line, `/game status` and `/help` name a game as its picture's title does
    ("Bloody Monday: Borodino, 7 September 1812"), never as the ids `bloody_monday bloody_monday`."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await started(s, "bloody_monday", "bloody_monday")
            title = "Bloody Monday: Borodino, 7 September 1812"
            assert f"anna opens game 1: {title}. Sides: French, Russian" in s.posts()[0]
            assert reply(await s.anna.slash(s.channel, "game status")).startswith(f"Game 1: {title}\n")
            helped = await s.anna.slash(s.channel, "help")  # in two messages: the first names the game
            assert helped.response is not None and helped.response.content.startswith(f"Game 1: {title}.\n")
            assert not any("bloody_monday bloody_monday" in post for post in s.posts())
    play(test, tmp_path)


def test_units_line_their_columns_up_in_a_code_block(tmp_path):
    """Discord's font is proportional: a table of units reads as columns only in a code block."""
    said = answered_in_borodino(tmp_path, "order", command="units 3222")
    assert said.count("```") == 2 and "3222" in said.split("```")[1]
