"""Spectators (bot/tables/spectators.py), over the toy race of tests/bot: each post tells what the
game's channel was told since the last one, then the headline and the public map; one game turn
behind, the turn shown tells its story; a long story goes whole over several messages; and no post
tells more than the public was told: the swap test over Bloody Monday and 1812 plays the same
commands at a Discord table in two positions that differ only in what the public has not seen, and
every post to the spectators' channel, with its pictures, must be the same (bot/tools/fog_check/table.py's
table and walk of the two positions, one turn behind too)."""
from __future__ import annotations

import asyncio
import hashlib
import json
import random
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import pytest

from bot.config import GameSettings
from bot.discord.messenger import markup, split
from bot.service import GameService
from bot.store import Store, blank
from bot.tables import Tables, short_story, spectators
from bot.tables.change import Change
from bot.tools import fog_check
from bot.tools.fog_check import SPECTATORS, Line, Position, SwapReport, at_table, public_lines, walk
from bot.tools.fog_check.cast import CHANNEL as GAME_CHANNEL
from bot.words import Text
from rules import bloody_monday, campaign_1812
from rules.bloody_monday import swaptest as blocks
from rules.campaign_1812 import swaptest as stacks
from rules.campaign_1812.game import enemy_of
from rules.core import playout
from tests.bot.discord.discord_fakes import (
    ANNA,
    BORIS,
    CHANNEL,
    GUILD,
    WATCH,
    FakeMessenger,
    make_tables,
    run,
    seated_game,
)

DUE = "due <t:1772539200:R>"  # a fresh deadline of the fake clock


def cropped(view: dict) -> bytes:
    """A stand-in for the crop of a view's latest action, drawn after the map."""
    return f"CROP turn={view.get('turn')} secrets={view.get('secrets')}".encode()


def drawn_at(turn: int) -> tuple[bytes, ...]:
    """The public map and crop of a turn of the toy race (no secret in them)."""
    return f"PNG turn={turn} secrets=[] {{}}".encode(), f"CROP turn={turn} secrets=[]".encode()


def watched(tables) -> list[tuple[str, tuple[bytes, ...]]]:
    """What the spectators' channel was shown after its welcome: each text with its pictures."""
    return [(text, pictures) for where, text, pictures in tables.delivery.messenger.posts if where == WATCH][1:]


def _watched_live(service) -> tuple[Tables, int]:
    """The toy race begun, Anna playing Red and Boris Blue, with spectators live."""
    tables = make_tables(service, cropper=cropped)
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    return tables, game_id


def test_a_post_tells_what_the_channel_was_told_since_the_last_then_the_headline_and_map(service):
    """Nothing within a phase; at its end the moves and the end, as the channel told them, then the
    headline and the map; the next post begins after them."""
    tables, game_id = _watched_live(service)
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    assert watched(tables) == []
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert watched(tables) == [(f"Game {game_id}:\n**Anna** — Red: move r1 0201.\nr1 moves to 0201\n"
                                "Red: end.\nred ends the Movement Phase\n"
                                "Turn 1 | hour 1 | Dice Phase | Red player\nRoll the die.", drawn_at(1))]
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    assert watched(tables)[1][0].startswith(f"Game {game_id}:\n**Anna** — Red: roll.\nred rolls ")


def test_a_post_pings_no_one_and_gives_no_due_time_nor_the_computer_s_reason(service):
    """The channel's line pings the player to move, says when their move is due and gives the
    computer's reason; the spectators read what happened alone."""
    tables, game_id = _watched_live(service)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    change = tables.news.change(game_id, "Computer", why="the die decides the race")
    assert service.submit(game_id, "red", "roll", compose=change.compose).accepted
    run(change.settle())
    channel = tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert "Why: the die decides the race." in channel and f"<@{BORIS.id}>: your move, {DUE}." in channel
    post = watched(tables)[-1][0]
    assert post.startswith(f"Game {game_id}:\n**Computer** — Red: roll.\nred rolls ")
    assert "Why" not in post and "<@" not in post and "due" not in post


