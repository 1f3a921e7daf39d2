"""1812's posts at the table: a choice answered at once is told once, its answer where its question would
have been, a new Game-Turn's forced attrition included; spectators one turn behind still see the turn begin."""
from __future__ import annotations

import hashlib
import json
from datetime import timedelta

import pytest

from bot.config import GameSettings
from bot.service import GameService
from bot.store import blank
from bot.tools import fog_check
from bot.tools.fog_check import Position
from rules import campaign_1812
from rules.campaign_1812 import swaptest
from bot.words import plain
from tests.bot.discord.discord_fakes import ANNA, BORIS, CHANNEL, WATCH, make_tables, run, seated_game
from tests.rules.campaign_1812.c1812_helpers import position, rig


def _at_the_supply_segment(tmp_path, delay: bool = False):
    """Turn 2's Supply Segment, the French to end it: the Russian Player-Turn of Game-Turn 3 opens with an
    attrition loss, and the Russians have one stack, in Moscow (17), so its loss is the only answer."""
    state = position({15: {"inf": 2}}, {17: {"inf": 1}}, phase="supply")
    rig(state["dice"], 6)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(campaign_1812, state))
    tables = make_tables(service, defaults=GameSettings(spectator_delay=delay), systems=("campaign_1812",))
    game = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    return tables, game


def test_a_forced_attrition_at_a_new_game_turn_is_told_once_where_its_question_would_have_been(tmp_path):
    """The French `end` of the Supply Segment posted 'Turn 3 ... Attrition Phase ... The French player chooses
    where Russian attrition falls (1 to take). French player: your move' with a map, then at once the forced
    answer under another map: a question no one was asked. One post tells the turn begun, the loss and the
    Russian Movement Phase, under one map."""
    tables, _ = _at_the_supply_segment(tmp_path)
    messenger = tables.delivery.messenger
    before = len(messenger.posts)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    posts = [(text, pictures) for where, text, pictures in messenger.posts[before:] if where == CHANNEL]
    assert len(posts) == 1 and len(posts[0][1]) >= 1, posts
    text = posts[0][0]
    assert "Game-Turn 3 (July II): the Russian Player-Turn." in text
    assert "the French player takes a Russian loss in Moscow (17), forced: the only Russian stack." in text
    assert "Attrition Phase" not in text and "chooses where Russian attrition falls" not in text
    assert "French player: your move" not in text and "| Movement Phase | Russian player" in text


def test_spectators_one_turn_behind_see_the_turn_begin_whose_first_choice_was_answered_at_once(tmp_path):
    """The turn begins with the French `end`, whose change posts nothing of its own: the forced answer's change
    tells it begun, and spectators one turn behind get the start of the turn before then."""
    tables, game = _at_the_supply_segment(tmp_path, delay=True)
    messenger = tables.delivery.messenger
    before = len(messenger.posts)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    watched = [text for where, text, _ in messenger.posts[before:] if where == WATCH]
    assert len(watched) == 1 and watched[0].startswith(f"Game {game}, one turn behind: the start of Game-Turn 2."), \
        watched


@pytest.mark.parametrize("planted", [False, True])
def test_the_forced_attrition_told_once_reads_the_same_whatever_the_hidden_french_stacks_hold(monkeypatch, planted):
    """The swap test through the front ends (bot/tools/fog_check/): the French end the Supply Segment, the
    Russians' lone stack takes the attrition loss at once; the Russian player reads the same post, DMs and
    terminal whichever French stack, unseen, holds the cavalry. A positive control plants a choice between the
    question first and the answer alone read from the French stacks, and the two positions are told apart."""
    from bot.tables.news import Change

    if planted:
        told_once = Change._answered_at_once

        def leaky(self, system, before, after) -> bool:
            return told_once(self, system, before, after) and after["stacks"]["french"]["15"]["cav"] == 0
        monkeypatch.setattr(Change, "_answered_at_once", leaky)
    state = position({15: {"inf": 2}, 13: {"inf": 1, "cav": 1}}, {17: {"inf": 1}}, phase="supply")
    rig(state["dice"], 6)
    lines = [fog_check.Line("end", accepted=True, side="french")]
    one, two = (fog_check.observed(campaign_1812, at, "russian", lines, terminal=False)
                for at in (state, swaptest.swapped(state, "french", 15, 13)))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or any("Moscow (17), forced: the only Russian stack.\nGame-Turn 3 of 13" in seen for seen in one)


