"""Held orders on a simulated Discord: orders that meet a choice still to be made wait for it.

A Borodino combat result leaves the Russian player a choice in the French Combat Phase (where
the beaten attackers retreat, Retreat); the French player sends their next orders meanwhile. They
are held, not refused; once the Russian has clicked every answer the result asks, they are played
as if sent then, and the French player is told privately what became of them, unless the channel
has said it all (an `end` that hands the turn on). A new message of orders replaces what was held."""
from __future__ import annotations

import asyncio
import re
from pathlib import Path

import rules
from bot import asked as ask
from bot.discord.commands import ORDERS_BOX
from tests.bot.discord.sim import Server, play, reply, server
from tests.bot.discord.test_choice_buttons import actor, answer, questions, quietly, reach

BORODINO = rules.load("borodino")
BLOODY_MONDAY = rules.load("bloody_monday")


def french_next(state: dict) -> tuple[list[str], str]:
    """The answers the Russian gives (each the first offered) until no choice waits, and then the
    French player's first legal command."""
    answers = []
    while (waiting := BORODINO.choice(state)) is not None:
        text = ask.answers(BORODINO, state, waiting["side"])[0]
        answers.append(text)
        state, _ = BORODINO.apply(state, waiting["side"], BORODINO.parse(waiting["side"], text))
    return answers, BORODINO.legal_commands(state, "french")[0].to_text()


async def send(s: Server, lines: list[str]) -> str:
    shown = await s.anna.slash(s.channel, "orders")
    return reply(await s.anna.submit_modal(shown, {ORDERS_BOX: "\n".join(lines)}))


async def click_all(s: Server, game_id: int, answers: list[str]) -> None:
    """The Russian player clicks each answer as it is asked."""
    for text in answers:
        known = s.tables.store.seen_seq(game_id, "russian")
        (offered,) = [m for m in questions(s, s.boris) if any(  # a button's custom id, or a menu's
            f"{child.custom_id}:".find(f":russian:{known}:") > 0 for row in m.components for child in row.children)]
        await answer(s.boris, offered, text)


async def retreat_asked(s: Server) -> tuple[int, int, list[str], str]:
    """The game, its position, the answers its Russian retreat asks, the French order after them."""
    game_id, _, _ = await reach(s, "borodino", "6sep", None, 10, "retreat")
    seq, state = s.tables.service.position(game_id)
    return game_id, seq, *french_next(state)