def test_a_post_tells_a_choice_by_its_answer_without_the_question_to_its_player(tmp_path):
    """Borodino 7 Sept: the French attack on the Southern Flèche fails and the Russian may advance; the
    channel asks him ('Russian player: you may advance after combat: `advance 3218 3219` ... or
    `stay`.'), which the spectators, who may not act, read as what he did: the advance."""
    tables = make_tables(GameService(blank(tmp_path / "g.sqlite")), systems=("borodino",))
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "borodino", "7sep", seed=7))
    run(tables.lobby.join(ANNA, CHANNEL, "french"))
    run(tables.lobby.join(BORIS, CHANNEL, "russian"))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.lobby.start(ANNA, CHANNEL))
    for player, line in ((ANNA, "move 3321 3219"), (ANNA, "end"), (ANNA, "attack 3219 -> 3218"),
                         (BORIS, "advance 3218 3219"), (ANNA, "end")):
        run(tables.play.submit(player, CHANNEL, line))
    assert "Russian player: you may advance" in "\n".join(tables.delivery.messenger.in_channel(CHANNEL))
    post = watched(tables)[-1][0].split("\n")
    assert post[1].startswith("**Anna** — 3219 (5) attacks 3218 (15) ")  # the attack said on its combat line
    assert post[2:5] == ["3219 (French 5-4 infantry) is eliminated.",
                         "**Boris** — 3218 (Russian 6-4 infantry) advances into 3219.", "**Anna** — French: end."]


def test_a_system_of_short_phases_is_told_a_player_turn_at_a_time(service, monkeypatch):
    """1812's phases are short (an attrition loss, a forced march, the supply): a post each was a map
    each, about ten a turn. Where the system is one of them (the toy race here), Red's Movement Phase
    ended posts nothing; Red's turn ended, the post tells both its phases."""
    monkeypatch.setattr(spectators, "BY_PLAYER", frozenset({"toy_system"}))
    tables, game_id = _watched_live(service)
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    assert watched(tables) == []
    run(tables.play.submit(ANNA, CHANNEL, "roll"))
    (post, _), = watched(tables)
    assert post.startswith(f"Game {game_id}:\n**Anna** — Red: end.\nred ends the Movement Phase\n"
                           "Red: roll.\nred rolls ")
    assert post.endswith("Turn 1 | hour 1 | Movement Phase | Blue player")


def test_each_spectators_channel_is_told_since_its_own_last_post(service):
    """A channel added later reads what happened since it began to follow the game."""
    tables = make_tables(service, cropper=cropped)
    run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.play.submit(ANNA, CHANNEL, "move r1 0201"))
    run(tables.lobby.spectate(ANNA, CHANNEL, "later"))
    run(tables.play.submit(ANNA, CHANNEL, "end"))
    posts = {where: text for where, text, _ in tables.delivery.messenger.posts if where in (WATCH, "later")}
    assert "move r1 0201" in posts[WATCH] and "move r1 0201" not in posts["later"]
    assert posts["later"].split("\n")[1:] == ["**Anna** — Red: end.", *posts[WATCH].split("\n")[4:]]  # named anew
    assert posts[WATCH].split("\n")[3] == "Red: end."  # under Anna's move


def _watched_one_turn_behind(service) -> tuple[Tables, int]:
    """The toy race played to its end (a draw, 9-9, in three turns) with spectators one game turn
    behind."""
    tables = make_tables(service, defaults=GameSettings(spectator_delay=True), cropper=cropped)
    game_id = run(seated_game(tables, seed=11))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    for _turn in range(3):
        for player in (ANNA, BORIS):
            run(tables.play.submit(player, CHANNEL, "end"))
            run(tables.play.submit(player, CHANNEL, "roll"))
    return tables, game_id