@pytest.mark.parametrize("planted", [False, True])
def test_the_french_question_his_own_ends_leave_unasked_reads_the_same_whatever_the_hidden_stacks_hold(
        monkeypatch, planted):
    """The French Player-Turn opens with a question by DM ('The game waits for you ...: Move stacks one place');
    the French `end` it through the Supply Segment, the Russian attrition that begins the next Game-Turn chosen
    at once by his standing order, and that question says his `end` (Change._played_out), where it stood over
    the Russian Player-Turn: the same whichever Russian stacks, unseen, hold what in Moscow (17) and Kaluga
    (24). A positive control plants a digest of the whole position in it, and the check tells them apart."""
    from bot.tables.news import Change

    if planted:
        played_out = Change._played_out

        def leaky(self, rows, system, after):
            if self.leaves is not None:
                whole = hashlib.sha256(json.dumps(after, sort_keys=True).encode()).hexdigest()[:12]
                self.leaves = (*self.leaves[:2], f"{self.leaves[2]} ({whole})")
            return played_out(self, rows, system, after)
        monkeypatch.setattr(Change, "_played_out", leaky)
    state = position({15: {"inf": 6}}, {17: {"inf": 2}, 24: {"inf": 2, "cav": 1}}, player="russian")
    rig(state["dice"], 6, 6, 6, 6)
    lines = [fog_check.Line("orders attrition nearest", accepted=True),
             *[fog_check.Line("end", typed=True, accepted=True, side="russian")] * 2,
             *[fog_check.Line("end", accepted=True)] * 3]
    one, two = (fog_check.observed(campaign_1812, at, "french", lines, terminal=False)
                for at in (state, swaptest.swapped(state, "russian", 17, 24)))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or any(seen.startswith("DM kept dm:") and seen.endswith(
        ": Game 1: Attrition in Smolensk (15): 1 infantry corps lost; left there: 5 infantry corps.\nAttrition in "
        "Smolensk (15): 1 infantry corps lost; left there: 4 infantry corps.\nFrench: end.") for seen in one)


def _dinaburg(tmp_path):
    """The Russian Player-Turn of Game-Turn 2 ended by a box of `end`, both players' standing orders given: the
    French Player-Turn opens with his attrition in Kovno (11), told in his question message above 'Move stacks
    one place', a Russian stack in Dinaburg (6) next door. The tables, and that message's place."""
    state = position({11: {"inf": 4}, 30: {"inf": 2}}, {6: {"inf": 2, "cav": 1}, 17: {"inf": 1}}, player="russian")
    rig(state["dice"], 6, 6, 6, 6)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(campaign_1812, state))
    tables = make_tables(service, systems=("campaign_1812",))
    run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    for actor in (ANNA, BORIS):
        run(tables.play.orders(actor, CHANNEL, STANDING))
    run(tables.play.orders(BORIS, CHANNEL, "end\nend\nend"))
    return tables


def _question_message(tables) -> str:
    """What the French player's question messages say now (his kept view apart)."""
    return "".join(piece for place, piece in tables.delivery.messenger.kept.values()
                   if place == f"dm:{ANNA.id}" and not piece.startswith("Game 1: your view"))


ATTRITION = ("Game 1: Attrition in Kovno (11): 1 infantry corps lost; left there: 3 infantry corps.\nAttrition in "
             "Kovno (11): 1 infantry corps lost; left there: 2 infantry corps.\n")


@pytest.mark.parametrize("box, then", [("end\nend", "The game waits for you, due "),
                                       ("end\nend\nend", "French: end.")])
def test_a_question_asked_again_in_its_player_turn_keeps_the_lines_its_message_told(tmp_path, box, then):
    """The French Player-Turn's question message tells his attrition above 'Move stacks one place'; his box moves
    into Dinaburg (6) and ends into the Supply Segment past the battle there, both sides' plans and the Russian
    retreat by standing order, and he is asked again in that message: the attrition read there was written over
    ('Game 1: The game waits for you ...: End the Supply Segment', then 'Game 1: French: end.' alone). The
    message keeps what it told, in order, above the question waiting now, and above his `end` once none waits."""
    tables = _dinaburg(tmp_path)
    assert _question_message(tables).startswith(ATTRITION + "The game waits for you, due ")
    run(tables.play.orders(ANNA, CHANNEL, "move 11 6 2 inf\n" + box))
    assert _question_message(tables).startswith(ATTRITION + then), _question_message(tables)


