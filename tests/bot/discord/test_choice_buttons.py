"""Every mid-turn choice on a simulated Discord (simcord, the real discord.py client and bot): the
chooser is offered the engine's legal answers as buttons (or a menu), a click plays the answer,
the buttons still work after a restart, and a player the game starts waiting for is told once what
is asked. One position per kind of choice of each system, reached by seeded random play."""
from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

import rules
from bot import asked as ask
from bot.config import GameSettings
from bot.discord.buttons import shown_label, stored_view
from bot.discord.order_forms import shown
from bot.permissions import Actor, Expired, TableError
from bot.store import Told
from rules.core.setup import for_a_new_game
from rules.core.standing import choosers
from tests.bot.discord.sim import Server, borodino, play, reply, server

BORODINO = rules.load("borodino")
# 1812's Battle Plan Chart leaves the defender the choice when Outflank meets Withdraw: random play
# gives those chits when it may, to reach that rare choice.
PREFERRED = {"defence": ("plan outflank", "plan withdraw")}
STEPS = 2000  # random commands before a position is given up (a seed that no longer reaches its choice)
# (system, scenario, options, seed, kind, told): seeded random play (random.Random(seed), the first
# side that may act drawing its command) reaches that kind of choice early; `told`: the choice falls
# to a player the game was not waiting for, who gets a notice.
POSITIONS = [
    ("borodino", "6sep", None, 10, "retreat", True),  # the defender won: it sends the attackers back
    ("borodino", "6sep", None, 3, "advance", True),  # the defender advances into the hex left
    ("borodino", "6sep", None, 11, "loss", False),  # the attacker's own exchange
    ("borodino", "6sep", None, 7, "artillery", False),
    ("bloody_monday", "last_blood", ["russian_jager"], 1, "hit", True),  # the defender's hits
    ("bloody_monday", "bloody_monday", ["russian_jager"], 9, "retreat", True),
    ("bloody_monday", "last_blood", ["russian_jager"], 33, "jager", False),
    ("campaign_1812", "campaign", None, 2, "attrition", True),  # the game begins with it
    ("campaign_1812", "borodino", None, 9, "plan", True),  # both players, at once, in secret
    ("campaign_1812", "borodino", None, 23, "retreat", True),
    ("campaign_1812", "borodino", None, 323, "removal", False),
    ("campaign_1812", "borodino", None, 9, "defence", True),  # the defender, whose chit was down
]


def person(s: Server, side: str):
    return s.anna if side == "french" else s.boris


def actor(member) -> Actor:
    return Actor(str(member.user.id), member.user.name, False)


def quietly(result, before, after) -> Told:
    """The news of the commands that set a position up: none (they are not what is tested)."""
    return Told([])


async def reach(s: Server, system_name: str, scenario: str, options, seed: int, kind: str,
                computer: bool = False, more=lambda state: True) -> tuple[int, bool, set[int]]:
    """A seeded game in the channel, Anna French and Boris Russian (the computer, with `computer`),
    played at random until the first choice of `kind` waits that is not the only answer (the service
    plays those at once, as the walk does): every command quietly but the last,
    which is played at the table by its player's `/order` (its news is what the test reads); a game
    that begins with the choice asks it when it starts. Returns the game, whether the game waited for
    the chooser before, and the messages sent before that last command. `more`: what else the position
    must be."""
    system = rules.load(system_name)
    state = system.setup(scenario, seed, for_a_new_game(system.INFO.new_game_options, list(options or ())))
    rng, line = random.Random(seed), []
    forced = getattr(system, "forced_answer", lambda state: None)
    while (waiting := system.choice(state)) is None or waiting["kind"] != kind or forced(state) or not more(state):
        assert len(line) < STEPS, f"{system_name} seed {seed}: no {kind} choice in {STEPS} commands"
        if waiting is not None and (only := forced(state)) is not None:  # the service plays it at once
            state, _ = system.apply(state, waiting["side"], only[0])
            continue
        side = system.active_sides(state)[0]
        if kind in PREFERRED and waiting is not None and waiting.get("sides"):
            side = waiting["sides"][0]  # a side whose chit is down may change it: the other places its own
        wanted = [cmd for cmd in system.legal_commands(state, side) if cmd.to_text() in PREFERRED[kind]] \
            if kind in PREFERRED else []
        cmd = wanted[0] if wanted else system.sample_command(state, side, rng)
        line.append((side, cmd.to_text()))
        state, _ = system.apply(state, side, cmd)
    tables = s.tables
    await tables.lobby.new(actor(s.anna), str(s.guild.id), str(s.channel.id), system_name, scenario,
                           seed=seed, options=" ".join(options or ()))
    await s.anna.slash(s.channel, "game join", side="french")
    if computer:
        await s.anna.slash(s.channel, "game seat", side="russian", player="computer")
    else:
        await s.boris.slash(s.channel, "game join", side="russian")
    chooser = choosers(system.choice(state))[0]
    await s.env.settle()
    earlier = {m.id for m in seen(s, person(s, chooser))}
    await s.anna.slash(s.channel, "game start")
    game_id = s.game()["id"]
    for side, text in line[:-1]:
        result = await asyncio.to_thread(tables.service.submit, game_id, side, text, compose=quietly)
        assert result.accepted
    before = tables.service.load(game_id)
    waited = bool(line) and chooser in ask.awaited(system, before)
    await s.env.settle()
    if line:
        earlier = {m.id for m in seen(s, person(s, chooser))}
        side, text = line[-1]
        await person(s, side).slash(s.channel, "order", command=text)
    await s.env.settle()
    return game_id, waited, earlier


