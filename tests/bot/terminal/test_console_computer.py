"""The computer in the terminal: `kolocha local --ai SIDE`, a demonstration game that
plays itself (watched as the public sees it where information is hidden), one person against
the computer (with fog of war too), and the refusals."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from types import SimpleNamespace

import pytest

from bot import cli
from bot.computer.seat import new_seat
from bot.service import GameService
from bot.store import Store, blank
from bot.terminal.console import CLEAR, play
from bot.terminal.map_files import MapFiles
from bot.tools import fog_check
from bot.words import COMPUTER
from rules import load
from rules.core.ai import Decision
from rules.core.registry import _SYSTEMS
from tests.bot import toy_system


def seat(service, game: int, *sides: str) -> None:
    for side in sides:
        service.store.take_computer_seat(game, side, new_seat(toy_system, 1, 60.0, seed=2).to_dict())


def never(prompt: str) -> str:
    raise AssertionError(f"a game between computers asked a person: {prompt!r}")


def test_a_game_between_computers_plays_itself_to_the_end_printing_each_reason(service, game):
    seat(service, game, "red", "blue")
    out: list[str] = []
    assert play(service, game, never, out.append) == 0
    text = "\n".join(out)
    assert "[1] Red: move r" in text and "  Why: the die decides the race." in text
    assert out[-1].startswith("Game over: ") and text.count("Game over: ") == 1  # once, after the last command
    assert text.count("Why:") == len(service.store.commands(game)) == 24
    assert service.replay_check(game).ok


def test_one_person_against_the_computer_is_asked_only_for_their_own_side(service, game):
    seat(service, game, "red")
    prompts: list[str] = []
    answers = iter(["move b1 0202", "end", "roll", "quit"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)
    out: list[str] = []
    assert play(service, game, read, out.append) == 0
    assert set(prompts) == {"Blue > "}
    users = [row["user"] for row in service.store.commands(game)]
    assert users[:4] == [COMPUTER] * 4 and users[4:7] == [None] * 3 and users[7:] == [COMPUTER] * 4


def test_after_the_computers_commands_the_person_is_told_what_the_game_waits_for(service, game):
    """The person's turn begins with its headline: turn, phase, who is to move and the prompt,
    printed once the computer's last command is shown and before the person is asked
    (control: never while the computer still plays)."""
    seat(service, game, "red")
    answers = iter(["move b1 0202", "end", "roll", "quit"])
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(prompt)
        return next(answers)
    play(service, game, read, out.append)
    turns = [i for i, text in enumerate(out) if text == "Turn 1 | hour 1 | Movement Phase | Blue player"]
    assert turns == [out.index("Blue > ") - 1] and out[turns[0] - 1].startswith("[4] Red: roll.")
    assert [text.split(".")[0] for text in out[2:6]] == ["[1] Red: move r2 0201", "[2] Red: move r1 0201",
                                                           "[3] Red: end", "[4] Red: roll"]
    assert out[-2:] == ["Turn 2 | hour 2 | Movement Phase | Blue player", "Blue > "]


def test_the_computer_at_the_terminal_consents_to_an_undo(service, game):
    seat(service, game, "red")
    answers = iter(["move b1 0202", "end", "undo", "quit"])
    out: list[str] = []
    play(service, game, lambda prompt: next(answers), out.append)
    assert "The Red player consents. The Blue player undoes `end`." in out  # said once, as the channel says it
    assert service.load(game)["phase"] == "movement"


def test_with_fog_of_war_the_person_sees_the_computers_turn_as_its_opponent_would(service, game, monkeypatch):
    """No hand-over between one person and the computer, and the computer's commands shown as
    the public reads them: no reason, none of its secret events (control: the person's own), each said
    once, its number on the line of what it did ('[1] r2 moves to 0201', not that under '[1] Red: a `move`
    command.')."""
    monkeypatch.setattr(toy_system, "INFO", replace(toy_system.INFO, hidden_information=True))
    seat(service, game, "red")
    answers = iter(["end", "roll", "quit"])
    out: list[str] = []
    play(service, game, lambda prompt: next(answers), out.append)
    text = "\n".join(out)
    assert CLEAR not in text and "Hand over" not in text
    assert "\n[1] r2 moves to 0201\n[2] r1 moves to 0201\n" in text and "a `move` command" not in text
    assert "Why" not in text and "(to Red)" not in text
    assert "(to Blue) your secret number" in text


@pytest.mark.parametrize("hidden", [False, True])
def test_a_refused_computer_command_stops_the_game_naming_it_only_where_nothing_is_hidden(
        service, game, monkeypatch, hidden):
    """The command and the refusal may name hidden units: with fog of war the person is told only that the rules
    refused a command the computer planned (control: in an open game, both)."""
    monkeypatch.setattr(toy_system, "INFO", replace(toy_system.INFO, hidden_information=hidden))
    monkeypatch.setattr(toy_system, "commander", lambda level=1: SimpleNamespace(
        plan=lambda view, seen, rng: [Decision("move r1 9999", "a bug")]))
    seat(service, game, "red")
    out: list[str] = []
    assert play(service, game, never, out.append) == 1
    told = "a command it planned" if hidden else "its command `move r1 9999`: Move r1 9999 is not possible now"
    assert out[-1].startswith(f"The computer playing Red stops: the rules refuse {told}")
    assert service.store.commands(game) == []


def test_kolocha_local_ai_refuses_in_one_sentence_before_opening_a_game(tmp_path, capsys, monkeypatch):
    db = str(tmp_path / "k.sqlite")
    assert cli.main(["local", "--db", db, "--system", "toy_system", "--ai", "green"]) == 2
    assert "--ai green: 'green' is not a side of toy_system; choose red or blue, or both." in capsys.readouterr().err
    assert cli.main(["local", "--db", db, "--ai", "frnch"]) == 2  # a system by the name players know it by
    assert ("--ai frnch: 'frnch' is not a side of Borodino; choose french or russian, or both."
            in capsys.readouterr().err)
    assert cli.main(["local", "--db", db, "--system", "toy_system", "--ai", "red", "--level", "2"]) == 2
    assert "level 2 is not built yet" in capsys.readouterr().err
    monkeypatch.setitem(_SYSTEMS, "toy_plain", "tests.bot.toy_without_computer")
    assert cli.main(["local", "--db", db, "--system", "toy_plain", "--ai", "red"]) == 2
    assert "--ai red: toy_system has no computer player yet" in capsys.readouterr().err
    assert Store(db).games() == []


def test_kolocha_local_ai_both_sides_is_a_demonstration(tmp_path, capsys, monkeypatch):
    """`kolocha local --ai red --ai blue`: the game plays itself, printing as it goes, and its
    computer seats are stored with their seed (control: a game resumed keeps them)."""
    monkeypatch.setattr("bot.cli.MapFiles", lambda *args: None)  # no pictures of the toy race
    db = str(tmp_path / "k.sqlite")
    argv = ["local", "--db", db, "--system", "toy_system", "--seed", "4", "--ai", "red", "--ai", "blue",
            "--ai-seed", "7"]
    assert cli.main(argv) == 0
    out, err = capsys.readouterr()
    assert "The computer plays Red (level 1, its seed 7)." in err and "Game over" in out
    assert Store(db).computer_seats(1) == {side: {"level": 1, "budget": 20.0, "seed": 7} for side in ("red", "blue")}
    assert cli.main(["replay", "1", "--db", db, "--computer"]) == 0  # a blunder looked at again, from its seed
    out = capsys.readouterr().out
    assert "[24] Blue: roll — the die decides the race (planned after command 23)" in out
    assert out.endswith("Game 1: the 24 computer commands are planned again, word for word, from their seeds.\n")


class Enough(Exception):
    """The screen has shown the commands the test wanted: the demonstration stops there."""


def named(system, state: dict, viewer: str | None) -> set[str]:
    """The ids of the units (1812: the stacks) a viewer's view names (None: the public's)."""
    return {unit["id"] for unit in system.view(state, viewer)["units"] if unit.get("id")}


COUNTS = re.compile(r"\b\d+ (inf|cav)\b")  # what a stack holds, as a command names it: `move 13 12 2 inf 1 cav`


@pytest.mark.parametrize("name, scenario, commands", [("bloody_monday", "bloody_monday", 40),
                                                      ("campaign_1812", "campaign", 22)])
def test_a_game_between_computers_with_hidden_information_is_watched_as_the_public_sees_it(
        name, scenario, commands, tmp_path):
    """`kolocha local --ai both` in a game with fog of war: the first commands of each side (the French impulse and
    the first Russian ones; 1812's two Movement Phases, their attrition and a battle) are printed as the public
    channel tells them, without the computer's reasons, and the pictures are drawn from the public view: no unit of
    either side that the public view does not name, no stack's contents, nothing addressed to a side, and of the
    battle plans, put down in secret, only what the rules reveal once both are down. Checked at every line printed:
    the units the sides see that no public view has named so far (control: the commands stored name what the stacks
    hold, and the plans)."""
    system = load(name)
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game(name, scenario, seed=3)
    for side in system.INFO.sides:
        service.store.take_computer_seat(game, side, new_seat(system, 1, 60.0, seed=3).to_dict())
    maps = MapFiles(service, game, tmp_path, png=fog_check.view_file, crop=fog_check.action_file)
    printed: list[str] = []
    public: set[str] = set()  # every unit a public view has named, at any command so far
    read = [0]  # the commands whose public view is in `public`
    hidden_seen: set[str] = set()

    def write(text: str) -> None:
        last = service.store.last_seq(game)
        for seq in range(read[0], last + 1):
            public.update(named(system, service.state_at(game, seq), None))
        read[0] = last + 1
        state = service.load(game)
        hidden = {unit for side in system.INFO.sides for unit in named(system, state, side)} - public
        hidden_seen.update(hidden)
        files = {path.name: path.read_text() for path in tmp_path.glob("*.png")}
        for said in (text, *files.values()):
            assert not [unit for unit in hidden if re.search(rf"(?<![\w-]){re.escape(unit)}(?![\w-])", said)]
        assert all(json.loads(drawn)["view"]["viewer"] is None for drawn in files.values())
        assert "Why:" not in text and "(to " not in text and not COUNTS.search(text)
        printed.append(text)
        if sum(line.startswith("[") for line in printed) >= commands:
            raise Enough

    with pytest.raises(Enough):
        play(service, game, never, write, maps)
    stored = service.store.commands(game)
    assert {row["side"] for row in stored} == set(system.INFO.sides)
    assert hidden_seen and (name != "campaign_1812" or any(COUNTS.search(row["text"]) for row in stored))
    if name == "campaign_1812":
        assert [row["text"].split()[0] for row in stored].count("plan") == 2
        assert "`plan`" not in "\n".join(printed) and "Battle of Kovno (11)" in "\n".join(printed)
    assert any(re.match(r"\[\d+\] A (French block|Russian stack) moves", line) for text in printed
               for line in text.splitlines())  # its number on what it did: said once


def against_the_russian_computer(tmp_path, system: str, scenario: str, *lines: str) -> str:
    """What the French person at the terminal reads typing `lines` (then quit), dice seed 1, against
    the Russian computer at level 1."""
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    game = service.new_game(system, scenario, seed=1)
    service.store.take_computer_seat(game, "russian", new_seat(load(system), 1, 60.0, seed=2).to_dict())
    out: list[str] = []
    prompts = iter([*lines, "quit"])
    assert play(service, game, lambda prompt: next(prompts), out.append) == 0
    return "\n".join(out)


def test_a_battle_the_computer_opens_asks_the_person_for_their_plan_with_their_prompt(tmp_path):
    """1812's Road to Moscow, dice seed 1: the Russian computer's moves open a battle in Vyazma, where
    both sides choose a Battle Plan at once (COMBAT). The French person is told what is asked of them
    (their role, their chits, where their cavalry may withdraw) before they type: the prompt was left
    out, the computer still owing its own (secret) plan when the battle opened. The computer's commands
    are numbered by what the person has observed, as the person's own are: they were numbered by the
    computer's count, which holds its secret plan, so two commands read [16]."""
    text = against_the_russian_computer(tmp_path, "campaign_1812", "borodino", "plan entrench", "retreat 15", "end")
    assert "Battle in Vyazma (161): the Russian player attacks (Combat)." in text
    assert text.index("Battle of Vyazma (161), you are the defender: choose your Battle Plan:\n- `plan <chit>`") > \
        text.index("Battle in Vyazma (161): the Russian player attacks (Combat).")
    numbers = [int(n) for n in re.findall(r"^\[(\d+)\] ", text, re.MULTILINE)]
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) > 12, \
        "each command numbered by what the person has observed, the computer's too (its secret plan is not)"


def test_a_choice_the_computer_makes_at_the_terminal_is_not_asked_of_anyone(tmp_path):
    """Borodino 7 Sept, dice seed 1: the French person's attack on the Southern Flèche is thrown back
    (1-3, die 1: Ar); the Russian computer chooses where 3219 retreats, then whether to advance. Its
    answers follow at once with their reasons; the engine's questions to the Russian player ('Russian
    player: choose where F-I-4 in 3219 ... retreats: `retreat <hex>`, ...'), printed above them and
    as the game's prompt, instructed no one at the screen. A person's own choice is still asked."""
    text = against_the_russian_computer(tmp_path, "borodino", "7sep", "move 3321 3219", "end", "attack 3219 -> 3218")
    assert "1-3, die 1: Ar." in text and "[4] Russian: retreat " in text and "\n  Why: the victor chooses" in text
    assert "[5] Russian: stay." in text and "Russian player:" not in text, text


def test_the_computer_s_last_phase_is_said_once_by_the_headline_under_it(tmp_path):
    """Borodino 7 Sept against the Russian computer: its turn's last line read 'Game-Turn 28 (7 Sept, 0700):
    French Movement Phase.' above the headline printed for the person, 'Game-Turn 28 of 40 | 7 Sept 0700 |
    Movement Phase | French player'; its Combat Phase, which the headline does not name, stays."""
    text = against_the_russian_computer(tmp_path, "borodino", "7sep", "end")
    assert "  Russian Combat Phase." in text and "Game-Turn 28 (7 Sept, 0700)" not in text
    assert "\n  Why: no attack left that is owed or expected to gain (Combat B).\nGame-Turn 28 of 40 | 7 Sept 0700 | " \
           "Movement Phase | French player\n" in text


def test_a_computer_that_searches_says_on_stderr_once_a_turn_that_it_is_thinking(tmp_path, capsys):
    """Level 2 plays the French player-turn of 5 Sept (a Movement Phase, then each attack: plans of one
    turn), its budget 1 s: one line on stderr before it, never among what the game writes; level 1 (a
    game between toy computers) says nothing of the kind."""
    service = GameService(blank(tmp_path / "k.sqlite"))
    game = service.new_game("borodino", "5sep", seed=1)
    service.store.take_computer_seat(game, "french", new_seat(load("borodino"), 2, 1.0, seed=2).to_dict())
    out: list[str] = []
    assert play(service, game, lambda prompt: "quit", out.append) == 0
    said = capsys.readouterr()
    assert said.err.splitlines() == ["The computer is thinking (up to 1 s)..."]
    assert len({row["user"] for row in service.store.commands(game)}) == 1 and len(service.store.commands(game)) > 1
    assert "thinking" not in "\n".join(out) + said.out
    toy = GameService(blank(tmp_path / "toy.sqlite"), loader=lambda name: toy_system)
    race = toy.new_game("toy_system", "short", seed=11)
    seat(toy, race, "red", "blue")
    assert play(toy, race, never, out.append) == 0
    assert capsys.readouterr().err == ""


def test_a_computer_s_command_answered_at_once_is_numbered_as_its_own(tmp_path):
    """Bloody Monday, dice seed 7, the Russian person against the French computer: the French guns fire into
    45, where the lone Russian block's hit is the only answer and is played at once. The fire read [37], the
    number of the hit played after it, so the person's count skipped [36]; each command has its own number.
    Its answer is told under it with why it was played at once: the reason was left out for a hidden game's
    viewer (the line read '  The Russian player applies 1 hit in 45 (5.3.6).'). The hits of the battle in 43
    before it, which eliminate both Russian blocks there whichever takes the first, are played at once too."""
    service = GameService(Store(str(tmp_path / "k.sqlite")))
    game = service.new_game("bloody_monday", "bloody_monday", seed=7)
    seat = new_seat(load("bloody_monday"), 1, 60.0, seed=2122880292)
    service.store.take_computer_seat(game, "french", seat.to_dict())
    out: list[str] = []
    assert play(service, game, lambda prompt: "quit", out.append) == 0
    text = "\n".join(out)
    assert "  The Russian player applies 4 hits in 43 (5.3.6), forced: every way to apply these hits ends alike." \
        in text
    assert "[36] French A (F-III-A, artillery) fires into 45 at TF, dice " in text
    assert "  The Russian player applies 1 hit in 45 (5.3.6), forced: the only Russian block in 45." in text
    assert "\n[38] The French player resolves the battle in 46 (5.3)." in text, "the hit, [37], told under [36]"
