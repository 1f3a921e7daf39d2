"""The real discord.py command tree, serialised by discord.py itself, against Discord's limits;
and the bot's start-up (setup_hook) without a connection."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import discord

import bot
from bot.cli import main
from bot.config import Config
from bot.discord.app import intents_for
from bot.discord.buttons import TEMPLATE, Confirm

SUBCOMMAND, GROUP = 1, 2
CHAT_INPUT = 1


def name_ok(name: str) -> bool:
    """Discord: ^[-_\\p{L}\\p{N}]{1,32}$ and lowercase where the letter has a lowercase."""
    return 1 <= len(name) <= 32 and all(c.isalnum() or c in "-_" for c in name) \
        and name == name.lower()


def text_length(item: dict) -> int:
    """Discord counts names, descriptions and choice names and values, 4000 at most."""
    own = len(item.get("name", "")) + len(item.get("description", ""))
    own += sum(len(c["name"]) + len(str(c["value"])) for c in item.get("choices", []))
    return own + sum(text_length(o) for o in item.get("options", []))


def payloads() -> list[dict]:
    client = bot.create_bot(Config(database=":memory:"))
    return [command.to_dict(client.tree) for command in client.tree.get_commands()]


def check_options(options: list[dict], depth: int, where: str, seen: dict[str, int]) -> None:
    """Discord's limits on one level of options; `seen` counts the kinds checked (subcommands,
    required and optional options, choices), so the test can tell every branch ran."""
    assert len(options) <= 25, where
    required_seen_optional = False
    for option in options:
        here = f"{where} {option['name']}"
        assert name_ok(option["name"]), here
        assert 1 <= len(option["description"]) <= 100, here
        assert len(option.get("choices", [])) <= 25, here
        for choice in option.get("choices", []):
            assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100, here
            seen["choices"] += 1
        assert not (option.get("choices") and option.get("autocomplete")), here
        if option["type"] in (SUBCOMMAND, GROUP):
            assert depth < 2 and not (option["type"] == GROUP and depth == 1), here
            seen["subcommands"] += 1
            check_options(option.get("options", []), depth + 1, here, seen)
            continue
        required = bool(option.get("required"))
        seen["required" if required else "optional"] += 1
        required_seen_optional = required_seen_optional or not required
        assert not (required and required_seen_optional), f"{here}: a required option after an optional one"


def test_every_command_is_within_discords_limits():
    commands = payloads()
    assert len([c for c in commands if c.get("type", CHAT_INPUT) == CHAT_INPUT]) <= 100
    names = [c["name"] for c in commands]
    assert len(names) == len(set(names))
    seen = {"subcommands": 0, "required": 0, "optional": 0, "choices": 0}
    for command in commands:
        assert name_ok(command["name"]) and 1 <= len(command["description"]) <= 100
        check_options(command.get("options", []), 0, command["name"], seen)
        assert text_length(command) <= 4000
    assert all(seen.values()), seen  # every kind of option was there to be checked


def test_the_commands_of_issue_4_are_all_there():
    commands = {c["name"]: c for c in payloads()}
    assert {"game", "move", "attack", "end", "order"} <= set(commands)
    sub = {o["name"] for o in commands["game"]["options"]}
    assert {"new", "join", "start", "status", "map", "undo", "resign", "settings", "spectate",
            "list", "cancel", "inbox", "replace", "resume", "orders", "draw", "pause",
            "leave", "export", "seat"} == sub
    orders = {o["name"]: o for o in next(o for o in commands["game"]["options"]
                                         if o["name"] == "orders")["options"]}
    assert orders["kind"]["autocomplete"] and orders["order"]["autocomplete"]  # standing orders are offered
    move = {o["name"]: o for o in commands["move"]["options"]}
    assert move["unit"]["autocomplete"] and move["to"]["autocomplete"]
    attack = {o["name"]: o for o in commands["attack"]["options"]}
    assert attack["attackers"]["autocomplete"] and attack["defenders"]["autocomplete"]
    assert attack["then"]["autocomplete"] and not attack["then"].get("required")  # answers written ahead, if wished


def test_privileged_intent_only_for_plain_message_commands():
    assert not intents_for(Config()).message_content
    assert intents_for(Config(message_content=True)).message_content
    assert bot.create_bot(Config(message_content=True)).intents.message_content


def test_the_admin_guide_names_every_intent_the_bot_asks_for():
    """deploy/DISCORD.md tells the admin what the bot asks Discord for: each intent by its name."""
    asked = [name for name, on in intents_for(Config(message_content=True)) if on]
    guide = (Path(bot.__file__).resolve().parents[1] / "deploy" / "DISCORD.md").read_text()
    assert asked and [name for name in asked if f"`{name}`" not in guide] == []


def test_confirm_buttons_carry_game_side_and_position_in_their_custom_id():
    custom_id = Confirm("end", 12, "french", 345).item.custom_id
    assert custom_id == "kolocha:end:12:french:345" and len(custom_id) <= 100
    assert re.fullmatch(TEMPLATE, custom_id)
    assert re.fullmatch(TEMPLATE, Confirm("resign", 3, "russian", 0).item.custom_id)


def test_setup_hook_opens_the_store_rebuilds_deadlines_and_syncs_once(tmp_path, monkeypatch):
    client = bot.create_bot(Config(database=str(tmp_path / "k.sqlite")))
    synced: list[int] = []

    async def sync(**_):
        synced.append(1)
        return []

    monkeypatch.setattr(client.tree, "sync", sync)

    async def start():
        await client.setup_hook()
        client.tables.deadlines.scheduler.shutdown(wait=False)

    asyncio.run(start())
    assert synced == [1] and client.tables is not None
    assert (tmp_path / "k.sqlite").exists()


def test_kolocha_run_without_a_token_says_how_to_get_one(monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "deploy/DISCORD.md" in err and "kolocha local" in err


def test_the_invite_in_discord_md_asks_for_exactly_the_permissions_it_lists():
    wanted = discord.Permissions(view_channel=True, read_message_history=True,
                                 send_messages=True, send_messages_in_threads=True,
                                 attach_files=True, embed_links=True,
                                 create_public_threads=True, create_private_threads=True,
                                 add_reactions=True)
    page = (Path(__file__).parents[3] / "deploy" / "DISCORD.md").read_text()
    assert f"permissions={wanted.value}" in page and f"**{wanted.value}**" in page
    assert "scope=bot+applications.commands" in page


def test_game_map_around_names_every_games_kind_of_place():
    """`/game map around:` said 'Centre on this hex (e.g. 3224)' in Bloody Monday and 1812, whose
    places are areas: the map centres on an area too (bot/tables/play.py, render's place check)."""
    game = {c["name"]: c for c in payloads()}["game"]
    around = next(o for o in next(o for o in game["options"] if o["name"] == "map")["options"]
                  if o["name"] == "around")
    assert around["description"] == "Centre on this place: a hex (3224) or an area by its number (12)"


def test_odds_question_says_what_each_game_asks_about():
    """`/odds question:` named Borodino's attack and Bloody Monday's areas only; 1812 answers `odds <place>` of a
    battle under way (rules/campaign_1812/odds.py)."""
    odds = {c["name"]: c for c in payloads()}["odds"]
    (question,) = odds["options"]
    assert question["description"] == ("Borodino: 3022+3121 -> 3020; Bloody Monday: an area, or a gun and an area; "
                                       "1812: a battle's place")


def test_move_and_attack_say_what_each_game_moves_and_which_game_attacks():
    """`/move unit:` read 'The unit: its hex, or its name', which a Bloody Monday block or an 1812 place
    (`move <from> <to>`) is not; `/attack`, Borodino's alone, read 'Attack enemy units' in every game, and
    in Bloody Monday answered 'Unknown command 'attack''."""
    commands = {c["name"]: c for c in payloads()}
    unit = next(o for o in commands["move"]["options"] if o["name"] == "unit")
    assert unit["description"] == "Borodino: a unit's hex or id; Bloody Monday: a block; 1812: a place (autocomplete " \
                                  "lists yours)"
    assert commands["attack"]["description"].startswith("Borodino: ")


def test_the_orders_box_and_standing_orders_each_name_the_other():
    """`/orders` (a box of a phase's orders) and `/game orders` (standing orders, the answers to choices the bot
    gives for you) read alike in the command list: each description says which it is and points to the other."""
    commands = {c["name"]: c for c in payloads()}
    standing = next(o for o in commands["game"]["options"] if o["name"] == "orders")
    assert commands["orders"]["description"] == ("Type a phase's orders in a box, one a line (standing orders for "
                                                 "choices: /game orders)")
    assert standing["description"] == ("Standing orders: answers the bot gives for you when a choice falls to you "
                                       "(a box of moves: /orders)")