@pytest.mark.parametrize("planted", [False, True])
def test_a_question_asked_again_keeps_its_lines_whatever_the_hidden_russian_stacks_hold(monkeypatch, planted):
    """The swap test through the front ends (bot/tools/fog_check/) of that Player-Turn, each line given alone:
    the French player reads the same, his attrition kept above the Supply Segment asked again and above his
    `end`, whichever Russian stacks, unseen, hold what in Moscow (17) and Kaluga (24). A positive control plants a
    digest of the whole position in what the message keeps, and the check tells them apart."""
    from bot.store.preferences import PreferencesPart
    from bot.tables.news import Change

    orders = {"plan": "steady", "retreat": "rearward", "attrition": "nearest"}  # both players', as the game starts
    monkeypatch.setattr(PreferencesPart, "standing_orders", lambda self, game_id, side: dict(orders))
    if planted:
        shown_answer = Change._shown_answer

        def leaky(self, side, since, seq):
            told, state = shown_answer(self, side, since, seq), self.news.service.load(self.game_id)
            whole = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()[:12]
            return f"{plain(told)} ({whole})" if told else told
        monkeypatch.setattr(Change, "_shown_answer", leaky)
    state = position({11: {"inf": 4}, 30: {"inf": 2}}, {6: {"inf": 2, "cav": 1}, 17: {"inf": 1},
                                                        24: {"inf": 2, "cav": 1}}, player="russian")
    rig(state["dice"], 6, 6, 6, 6)
    lines = [*[fog_check.Line("end", typed=True, accepted=True, side="russian")] * 3,
             *(fog_check.Line(line, accepted=True) for line in ("move 11 6 2 inf", "end", "end", "end"))]
    one, two = (fog_check.observed(campaign_1812, at, "french", lines, terminal=False)
                for at in (state, swaptest.swapped(state, "russian", 17, 24)))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or any(seen.startswith("DM kept dm:") and seen.endswith(": " + ATTRITION + "French: end.")
                          for seen in one), one


STANDING = "orders plan steady\norders retreat rearward\norders attrition nearest"  # both players', as the game starts


def _kovno(tmp_path, player: str, dice: tuple[int, ...]):
    """The Movement Phase of `player`, with infantry of both sides in Kovno (11) and the dice `dice`, both players'
    standing orders giving the battle plans, the retreat and the attrition: the tables, and who plays `player`."""
    state = position({11: {"inf": 4}, 30: {"inf": 2}}, {11: {"inf": 2, "cav": 1}, 6: {"inf": 1}}, player=player)
    rig(state["dice"], *dice)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(campaign_1812, state))
    tables = make_tables(service, systems=("campaign_1812",))
    run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    for actor in (ANNA, BORIS):
        run(tables.play.orders(actor, CHANNEL, STANDING))
    return tables, ANNA if player == "french" else BORIS


def test_a_box_s_post_names_its_player_once_past_an_answer_played_for_the_other(tmp_path):
    """A French box of `end` three times past the battle in Kovno (11) into the Supply Segment, the Russian's
    retreat played by his standing order between them: its post read '**Anna** — ' again on the depletion under
    'Supply Segment.', below the retreat's line, which says whose it is ('The Russian stack in Kovno (11) retreats
    to Dinaburg (6), by standing order.'). One post, her name once, on its first line."""
    tables, actor = _kovno(tmp_path, "french", (6, 6, 6, 6))
    posts = len(tables.delivery.messenger.in_channel(CHANNEL))
    run(tables.play.orders(actor, CHANNEL, "end\nend\nend"))
    post, = tables.delivery.messenger.in_channel(CHANNEL)[posts:]
    lines = post.splitlines()
    assert lines[0].startswith("**Anna** — ") and post.count("**Anna**") == 1, post
    assert lines.index("The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order.") < \
        lines.index("Supply Segment.") < lines.index("Kovno (11) is now 100% depleted; Dinaburg (6) and East Prussia "
                                                     "(30) 50% (Area Depletion Chart).")


