"""A game resumed at the terminal first plays what a stop left due (bot/terminal/console.py, `resume`), as the bot's
start does (Play.resume, GameService.play_answers_due): each answer of a standing order's row is stored in a
transaction of its own, and a kill between two of them left the next choice to a player who had answered it in
advance."""
from __future__ import annotations

import io
import json

import pytest

from bot.service import GameService
from bot.store import Store, blank
from bot.terminal.console import CLEAR, RESUMED, Script, play, render, resume, run_script
from bot.words import plain
from rules.core.registry import _SYSTEMS
from tests.bot import toy_wager


class Killed(BaseException):
    """The process killed: nothing after it runs, nothing it had not committed is stored."""


def killed_mid_row(path) -> int:
    """A toy wager at the terminal in the file at `path`, Blue's standing order answering Red's shout loudly and
    Red's echoing that: the process is killed as Red's echo, the second answer of the row, is about to be
    stored. The game's number."""
    service = GameService(blank(path), loader=lambda name: toy_wager)
    game = service.new_game("toy_wager", "long", seed=1, hot_seat=True)
    service.submit(game, "blue", "orders answer loud")
    service.submit(game, "red", "orders echo yes")
    store_command = service.store_command

    def killed(game_id, system, state, side, cmd, *args, **kwargs):
        if cmd.to_text() == "echo yes":
            raise Killed
        return store_command(game_id, system, state, side, cmd, *args, **kwargs)
    service.store_command = killed
    with pytest.raises(Killed):
        service.submit(game, "red", "shout")
    return game


def resumed(path, game: int) -> tuple[GameService, list[str]]:
    """`kolocha local --game` started again on the file: the first player sits down and quits; what it wrote."""
    screen: list[str] = []
    answers = iter(["", "quit"])
    service = GameService(Store(path), loader=lambda name: toy_wager)
    play(service, game, read=lambda prompt: next(answers), write=screen.append)
    return service, screen


def test_a_row_of_answers_a_kill_cut_is_played_once_at_the_next_start_at_the_terminal(tmp_path, monkeypatch):
    """The toy wager at the hot seat, killed between Blue's loud answer by standing order and Red's echo by hers:
    the game resumed asked Red to echo, though her standing order gives it. Resumed, it plays the echo once, and
    Red, sitting down first, reads it among what she missed; resumed again, it plays and says nothing more."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    path = tmp_path / "local.sqlite"
    game = killed_mid_row(path)
    service, screen = resumed(path, game)
    played = [(r["side"], r["normalised"], r["text"]) for r in service.store.commands(game)]
    assert played[-2:] == [("blue", "answer loud", "standing order answer: loud"),
                           ("red", "echo yes", "standing order echo: yes")]
    assert toy_wager.choice(service.load(game))["kind"] == "plan"
    missed = screen[1].split("\n")
    assert missed[:4] == [CLEAR + "Since the Red player last looked:", "blue: answer loud, by standing order.",
                          "red: echo yes, by standing order.", "Turn 1 | Plan Phase"], missed
    service, again = resumed(path, game)
    assert [(r["side"], r["normalised"], r["text"]) for r in service.store.commands(game)] == played
    assert not any(RESUMED in text for text in again)


def test_a_screen_that_sits_no_one_down_says_what_the_start_played_above_the_status(tmp_path, monkeypatch):
    """Where no player sits down behind a hand-over to read what he missed (an open game, one person against the
    computer, a script), the answers the start played are said above the status, as under the command they
    follow (`render`), under a line saying why they come now; a script's JSON says each as a command."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    path = tmp_path / "local.sqlite"
    game = killed_mid_row(path)
    service = GameService(Store(path), loader=lambda name: toy_wager)
    played = resume(service, game)
    assert render(played, "").split("\n") == [RESUMED, "  red: echo yes, by standing order."]
    assert resume(service, game) is None  # once
    out, path = io.StringIO(), tmp_path / "scripted.sqlite"
    game = killed_mid_row(path)
    assert run_script(GameService(Store(path), loader=lambda name: toy_wager), game, Script(), out, True) == 0
    said, = [json.loads(line) for line in out.getvalue().splitlines()]
    assert (said["side"], said["command"], said["accepted"]) == ("red", "echo yes", True)


