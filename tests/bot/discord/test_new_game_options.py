"""`/game new options:` on a simulated Discord server (simcord and the real bot): a name turns an option on,
name=off turns off a reading a new game plays unless told; autocomplete offers each option as a new game
would change it; the opening line and `/game status` name the options the game plays, and `/help` in the
game tells its own rules (1812's Battle Plan Chart as that game reads it)."""
from __future__ import annotations

from pathlib import Path

from tests.bot.discord.sim import Server, play, reply, server

FIRST, FRAGMENTS = "entrench against assault: Dcx2, CRS", "entrench against outflank: Acx2, CRS"


async def _new(s: Server, options: str) -> str:
    return reply(await s.anna.slash(s.channel, "game new", system="campaign_1812", scenario="campaign",
                                    options=options))


def test_a_reading_turned_off_and_an_option_turned_on_are_named_and_played(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            assert (await _new(s, "Leaders, chart_fragments=off")).startswith("Game 1 is open.")
            named = "with corps_move_once, depot_supply, fort_reinforcements, leaders (chart_fragments off)"
            opened = f"opens game 1: 1812: the Campaign, June to December 1812 {named}. Sides: French, Russian"
            assert opened in s.posts()[-1]
            status = reply(await s.boris.slash(s.channel, "game status"))
            assert f"Options: {named.removeprefix('with ')}" in status
            assert s.tables.service.load(1)["options"] == named.removeprefix("with ").split(" (")[0].split(", ")
            chits = reply(await s.boris.slash(s.channel, "help", topic="chits"))
            assert FIRST in chits and FRAGMENTS not in chits
            options = reply(await s.boris.slash(s.channel, "help", topic="options"))
            assert "chart_fragments (off)" in options and "leaders (on)" in options
    play(test, tmp_path)


def test_a_new_game_plays_the_readings_and_help_shows_its_chart(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await _new(s, "")
            readings = "chart_fragments, corps_move_once, depot_supply, fort_reinforcements"
            assert f"June to December 1812 with {readings}." in s.posts()[-1]
            chits = reply(await s.anna.slash(s.channel, "help", topic="chits"))
            assert FRAGMENTS in chits and FIRST not in chits
    play(test, tmp_path)


def test_help_in_a_game_stored_before_the_readings_tells_its_own_chart(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            s.tables.store.create_game("campaign_1812", "campaign", 3, {}, guild=str(s.guild.id),
                                       channel=str(s.channel.id), created_by=str(s.anna.id))
            chits = reply(await s.anna.slash(s.channel, "help", topic="chits"))
            assert FIRST in chits and FRAGMENTS not in chits and "first reading" in chits
            assert "Options: none" in reply(await s.anna.slash(s.channel, "game status"))
    play(test, tmp_path)


def test_an_unknown_option_is_refused_in_one_sentence_naming_the_legal_ones(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            assert await _new(s, "leaders, cossacks=off") == ("'cossacks' is not an option of 1812 (options: "
                                                              "chart_fragments, corps_move_once, depot_supply, "
                                                              "fort_reinforcements, leaders).")
            assert (await _new(s, "leaders=yes")).startswith("An option is on by its name, off by name=off")
            said = reply(await s.anna.slash(s.channel, "game new", system="borodino", scenario="5sep",
                                            options="dv_rally,river_artillery=of"))
            assert said.startswith("An option is on by its name, off by name=off") and s.tables.store.games() == []
    play(test, tmp_path)


def test_help_and_autocomplete_offer_each_option_as_a_new_game_would_change_it(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            assert "its `options:` turn optional rules on by name, or a reading off by name=off" in reply(
                await s.anna.slash(s.channel, "help"))  # before any game
            typed = await s.anna.autocomplete(s.channel, "game new", "options", "leaders, ch",
                                              system="campaign_1812", scenario="campaign")
            assert [c["value"] for c in typed] == ["leaders, chart_fragments=off"]
            first = await s.anna.autocomplete(s.channel, "game new", "options", "", system="borodino",
                                              scenario="7sep")
            assert [c["value"] for c in first] == ["dv_leaderless_halt", "dv_leaders", "dv_rally", "dv_rally_moves",
                                                   "imperial_guard", "moves_stand", "river_artillery"]
    play(test, tmp_path)


def test_last_blood_with_an_optional_rule_turned_off_is_not_opened(tmp_path):
    """Bloody Monday 10.0: Last Blood plays every optional rule, so `shields=off` is refused in a
    sentence; the opening line never reads 'with shields off' of a game that plays them."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            said = reply(await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="last_blood",
                                            options="shields=off"))
            assert said == ("Last Blood is played with all the optional rules (10.0): shields cannot be turned "
                            "off; open it without `=off`, or open Bloody Monday to choose them.")
            assert s.tables.store.games() == []
    play(test, tmp_path)