def test_one_turn_behind_the_turn_shown_tells_its_story_and_the_end_is_live(service):
    """A game played to its end (a draw, 9-9) with spectators one game turn behind: each new turn
    shows them the turn before the one it follows, its story and where it ended (the start of the
    next); the end shows where the game ended after all not told yet, and no deadline is left."""
    tables, game_id = _watched_one_turn_behind(service)
    posts = watched(tables)
    assert [(text.split("\n")[0], text.split("\n")[-1], pictures) for text, pictures in posts] == [
        (f"Game {game_id}, one turn behind: the start of turn 1.", "Turn 1 | hour 1 | Movement Phase | Red player",
         drawn_at(1)),
        (f"Game {game_id}, one turn behind: turn 1.", "Turn 2 | hour 2 | Movement Phase | Red player", drawn_at(2)),
        (f"Game {game_id}, from turn 2:", "Game over: a draw, as scores 9-9.", drawn_at(4))]
    first_turn = posts[1][0].split("\n")[1:-1]
    assert first_turn[0] == "**Anna** — Red: end." and first_turn[-4:-1] == [
        "**Boris** — Blue: end.", "blue ends the Movement Phase", "Blue: roll."]  # each player named once a turn
    told = [line for line in posts[2][0].split("\n") if line.startswith("**")]
    assert told == ["**Anna** — Red: end.", *told[1:]] and len(told) == 4  # turns 2 and 3, each player once
    assert service.store.deadlines(game_id) == []


def test_one_turn_behind_a_system_that_tells_a_turn_short_is_read_so(service, monkeypatch):
    """Where the system has a short telling (bot/tables/short_story.py), the turn shown one turn
    behind is told by it, from the position the turn began in and its stored commands; the end,
    live, tells so what was not told yet, then the last command's own lines."""
    def told(system, state, commands):
        return [f"turn {state['turn']} told short: {', '.join(text for _, text in commands)}."]
    monkeypatch.setitem(short_story.TELLERS, "toy_system", told)
    tables, game_id = _watched_one_turn_behind(service)
    posts = [text.split("\n") for text, _ in watched(tables)]
    assert posts[1][:2] == [f"Game {game_id}, one turn behind: turn 1.", "turn 1 told short: end, roll, end, roll."]
    assert posts[2][:3] == [f"Game {game_id}, from turn 2:", "turn 2 told short: end, roll, end, roll, end, roll, end.",
                            "**Boris** — Blue: roll."]


def test_one_turn_behind_names_the_turn_as_its_game_does(tmp_path):
    """Borodino calls its turns Game-Turns (SPI's Borodino rules, Sequence of Play): spectators one turn
    behind read 'the start of Game-Turn 27', not 'turn 27' as the other games say it."""
    tables = make_tables(GameService(blank(tmp_path / "g.sqlite")), systems=("borodino",),
                         defaults=GameSettings(spectator_delay=True))
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, "borodino", "7sep", seed=7))
    run(tables.lobby.join(ANNA, CHANNEL, "french"))
    run(tables.lobby.join(BORIS, CHANNEL, "russian"))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.lobby.start(ANNA, CHANNEL))
    for player in (ANNA, BORIS):  # each Movement Phase ended, each Combat Phase ends by itself
        run(tables.play.submit(player, CHANNEL, "end"))
    assert [text.split("\n")[0] for text, _ in watched(tables)] == [
        "Game 1, one turn behind: the start of Game-Turn 27."]


def _spectated_from_the_start(tmp_path: Path, system: str, scenario: str, options: str = "") -> Tables:
    """A game of `system` whose spectators' channel follows it from its start, live."""
    tables = make_tables(GameService(blank(tmp_path / f"{scenario}.sqlite")), systems=(system,))
    run(tables.lobby.new(ANNA, GUILD, CHANNEL, system, scenario, options, seed=7))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    run(tables.lobby.join(ANNA, CHANNEL, "french"))
    run(tables.lobby.join(BORIS, CHANNEL, "russian"))
    run(tables.lobby.start(ANNA, CHANNEL))
    return tables