def guns_killed_mid_row(path, state: dict) -> int:
    """Bloody Monday at the terminal from `state` (tests/bot/test_standing_orders_across_a_stop.py's guns into 42):
    the Russian's standing order applies the French guns' 2 hits, and the process is killed as the second is
    about to be stored. The game's number."""
    from rules import bloody_monday
    from tests.bot.test_standing_orders import _from

    service = _from(path, bloody_monday, state)
    game = service.new_game("bloody_monday", "bloody_monday", 1, hot_seat=True)
    service.submit(game, "russian", "orders hit protect_leaders")
    store_command, hits = service.store_command, []

    def killed(*args, **kwargs):
        hits.extend([kwargs["standing"]] if kwargs.get("standing") else [])
        if len(hits) == 2:
            raise Killed
        return store_command(*args, **kwargs)
    service.store_command = killed
    with pytest.raises(Killed):
        service.submit(game, "french", "fire F-I-A1 42")
    return game


@pytest.mark.long  # two Bloody Monday games at the terminal, each killed and resumed: about a second
@pytest.mark.parametrize("planted", [False, True])
def test_a_row_a_kill_cut_reads_the_same_at_the_terminals_start_whatever_the_hidden_blocks_are(tmp_path, monkeypatch,
                                                                                               planted):
    """The swap test of the terminal's start that plays the Russian's second hit by standing order (Bloody Monday
    5.3.6): the Russian, who sits down first to choose whether to retreat (6.4), reads the same whichever French
    block, unseen, stands in 16 beside the guns (F-I-3 of 4, or F-I-LC of 2 from the pool). The positive control
    plants a leak in what he reads at that start (a digest of the blocks in 16) and the check shows it."""
    from bot.terminal import console
    from bot.tools import fog_check
    from rules import bloody_monday
    from rules.bloody_monday import swaptest
    from tests.bot.test_standing_orders import _from
    from tests.bot.test_standing_orders_across_a_stop import guns_into_42

    state = guns_into_42()
    state["blocks"]["F-I-3"].update(where="map", area=16)
    if planted:
        account = console.account

        def with_16(service, game_id, side, since):
            blocks = service.load(game_id)["blocks"]
            return account(service, game_id, side, since) + str(sorted(b for b in blocks if blocks[b]["area"] == 16))
        monkeypatch.setattr(console, "account", with_16)
    seen = []
    for name, position in (("one", state), ("two", swaptest.swapped(state, "F-I-3", "F-I-LC"))):
        path = tmp_path / f"{name}.sqlite"
        game = guns_killed_mid_row(path, position)
        screen: list[str] = []
        answers = iter(["", "quit"])
        console.play(_from(path, bloody_monday, position), game, read=lambda prompt: next(answers),
                     write=screen.append)
        seen.append(screen)
    one, two = seen
    assert (fog_check.first_difference(one, two) is not None) is planted
    assert one[1].split("\n")[:3] == [CLEAR + "Since the Russian player last looked:",
                                       "The Russian player applies 1 hit in 42 (5.3.6), by standing order.",
                                       "  (to Russian) Russian 3 (R-1-3, infantry) takes a hit: strength 2 (5.3.6)."]



@pytest.mark.parametrize("ending, how", [
    (["blue: plan bold"], "a draw, as the wagers are over"),
    (["blue: draw", "red: accept"], "a draw, as the Blue player offered a draw and the Red player accepted"),
])
def test_a_game_ended_at_the_terminal_tells_the_author_of_held_orders_they_were_not_played(tmp_path, monkeypatch,
                                                                                           ending, how):
    """A wager whose Red held a shout behind Blue's answer (given on Discord, in the bot's file) is played on at the
    terminal (`kolocha local --db` the bot's file) and ends there, by Blue's plan or a draw agreed: the held row
    was closed without a word. The word to Red is stored with the end, for the bot to send her by DM."""
    monkeypatch.setitem(_SYSTEMS, "toy_wager", "tests.bot.toy_wager")
    service = GameService(blank(tmp_path / "bot.sqlite"), loader=lambda name: toy_wager)
    game = service.new_game("toy_wager", "short", seed=1, hot_seat=True)
    service.submit(game, "red", "shout")
    service.store.hold_orders(game, "red", "7", "Anna", ["shout"], 2)
    script = Script(lines=["blue: answer soft", "red: plan calm", *ending])
    assert run_script(service, game, script, io.StringIO()) == 0
    assert service.store.is_over(game) and service.store.held_orders(game, "red") is None
    told = [(row["audience"], plain(row["payload"]["text"])) for row in service.store.undelivered(game)
            if "text" in row["payload"]]
    assert told == [("user:7", f"your held orders were not played, as the game ended before they were due ({how}): "
                     "2. shout.")]  # to their author, whoever holds the seat
