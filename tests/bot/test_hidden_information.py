"""Games with hidden information through the service: nothing said in public names a hidden unit.

The engine filters views and events; the service must not undo that by echoing a command's words
(`move F-I-5 22` names a block) in the public line or in undo notices the enemy reads.
"""
from __future__ import annotations

import pytest

from bot.service import GameService
from bot.store import blank


@pytest.fixture
def bloody_monday(tmp_path):
    service = GameService(blank(tmp_path / "k.sqlite"))
    game_id = service.new_game("bloody_monday", "bloody_monday", 5)
    return service, game_id


def _a_move(service: GameService, game_id: int) -> str:
    """The French declare a Tactical Action and activate leaders until a block may move."""
    system = service.system(game_id)
    assert service.submit(game_id, "french", "tactical").accepted
    for _ in range(10):
        texts = [c.to_text() for c in system.legal_commands(service.load(game_id), "french")]
        moves = [t for t in texts if t.startswith("move ")]
        if moves:
            return moves[0]
        activate = next(t for t in texts if t.startswith("activate "))
        assert service.submit(game_id, "french", activate).accepted
    raise AssertionError("no move became legal")


def test_the_public_line_of_a_move_does_not_name_the_block(bloody_monday):
    service, game_id = bloody_monday
    line = _a_move(service, game_id)
    block = line.split()[1]
    result = service.submit(game_id, "french", line)
    assert result.accepted and block.lower() in result.message.lower()  # the mover's own reply
    assert block.lower() not in result.public.lower() and "a `move` command" in result.public
    for event in result.visible_to(None) + result.visible_to("russian"):
        assert block.lower() not in event["text"].lower()


def test_undo_notices_name_no_hidden_block(bloody_monday):
    service, game_id = bloody_monday
    line = _a_move(service, game_id)
    block = line.split()[1]
    service.submit(game_id, "french", line)
    result = service.submit(game_id, "french", "undo")
    assert result.accepted
    public = [e["text"] for e in result.events if e.get("to") in ("all", "russian")]
    assert public and not any(block.lower() in text.lower() for text in public)


def _bloody_monday_tables(tmp_path):
    """A Bloody Monday game at a Discord table over fakes: Anna French, Boris Russian."""
    from tests.bot.discord.discord_fakes import FakeMessenger, make_tables, run, seated_game

    service = GameService(blank(tmp_path / "k.sqlite"))
    messenger = FakeMessenger()
    tables = make_tables(service, messenger=messenger, systems=("bloody_monday",))
    game_id = run(seated_game(tables, system="bloody_monday", scenario="bloody_monday", seed=5))
    return service, tables, messenger, game_id


def test_a_block_game_in_discord_keeps_the_channel_public_and_dms_each_side_its_blocks(tmp_path):
    """Point 4: the channel gets the public board only; each player gets their own
    block list by DM; no hidden block is named in public, through the real game tables."""
    from rules.bloody_monday import bm_data
    from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, run

    service, tables, messenger, game_id = _bloody_monday_tables(tmp_path)
    line = _a_move(service, game_id)  # tactical + activations through the service ...
    run(tables.play.submit(ANNA, CHANNEL, line))  # ... and the move through the tables
    public = "\n".join(messenger.in_channel(CHANNEL))
    hidden = {b.id.lower() for b in bm_data.blocks().values()}
    assert not any(block in public.lower() for block in hidden)
    anna, boris = "\n".join(messenger.read_by(ANNA.id)), "\n".join(messenger.read_by(BORIS.id))
    french = {b.id for b in bm_data.blocks().values() if b.side == "french"}
    russian = {b.id for b in bm_data.blocks().values() if b.side == "russian"}

    def words(text: str) -> set[str]:
        return set(text.replace("(", " ").replace(",", " ").split())

    assert "your view as French" in anna and words(anna) & french and not words(anna) & russian
    assert "your view as Russian" in boris and words(boris) & russian and not words(boris) & french


def test_an_undo_at_the_table_posts_no_hidden_block_in_public(tmp_path):
    """`undo` once posted "Undone: `move f-i-5 20`" in the channel, naming a hidden block. The channel reads the
    public rendering ("The French player undoes a `move` command."); the mover alone reads the command."""
    from tests.bot.discord.discord_fakes import ANNA, CHANNEL, run

    service, tables, messenger, game_id = _bloody_monday_tables(tmp_path)
    line = _a_move(service, game_id)
    block = line.split()[1]

    async def move_and_undo() -> str:
        await tables.play.submit(ANNA, CHANNEL, line)
        return await tables.play.submit(ANNA, CHANNEL, "undo")

    reply = run(move_and_undo())
    public = "\n".join(messenger.in_channel(CHANNEL)).lower()
    assert block.lower() in reply.lower()  # Anna's own (private) reply names her block
    assert "french player undoes a `move` command" in public and block.lower() not in public


def test_an_undo_request_across_phases_names_no_command_in_public(tmp_path, monkeypatch):
    """The request: "`move f-i-5 20` was issued in an earlier phase: undoing it needs
    the Russian player's consent" was posted in the channel. The asker reads their command; the
    channel and the status the enemy reads say only its verb. (Phases here change with every
    move of a block, so that a hidden move is the command asked back.)"""
    import json

    from rules import bloody_monday
    from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, run

    service, tables, messenger, game_id = _bloody_monday_tables(tmp_path)
    line = _a_move(service, game_id)
    block = line.split()[1]
    monkeypatch.setattr(bloody_monday, "phase_key", lambda state: json.dumps(state["blocks"]))

    async def move_ask_and_look() -> tuple[str, str, str]:
        await tables.play.submit(ANNA, CHANNEL, line)
        asked = await tables.play.submit(ANNA, CHANNEL, "undo")
        return asked, await tables.play.submit(ANNA, CHANNEL, "status"), \
            await tables.play.submit(BORIS, CHANNEL, "status")

    asked, anna_status, boris_status = run(move_ask_and_look())
    public = "\n".join(messenger.in_channel(CHANNEL)).lower()
    assert "consent" in asked and block.lower() in asked.lower()
    assert block.lower() in anna_status.lower()
    assert "french asks to undo a `move` command" in public and block.lower() not in public
    assert "asks to undo a `move` command" in boris_status
    assert block.lower() not in boris_status.lower()