@pytest.mark.long  # two games at a table: about a second and a half
@pytest.mark.parametrize("planted", [False, True])
def test_a_box_s_post_names_its_player_once_whatever_the_hidden_russian_stacks_hold(monkeypatch, planted):
    """The swap test through the front ends (bot/tools/fog_check/) of that box: the French player reads the same,
    her name once in its post, whichever Russian stacks, unseen, hold what in Moscow (17) and Kaluga (24). A
    positive control plants a leak (the name said again on each line while Kaluga holds 2 infantry corps) and the
    check shows it."""
    from bot.delivery import runs
    from bot.store.preferences import PreferencesPart
    from bot.tables import play
    from bot.words import join, join_speakers

    orders = {"plan": "steady", "retreat": "rearward", "attrition": "nearest"}  # both players', as the game starts
    monkeypatch.setattr(PreferencesPart, "standing_orders", lambda self, game_id, side: dict(orders))
    if planted:
        now, judge = {}, play.Play._judge

        def reading(self, actor, game_id, *args, **kwargs):
            now["state"] = self.service.load(game_id)
            return judge(self, actor, game_id, *args, **kwargs)
        monkeypatch.setattr(play.Play, "_judge", reading)
        monkeypatch.setattr(runs, "join_speakers", lambda texts: (
            join if now and now["state"]["stacks"]["russian"]["24"]["inf"] == 2 else join_speakers)(texts))
    state = position({11: {"inf": 4}, 30: {"inf": 2}}, {11: {"inf": 2, "cav": 1}, 6: {"inf": 1}, 24: {"inf": 2},
                                                        17: {"inf": 1, "cav": 1}}, player="french")
    rig(state["dice"], 6, 6, 6, 6)
    given = [fog_check.Line(line, accepted=True) for line in ("end", "end", "end")]
    one, two = (fog_check.observed(campaign_1812, at, "french", given, batched=True, terminal=False)
                for at in (state, swaptest.swapped(state, "russian", 24, 17)))
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert planted or any(seen.startswith("posted in 100: **Viewer** — ") and seen.count("**Viewer**") == 1 and
                          "by standing order.\nSupply Segment.\nFrench: end.\nKovno (11) is now" in seen
                          for seen in one), one


@pytest.mark.parametrize("one_by_one", [False, True])
@pytest.mark.parametrize("player, dice", [("russian", (1, 1, 1, 1)), ("french", (6, 6, 6, 6))])
def test_a_box_past_a_battle_its_standing_orders_fight_tells_it_in_the_order_it_happened(tmp_path, player, dice,
                                                                                          one_by_one):
    """Combat (SPI's 1812 overview): a box of `end` and `end` past the Forced March Phase, both players' standing
    orders giving the battle plans and the retreat. The Russian's read '2. ✅ Russian: end. Russian by standing
    order: a `plan` command. The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order. ...
    Combat Phase. Battle in Kovno (11): ...', the retreat above the battle it followed and his own plan named
    by its verb alone. The reply tells each thing where it happened, his own plan by what he chose, the other's
    not at all (its chit goes down unseen); so does the reply to the second of two `/order end`, which read
    'Russian: end. Russian by standing order: a `plan` command. The Russian stack in Kovno (11) retreats ...'."""
    tables, actor = _kovno(tmp_path, player, dice)
    if one_by_one:
        run(tables.play.submit(actor, CHANNEL, "end"))
        ended = "2. ✅ " + plain(run(tables.play.submit(actor, CHANNEL, "end")))  # as the box's line 2 reads
    else:
        ended = plain(run(tables.play.orders(actor, CHANNEL, "end\nend"))).splitlines()[1]
    side = player.title()
    mine = f"Your Battle Plan in Kovno (11): Assault, by standing order. Battle of Kovno (11): {side} Assault"
    assert ended.startswith(f"2. ✅ {side}: end. Combat Phase. Battle in Kovno (11): the {side} player attacks "
                            f"(Combat). {mine}"), ended
    retreat = "The Russian stack in Kovno (11) retreats to Dinaburg (6), by standing order."  # lost, or thrown back
    assert ended.index("must retreat.") < ended.index(retreat) and "`plan`" not in ended and \
        "Entrench, by standing order" not in ended


