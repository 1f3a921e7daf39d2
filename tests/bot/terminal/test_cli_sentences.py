"""`kolocha` meets a mistake in its command line, script or database: one sentence on stderr and
exit status 2, never a traceback ("Small"); each with the same call made right."""
from __future__ import annotations

import sys

import pytest

from bot import cli, text

SCRIPT = "# kolocha system=toy_system scenario=short seed=5\nend\n"


def _sentence(capsys, argv: list[str]) -> str:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("kolocha") and "Traceback" not in err and len(err.splitlines()) == 1
    return err


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "game.txt"
    path.write_text(SCRIPT)
    return path


def test_kolocha_alone_lists_its_commands(capsys):
    """It read 'kolocha: error: the following arguments are required: COMMAND' under its usage."""
    assert cli.main([]) == 2
    said = capsys.readouterr().err
    assert "error" not in said and "local     play hot-seat in the terminal" in said
    assert "run       serve the Discord bot" in said and "To begin: `kolocha local` plays" in said


def test_an_unknown_scenario_or_option_is_a_sentence(tmp_path, capsys):
    db = str(tmp_path / "k.sqlite")
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    base = ["local", "--db", db, "--script", str(empty), "--system", "bloody_monday"]
    assert "'nope' is not a scenario here" in _sentence(capsys, [*base, "--scenario", "nope"])
    assert "'nope' is not an option" in _sentence(capsys, [*base, "--option", "nope"])
    assert cli.main(base) == 0  # the control: the default scenario, no option


def test_a_huge_seed_is_a_sentence(tmp_path, capsys, script):
    db = str(tmp_path / "k.sqlite")
    with pytest.raises(SystemExit):  # argparse's own one-line error
        cli.main(["local", "--db", db, "--script", str(script), "--seed", "9" * 40])
    assert "a seed is a whole number from -9223372036854775808 to" in capsys.readouterr().err
    script.write_text(SCRIPT.replace("seed=5", "seed=" + "9" * 40))
    assert "a seed is a whole number" in _sentence(capsys, ["local", "--db", db, "--script", str(script)])
    assert cli.main(["local", "--db", db, "--script", str(script), "--seed", "12"]) == 0


def test_a_missing_or_directory_script_is_a_sentence(tmp_path, capsys, script):
    db = str(tmp_path / "k.sqlite")
    missing = _sentence(capsys, ["local", "--db", db, "--script", str(tmp_path / "no.txt")])
    assert "cannot read the script" in missing and "(no such file or directory)" in missing
    assert "(is a directory)" in _sentence(capsys, ["local", "--db", db, "--script", str(tmp_path)])
    assert cli.main(["local", "--db", db, "--script", str(script)]) == 0


def test_a_file_that_is_not_sqlite_or_a_missing_folder_is_a_sentence(tmp_path, capsys, script):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database at all\n" * 100)
    assert "is not a Kolocha database" in _sentence(
        capsys, ["local", "--db", str(junk), "--script", str(script)])
    assert "is not a Kolocha database" in _sentence(capsys, ["replay", "1", "--db", str(junk)])
    nowhere = str(tmp_path / "no" / "k.sqlite")
    assert "there is no folder" in _sentence(capsys, ["local", "--db", nowhere, "--script", str(script)])
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(script)]) == 0


def test_a_folder_where_no_file_can_be_made_is_a_sentence(tmp_path, capsys, script):
    """/proc takes no new file, for root too: the lock beside the database is refused before SQLite is asked."""
    said = _sentence(capsys, ["local", "--db", "/proc/k.sqlite", "--script", str(script)])
    assert said == ("kolocha: cannot use the database /proc/k.sqlite (cannot make /proc/k.sqlite-migrate.lock: "
                    "No such file or directory); check that the user running Kolocha may write it and its folder.")
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(script)]) == 0


def test_a_game_the_database_does_not_hold_is_named_with_the_database(tmp_path, capsys, script):
    """It read 'kolocha: There is no game 7.', as if no game 7 were anywhere."""
    db = str(tmp_path / "k.sqlite")
    said = f"kolocha: there is no game 7 in {db}; give --db the file that holds it, or start a new game with " \
        "`kolocha local`."
    assert _sentence(capsys, ["local", "--db", db, "--game", "7"]) == said
    assert cli.main(["local", "--db", db, "--script", str(script)]) == 0  # game 1
    capsys.readouterr()
    assert _sentence(capsys, ["replay", "7", "--db", db]) == said
    assert _sentence(capsys, ["map", "--game", "7", "--db", db]) == said
    assert cli.main(["replay", "1", "--db", db]) == 0


