"""A phase's orders in one message, on simcord with the real bot: the `/orders` box, `/order` with
`;`, and a typed message of several lines are judged in order as one batch; the reply lists each
line, a refused line stops the batch and says which were not tried, and what was accepted before it
stands, each order stored as its own command (so `undo` takes back one at a time)."""
from __future__ import annotations

from pathlib import Path

import pytest

from bot.discord.commands import ORDERS_BOX
from bot.permissions import Actor
from tests.bot.discord.sim import Server, borodino, play, reply, server, started


def french_moves(s: Server, count: int) -> list[str]:
    """Legal moves of `count` French units at the start of 7 September, from and to different
    hexes (so that each stays legal after the others)."""
    anna = Actor(str(s.anna.id), "anna")
    moves: list[str] = []
    for text in s.tables.completion.legal_texts(anna, str(s.channel.id)):
        hexes = {h for move in moves for h in move.split()[1:]}
        if text.startswith("move ") and not hexes & set(text.split()[1:]) and len(text.split()) == 3:
            moves.append(text)
    return moves[:count]


def stored(s: Server, game_id: int) -> list[str]:
    return [row["normalised"] for row in s.tables.store.commands(game_id)]


def test_the_orders_box_judges_in_order_and_stops_at_a_refusal(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            one, two, three = french_moves(s, 3)
            shown = await s.anna.slash(s.channel, "orders")
            assert shown.modal is not None and shown.modal["title"] == "Your orders"
            answer = reply(await s.anna.submit_modal(shown, {ORDERS_BOX: "\n".join(
                [one, two, "move 9999 1111", three, "end"])}))
            lines = answer.splitlines()
            unit, to = one.split()[1:]
            assert lines[0].startswith(f"1. ✅ French: {one}. {unit} (French ") and f"moves to {to}" in lines[0]
            assert lines[1].startswith("2. ✅ French: ")
            assert lines[2].startswith("3. ❌ move 9999 1111 — There is no unit in 9999")
            assert lines[3] == (f"Not tried, after line 3 was refused: 4. {three}; 5. end. Send them "
                                "again once it is put right.")
            assert stored(s, game_id) == [one, two]  # each its own command; nothing after the refusal
            # each has its public line, the two in one post: its move, which says it all, the giver
            # named once above them
            assert s.posts()[-1].startswith(f"**anna** — {unit} (French ") and f"moves to {to} (" in s.posts()[-1]
            assert f"\n{two.split()[1]} (French " in s.posts()[-1] and s.posts()[-1].count("**anna**") == 1
            undone = reply(await s.anna.slash(s.channel, "game undo"))
            assert undone == f"Undone: `/order command:{two}`."  # the command as it is given here
            assert stored(s, game_id) == [one]  # undo takes back one command, not the batch
    play(test, tmp_path)


def test_order_with_semicolons_is_a_batch(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            move, = french_moves(s, 1)
            answer = reply(await s.anna.slash(s.channel, "order", command=f"{move}; end"))
            played, ended = answer.splitlines()
            assert played.startswith(f"1. ✅ French: {move}. ") and ended.startswith("2. ✅ French: end. ")
            assert stored(s, game_id) == [move, "end"]
            alone = reply(await s.anna.slash(s.channel, "order", command="move 3225 3224"))
            assert "must wait" in alone and "1." not in alone  # one order is answered as before
    play(test, tmp_path)


def test_a_typed_message_of_several_lines_is_a_batch(tmp_path):
    async def test(db: Path) -> None:
        async with server(db, message_content=True) as s:
            game_id = await borodino(s)
            one, two, three = french_moves(s, 3)
            sent = await s.anna.send(s.channel, f"{one}\n{two}")
            mine = next(m for m in s.channel.history() if m.id == sent.id)
            assert [str(r.emoji) for r in mine.reactions] == ["✅"] and stored(s, game_id) == [one, two]
            dms = len(s.dms(s.anna))
            sent = await s.anna.send(s.channel, f"{three}; move 9999 1111; end")
            mine = next(m for m in s.channel.history() if m.id == sent.id)
            assert [str(r.emoji) for r in mine.reactions] == ["❌"]
            assert stored(s, game_id) == [one, two, three]
            told = "\n".join(s.dms(s.anna)[dms:])
            assert "2. ❌ move 9999 1111 — " in told and "Not tried, after line 2 was refused: 3. end." in told
            await s.anna.send(s.channel, "good luck; have fun")  # chat stays chat
            assert stored(s, game_id) == [one, two, three]
    play(test, tmp_path)


def test_a_batch_reply_tells_each_effect_once(tmp_path):
    """Bloody Monday: a block that engages is revealed (2.6), and the public line names it; its own
    side's line, the same move without "and engages", is not repeated after it in the reply."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await started(s, "bloody_monday", "bloody_monday")
            service = s.tables.service
            system = service.system(game_id)
            state = service.load(game_id)
            orders = ["tactical", "activate davout"]
            for line in orders:
                state, _ = system.apply(state, "french", system.parse("french", line))
            engaging = next(c.to_text() for c in system.legal_commands(state, "french")
                            if c.to_text().startswith("move ") and any(
                                "engages" in e.get("text", "") for e in system.apply(state, "french", c)[1]))
            answer = reply(await s.anna.slash(s.channel, "order", command="; ".join([*orders, engaging])))
            moved = answer.splitlines()[-1]
            assert moved.startswith(f"3. ✅ French: {engaging}. ") and "and engages." in moved
            assert moved.count(" moves ") == 1, moved
    play(test, tmp_path)


def test_a_phase_the_orders_end_at_once_posts_no_map_of_its_own(tmp_path):
    """An /orders box that passes a phase at once posts one map, for the state it leaves: Borodino's
    `end` past a Combat Phase with no attack made (an artillery unit may bombard, Artillery C, so the
    phase waited) and 1812's past a Forced March Phase with no march (each posted a headline and a
    map over the same board, the next at once). A phase that changed the board keeps its map."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await borodino(s)
            before = len(s.channel.history())
            await s.anna.submit_modal(await s.anna.slash(s.channel, "orders"),
                                      {ORDERS_BOX: "move 3422 3220\nend\nend"})
            posts = s.channel.history()[before:]
            assert [len(m.attachments) for m in posts] == [1]
            assert "French Combat Phase.\n" in posts[0].content and "| Movement Phase | Russian player" in \
                posts[0].content and "| Combat Phase |" not in posts[0].content
            assert posts[0].content.count("**anna**") == 1, posts[0].content
    play(test, tmp_path)


def test_orders_past_phases_that_changed_the_board_are_one_account_under_one_map(tmp_path):
    """1812, seed 4: the Russian box `end`, `march 4 5`, `end` posted the Forced March Phase's headline, map and
    'Russian player: your move', then the march from Riga (4) toward Courland (5) and the French Player-Turn's attrition
    under another map, the first prompt stale before it was read. What each phase did is told in order, the phase
    named by its own line, under one map of the state the box leaves and one prompt for what waits now."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await campaign(s, 4)
            before = len(s.channel.history())
            await s.boris.submit_modal(await s.boris.slash(s.channel, "orders"), {ORDERS_BOX: "end\nmarch 4 5\nend"})
            posts = s.channel.history()[before:]
            assert [len(m.attachments) for m in posts] == [1], s.posts()[before:]
            said = posts[0].content
            assert "| Forced March Phase |" not in said and "| Attrition Phase |" in said
            assert said.index("forced marches follow.") < said.index("force marches from Riga (4)") < \
                said.index("Combat Phase") < said.index("Victory Points:")
            assert said.count("your move") == 1
    play(test, tmp_path)


@pytest.mark.parametrize("system, scenario, seed, box, lines, head", [
    ("campaign_1812", "campaign", 4, "end\nmarch 4 5",
     ("forced marches follow.", "force marches from Riga (4) toward Courland (5)"), "| Forced March Phase |")])
def test_a_box_whose_last_order_posts_no_map_reads_its_lines_then_one_map_and_your_move(
        tmp_path, system, scenario, seed, box, lines, head):
    """A box whose last order posts no map (1812's forced march after `end`): the phase's headline, map and
    'your move' stood in the middle of the account, the later lines posted under them. The box reads its lines
    in order, then the headline and one map of the position it leaves, then 'your move', in one post."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.tables.lobby.new(Actor(str(s.anna.id), "anna"), str(s.guild.id), str(s.channel.id), system,
                                     scenario, seed=seed)
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
            giver = s.anna if system == "borodino" else s.boris
            before = len(s.channel.history())
            await giver.submit_modal(await giver.slash(s.channel, "orders"), {ORDERS_BOX: box})
            await s.env.settle()
            posts = s.channel.history()[before:]
            assert [len(m.attachments) for m in posts] == [1], s.posts()[before:]
            said = posts[0].content
            at = [said.index(line) for line in (*lines, head)]
            assert at == sorted(at) and said.count("your move") == 1 and said.index("your move") > at[-1], said
    play(test, tmp_path)


SHEVARDINO_OPENING = "\n".join(["move 2525 2824", "move 2424 2724", "move 2526 2623", "move 2527 2624",
                                 "move 2628 2725", "move 2629 2625", "move 2528 2523", "end"])


@pytest.mark.parametrize("scenario, seed, box, attack, question", [
    ("shevardino", 1, f"{SHEVARDINO_OPENING}\nattack 2824 -> 2924\nend", "2824 (2) attacks 2924 (2)",
     "choose where R-Siw in 2924"),
    ("7sep", 1, "move 3422 3220\nend\nattack 3220 -> 3218", "3220 (7) attacks 3218", "`/order command:retreat 3220`")])
def test_a_box_whose_last_order_asks_a_question_in_the_channel_says_no_your_move_above_it(
        tmp_path, scenario, seed, box, attack, question):
    """A French box of moves, `end` and an attack whose result asks the French a question with buttons in the
    channel (Shevardino, seed 1, every choice asked: where the Russian unit its Dr throws back retreats, Combat;
    7 September, seed 1: whether the guns that fired retreat, Artillery C) posted the Combat Phase's headline
    under the question, the question again in it, and 'French player: your move', while the question waited.
    The headline and map stay where the phase began, said once, and no 'your move' is said while the question
    is open: the question and its buttons say who acts."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.tables.lobby.new(Actor(str(s.anna.id), "anna"), str(s.guild.id), str(s.channel.id), "borodino",
                                     scenario, seed=seed)
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
            before = len(s.channel.history())
            await s.anna.submit_modal(await s.anna.slash(s.channel, "orders"), {ORDERS_BOX: box})
            await s.env.settle()
            posts = s.channel.history()[before:]
            said = "\n".join(m.content for m in posts)
            assert "your move" not in said and said.count("| Combat Phase | French player") == 1, said
            assert said.count(question) == 1 and said.index("| Combat Phase |") < said.index(attack), said
            assert [len(m.attachments) for m in posts] == [1, 0] and posts[-1].components, said
    play(test, tmp_path)


async def campaign(s: Server, seed: int) -> None:
    """1812's campaign with the dice of `seed`, in the game channel: Anna French, Boris Russian, started."""
    await s.tables.lobby.new(Actor(str(s.anna.id), "anna"), str(s.guild.id), str(s.channel.id),
                             "campaign_1812", "campaign", seed=seed)
    await s.anna.slash(s.channel, "game join", side="french")
    await s.boris.slash(s.channel, "game join", side="russian")
    await s.anna.slash(s.channel, "game start")


def test_1812_orders_past_the_forced_march_phase_post_one_map(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            await campaign(s, 1)  # the Russian Movement Phase first (the dice may open with attrition)
            before = len(s.channel.history())
            await s.boris.submit_modal(await s.boris.slash(s.channel, "orders"), {ORDERS_BOX: "move 4 3\nend\nend"})
            posts = s.channel.history()[before:]
            assert len(posts) == 1 and "Forced March Phase" not in posts[0].content, [m.content for m in posts]
            assert "Game-Turn 1 of 13 | June II 1812 | Attrition Phase | French player" in posts[0].content
    play(test, tmp_path)