def _seen_twice(tmp_path, monkeypatch, planted: bool, play, at) -> tuple[object, list[str], list[str]]:
    """What the Russian reads of `play` in the position `at` makes, the French holding 2 infantry corps in East
    Prussia (30) and 1 infantry and 1 cavalry corps in Warsaw (31), and all he observes there and with those two
    stacks exchanged, unseen by him; `planted`, with a positive control's leak: a digest of the whole position said
    with each answer a question message tells."""
    if planted:
        _plant_a_digest_with_each_answer(monkeypatch)
    state = at(**{"30": {"inf": 2}, "31": {"inf": 1, "cav": 1}})
    (read, one), (_, two) = (play(tmp_path / name, position) for name, position in (
        ("one", state), ("two", swaptest.swapped(state, "french", 30, 31))))
    return read, one, two


def _plant_a_digest_with_each_answer(monkeypatch) -> None:
    """A positive control's leak: a digest of the whole position said with each answer a question message tells."""
    from bot.tables.news import Change

    told_with = Change._told_with

    def leaky(self, side, since, outcome):
        whole = hashlib.sha256(json.dumps(self.news.service.load(self.game_id), sort_keys=True).encode()).hexdigest()
        return f"{plain(told_with(self, side, since, outcome))} ({whole[:12]})"
    monkeypatch.setattr(Change, "_told_with", leaky)


LATE = ("your Russian deadline has passed, so the bot plays for you. Until you act again, what falls to you this "
        "player-turn is played at once, as at this deadline.")


def _late_at_the_march(tmp_path, state: dict) -> tuple[list[str], list[str]]:
    """The Russian Forced March of `state`, a Russian stack with the French one in Kovno (11), both players'
    battle plans and retreats by standing order: the Russian deadline passes (`/game settings
    at_deadline:end`), and the bot plays his `end` and the battle, which begins the French Player-Turn, whose
    attrition the Russian chooses by DM, clicking its first answer, then the second. What the Russian's question
    message read after the deadline and after each click, and everything else he observed: the channel, his DMs,
    his kept messages, the buttons offered him."""
    tmp_path.mkdir(exist_ok=True)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(campaign_1812, state))
    tables = make_tables(service, systems=("campaign_1812",))
    game = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    run(tables.lobby.change_settings(ANNA, CHANNEL, {"at_deadline": "end"}))
    for actor in (ANNA, BORIS):
        run(tables.play.orders(actor, CHANNEL, "orders plan steady\norders retreat rearward"))
    run(tables.clocks.expire(game, "russian", timedelta(0)))
    messenger = tables.delivery.messenger
    asked, = [kept for kept, offered in messenger.kept_buttons.items() if offered]
    read = [messenger.kept[asked][1]]
    while (buttons := messenger.kept_buttons[asked]) is not None:  # the first answer, then the second
        answer = buttons["answers"][len(read) - 1]
        run(tables.play.answer(BORIS, game, "russian", buttons["seq"], answer, asked_in=asked))
        read.append(messenger.kept[asked][1])
    seen = [*messenger.in_channel(CHANNEL), *messenger.to(BORIS.id), *(str(b) for _, _, b in messenger.buttons),
            *(piece for place, piece in messenger.kept.values() if place == f"dm:{BORIS.id}")]
    return read, seen


def _at_the_march(**french: dict) -> dict:
    """The Russian Forced March, his stack having moved into Kovno (11), held by the French, who have two more
    stacks (`french`, by place), neither seen by the Russian."""
    return position({11: {"inf": 4}, **french}, {11: {"inf": 2}, 17: {"inf": 1}}, player="russian", phase="march")


def test_a_question_clicked_keeps_the_lines_its_message_told_above_it(tmp_path):
    """The Russian's question of the French attrition came as a new DM under the line his deadline's play told him
    ('your Russian deadline has passed, ...'), asked the first time; his first click wrote over it, the message
    reading 'Loss taken in Kovno (11).' alone. Each answer goes under what the message told, in order."""
    read, _ = _late_at_the_march(tmp_path, _at_the_march(**{"30": {"inf": 2}}))
    assert read[0].startswith(f"Game 1: {LATE}\nThe game waits for you, due "), read[0]
    assert read[1].startswith(f"Game 1: {LATE}\nLoss taken in Kovno (11).\nNext, due "), read[1]
    assert read[2] == f"Game 1: {LATE}\nLoss taken in Kovno (11).\nLoss taken in East Prussia (30).", read[2]