def test_a_post_gives_no_command_to_spectators_who_may_not_act(tmp_path):
    """Bloody Monday's first impulse: the channel asks the French player 'French impulse: `tactical`, `pass`
    or `initiative <action>` (4.0).', and the spectators' channel read it too, under it (on a server that
    reads typed orders) '(Type these in the channel, or give them with `/order command:` ...)', which no
    spectator may do. A prompt that gives commands is the player's: the spectators read the headline and
    the facts under it. Likewise the Doomed Victory Rally Phase's '... (`move <leader> <hex>`), then `end`'
    (Doomed Victory 8.152, with its Rally Phase moves); a prompt that tells who does what stays (the toy race's
    'Roll the die.' above)."""
    tables = _spectated_from_the_start(tmp_path, "bloody_monday", "bloody_monday")
    assert "French impulse: `tactical`" in tables.delivery.messenger.in_channel(CHANNEL)[-1]
    assert [text for text, _ in watched(tables)] == [
        "Game 1:\nTurn 1 of 4 | Impulses Phase | French player\nThe French player holds the Initiative Disc (6.0)."]
    tables = _spectated_from_the_start(tmp_path, "borodino", "5sep", "dv_rally,dv_leaders,dv_rally_moves")
    for player, line in ((ANNA, "end"), (BORIS, "move 3110 2909"), (BORIS, "end")):  # no attack is possible,
        run(tables.play.submit(player, CHANNEL, line))  # so no Combat Phase waits
    rally = watched(tables)[-1][0]
    assert "| Rally Phase | French player" in rally and "`" not in rally, rally


def test_a_phase_in_which_nothing_happened_is_told_with_the_next_post(tmp_path):
    """Borodino 7 Sept: the French artillery moved within range of the Southern Flèche, its Combat Phase
    begins (Artillery), and the French player ends it without a shot. A post of his `end` alone, the map as
    it was, told spectators nothing; it is told with the next post, the Russian Movement Phase's."""
    tables = _spectated_from_the_start(tmp_path, "borodino", "7sep")
    for player, line in ((ANNA, "move 3422 3220"), (ANNA, "end"), (ANNA, "end")):
        run(tables.play.submit(player, CHANNEL, line))
    assert watched(tables)[-1][0].endswith("| Combat Phase | French player\nLosses: French 0, Russian 0 Combat Points.")
    posts = len(watched(tables))
    for player, line in ((BORIS, "move 2716 2816"), (BORIS, "end")):
        run(tables.play.submit(player, CHANNEL, line))
    assert len(watched(tables)) == posts + 1
    assert watched(tables)[-1][0].split("\n")[:3] == [
        "Game 1:", "**Anna** — French: end.", "**Boris** — 2716 (Russian 2-5 cavalry) moves to 2816 (1 MP)."]


@dataclass
class Narrow(FakeMessenger):
    """Discord's messenger with messages of at most 100 characters."""

    def pieces(self, text: Text, place: str = "channel:", tip: bool = False) -> list[str]:
        return [piece for piece in split(markup(text), 100) if piece.strip()]


def test_a_long_story_goes_whole_in_messages_of_its_own_above_the_map(service):
    """Where the story and the map's words do not fit in one message, the story goes first, over
    as many messages as it takes, cut at line breaks; the map's message names the game again."""
    tables = make_tables(service, messenger=Narrow(), cropper=cropped)
    game_id = run(seated_game(tables))
    run(tables.lobby.spectate(ANNA, CHANNEL, WATCH))
    for line in ("move r1 0201", "move r2 0201", "end"):
        run(tables.play.submit(ANNA, CHANNEL, line))
    assert watched(tables) == [
        (f"Game {game_id}:\n**Anna** — Red: move r1 0201.\nr1 moves to 0201\nRed: move r2 0201.\n"
         "r2 moves to 0201\n", ()),
        ("Red: end.\nred ends the Movement Phase", ()),
        (f"Game {game_id}:\nTurn 1 | hour 1 | Dice Phase | Red player\nRoll the die.", drawn_at(1))]