async def answer(member, message, value: str):
    """Click the button of `value`, or pick it in the menu: as the member in the channel, as the
    user in their DMs."""
    who = member.user if message.guild is None else member
    ids = answer_ids(message)
    if ids[0].startswith("kolocha:answers:"):
        return await who.select(message, [value])
    return await who.click(message, custom_id=next(i for i in ids if i.endswith(f":{value}")))


def answer_ids(message) -> list[str]:
    return [child.custom_id for row in message.components for child in row.children
            if str(child.custom_id).startswith("kolocha:answer")]


def answer_labels(message) -> list[str]:
    """What the answers read as: each button's label, or each option of the menu."""
    return [label for row in message.components for child in row.children
            if str(child.custom_id).startswith("kolocha:answer")
            for label in ([o.label for o in child.options] if hasattr(child, "options") else [child.label])]


def seen(s: Server, member) -> list:
    """The messages a player reads: their DMs and the channel's."""
    return [*member.user.dm_channel.history(), *s.channel.history()] if member.user.dm_channel \
        else list(s.channel.history())


def questions(s: Server, member) -> list:
    """The messages the chooser may answer with a click: in their DMs or in the channel."""
    return [m for m in seen(s, member) if answer_ids(m)]


@pytest.mark.parametrize("system_name, scenario, options, seed, kind, told", POSITIONS,
                         ids=[f"{p[0]}-{p[4]}" for p in POSITIONS])