def test_orders_sent_while_the_opponent_chooses_are_played_once_the_choice_is_made(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, command = await retreat_asked(s)
            said = await send(s, [command])
            assert said.startswith("Held until the choice waiting now is made, then played in order")
            assert command in said
            assert s.tables.store.commands(game_id, after=seq) == []  # nothing played yet
            await click_all(s, game_id, answers)
            rows = s.tables.store.commands(game_id, after=seq)
            assert [(r["side"], r["normalised"]) for r in rows][-1] == ("french", command) == ("french", "end")
            # the channel says it ('**anna** — French: end.', the Russians to move), in the post of the map
            # under the answer that let it play: no DM says it again
            assert re.match(r"\*\*boris\*\* — (Russian: |\d{4} \(Russian )", s.posts()[-1])  # an advance: what it did
            assert f"\n**anna** — French: {command}." in s.posts()[-1] and s.channel.history()[-1].attachments
            assert not any("held orders" in m.content for m in s.anna.user.dm_channel.history())
            # the French player, whose orders were waiting, is not pinged to move meanwhile
            assert not [p for p in s.posts() if f"<@{s.anna.user.id}> Game {game_id}: your move" in p]
    play(test, tmp_path)


def test_a_new_message_of_orders_replaces_those_held(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, command = await retreat_asked(s)
            await send(s, [command])
            await send(s, ["help"])  # a query: answered, and what was held is dropped
            await click_all(s, game_id, answers)
            assert [r["side"] for r in s.tables.store.commands(game_id, after=seq)] == ["russian"] * len(answers)
    play(test, tmp_path)


def test_an_order_given_while_some_are_held_is_added_the_box_opens_with_them_and_emptied_drops_them(tmp_path):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, command = await retreat_asked(s)
            await send(s, [command])
            added = reply(await s.anna.slash(s.channel, "order", command="help"))  # a query: answered, none dropped
            assert "Held until" not in added and s.tables.play.held_in(actor(s.anna), str(s.channel.id)) == command
            added = reply(await s.anna.slash(s.channel, "order", command=command))
            assert added.startswith(f"Held until the choice waiting now is made, then played in order: 1. {command}; "
                                    f"2. {command}. (`/orders` opens them to change; emptied, it drops them.)")
            shown = await s.anna.slash(s.channel, "orders")
            (box,) = shown.modal["components"][0]["components"]
            assert box["custom_id"] == ORDERS_BOX and box["value"] == f"{command}\n{command}"
            dropped = reply(await s.anna.submit_modal(shown, {ORDERS_BOX: ""}))
            assert dropped == "Your held orders are dropped: none will be played."
            await click_all(s, game_id, answers)
            assert [r["side"] for r in s.tables.store.commands(game_id, after=seq)] == ["russian"] * len(answers)
    play(test, tmp_path)


async def hits_asked(s: Server) -> tuple[int, int, list[str], dict]:
    """Last Blood after a French Grande Batterie shot: the game, its position, the answers the
    Russian's hits ask (each the first offered), and the position once they are given."""
    game_id, _, _ = await reach(s, "bloody_monday", "last_blood", ["russian_jager"], 1, "hit")
    seq, state = s.tables.service.position(game_id)
    answers = []
    while (waiting := BLOODY_MONDAY.choice(state)) is not None:
        answers.append(ask.answers(BLOODY_MONDAY, state, waiting["side"])[0])
        state, _ = BLOODY_MONDAY.apply(state, waiting["side"], BLOODY_MONDAY.parse(waiting["side"], answers[-1]))
    return game_id, seq, answers, state


def test_the_answer_that_lets_held_orders_play_leaves_them_the_map_and_the_word_to_move(tmp_path):
    """Last Blood: the French fire their Grande Batterie, the Russian must apply the hits, and the
    French send their next shot meanwhile. Boris's click lets it play at once: his line no longer
    says 'French player: your move' under the headline and map of a phase the shot at once leaves;
    the shot's line shows them (bot/tables/superseded.py)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, state = await hits_asked(s)
            shot = next(c.to_text() for c in BLOODY_MONDAY.legal_commands(state, "french")
                        if c.to_text().startswith("fire"))
            assert (await send(s, [shot])).startswith("Held until the choice waiting now is made")
            posted = len(s.posts())
            await click_all(s, game_id, answers)
            said = "\n".join(s.posts()[posted:])
            assert said.count("Turn 1 of 4") == 1 and "French player: your move" not in said
            assert said.index("**boris** — ") < said.index("**anna** — Grande Batterie (9.2)") < said.index("Turn 1")
            assert [r["normalised"] for r in s.tables.store.commands(game_id, after=seq)][-1] == shot
    play(test, tmp_path)


def test_held_orders_refused_once_due_leave_nothing_the_opponent_reads_changed(tmp_path):
    """Whether a side holds orders is its own business: the French hold a Grande Batterie shot into
    an area that is no target, refused once the hits are applied. Boris's click reads in the channel
    (and in his DMs) word for word as when the French held nothing: 'your move' pings Anna with
    her question in her DMs, not 'French player: your move' unpinged."""
    async def seen(db: Path, held: list[str]) -> tuple[list[str], list[str]]:
        async with server(db) as s:
            game_id, _, answers, _ = await hits_asked(s)
            if held:
                assert (await send(s, held)).startswith("Held until the choice waiting now is made")
            posted, told = len(s.posts()), len(list(s.boris.user.dm_channel.history()))
            await click_all(s, game_id, answers)
            return s.posts()[posted:], [m.content for m in list(s.boris.user.dm_channel.history())[told:]]

    async def test(db: Path) -> None:
        plain = await seen(db, [])
        refused = await seen(db.with_name("held.sqlite"), ["fire F-I-A2 99"])
        assert refused == plain and "your move" in plain[0][-1]
    play(test, tmp_path)


def test_the_private_lines_of_the_click_that_lets_held_orders_play_are_not_written_over(tmp_path):
    """Last Blood: the Russian applies the hits of a Grande Batterie shot by clicks while the French
    shot held behind them plays at once, in the same flush. What his hidden units suffered is told to
    him alone, in his kept view ('Latest for you: ... (R-1-3, infantry) takes a hit: strength 2'); the
    French shot's news rewrote that view before it was sent, and the line was lost: the later view
    carries what the earlier one alone told. The click's answer in his question message ('3 hits on
    R-1-3.') stays, the shot's question under it: it was written over by that question."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, seq, answers, _ = await hits_asked(s)
            _, state = s.tables.service.position(game_id)
            private = []
            for text in answers:
                state, events = BLOODY_MONDAY.apply(state, "russian", BLOODY_MONDAY.parse("russian", text))
                private += [e["text"] for e in events if e.get("to") == "russian"]
            assert private  # hidden units took the hits
            shot = next(c.to_text() for c in BLOODY_MONDAY.legal_commands(state, "french")
                        if c.to_text().startswith("fire"))
            assert (await send(s, [shot])).startswith("Held until the choice waiting now is made")
            await click_all(s, game_id, answers)
            assert [r["normalised"] for r in s.tables.store.commands(game_id, after=seq)][-1] == shot
            told = "\n".join(s.dms(s.boris))
            assert all(line in told for line in private), (private, told)
            assert answers == ["hit R-1-3 R-1-3 R-1-3"]
            assert s.dms(s.boris)[-1].startswith(f"Game {game_id}: 3 hits on R-1-3.\nThe game waits for you, due ")
            assert "Apply 1 hit in 46" in s.dms(s.boris)[-1]
    play(test, tmp_path)


def test_a_click_s_answer_shown_stays_above_the_next_question(tmp_path):
    """Last Blood: Boris's click '3 hits on R-1-3' is written in his question message; the French
    shot that follows (a computer's would come seconds later) asks him again in that message. The
    answer stays, the question under it: it was written over before he had a chance to read it."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, answers, state = await hits_asked(s)
            await click_all(s, game_id, answers)
            assert s.dms(s.boris)[-1] == f"Game {game_id}: 3 hits on R-1-3."
            asked = len(s.dms(s.boris))
            shot = next(c.to_text() for c in BLOODY_MONDAY.legal_commands(state, "french")
                        if c.to_text().startswith("fire"))
            await send(s, [shot])
            assert len(s.dms(s.boris)) == asked and "Apply 1 hit in 46" in s.dms(s.boris)[-1]
            assert s.dms(s.boris)[-1].startswith(f"Game {game_id}: 3 hits on R-1-3.\n"), s.dms(s.boris)[-1]
    play(test, tmp_path)


def test_a_question_asked_at_once_in_a_dm_of_its_own_says_no_answer_the_clicked_message_says(tmp_path):
    """Last Blood, Boris taking his reminders by DM (/prefs): his click '3 hits on R-1-3' lets the
    French shot held behind it play at once, whose hits he is asked anew in a DM of its own (a new
    DM notifies). The clicked message, just above, says the answer; the new DM asks alone, where it
    said the answer again above its question (a line he had just read)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.boris.slash(s.channel, "prefs", remind="dm")
            game_id, _, answers, state = await hits_asked(s)
            shot = next(c.to_text() for c in BLOODY_MONDAY.legal_commands(state, "french")
                        if c.to_text().startswith("fire"))
            await send(s, [shot])
            asked = len(s.dms(s.boris))
            await click_all(s, game_id, answers)
            assert len(s.dms(s.boris)) == asked + 1, s.dms(s.boris)[asked - 1:]
            assert s.dms(s.boris)[-1].startswith(f"Game {game_id}: the game waits for you, due ")
            assert "Apply 1 hit in 46" in s.dms(s.boris)[-1] and "R-1-3" not in s.dms(s.boris)[-1]
            assert s.dms(s.boris)[-2].endswith("3 hits on R-1-3."), s.dms(s.boris)[-2]
    play(test, tmp_path)


FLECHES = ["move 3321 3219", "move 3322 3119", "move 3022 3019", "move 2922 2919", "move 3422 3220", "move 2223 2320",
           "move 2523 2419", "move 1921 2219", "move 3724 3820", "move 3922 3920", "end"]  # 7 Sept, seed 1
ATTACKS = ["attack 2219+2320+2419 -> 2319", "attack 2919+3019+3119 -> 3018", "attack 3219+3220 -> 3218",
           "attack 3820 -> 3819", "attack 3920 -> 3919"]


def test_a_combat_phase_declining_every_advance_in_one_box_takes_its_player_that_box(tmp_path):
    """7 September, seed 1: the French player sends her Combat Phase in one box, each attack followed by
    `stay` (she will not advance, Combat H), then `end`. The first attack (De) offers her an advance and
    her `stay` answers it; the others end Ar or Ae, so the Russian chooses and her `stay` declines
    nothing. It was refused once he had clicked, the rest of her box not tried: a DM, a ping and the
    rest sent again, four times over; it is passed over (Moot), and her box plays through as he
    answers: one interaction, no DM, never pinged meanwhile."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.tables.lobby.new(actor(s.anna), str(s.guild.id), str(s.channel.id), "borodino", "7sep", seed=1)
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
            game_id = s.game()["id"]
            for line in FLECHES:
                assert (await asyncio.to_thread(s.tables.service.submit, game_id, "french", line,
                                                compose=quietly)).accepted
            posted, told = len(s.posts()), len(s.dms(s.anna))
            said = await send(s, [order for attack in ATTACKS for order in (attack, "stay")] + ["end"])
            assert "2. ✅ French: stay." in said and "Held until the choice waiting now is made" in said
            clicks = 0
            while (waiting := BORODINO.choice(s.tables.service.load(game_id))) is not None:
                assert waiting["side"] == "russian"
                state = s.tables.service.load(game_id)
                answers = ask.answers(BORODINO, state, "russian")
                await click_all(s, game_id, ["stay" if "stay" in answers else answers[0]])
                clicks += 1
            assert clicks == 7  # two retreats of the beaten attackers, one after the last attack; four advances
            state = s.tables.service.load(game_id)
            assert (state["phase"], state["player"]) == ("movement", "russian")
            french = [r["normalised"] for r in s.tables.store.commands(game_id) if r["side"] == "french"]
            assert french[len(FLECHES):] == [ATTACKS[0], "stay", *ATTACKS[1:], "end"]
            assert s.dms(s.anna)[told:] == []
            assert not [p for p in s.posts()[posted:] if f"<@{s.anna.user.id}>" in p]
    play(test, tmp_path)