# -- the swap test: nothing the public has not seen ------------------------------------------------

@pytest.fixture
def spectators_alone(monkeypatch):
    """The table of the swap test below is read in the spectators' channel alone: the viewer's
    autocomplete before each line, which posts nothing and which the front-end swap test compares
    (tests/bot/test_fog_through_front_ends.py), is not asked (three quarters of the table's time)."""
    monkeypatch.setattr(fog_check.table, "_completions", lambda tables, service: [])


def _spectated(system: ModuleType, state: dict, other: dict, lines: list[Line], delay: bool,
               channel: str = SPECTATORS) -> tuple:
    """What the spectators' channel (or another `channel`: the game's) of a Discord table is sent from each of
    the two positions while `lines` are played (bot/tools/fog_check/table.py, one turn behind with `delay`):
    each post with its pictures (drawn as the JSON of the view they show)."""
    with tempfile.TemporaryDirectory() as folder:
        return tuple([post for post in asyncio.run(at_table(Position(system, position), system.INFO.sides[0], lines,
                                                            Path(folder) / name, delay=delay))
                      if post.startswith(f"posted in {channel}: ")]
                     for name, position in (("one", state), ("two", other)) if (Path(folder) / name).mkdir() is None)


def _swaps(system: ModuleType, seed: int, scenario: str, swap, move: playout.Move, stops: int = 2,
           longest: int = 120, steps: int = 30) -> list[tuple[dict, dict, list[Line]]]:
    """A random game's positions at `stops` random commands, each with its swap (`swap(state, rng)`: a
    position differing in what the public has not seen, or None) and the lines played from both."""
    rng = random.Random(seed)
    out = []
    for _, state, _, stop in walk(system, system.setup(scenario, seed), rng, stops, longest, move, SwapReport()):
        other = swap(state, rng) if stop else None
        if other is not None:
            out.append((state, other, public_lines(system, state, other, rng, steps, move)))
    return out


def _blocks_swapped(state: dict, rng: random.Random) -> dict | None:
    """Bloody Monday: two blocks of one side that the other side, and so the public, has not seen, exchanged."""
    looker = rng.choice(bloody_monday.INFO.sides)
    pair = blocks.pairs(state, looker, rng, 1)
    return blocks.swapped(state, *pair[0]) if pair else None


def _stacks_swapped(state: dict, rng: random.Random) -> dict | None:
    """1812: what two hidden stacks of one side hold, exchanged."""
    looker = rng.choice(campaign_1812.INFO.sides)
    pair = stacks.pairs(state, looker, rng, 1)
    return stacks.swapped(state, enemy_of(looker), *pair[0]) if pair else None


SWAPS = [pytest.param(bloody_monday, 3, "bloody_monday", _blocks_swapped, blocks.random_move, id="bloody_monday"),
         pytest.param(campaign_1812, 3, "campaign", _stacks_swapped, stacks.random_move, id="1812")]


def _compared(system: ModuleType, seed: int, scenario: str, swap, move: playout.Move,
              runs: list[tuple[int, bool]]) -> list[int]:
    """How many posts were compared at each of `runs` (a stop of _swaps, and whether one turn behind), each the same
    from both positions."""
    positions = _swaps(system, seed, scenario, swap, move)
    compared = []
    for stop, delay in runs:
        state, other, lines = positions[stop]
        one, two = _spectated(system, state, other, lines, delay)
        assert one == two, f"{scenario} seed {seed}, stop {stop}, {len(lines)} lines, delay {delay}"
        compared.append(len(one))
    return compared


