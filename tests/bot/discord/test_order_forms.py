"""The form that works is the form shown, on simcord with the real bot. Without the message-content
intent (the default config) the bot cannot read orders typed in a channel: `/help` and prompts there show
each command as the slash command that gives it, and a seated player who types in the channel is told once
how orders are given. With the intent, both forms are shown. A DM, which takes orders typed and no slash
command, shows them typed, a question or a request there saying what works."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.delivery import payload_text
from bot.discord.app import TYPED_HINT
from bot.discord.order_forms import AWAY, BOTH, SPAN, shown, verbs
from bot.permissions import Actor
from bot.words import plain
from tests.bot.discord.sim import Server, borodino, play, reply, server, started
from tests.bot.discord.test_orders_at_once import french_moves
from tests.rules.core.test_prompt_lengths import CORPUS, questions


async def undo_asked(s: Server) -> str:
    """Anna moves, ends her Movement Phase and asks to undo `end`: the request Boris is sent."""
    move, = french_moves(s, 1)
    await s.anna.slash(s.channel, "orders")  # the box opens; the same orders by /order:
    await s.anna.slash(s.channel, "order", command=f"{move}; end")
    await s.anna.slash(s.channel, "game undo")
    return next(dm for dm in reversed(s.dms(s.boris)) if "asks to undo" in dm)


def test_without_message_content_help_and_requests_show_the_slash_form(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            helped = reply(await s.anna.slash(s.channel, "help"))
            assert "Give each with `/order command:` and its words, or a whole phase's at once in the box `/orders` " \
                "opens" in helped and "(`/game orders` is another thing: standing orders" in helped
            assert "`/order command:attack 3224+3124 -> 3223`" in helped and "`attack 3224" not in helped
            assert "/help topic:<command>" in helped
            asked = await undo_asked(s)
            assert "answer `accept` or `refuse`" in asked and asked.endswith(AWAY["dm"]), asked  # a DM reads them
    play(test, tmp_path)


def test_a_typed_line_gets_one_hint_per_player(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            await s.anna.send(s.channel, "move 3225 3224")  # unread: the bot sees only that she typed
            assert s.dms(s.anna)[-1] == TYPED_HINT
            await s.anna.send(s.channel, "end")
            await s.stranger.send(s.channel, "hello")  # not a player here: no hint
            await s.boris.send(s.channel, "good luck")
            hints = {name: s.dms(person).count(TYPED_HINT) for name, person in
                     (("anna", s.anna), ("boris", s.boris), ("stranger", s.stranger))}
            assert hints == {"anna": 1, "boris": 1, "stranger": 0}
            assert s.tables.store.commands(game_id) == []  # nothing typed was played
    play(test, tmp_path)


def test_with_message_content_both_forms_are_shown(tmp_path):
    async def test(db: Path) -> None:
        async with server(db, message_content=True) as s:
            await borodino(s)
            helped = reply(await s.anna.slash(s.channel, "help"))
            assert "Type them in this channel, or give each with `/order command:`" in helped
            assert "`attack 3224+3124 -> 3223`" in helped and helped.endswith(BOTH)
            asked = await undo_asked(s)
            assert "answer `accept` or `refuse`" in asked and asked.endswith(AWAY["dm"])
    play(test, tmp_path)


def test_a_dm_shows_orders_as_typed_there_and_says_what_works_under_its_first_question_alone(tmp_path):
    """1812: Boris's view (kept in his DMs) asks his moves, and his `end`s ask him where French attrition falls
    in a DM with its buttons. Each showed '`/order command:attrit <place>`', which no DM takes (a slash command
    works in a server's channel alone), where a DM takes orders typed; with the message-content intent each
    closed with '(Type these in the channel, ...)' (the request to undo, above). Both now show '`attrit
    <place>`', and his first question alone says what works where he reads it, once."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            anna = Actor(str(s.anna.user.id), "anna")  # `/game new` with the dice's seed given: seed 1
            await s.tables.lobby.new(anna, str(s.guild.id), str(s.channel.id), "campaign_1812", "campaign", seed=1)
            for person, side in ((s.anna, "french"), (s.boris, "russian")):
                await person.slash(s.channel, "game join", side=side)
            await s.anna.slash(s.channel, "game start")
            for _ in range(2):
                await s.boris.slash(s.channel, "order", command="end")
            await s.env.settle()
            dms = s.dms(s.boris)
            asked = next(dm for dm in reversed(dms) if "attrition falls" in dm and "your view" not in dm)
            assert "`attrit <place>`" in asked and asked.endswith(AWAY["dm"]), asked
            view = next(dm for dm in dms if "your view as Russian" in dm)
            assert "`attrit <place>`" in view and AWAY["dm"].strip() not in view, view
            assert not [dm for dm in dms if "/order command:" in dm.replace(AWAY["dm"], "")]
            await s.boris.slash(s.channel, "order", command="attrit 30")
            for line in ("end", "end", "end", "attrit 12"):  # the French Player-Turn; the next Russian one asks
                await s.anna.slash(s.channel, "order", command=line)
            await s.env.settle()
            again = [dm for dm in s.dms(s.boris) if "Move stacks one place" in dm and "your view" not in dm]
            assert again and "The game waits for you" in again[-1] and "`move <from> <to>" in again[-1], again
            assert AWAY["dm"].strip() not in again[-1]  # said once
    play(test, tmp_path)


def test_a_hidden_games_public_line_gives_a_command_of_one_word_plain(tmp_path):
    """Bloody Monday's public line tells only a command's verb (Fog of War); `tactical` is all its
    verb, so the line reads as its giver's, in plain words: 'French: a `tactical` command.' read on
    Discord as an order to give. (The line waits for the impulse's next, a step of it: Change._gathers.)"""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await started(s, "bloody_monday", "bloody_monday")
            await s.anna.slash(s.channel, "order", command="tactical")
            said = [plain(payload_text(row["payload"])) for row in s.tables.store.outbox(game_id)
                    if row["audience"] == f"channel:{s.channel.id}"]
            assert "**anna** — French: tactical." in said
            assert "**anna** — French: a `tactical` command." not in said
            assert not any("`tactical`" in post or "command:tactical`." in post for post in s.posts())
    play(test, tmp_path)


def test_help_on_discord_lists_no_terminal_command(tmp_path):
    """`quit` leaves the terminal; a chat has nothing to quit, so its `/help` does not offer it."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            helped = reply(await s.anna.slash(s.channel, "help"))
            assert "Also: accept, refuse, draw, map, orders." in helped and "quit" not in helped
    play(test, tmp_path)


@pytest.mark.long  # whole games of the replay corpus, each side's question after each command: seconds
@pytest.mark.parametrize("path", CORPUS, ids=lambda path: path.stem)
def test_every_command_a_question_names_is_whole_so_each_is_shown_in_the_form_that_works(path):
    """A question names each command whole (`move <block> <area>`, `initiative <action>`): a verb alone is no
    command, and is shown as it is. Bloody Monday's '- then `move` the units your activated leaders command'
    read `move` in the channel, where the point above it read `/order command:activate <leader> [<area>]`,
    and in a DM as an order to type alone. A kind of command ('a `fire` command') is no order, and is left
    as it is: every other code span a question holds that begins with a command's verb is shown, in a channel
    without typed orders, as the slash command that gives it."""
    bare = {span.group(1) for text in questions(path) for span in SPAN.finditer(shown(text, typed=False))
            if span.group(1).split()[0].lower() in verbs() and not span.string[span.end():].startswith(" command")}
    assert not bare