def test_a_choice_comes_with_its_answers_and_a_click_after_a_restart_plays_one(
        tmp_path, system_name, scenario, options, seed, kind, told):
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, waited, earlier = await reach(s, system_name, scenario, options, seed, kind)
            system = rules.load(system_name)
            seq, state = s.tables.service.position(game_id)
            chooser = choosers(system.choice(state))[0]
            member = person(s, chooser)
            legal = ask.answers(system, state, chooser)
            known = s.tables.store.seen_seq(game_id, chooser)  # the position as the chooser knows it
            (offered,) = [m for m in questions(s, member) if f":{chooser}:{known}" in answer_ids(m)[0]]
            question = ask.question(system, state, chooser)
            asked = shown(question.text, typed=False, place="dm" if offered.guild is None else "channel")  # as shown
            assert asked in offered.content
            most = 80 if len(legal) <= 5 else 100  # a button's label, or a menu option's
            assert answer_labels(offered) == [shown_label(label, text, most) for label, text in
                                              zip(question.labels, question.answers, strict=True)]
            assert not set(question.labels) & set(legal), "each answer reads as words, not as the command it plays"
            assert waited is not told
            if told:  # awaited means told: once, saying what is asked
                notices = [m for m in seen(s, member) if m.id not in earlier and (
                    f"<@{member.user.id}>" in m.content if m.guild is not None
                    else asked in m.content and "your view as" not in m.content)]
                assert [m.id for m in notices] == [offered.id]
            if offered.guild is not None:  # asked in the channel: said once, its buttons on the change's line
                said = [m.id for m in s.channel.history() if m.id not in earlier and asked in m.content]
                assert said == [offered.id]
            await s.restart()
            if len(legal) <= 5:
                assert answer_ids(offered) == [f"kolocha:answer:{game_id}:{chooser}:{known}:{text}"
                                               for text in legal]
            else:
                assert answer_ids(offered) == [f"kolocha:answers:{game_id}:{chooser}:{known}"]
            if offered.guild is not None:  # in the channel, another's click is refused and leaves the buttons
                other = s.boris if member is s.anna else s.anna
                await answer(other, offered, legal[0])
                (still,) = [m for m in s.channel.history() if m.id == offered.id]
                assert answer_ids(still) == answer_ids(offered) and not s.tables.store.commands(game_id, after=seq)
            clicked = await answer(member, offered, legal[0])
            assert "expired" not in reply(clicked)
            row = s.tables.store.commands(game_id, after=seq)[0]
            assert (row["side"], row["normalised"].lower()) == (chooser, legal[0].lower())
            (now,) = [m for m in seen(s, member) if m.id == offered.id]
            assert all(i.split(":")[4] != str(known) for i in answer_ids(now)), \
                "the answered question loses its buttons (a next question to the chooser may take its place)"
            if offered.guild is not None:  # in the channel its words stay, what the change it rides on said
                assert now.content == offered.content
            answered = reply(clicked) if offered.guild is not None else now.content.removeprefix(f"Game {game_id}: ")
            assert answered.startswith(question.labels[0] + "."), "the reply repeats the words pressed, not the command"
            with pytest.raises(Expired, match="This button has expired"):  # refused alike to all: its buttons may go
                await s.tables.play.answer(actor(member), game_id, chooser, known, legal[0])
    play(test, tmp_path)


def test_a_reminder_repeats_what_is_asked_with_the_answers(tmp_path):
    """The reminder of a Borodino retreat that fell to the Russian player says what is asked, once,
    where the game asked him (the channel of an open game), and carries the answers again; no DM
    says it a second time."""
    async def test(db: Path) -> None:
        async with server(db, defaults=GameSettings(deadline_hours=2, reminders=(1,))) as s:
            game_id, _, _ = await reach(s, "borodino", "6sep", None, 10, "retreat")
            seq, state = s.tables.service.position(game_id)
            asked = shown(ask.question(BORODINO, state, "russian").text, typed=False)
            await s.env.advance_time(3600 + 1)
            (reminded,) = [m for m in s.channel.history() if m.content.startswith(
                f"<@{s.boris.user.id}> Game {game_id}: your move is due")]
            assert asked in reminded.content and answer_ids(reminded)
            assert not [m for m in s.boris.user.dm_channel.history() if "move is due" in m.content]
            await answer(s.boris, reminded, ask.answers(BORODINO, state, "russian")[0])
            assert s.tables.store.commands(game_id, after=seq)[0]["side"] == "russian"
    play(test, tmp_path)


def test_a_player_who_wants_dms_is_told_by_dm_not_pinged_in_the_channel(tmp_path):
    """Boris asked for reminders by DM (/prefs): the Borodino advance that falls to him comes by
    DM with its buttons, and no channel message pings him."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.boris.slash(s.channel, "prefs", remind="dm")
            game_id, _, earlier = await reach(s, "borodino", "6sep", None, 3, "advance")
            seq, state = s.tables.service.position(game_id)
            new = [m for m in seen(s, s.boris) if m.id not in earlier]
            assert not [m for m in new if m.guild is not None and f"<@{s.boris.user.id}>" in m.content]
            (told,) = [m for m in new if m.guild is None]
            assert "the game waits for you, due" in told.content and answer_ids(told)
            assert shown(ask.question(BORODINO, state, "russian").text, typed=False, place="dm") in told.content
    play(test, tmp_path)


def test_an_undo_request_comes_with_accept_and_refuse_that_survive_a_restart(tmp_path):
    """Anna ends her Movement Phase and asks to undo it: Boris's DM carries Accept and Refuse for
    that request; after a restart Accept undoes it; the request answered, the buttons are gone
    and an old one has expired."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id = await borodino(s)
            await s.anna.slash(s.channel, "order", command="end")
            seq = s.tables.store.last_seq(game_id)
            await s.anna.slash(s.channel, "order", command="undo")
            (asked,) = [m for m in s.boris.user.dm_channel.history() if "asks to undo" in m.content]
            ids = [child.custom_id for row in asked.components for child in row.children]
            assert ids == [f"kolocha:accept:{game_id}:russian:{seq}", f"kolocha:refuse:{game_id}:russian:{seq}"]
            await s.restart()
            await s.boris.user.click(asked, custom_id=ids[0])
            assert s.tables.store.last_seq(game_id) == seq - 1 and not s.game()["pending_undo"]
            with pytest.raises(TableError, match="This button has expired"):
                await s.tables.play.confirm(actor(s.boris), "refuse", game_id, "russian", seq)
    play(test, tmp_path)