def test_a_script_in_utf16_is_read(tmp_path, capsys):
    """It printed only `kolocha: utf-8`. With a byte-order mark, UTF-16 is read as such."""
    path = tmp_path / "utf16.txt"
    path.write_text(SCRIPT, encoding="utf-16")
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(path)]) == 0
    assert "[1] Red: end." in capsys.readouterr().out
    path.write_bytes(b"# kolocha system=toy_system\n\xc3\x28 end\n")  # no UTF-8, no mark
    assert "is not UTF-8 text" in _sentence(capsys, ["local", "--db", str(tmp_path / "k.sqlite"),
                                                     "--script", str(path)])


def test_a_script_header_naming_a_module_does_not_import_it(tmp_path, capsys):
    """`system=this` would print the Zen of Python if it were imported: only registered
    systems load (rules.core.registry)."""
    sys.modules.pop("this", None)
    path = tmp_path / "this.txt"
    path.write_text("# kolocha system=this\nend\n")
    err = _sentence(capsys, ["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(path)])
    assert "'this' is not a game system here" in err
    assert "this" not in sys.modules


def test_a_lone_surrogate_in_the_user_name_is_stored_as_a_question_mark(tmp_path, capsys, script,
                                                                       monkeypatch):
    """An undecodable byte in $USER reaches Python as a lone surrogate, which SQLite cannot
    store: the insert failed ("kolocha: utf-8")."""
    from bot.store import Store

    monkeypatch.setattr(cli.getpass, "getuser", lambda: "anna\udcff")
    assert cli.main(["local", "--db", str(tmp_path / "k.sqlite"), "--script", str(script)]) == 0
    assert Store(tmp_path / "k.sqlite").game(1)["created_by"] == "anna?"


def test_a_typed_line_with_a_lone_surrogate_is_answered_in_printable_text(service, game):
    from bot.terminal.console import play

    answers = iter(["fly\udcff", "quit"])
    written: list[str] = []
    play(service, game, lambda prompt: next(answers), written.append)
    refusal = next(text for text in written if text.startswith("Refused"))
    assert refusal.startswith("Refused: fly?:") and refusal.encode("utf-8")


REFUSALS = [  # (the command line, a word of its sentence): each a mistake commonly made, and what it meets
    (["local", "--scenario", "nope", "--script", "{script}"], "'nope' is not a scenario here; choose one of short,"),
    (["local", "--option", "leaders=maybe", "--script", "{script}"], "an option is on by its name"),
    (["local", "--system", "borodino", "--ai", "frnch"], "'frnch' is not a side of Borodino; choose french"),
    (["local", "--level", "2", "--script", "{script}"], "--level is the computer's: give the side it plays"),
    (["local", "--game", "1", "--ai-seed", "3", "--script", "{script}"], "--ai-seed is the computer's"),
    (["local", "--game", "1", "--script", "{script}"], "game 1 is over (no winner, ended by Anna); it takes no more "
                                                        "commands: `kolocha local --game 1` without --script shows"),
    (["local", "--game", "1", "--ai", "red"], "game 1 is over (no winner, ended by Anna)"),
    (["local", "--game", "9", "--script", "{script}"], "there is no game 9 in"),
    (["local", "--script", "{tmp}/no.txt"], "(no such file or directory); give --script a text file of commands"),
    (["local", "--system", "campaign_1812", "--tables", "{tmp}/no.toml"], "(no such file or directory); give "
                                                                          "--tables a TOML file"),
    (["local", "--tables", "{tmp}/bad.toml"], "--tables: Borodino plays its rule book's own tables; a table file"),
    (["local", "--seed", "x"], "kolocha local: --seed: a seed is a whole number"),
    (["local", "--nosuch"], "kolocha local: unrecognized arguments: --nosuch; `kolocha local --help` says"),
    (["nosuch"], "kolocha: COMMAND: invalid choice: 'nosuch' (choose from 'local',"),
    (["map", "--zoc", "frnch"], "kolocha map: --zoc: invalid choice: 'frnch' (choose from 'french', 'russian')"),
    (["map", "--game", "2", "--around", "3321", "--radius", "-1"], "a crop's radius is 0 to 20 hexes"),
    (["map", "--game", "2", "--around", "3321", "--radius", "500"], "a crop's radius is 0 to 20 hexes"),
    (["map", "--game", "2", "--size", "10"], "a map is 300 to 4000 pixels wide, not 10"),
    (["map", "--game", "2", "--around", "9999"], "9999: no hex of this map; name hexes on the map"),
    (["replay"], "kolocha replay: give one GAME id, or --all"),
    (["replay", "1", "--db", "{tmp}/none.sqlite"], "is not a Kolocha database (no such file); give --db"),
    (["bench", "--scenario", "nope"], "'nope' is not a scenario here; choose one of 5sep,"),
    (["backup", "{tmp}/copy.sqlite", "--config", "{script}"], "kolocha backup: the config file"),
    (["run", "--config", "{tmp}/bad.toml"], "kolocha run: {tmp}/bad.toml: a deadline is between"),
]


@pytest.fixture(scope="module")
def games(tmp_path_factory):
    """A folder of one database, which no refusal changes: game 1, a toy race its players ended; game 2,
    Borodino's 7 September at its start; a script and a config file that cannot be."""
    from bot.service import GameService
    from bot.store import Store

    folder = tmp_path_factory.mktemp("refusals")
    service = GameService(Store(folder / "k.sqlite"))
    service.store.end_game(service.new_game("toy_system", "short", seed=5), {"winner": None, "reason": "ended by Anna"},
                           [])
    service.new_game("borodino", "7sep", seed=1)
    service.store.close()
    (folder / "game.txt").write_text(SCRIPT)
    (folder / "bad.toml").write_text("[defaults]\ndeadline_hours = 0\n")
    return folder


@pytest.mark.parametrize(("argv", "said"), REFUSALS, ids=[" ".join(argv) for argv, _ in REFUSALS])
def test_each_refusal_is_one_sentence_in_one_style_saying_what_is_legal(games, capsys, monkeypatch, argv, said):
    """Every refusal reads 'kolocha[ COMMAND]: ' then one sentence in lower case (a name keeps its capital),
    ending with a full stop, and says what to do instead; no traceback, no usage block, exit status 2. Some read
    'kolocha: Unknown scenario ...', 'kolocha: Game 1 is over; ...', 'kolocha: cannot read the script x: No such
    file or directory'; a negative --radius drew a traceback, --radius 500 ran for minutes, and argparse's
    mistakes printed their usage over four lines first."""
    monkeypatch.chdir(games)
    monkeypatch.delenv("KOLOCHA_DB", raising=False)
    argv = [word.format(tmp=games, script=games / "game.txt") for word in argv]
    db = [] if argv[0] in ("run", "backup", "bench") or argv[-1] == "nosuch" else ["--db", str(games / "k.sqlite")]
    if "--db" in argv:
        db = []
    try:
        status = cli.main([*argv, *db])
    except SystemExit as exit_:  # argparse's own refusal
        status = exit_.code
    err = capsys.readouterr().err.strip()
    speaker, _, sentence = err.partition(": ")
    assert status == 2 and len(err.splitlines()) == 1 and "Traceback" not in err
    assert speaker in ("kolocha", f"kolocha {argv[0]}") and sentence.endswith(".")
    assert text.mid_sentence(sentence) == sentence and said.format(tmp=games) in err, err


def test_a_game_that_is_over_says_so_when_it_is_opened(service, game):
    """`kolocha local --game N` of an ended game opened with 'resume later with ...' above a position that read as
    if the game ran on (ended by its players: no outcome of the rules to show); it says how it ended and what is
    left to do. A game that runs opens as before."""
    from bot.terminal.console import play

    for ended in (False, True):
        if ended:
            service.store.end_game(game, {"winner": None, "reason": "ended by Anna"}, [])
        written: list[str] = []
        play(service, game, lambda prompt: "quit", written.append)
        assert written[0] == (f"Game {game} is over (no winner, ended by Anna); it takes no more commands: `status`, "
                              "`units` and `map` show where it ended; `quit` leaves." if ended else
                              f"Game {game}. Type `help` for commands, `map` for a picture, `quit` to leave; resume "
                              f"later with `kolocha local --game {game}`.")
