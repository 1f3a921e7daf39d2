"""Plain-text orders in a game with hidden units: whether a line counts as an order is decided from
the grammar and the speaker's own options, never from what the other side may do; and a typed
order whose words tell more than its public line (a block's name, a stack's parts) is played as
from `/order` but withdrawn (deleted where the bot may) and answered privately, since everyone
reads the channel (Fog of War)."""
from __future__ import annotations

from pathlib import Path

from bot.tables.typed import WITHDRAWN
from bot.words import plain
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, run
from tests.bot.discord.test_discord_wire import play, start
from tests.bot.test_hidden_information import _a_move, _bloody_monday_tables


def test_a_line_reads_as_an_order_whatever_the_other_side_may_do(tmp_path):
    """Boris (Russian, not to move) types a mistyped move. Whether the French may move a block
    now is the French player's business: the line is chat in both positions."""
    service, tables, _, game_id = _bloody_monday_tables(tmp_path)
    probe = "move r-1-4 200"
    before = run(tables.play.plain(BORIS, CHANNEL, probe))  # no French move legal yet
    _a_move(service, game_id)  # now French blocks may move
    after = run(tables.play.plain(BORIS, CHANNEL, probe))
    assert before is None and after is None
    mine = run(tables.play.plain(ANNA, CHANNEL, "move f-i-5 200"))
    assert mine is not None  # the control: the French player's own verb, mistyped, is an order


def test_a_typed_order_naming_a_block_is_played_withdrawn_and_answered_privately(tmp_path):
    service, tables, messenger, game_id = _bloody_monday_tables(tmp_path)
    line = _a_move(service, game_id)
    block = line.split()[1]
    seq = service.store.last_seq(game_id)
    posted = len(messenger.in_channel(CHANNEL))
    reply = run(tables.play.plain(ANNA, CHANNEL, line))
    assert reply is not None and reply.withdraw and reply.accepted
    assert reply.private == WITHDRAWN and "Fog of War" in reply.private
    assert service.store.last_seq(game_id) == seq + 1  # played, as from /order
    probe = run(tables.play.plain(BORIS, CHANNEL, "move r-1-4 41"))  # refused, and a probe
    assert probe.withdraw and not probe.accepted and "must wait" in plain(probe.private)
    ended = run(tables.play.plain(ANNA, CHANNEL, "end"))  # the control: tells nothing more
    assert ended is not None and ended.accepted and not ended.withdraw
    assert service.store.last_seq(game_id) == seq + 2
    public = messenger.in_channel(CHANNEL)[posted:]  # the move's line went with the end's: a step of the impulse
    assert public and public[0].startswith("**Anna** — A French block moves ") and block not in " ".join(public).lower()
    assert "a `move` command" not in public[0]  # said once, in the line of what it did


def test_over_the_wire_the_message_is_deleted_and_the_answer_goes_by_dm(tmp_path):
    async def test(db: Path) -> None:
        wire = await start(db, message_content=True)
        tables = wire.tables
        await tables.lobby.new(ANNA, "900", CHANNEL, "bloody_monday", "bloody_monday", seed=5)
        await tables.lobby.join(ANNA, CHANNEL, "french")
        await tables.lobby.join(BORIS, CHANNEL, "russian")
        await tables.lobby.start(ANNA, CHANNEL)
        game_id = tables.game_in(CHANNEL)["id"]
        line = _a_move(tables.service, game_id)
        message = await wire.say(ANNA, line)
        assert wire.http.of("delete") == [(CHANNEL, str(message.id))]
        assert wire.http.of("react") == []
        (user, dm), = wire.http.of("dm")[-1:]
        assert user == ANNA.id and dm["content"] == f"Game 1: {WITHDRAWN}"
    play(test, tmp_path)