def test_a_chain_of_hits_is_asked_in_one_dm_edited_in_place_after_a_restart_too(tmp_path):
    """Bloody Monday 5.3.6: hits are applied one by one, each to one of the strongest blocks; nothing
    comes between them, so one click applies them all: the buttons offer each whole way to apply
    them. A player who types one hit instead gets the next question of the chain in the place of
    the one answered, under its answer, with its own buttons: one DM for the chain, also after a
    restart, every answer written there in order (the typed hit was lost once the click's was)."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, _ = await reach(s, "bloody_monday", "last_blood", ["russian_jager"], 2, "hit")
            system = rules.load("bloody_monday")
            dms = s.boris.user.dm_channel
            earlier = {m.id for m in dms.history()}
            (asked,) = [m for m in dms.history() if answer_ids(m)]
            state = s.tables.service.load(game_id)
            assert ask.answers(system, state, "russian") == ("hit R-2-1J R-2-7 R-2-1J", "hit R-2-1J R-2-7 R-2-7")
            assert [i.split(":")[-1] for i in answer_ids(asked)] == ["hit R-2-1J R-2-7 R-2-1J",
                                                                     "hit R-2-1J R-2-7 R-2-7"]
            await s.boris.slash(s.channel, "order", command="hit R-2-1J")  # one hit, typed
            await s.env.settle()
            (asked,) = [m for m in dms.history() if m.id == asked.id]
            assert asked.content.startswith("Game 1: Russian: hit R-2-1J.\nNext, due ") and \
                "Apply 2 hits in 46" in asked.content, asked.content
            assert [i.split(":")[-1] for i in answer_ids(asked)] == ["hit R-2-7 R-2-1J", "hit R-2-7 R-2-7"]
            await s.restart()  # the edited question's buttons are persistent
            clicked = await answer(s.boris, asked, "hit R-2-7 R-2-7")
            assert clicked.followups == []
            await s.env.settle()
            (asked,) = [m for m in dms.history() if m.id == asked.id]
            assert answer_ids(asked) == [] and \
                asked.content == "Game 1: Russian: hit R-2-1J.\n2 hits on R-2-7."  # each answer, the click's as pressed
            assert [m.id for m in dms.history() if m.id not in earlier] == []  # no DM more for the chain
            assert [r["normalised"] for r in s.tables.store.commands(game_id)[-2:]] == [
                "hit R-2-1J", "hit R-2-7 R-2-7"]
            assert system.choice(s.tables.service.load(game_id)) is None or \
                "russian" not in choosers(system.choice(s.tables.service.load(game_id)))
    play(test, tmp_path)



def test_a_question_answered_by_a_typed_order_says_its_answer_not_that_the_game_waits(tmp_path):
    """A question by DM answered by a typed order instead of its buttons: its message says what the
    order did, as a click's does, its buttons gone; it read 'The game waits for you: Apply 3 hits in
    46 ...' after the hits were applied. His next player-turn's question is a new DM, which notifies,
    the answer left as it reads."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, _ = await reach(s, "bloody_monday", "last_blood", ["russian_jager"], 2, "hit")
            dms = s.boris.user.dm_channel
            earlier = {m.id for m in dms.history()}
            (asked,) = [m for m in dms.history() if answer_ids(m)]
            await s.boris.slash(s.channel, "order", command="hit R-2-1J R-2-7 R-2-7")  # all of them, typed
            await s.env.settle()
            (asked,) = [m for m in dms.history() if m.id == asked.id]
            assert answer_ids(asked) == [] and "waits for you" not in asked.content, asked.content
            assert asked.content.startswith("Game 1: ") and "R-2-7" in asked.content, asked.content
            assert [m.id for m in dms.history() if m.id not in earlier] == []  # no DM more for it
            assert s.tables.store.commands(game_id)[-1]["normalised"] == "hit R-2-1J R-2-7 R-2-7"
            posts = {m.id for m in s.channel.history()}
            system = rules.load("bloody_monday")
            while "russian" not in ask.awaited(system, state := s.tables.service.load(game_id)):
                legal = [c.to_text() for c in system.legal_commands(state, "french")]
                await s.anna.slash(s.channel, "order", command=next(c for c in ("pass", "end", *legal) if c in legal))
                await s.env.settle()
            (new,) = [m for m in dms.history() if m.id not in earlier and "waits for you" in m.content]
            assert new.id != asked.id and "Russian impulse" in new.content  # a new DM, which notifies
            assert [m.content for m in dms.history() if m.id == asked.id] == [asked.content]
            assert not [m for m in s.channel.history() if m.id not in posts and f"<@{s.boris.user.id}>" in m.content]
    play(test, tmp_path)


