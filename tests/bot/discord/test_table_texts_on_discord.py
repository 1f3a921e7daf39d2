"""What the table says, read as the players read it on a simulated Discord server (simcord and the
real bot): each line names the right person once, in the game's own words."""
from __future__ import annotations

from pathlib import Path

from tests.bot.discord.sim import borodino, play, reply, server


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
                "The Russian player consents: `end` is undone."
            await s.anna.slash(s.channel, "order", command="undo")
            await s.env.settle()
            consented, undone = [p for p in s.posts() if "undoes" in p]
            assert consented.startswith("**boris** — The Russian player consents: French undoes `end`.\n")
            assert undone == "**anna** — French undoes `move 3225 3224`."
    play(test, tmp_path)


def test_a_command_is_echoed_as_the_game_writes_it(tmp_path):
    """Bloody Monday: `activate f-cr-m` (or a leader's name) is said and stored with the block's id
    as the game writes it, `activate F-CR-M`; the stored command replays."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday")
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
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
            assert s.posts()[-1] == "boris asked and anna agreed: game 1 goes on; the deadlines start afresh."
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
            assert s.posts()[-2].startswith(resigned + "\nTurn 27 | 0600 | Movement Phase") and \
                "To move" not in s.posts()[-2]
            watched = s.posts(s.watch)[-1]
            assert watched.startswith(f"Game 1: {resigned}\nTurn 27") and "To move" not in watched
            status = reply(await s.boris.slash(s.channel, "game status"))
            assert status.startswith("Game 1: borodino 7sep is over (Russian wins: anna resigns for French).")
            mine = reply(await s.boris.slash(s.channel, "games mine"))
            assert "Ended (your last 1; " in mine and "borodino 7sep, over (Russian wins: " in mine
            assert not any("still running" in p or "no game 7" in p for p in s.posts())
    play(test, tmp_path)
