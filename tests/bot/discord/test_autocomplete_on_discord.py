"""Autocomplete that reads like the board, on a simulated Discord server (simcord and the real
bot): each choice's value stays the plain word the command takes (a hex, a block's id, a place);
its name says what stands there, from the player's own view; destinations nearest first."""
from __future__ import annotations

import re
from pathlib import Path

from simcord import MemberActor

from bot.permissions import Actor
from tests.bot.discord.sim import Server, borodino, play, server, started


async def legal(s: Server, person: MemberActor) -> list[str]:
    """The person's legal commands, computed (and kept) once the last change has settled, before
    autocomplete asks: Discord drops an answer after 3 s, which a loaded test machine's first
    computation may pass."""
    await s.env.settle()
    return s.tables.completion.legal_texts(Actor(str(person.id), person.user.name), str(s.channel.id))


def test_borodino_units_are_named_and_destinations_come_nearest_first(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            await legal(s, s.anna)
            units = await s.anna.autocomplete(s.channel, "move", "unit", "")
            assert {"name": "3321 · French 5-4 infantry (I-4)", "value": "3321"} in units
            assert all(c["name"].startswith(c["value"] + " · French ") for c in units)
            places = await s.anna.autocomplete(s.channel, "move", "to", "", unit="3322")
            steps = [int(c["name"].split(" · ")[1].split()[0]) for c in places]
            assert places[0] == {"name": "3221 · 1 hex away", "value": "3221"} and steps == sorted(steps)
            assert await s.boris.autocomplete(s.channel, "move", "unit", "") == []  # not his turn
    play(test, tmp_path)


def test_bloody_monday_blocks_are_named_from_their_own_sides_view(tmp_path):
    """The French player reads his own blocks (never a Russian one) and the areas they can reach,
    nearest first."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await started(s, "bloody_monday", "bloody_monday")
            await s.anna.slash(s.channel, "order", command="initiative move")
            await legal(s, s.anna)
            units = await s.anna.autocomplete(s.channel, "move", "unit", "")
            assert units and all(c["value"].startswith("F-") and c["name"].startswith(c["value"] + " · French ")
                                 for c in units)
            block = next(c for c in units if c["name"].startswith(c["value"] + " · French heavy cavalry "))
            assert re.fullmatch(r"F-CR-\w+ · French heavy cavalry \d in \d+", block["name"])
            places = await s.anna.autocomplete(s.channel, "move", "to", "", unit=block["value"])
            steps = [int(c["name"].split(" · ")[1].split()[0]) for c in places]
            assert places and steps == sorted(steps) and steps[0] == 1 and all(c["value"].isdigit() for c in places)
    play(test, tmp_path)


def test_1812_move_to_offers_places_only(tmp_path):
    """1812's `move <from> <to> [<n> inf|cav ...]`: `/move to:` offers the places a stack can
    go (never the words of a part of it: `inf`, `cav`)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await started(s, "campaign_1812", "campaign")
            while s.tables.service.load(game_id)["player"] != "russian" or \
                    s.tables.service.load(game_id)["phase"] != "movement":  # a few dice begin with attrition
                await s.anna.slash(s.channel, "order", command=(await legal(s, s.anna))[0])
            moves = [text for text in await legal(s, s.boris) if text.startswith("move 4 ")]
            units = await s.boris.autocomplete(s.channel, "move", "unit", "")
            assert {"name": "Riga (4) · Russian 1 inf, 1 depot", "value": "4"} in units
            places = await s.boris.autocomplete(s.channel, "move", "to", "", unit="4")
            assert any(text.endswith((" inf", " cav")) for text in moves)  # a part may go: its counts are no places
            assert {c["value"] for c in places} == {text.split()[2] for text in moves}
            assert all(re.fullmatch(rf"[A-Z][\w -]+ \({c['value']}\) · 1 area away", c["name"]) for c in places)
    play(test, tmp_path)


def test_bloody_monday_orders_offer_the_jager_kind_only_to_whom_9_1_gives_it(tmp_path):
    """`/game orders kind:` offers the kinds of choice that may fall to the player: in a game with the
    optional rule 9.1 the Russian player's jagers, never the French player's."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.anna.slash(s.channel, "game new", system="bloody_monday", scenario="bloody_monday",
                               options="russian_jager")
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
            kinds = {person: {c["value"] for c in await person.autocomplete(s.channel, "game orders", "kind", "")}
                     for person in (s.anna, s.boris)}
            assert kinds[s.anna] == {"hit", "retreat"} and kinds[s.boris] == {"hit", "retreat", "jager"}
    play(test, tmp_path)


def test_game_systems_are_offered_by_their_names_and_found_by_name_or_id(tmp_path):
    """`/game new system:` (and `/game list system:`) reads 'Bloody Monday', not 'bloody_monday'; the
    value stays the id the command takes, and either may be typed."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            offered = {c["value"]: c["name"] for c in await s.anna.autocomplete(s.channel, "game new", "system", "")}
            assert {"bloody_monday": "Bloody Monday", "borodino": "Borodino", "campaign_1812": "1812"}.items() \
                <= offered.items()  # (and any system a test registers)
            for typed in ("bloody m", "bloody_m"):
                found = await s.anna.autocomplete(s.channel, "game list", "system", typed)
                assert found == [{"name": "Bloody Monday", "value": "bloody_monday"}]
    play(test, tmp_path)