def test_a_question_answered_by_a_typed_order_that_ends_the_player_turn_says_its_answer(tmp_path):
    """1812, COMBAT: the Russian's last retreat of his player-turn, typed instead of clicked, ends it,
    and the French Player-Turn asks him at once of his attrition. The retreat's question says what
    the order did under the retreat typed before it, its buttons gone (it read 'the game waits for you'
    with live buttons, the order typed and played: only a question of the player-turn going on was
    written over); the attrition
    question comes as a new DM, which notifies, not in the place of the one answered."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, _ = await reach(s, "campaign_1812", "borodino", None, 4, "retreat")
            dms = s.boris.user.dm_channel
            await s.boris.slash(s.channel, "order", command="retreat 4")  # typed: his next retreat in its place
            await s.env.settle()
            (asked,) = [m for m in dms.history() if answer_ids(m)]
            assert "Retreat your stack from Vyazma (161)" in asked.content
            earlier = {m.id for m in dms.history()}
            posts = {m.id for m in s.channel.history()}
            await s.boris.slash(s.channel, "order", command="retreat 24")  # typed: the player-turn ends
            await s.env.settle()
            assert s.tables.service.load(game_id)["player"] == "french"
            (answered,) = [m for m in dms.history() if m.id == asked.id]
            assert answer_ids(answered) == [] and \
                answered.content == "Game 1: Russian: retreat 4.\nRussian: retreat 24.", answered.content  # in order
            (new,) = [m for m in dms.history() if m.id not in earlier and answer_ids(m)]
            assert new.content.startswith("Game 1: the game waits for you, due ") and "ttrition" in new.content
            assert not [m for m in s.channel.history() if m.id not in posts and f"<@{s.boris.user.id}>" in m.content]
            assert not [m for m in s.anna.user.dm_channel.history() if "retreat 24" in m.content]  # his DM alone
            played = s.tables.store.last_seq(game_id)
            with pytest.raises(Expired, match=r": you answered that question \(retreat 24\); the game waits for your "
                               "answer to its next question, asked with its own buttons"):  # its old buttons, pressed
                await s.tables.play.answer(actor(s.boris), game_id, "russian", int(answer_ids(asked)[0].split(":")[4]),
                                           "retreat 23")
            assert s.tables.store.last_seq(game_id) == played  # nothing played for the attrition asked now
    play(test, tmp_path)


def test_a_click_and_the_answer_played_at_once_after_it_are_told_together_in_its_dm(tmp_path):
    """Borodino 6 Sept, Combat H: Boris, by DM, chooses where the French unit his defence threw back
    retreats (Ar); his standing order then declines the advance it opens, played at once. His question
    message read the click's words alone ('F-III-11 retreats to 3120.'), the order's 'stay' only in the
    channel; it reads both, in order, its buttons gone, and no DM more."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            await s.boris.slash(s.channel, "prefs", remind="dm")
            game_id, _, _ = await reach(s, "borodino", "6sep", None, 3, "retreat")
            await s.boris.slash(s.channel, "order", command="orders advance never")
            dms = s.boris.user.dm_channel
            (asked,) = [m for m in dms.history() if answer_ids(m)]
            earlier = {m.id for m in dms.history()}
            await answer(s.boris, asked, "retreat 3120")
            await s.env.settle()
            (asked,) = [m for m in dms.history() if m.id == asked.id]
            assert answer_ids(asked) == [] and asked.content == \
                f"Game {game_id}: F-III-11 retreats to 3120.\nRussian by standing order (advance: never): stay."
            assert "\nRussian by standing order (advance: never): stay.\n" in s.posts()[-1]  # the channel says it too
            assert [m.id for m in dms.history() if m.id not in earlier] == []
    play(test, tmp_path)