@pytest.mark.parametrize("planted", [False, True])
def test_a_question_clicked_keeps_its_lines_whatever_the_hidden_french_stacks_hold(tmp_path, monkeypatch, planted):
    """The swap test of that position: the Russian observes the same whichever French stacks, unseen, hold what in
    East Prussia (30) and Warsaw (31). A positive control plants a digest of the whole position in what the
    question message says with each answer, and the two are told apart."""
    read, one, two = _seen_twice(tmp_path, monkeypatch, planted, _late_at_the_march, _at_the_march)
    assert (one != two) is planted
    assert planted or read[-1].startswith(f"Game 1: {LATE}\nLoss taken in "), read


def _retreat_into_the_french_turn(tmp_path, state: dict) -> tuple[str, list[str]]:
    """The Russian Forced March of `state` ends in a battle in Kovno (11); both players click their battle plans by
    DM, Assault against Entrench, and the Russian clicks his retreat to Vilna (12), which ends his Player-Turn, the
    French attrition asked of him in that message. What it reads then, and all else the Russian observed: the
    channel, his DMs, his kept messages, the buttons offered him."""
    tmp_path.mkdir(exist_ok=True)
    service = GameService(blank(tmp_path / "k.sqlite"), loader=lambda name: Position(campaign_1812, state))
    tables = make_tables(service, systems=("campaign_1812",))
    game = run(seated_game(tables, system="campaign_1812", scenario="campaign", seed=1))
    messenger = tables.delivery.messenger
    run(tables.play.submit(BORIS, CHANNEL, "end"))
    for actor, side, answer in ((ANNA, "french", "plan entrench"), (BORIS, "russian", "plan assault"),
                                (BORIS, "russian", "retreat 12")):
        asked, = [kept for kept, offered in messenger.kept_buttons.items()
                  if offered and messenger.kept[kept][0] == f"dm:{actor.id}"]
        run(tables.play.answer(actor, game, side, messenger.kept_buttons[asked]["seq"], answer, asked_in=asked))
    seen = [*messenger.in_channel(CHANNEL), *messenger.to(BORIS.id),
            *(str(b) for where, _, b in messenger.buttons if where in (BORIS.id, f"dm:{BORIS.id}")),
            *(piece for place, piece in messenger.kept.values() if place == f"dm:{BORIS.id}")]
    return messenger.kept[asked][1], seen


def _into_kovno(**french: dict) -> dict:
    """The Russian Forced March, his stack having moved into Kovno (11), held by the French, who have more stacks
    (`french`, by place), unseen by the Russian."""
    return position({11: {"inf": 8}, **french}, {11: {"inf": 2}, 12: {"inf": 1}}, player="russian", phase="march")


def test_a_click_that_ends_its_player_turn_keeps_the_lines_above_it_under_the_next_turn_s_question(tmp_path):
    """His click of the retreat ends the Russian Player-Turn, and the French attrition he chooses comes in that
    message: 'Assault in Kovno (11).' was written over, the message reading 'Retreat to Vilna (12).' above the
    attrition. Both stay, in order, above it."""
    read, _ = _retreat_into_the_french_turn(tmp_path, _into_kovno(**{"30": {"inf": 2}}))
    assert read.startswith("Game 1: Assault in Kovno (11).\nRetreat to Vilna (12).\nNext, due <t:1772539200:R>: "
                           "Choose where French attrition falls"), read


@pytest.mark.parametrize("planted", [False, True])
def test_a_click_that_ends_its_player_turn_keeps_its_lines_whatever_the_hidden_french_stacks_hold(
        tmp_path, monkeypatch, planted):
    """The swap test of that position: the Russian observes the same whichever French stacks, unseen, hold what in
    East Prussia (30) and Warsaw (31). A positive control plants a digest of the whole position in what the clicked
    message says with its answer, and the two are told apart."""
    read, one, two = _seen_twice(tmp_path, monkeypatch, planted, _retreat_into_the_french_turn, _into_kovno)
    assert (one != two) is planted
    assert planted or read.startswith("Game 1: Assault in Kovno (11).\nRetreat to Vilna (12).\n"), read
