"""`/game replace` in a game with hidden information, on a simulated Discord (simcord): a seated
player's side changes hands only with their consent, given with persistent buttons, or when a
member with Manage Server who plays no part in the game seats the substitute; otherwise the game's
creator, being a player, could seat an accomplice in the opponent's seat, let them read that side's
whole private view, and seat the opponent back."""
from __future__ import annotations

from pathlib import Path

from tests.bot.discord.sim import Server, borodino, play, reply, server
from tests.bot.discord.test_private_threads import bloody_monday


def russian(s: Server) -> str | None:
    return s.tables.store.seats(s.game()["id"]).get("russian")


def question(s: Server):
    """The last DM asking Boris for his seat (its buttons are on it)."""
    return [m for m in s.boris.user.dm_channel.history() if "asks you to hand" in m.content][-1]


def test_the_creator_cannot_seat_an_accomplice_in_the_opponents_seat_without_his_consent(tmp_path):
    """Anna, creator and French player, asks for the Russian seat to go to the Stranger: nothing
    changes hands, the Stranger sees nothing of the Russians; Boris keeps his seat with a button.
    Asked again, he hands it over, and only then does the Stranger get the Russian view."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await bloody_monday(s)
            boris, stranger = str(s.boris.user.id), str(s.stranger.user.id)
            answer = reply(await s.anna.slash(s.channel, "game replace", side="russian", user=s.stranger))
            assert f"changes hands once <@{boris}>, who holds it, agrees" in answer
            assert russian(s) == boris and s.dms(s.stranger) == []
            assert any(f"asks <@{boris}> to hand the Russian seat" in post for post in s.posts())
            pressed = await s.boris.user.click(question(s), label="Keep my seat")
            assert "You keep the Russian seat." in reply(pressed)
            assert any("keeps the Russian seat" in post for post in s.posts())
            assert russian(s) == boris and s.dms(s.stranger) == []
            await s.anna.slash(s.channel, "game replace", side="russian", user=s.stranger)
            await s.boris.user.click(question(s), label="Hand over my seat")
            assert russian(s) == stranger
            assert any("your view as Russian" in dm for dm in s.dms(s.stranger))
    play(test, tmp_path)


def test_an_old_request_for_the_seat_has_expired(tmp_path):
    """Boris's buttons answer the request they came with: once another substitute is asked for,
    the first question's Hand over seats nobody."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await bloody_monday(s)
            await s.anna.slash(s.channel, "game replace", side="russian", user=s.stranger)
            first = question(s)
            await s.anna.slash(s.channel, "game replace", side="russian", user=s.mod)
            await s.boris.user.click(first, label="Hand over my seat")
            assert russian(s) == str(s.boris.user.id)
            assert not any("your view as Russian" in dm for dm in s.dms(s.stranger))
    play(test, tmp_path)


def test_a_server_manager_who_plays_no_part_seats_a_substitute_at_once(tmp_path):
    """Mod (Manage Server, no seat) replaces Boris directly, as when a player has vanished."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await bloody_monday(s)
            answer = reply(await s.mod.slash(s.channel, "game replace", side="russian", user=s.stranger))
            assert f"<@{s.stranger.user.id}> plays Russian" in answer
            assert russian(s) == str(s.stranger.user.id)
            assert any("your view as Russian" in dm for dm in s.dms(s.stranger))
    play(test, tmp_path)


def test_a_player_hands_his_own_seat_over_and_an_open_game_needs_no_consent(tmp_path):
    """Boris hands his own seat to the Stranger (his consent is the command); in Borodino, where
    nothing is hidden, the creator still seats a substitute at once."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await bloody_monday(s)
            await s.boris.slash(s.channel, "game replace", side="russian", user=s.stranger)
            assert russian(s) == str(s.stranger.user.id)
            await s.anna.slash(s.channel, "game cancel")
            await borodino(s)
            await s.anna.slash(s.channel, "game replace", side="russian", user=s.mod)
            assert russian(s) == str(s.mod.user.id)
    play(test, tmp_path)


def test_a_server_manager_who_plays_needs_the_consent_too(tmp_path):
    """Mod has Manage Server but plays French: Boris's Russian seat still waits for his answer."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.mod.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday")
            await s.mod.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.mod.slash(s.channel, "game start")
            answer = reply(await s.mod.slash(s.channel, "game replace", side="russian", user=s.stranger))
            assert "who holds it, agrees" in answer and russian(s) == str(s.boris.user.id)
    play(test, tmp_path)


def test_the_creator_cannot_pass_the_opponents_seat_through_the_computer(tmp_path):
    """The way round: Anna hands Boris's seat to the computer, whose seat needs nobody's consent,
    then to her accomplice. The first step is refused."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await bloody_monday(s)
            answer = reply(await s.anna.slash(s.channel, "game seat", side="russian", player="computer"))
            assert f"<@{s.boris.user.id}> holds the Russian seat" in answer
            assert russian(s) == str(s.boris.user.id)
    play(test, tmp_path)