# Bloody Monday, seed 1: the French first impulse up to its fires, played quietly (not what is tested)
OPENING = ("tactical; activate F-IV-E; activate F-I-D; activate F-CR-M; activate F-III-N; move F-CR-1H 41; "
           "move F-CR-2H 41; move F-IV-IRG 41; move F-IV-13 41; move F-I-5 46; move F-CR-5H 46; move F-I-1 46; "
           "move F-I-3 46; move F-III-10 45; move F-CR-6H 45; move F-CR-7H 45; move F-CR-4LC 45; move F-CR-1LC 42; "
           "move F-IV-14 42; move F-IV-15 42; move F-IV-Bav 42; move F-III-LC 29; move F-III-11 15; move F-I-LC 31; "
           "move F-I-4 31; move F-I-2 31; move F-CR-3LC 29; move F-CR-2LC 29; activate F-I-A2; activate F-III-A; "
           "activate F-IV-A; inspire F-I-D F-I-5; battle 41; battle 42").split("; ")


@pytest.mark.parametrize("remind", ["both", "dm"])
def test_a_players_questions_of_an_impulse_share_one_dm_and_a_ping_tells_them_when_awaited_again(tmp_path, remind):
    """Bloody Monday 5.3.6, the French firing four times in their impulse: the Russian player applies
    the hits of each fire, the French acting between them. The hits on his lone blocks in 42 and 45 are
    his only answers, applied at once (both players see that each is alone there), so he is asked
    nothing; the two fires into 46, where he has two blocks, ask him. His questions of the impulse are
    asked in one DM, edited in place: the first notifies as a new DM; when the game waits for him
    again, the question takes the place of the one answered, under its answer, and a ping in the channel (whether the
    game waits for him is public) points to it; a player who takes reminders by DM (/prefs) gets a
    new DM instead, unpinged. Its buttons work after a restart; the next impulse waits for him
    anew in a new DM."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            system = rules.load("bloody_monday")
            await s.boris.slash(s.channel, "prefs", remind=remind)
            await s.tables.lobby.new(actor(s.anna), str(s.guild.id), str(s.channel.id), "bloody_monday",
                                     "bloody_monday", seed=1)
            await s.anna.slash(s.channel, "game join", side="french")
            await s.boris.slash(s.channel, "game join", side="russian")
            await s.anna.slash(s.channel, "game start")
            game_id = s.game()["id"]
            for text in OPENING:
                result = await asyncio.to_thread(s.tables.service.submit, game_id, "french", text, compose=quietly)
                assert result.accepted, text
            await s.env.settle()
            dms, earlier = s.boris.user.dm_channel, {m.id for m in s.boris.user.dm_channel.history()}
            asked = None
            pings = questions = 0
            for fire, asks in (("fire F-IV-A 42", False), ("battle 45; fire F-III-A 45", False),
                               ("battle 46; fire F-I-A2 46", True), ("fire F-III-A 46", True)):
                posts = {m.id for m in s.channel.history()}
                for text in fire.split("; "):
                    await s.anna.slash(s.channel, "order", command=text)
                await s.env.settle()
                pinged = [m for m in s.channel.history() if m.id not in posts and f"<@{s.boris.user.id}>" in m.content]
                if not asks:
                    said = [m.content for m in s.channel.history() if m.id not in posts]
                    assert any(", forced: the only Russian block in 4" in line for line in said), said
                    assert [m for m in dms.history() if m.id not in earlier and answer_ids(m)] == [] and not pinged
                    continue
                new = [m for m in dms.history() if m.id not in earlier]
                assert len(new) == (1 if remind == "both" else questions + 1)  # one question message, or one a fire
                asked = new[-1]
                assert "the game waits for you, due" in asked.content.lower() and answer_ids(asked)
                if questions and remind == "both":  # under the answer its place held, which stays
                    assert re.match(r"Game 1: \d hits? on R-.*\.\nThe game waits for you, due ", asked.content)
                assert len(pinged) == (1 if questions and remind == "both" else 0)  # a new DM notifies
                pings += len(pinged)
                assert all(m.content.endswith("what is asked is in your private news.") for m in pinged)
                if questions:
                    await s.restart()  # the buttons of the edited question are persistent
                questions += 1
                while (waiting := system.choice(state := s.tables.service.load(game_id))) is not None and \
                        "russian" in choosers(waiting):
                    await answer(s.boris, asked, ask.answers(system, state, "russian")[0])
                    await s.env.settle()
                    (asked,) = [m for m in dms.history() if m.id == asked.id]
                assert re.match(r"Game 1: \d hits? on R-", asked.content) and answer_ids(asked) == []
            # the last hits in 46, played at once after his click (they end alike), read under it: the DM kept the
            # click's words alone, the forced line only in the channel and in his view
            assert asked.content.endswith("1 hit on R-2-2J.\nThe Russian player applies 2 hits in 46 (5.3.6), "
                                          "forced: every way to apply these hits ends alike."), asked.content
            assert pings == (1 if remind == "both" else 0)
            earlier = {m.id for m in dms.history()}
            await s.anna.slash(s.channel, "order", command="end")
            await s.env.settle()
            fresh = [m for m in dms.history() if m.id not in earlier]
            assert [m.content for m in fresh if "waits for you" in m.content] == [
                "Game 1: the game waits for you, due <t:1767398400:R>: Russian impulse: `tactical` or `pass` "
                "(4.0)."]  # the Initiative Disc is French (6.0); typed, as a DM takes them
    play(test, tmp_path)


def test_a_button_reads_its_label_and_a_row_stored_before_labels_its_command():
    """A stored question's buttons read their labels in words; a label past Discord's 80 characters,
    and a row stored before labels were, read the command each plays (never a label cut short)."""
    row = {"answers": ["retreat 15", "retreat 23"], "game": 1, "side": "french", "seq": 3}
    read = [item.item.label for item in stored_view(row).children]
    assert read == ["retreat 15", "retreat 23"]
    labelled = row | {"labels": ["Retreat to Smolensk (15)", "x" * 81]}
    assert [item.item.label for item in stored_view(labelled).children] == ["Retreat to Smolensk (15)", "retreat 23"]


def test_a_click_by_dm_that_a_standing_order_gives_says_that_order_once_in_a_hidden_game_too(tmp_path):
    """1812's attrition, 2 losses the enemy chooses by DM, his question written in place: clicking the stack
    the order `nearest` names, he is told that order beside his question, once a game (its tip showed only in
    open games, under a click in the channel); the second loss says none."""
    async def test(db: Path) -> None:
        async with server(db) as s:
            game_id, _, _ = await reach(s, "campaign_1812", "campaign", None, 8, "attrition",
                                        more=lambda state: state["attrition"] == 2)
            system = rules.load("campaign_1812")
            tip = ("`orders attrition nearest` answers every such choice for you: the enemy stack nearest my own "
                   "stacks takes the loss (Attrition).")
            for said in ([tip], []):
                state = s.tables.service.load(game_id)
                chooser = system.choice(state)["side"]
                nearest = system.standing_command(state, chooser, {"attrition": "nearest"}).to_text()
                known = s.tables.store.seen_seq(game_id, chooser)
                (asked,) = [m for m in questions(s, person(s, chooser)) if f":{chooser}:{known}" in answer_ids(m)[0]]
                assert asked.guild is None  # by DM, written in place
                clicked = await answer(person(s, chooser), asked, nearest)
                await s.env.settle()
                assert [m.content for m in clicked.followups] == said
    play(test, tmp_path)