@pytest.mark.heavy
@pytest.mark.parametrize(("system", "seed", "scenario", "swap", "move", "runs"), [
    pytest.param(*SWAPS[0].values, [(0, False)], id="bloody_monday"),
    pytest.param(*SWAPS[1].values, [(0, False), (1, True)], id="1812")])
def test_spectators_are_sent_the_same_whatever_the_public_has_not_seen(system, seed, scenario, swap, move, runs,
                                                                     spectators_alone):
    """Every post to the spectators' channel is byte-identical, its pictures and the stories of the commands played
    included: live at each game's first stop, and in 1812 one turn behind at its second, where a Game-Turn starts
    (the long step plays both stops of each game, live and one turn behind)."""
    assert all(posts > 1 for posts in _compared(system, seed, scenario, swap, move, runs))  # more than the welcome


@pytest.mark.long  # eight games at a table for each system: seconds
@pytest.mark.parametrize(("system", "seed", "scenario", "swap", "move"), SWAPS)
def test_spectators_are_sent_the_same_at_each_stop_live_and_one_turn_behind(system, seed, scenario, swap, move,
                                                                           spectators_alone):
    """Live and one turn behind, at both stops of each game: every post to the spectators' channel is
    byte-identical (some posts are compared)."""
    runs = [(stop, delay) for stop in (0, 1) for delay in (False, True)]
    assert sum(_compared(system, seed, scenario, swap, move, runs)) > 8


def test_the_swap_test_sees_a_story_that_tells_what_the_public_has_not_seen(monkeypatch, spectators_alone):
    """The positive control: a story that tells a digest of the whole state (hidden blocks too) is seen, within the
    first six lines of the Bloody Monday game above."""
    def leaked(self, game_id, *args, **kwargs):
        return [hashlib.sha256(json.dumps(self.latest(game_id)).encode()).hexdigest()]
    monkeypatch.setattr(Store, "stories", leaked)
    state, other, lines = _swaps(bloody_monday, 3, "bloody_monday", _blocks_swapped, blocks.random_move)[0]
    one, two = _spectated(bloody_monday, state, other, lines[:6], False)
    assert one != two


@pytest.mark.long
def test_the_game_channel_gathers_a_player_turn_the_same_whatever_the_public_has_not_seen(monkeypatch,
                                                                                         spectators_alone):
    """A step of a player-turn given by hand in Bloody Monday waits for the channel's next line, to go in one post
    with it (Change._gathers): from two positions that differ only in blocks the public has not seen, the game's
    channel reads the same posts. The positive control: gathered or not by a digest of the whole state (hidden
    blocks too), the posts differ."""
    state, other, lines = _swaps(bloody_monday, 3, "bloody_monday", _blocks_swapped, blocks.random_move)[0]
    one, two = _spectated(bloody_monday, state, other, lines, False, GAME_CHANNEL)
    assert one == two and any("tactical.\n" in post and "end.\n" in post for post in one)  # an impulse, one post

    def leaked(self, system, after, line):
        return hashlib.sha256(json.dumps(after).encode()).digest()[0] % 2 == 0
    monkeypatch.setattr(Change, "_gathers", leaked)
    one, two = _spectated(bloody_monday, state, other, lines, False, GAME_CHANNEL)
    assert one != two


@pytest.mark.long
def test_the_swap_test_sees_a_post_left_out_by_what_the_public_has_not_seen(monkeypatch, spectators_alone):
    """The positive control of a post where nothing happened, told with the next: left out or not by a
    digest of the whole state (hidden blocks too), the posts differ."""
    def leaked(self, game_id, after):
        return hashlib.sha256(json.dumps(self.latest(game_id)).encode()).digest()[0] % 2 == 0
    monkeypatch.setattr(Store, "told_nothing_since", leaked)
    state, other, lines = _swaps(bloody_monday, 3, "bloody_monday", _blocks_swapped, blocks.random_move)[0]
    one, two = _spectated(bloody_monday, state, other, lines, False)
    assert one != two
