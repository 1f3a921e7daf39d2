"""The `kolocha` command: serve the Discord bot, play in the terminal, re-run stored games, measure.

    kolocha local [--system borodino] [--scenario ID] [--seed N] [--option NAME[=off] ...]
                  [--tables FILE] [--db FILE] [--game ID] [--script FILE [--json]]
                  [--ai SIDE ...] [--level N] [--ai-seed N]
    kolocha map [--game ID] [--around HEX ...] [--radius N] [--size N] [--zoc SIDE]
                [--select HEX] [--out FILE] [--db FILE]
    kolocha replay GAME | --all [--db FILE] [--gif FILE] [--verify] [--computer]
    kolocha bench [--system borodino] [--scenario 7sep] [--seed 1] [--option NAME ...] [--seconds S]
    kolocha bench --discord | --ux | --scale
    kolocha bench --ai [--system S] [--scenario ID] [--side SIDE] [--level N] [--games 200] [--seed 1]
                       [--workers 2] [--budget 20] [--games-file PATH]
    kolocha bench --ai --positions [--system S]
    kolocha bench --ai --tally FILE [FILE ...]   (the table of games kept by --games-file)
    kolocha fuzz [--games N] [--seed N] [--part playouts|engine-swap|front-swap ...] [--out DIR]
                 [--policy uniform|sample|rollout] [--system S]
    kolocha run [--config FILE]     (DISCORD_TOKEN in the environment)
    kolocha sync [--config FILE]    (send the slash commands to Discord now)
    kolocha backup FILE [--config FILE]   (a consistent copy of the database, while it runs)
"""
from __future__ import annotations

import argparse
import getpass
import logging
import os
import sqlite3
import sys
import tomllib
from collections.abc import Callable
from typing import NoReturn
from contextlib import closing
from pathlib import Path

import rules
from bot import dice_audit, fair_dice, pictures
from bot import text as fmt
from bot.computer import replay as ai_replay
from bot.computer.seat import NoComputer, Seat, new_seat
from bot.config import Config, GameSettings
from bot.converters import Unreadable, named_options, parse_options, parse_seed, read_script, read_tables, well_formed
from bot.permissions import TableError
from bot.service import GameService
from bot.service.turns import over_sentence
from bot.store import (AlreadyServed, NotKolocha, SchemaTooNew, Store, StoreRefusal, UnknownGame, Unwritable,
                       existing, sole_server)
from bot.terminal.console import enable_line_editing, parse_script, play, run_script
from bot.terminal.map_files import MapFiles
from bot.tools import bench, bench_ai, bench_positions, bench_tally, fuzz
from rules.core.errors import RulesError
from rules.core.playout import POLICIES
from rules.core.system import GameSystem

DEFAULT_DB = "kolocha.sqlite"


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    if not (sys.argv[1:] if argv is None else argv):  # `kolocha` alone: what it does, not a usage error
        parser.print_help(sys.stderr)
        return 2
    args, unknown = parser.parse_known_args(argv)
    if unknown:  # refused by the command's own parser, which names the command and its --help
        args.parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if hasattr(args, "db") and not Path(args.db).parent.is_dir():
        print(f"kolocha: there is no folder {Path(args.db).parent} for the database {args.db}; "
              "create it or give --db a file in a folder that exists.", file=sys.stderr)
        return 2
    # Engine failures are logged beside the database, so a player sees a sentence, not a trace; the
    # file is made only when there is one to log, so a backup checked by `replay` gets no empty log
    log_file = Path(args.db).with_suffix(".log") if hasattr(args, "db") else None
    logging.basicConfig(level=logging.WARNING, handlers=[logging.FileHandler(log_file, delay=True)] if log_file
                        else None, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    made = [] if log_file is None or Path(args.db).exists() else [Path(args.db), log_file]
    status = _refused(args)
    if status == 2 and made:
        _remove_what_a_refusal_made(*made)
    return status


def _remove_what_a_refusal_made(database: Path, log_file: Path) -> None:
    """A command refused before it stored anything leaves no files behind in a folder that had no
    database: not the database, its journal files, nor an empty log."""
    try:
        with closing(sqlite3.connect(database)) as db:
            if db.execute("SELECT count(*) FROM games").fetchone()[0]:
                return  # a game was stored: it is kept
    except sqlite3.Error:
        pass  # no games table: nothing was stored
    logging.shutdown()
    for path in [database, *(Path(f"{database}{tail}") for tail in ("-wal", "-shm"))]:
        path.unlink(missing_ok=True)
    if log_file.exists() and log_file.stat().st_size == 0:
        log_file.unlink()


def _refused(args: argparse.Namespace) -> int:
    """Run the command; a refusal is one sentence on stderr and exit status 2 (130 for Ctrl-C)."""
    try:
        return args.run(args)
    except BrokenPipeError:  # the reader stopped reading (`kolocha replay ... | head`): nothing more to say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush does not fail too
        return 1
    except KeyboardInterrupt:  # Ctrl-C while the computer thinks or a map is drawn: nothing accepted is lost
        print(f"\n{_speaker(args)}: stopped; every accepted command is kept.", file=sys.stderr)
        return 130
    except UnknownGame as error:  # `--game 3` or `replay 3` in another folder than the game's
        print(f"{_speaker(args)}: there is no game {error.game_id} in {_database(args)}; give --db the file "
              "that holds it, or start a new game with `kolocha local`.", file=sys.stderr)
    except (TableError, StoreRefusal, RulesError, SchemaTooNew, AlreadyServed, NotKolocha) as error:
        # a bad value (a script, a setting: TableError), a game the store lacks, a bad name
        # (system, scenario, option: RulesError), a database this version or process cannot use;
        # a sentence Discord replies with begins with a capital, here it follows 'kolocha:'
        print(f"{_speaker(args)}: {fmt.mid_sentence(str(error))}", file=sys.stderr)
    except sqlite3.OperationalError as error:
        if getattr(error, "sqlite_errorname", "").startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            print(f"{_speaker(args)}: the database {_database(args)} is held by another program ({error}); "
                  "try again once it is done (under systemd the bot starts again by itself).", file=sys.stderr)
            return 1  # passing: systemd's Restart=on-failure tries again, as it does not after status 2
        print(_cannot_use(args, error), file=sys.stderr)
    except Unwritable as error:
        print(_cannot_use(args, error), file=sys.stderr)
    except sqlite3.DatabaseError as error:
        where = "give --db another file, or" if hasattr(args, "db") else \
            "point KOLOCHA_DB (or `database` in the config) at the bot's database, or at"
        print(f"{_speaker(args)}: {_database(args)} is not a Kolocha database ({error}); {where} a new name "
              "to start one.", file=sys.stderr)
    return 2


def _cannot_use(args: argparse.Namespace, error: Exception) -> str:
    """A database the user running Kolocha may not write (or its folder), in a sentence."""
    return (f"{_speaker(args)}: cannot use the database {_database(args)} ({error}); check that the user "
            "running Kolocha may write it and its folder.")


def _speaker(args: argparse.Namespace) -> str:
    """Who says a refusal: the server's commands by their own names, as each of their refusals
    begins ('kolocha run: there is no folder ...'), whatever refuses (the config, the database,
    another bot serving it); the terminal's commands as `kolocha`."""
    return f"kolocha {args.server}" if hasattr(args, "server") else "kolocha"


def _database(args: argparse.Namespace) -> str:
    """The database a command opened: --db, or for run, sync and backup the config's (read already)."""
    return args.db if hasattr(args, "db") else Config.load(args.config).database


def _argument(convert: Callable[[str], object]) -> Callable[[str], object]:
    """A converter (bot/converters.py) as an argparse type: its refusal becomes the usage error."""
    def typed(text: str) -> object:
        try:
            return convert(text)
        except Unreadable as error:
            raise argparse.ArgumentTypeError(str(error)) from None
    return typed


class _Parser(argparse.ArgumentParser):
    """argparse's parser, whose usage error is one line as every refusal of `kolocha` is ('kolocha
    map: --zoc: invalid choice: 'frnch' (choose from 'french', 'russian'); `kolocha map --help` says
    what it takes.'), where its usage came first over several lines."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message.removeprefix('argument ')}; `{self.prog} --help` says what it takes.\n")


def _command(sub: argparse._SubParsersAction, name: str, text: str) -> argparse.ArgumentParser:
    """A subcommand whose line in `kolocha --help` also heads its own `--help`."""
    command = sub.add_parser(name, help=text, description=text[:1].upper() + text[1:] + ".")
    command.set_defaults(parser=command)
    return command


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kolocha", description=__doc__.splitlines()[0],
                                     epilog="To begin: `kolocha local` plays Borodino's 7 September battle "
                                     "in this terminal. `kolocha COMMAND --help` gives a command's options.")
    sub = parser.add_subparsers(required=True, metavar="COMMAND")

    local = _command(sub, "local", "play hot-seat in the terminal, or run a command script")
    local.add_argument("--system", help=f"game system: {', '.join(rules.systems())} (default: borodino, "
                       "or the script header)")
    local.add_argument("--scenario", help="scenario id (default: the system's own default)")
    local.add_argument("--seed", type=_argument(parse_seed), help="dice seed (default: random, then stored)")
    local.add_argument("--option", action="append", metavar="NAME[=off]",
                       help="turn an option on; NAME=off leaves out a reading a new game plays by default "
                       "(repeatable; `help options` in a game says what each plays)")
    local.add_argument("--tables", type=Path, metavar="FILE",
                       help="your own table file, for a system that reconstructs its tables (1812)")
    local.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default: ./{DEFAULT_DB})")
    local.add_argument("--game", type=int, help="resume a stored game instead of a new one")
    local.add_argument("--script", type=Path, help="run this command file non-interactively")
    local.add_argument("--json", action="store_true", help="with --script: one JSON per command")
    local.add_argument("--ai", action="append", metavar="SIDE", help="the computer plays this side "
                       "(repeat it, or `--ai both`: a game that plays itself)")
    local.add_argument("--level", type=int, help="with --ai: the computer's level, 1, or 2 where the game "
                       "has it (default 1)")
    local.add_argument("--ai-seed", type=_argument(parse_seed), help="with --ai: the computer's own seed "
                       "(default: drawn, and stored with its seat: the same seed replays its play)")
    local.set_defaults(run=_local)

    replay = _command(sub, "replay", "re-run stored games from their seeds and report")
    replay.add_argument("game", type=int, nargs="?", help="the game id")
    replay.add_argument("--all", action="store_true", help="every game in the database")
    replay.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default: ./{DEFAULT_DB})")
    replay.add_argument("--gif", type=Path, help="also write an animated GIF, one frame per player-turn")
    replay.add_argument("--verify", action="store_true", help="also prove the dice came from the committed "
                        "seed: the commitment, every snapshot and every published roll (fair dice)")
    replay.add_argument("--computer", action="store_true", help="also make the computer seats' plans "
                        "again from their seeds: each computer command with its reason (a blunder replayed)")
    replay.set_defaults(run=_replay)

    map_cmd = _command(sub, "map", "draw a stored game's map as a PNG")
    map_cmd.add_argument("--game", type=int, help="the game id (default: the latest game)")
    map_cmd.add_argument("--around", nargs="+", metavar="PLACE", help="crop to a window around these places "
                         "(Borodino's hexes, the areas' numbers)")
    map_cmd.add_argument("--radius", type=int, default=6, help="with --around: the crop's radius, "
                         f"{pictures.RADII.start} to {pictures.RADII.stop - 1} hexes (or areas) (default 6)")
    map_cmd.add_argument("--size", type=int, help=f"picture width in pixels, {pictures.WIDTHS.start} to "
                         f"{pictures.WIDTHS.stop - 1} (a phone shows 550)")
    map_cmd.add_argument("--zoc", metavar="SIDE", choices=("french", "russian"),
                         help="shade the hexes in that side's enemy zones of control")
    map_cmd.add_argument("--select", metavar="HEX", help="ring a unit and tint where it may move")
    map_cmd.add_argument("--out", type=Path, help="the PNG file (default: kolocha-game<ID>.png)")
    map_cmd.add_argument("--db", default=DEFAULT_DB, help=f"SQLite file (default: ./{DEFAULT_DB})")
    map_cmd.set_defaults(run=_map)

    bench_cmd = _command(sub, "bench", "measure speed (commands, playouts, the bot), the computer "
                               "players' strength and what games cost their players")
    bench_cmd.add_argument("--system", help="the game system (default: borodino; with --ai, every "
                           "system with a computer player)")
    bench_cmd.add_argument("--scenario", help="scenario id (default: the system's own default; with --ai, "
                           "every scenario)")
    bench_cmd.add_argument("--seed", type=_argument(parse_seed), default=1,
                           help="dice seed (default 1; with --ai, the first game's)")
    bench_cmd.add_argument("--option", action="append", metavar="NAME",
                           help="an option the measured game plays (repeatable)")
    bench_cmd.add_argument("--seconds", type=float, default=2.0, help="playout measuring time (default 2)")
    bench_cmd.add_argument("--discord", action="store_true", help="instead: the Discord bot's "
                           "acknowledgement times over a local stand-in for Discord")
    bench_cmd.add_argument("--ux", action="store_true", help="instead: what whole games cost their "
                           "players on a simulated Discord (interactions, DMs, pictures, channel posts, silent "
                           "waits; needs the test extras)")
    bench_cmd.add_argument("--scale", action="store_true", help="instead: memory, command "
                           "latency and the bot's start-up with 10 to 10,000 games in the database")
    bench_cmd.add_argument("--ai", action="store_true", help="instead: the computer players' strength "
                           "(games won against random play and against the level below) and CPU seconds "
                           "per decision, each next to its target")
    bench_cmd.add_argument("--positions", action="store_true", help="with --ai: instead, how many of the "
                           "tactical test positions each computer level finds")
    bench_cmd.add_argument("--side", help="with --ai: only this side (default: each)")
    bench_cmd.add_argument("--level", type=int, choices=[m.level for m in bench_ai.MATCHES],
                           help="with --ai: only this level's match (default: each)")
    bench_cmd.add_argument("--games", type=int, default=200, help="with --ai: games per scenario, side "
                           "and match (default 200); dice seeds from --seed on, the AI's seed the same")
    bench_cmd.add_argument("--workers", type=int, default=bench_ai.WORKERS, help="with --ai: worker "
                           f"processes (default {bench_ai.WORKERS}, the machine's cores)")
    bench_cmd.add_argument("--budget", type=float, default=bench_ai.BUDGET, help="with --ai: CPU seconds "
                           f"a searching level may think a decision (default {bench_ai.BUDGET:g}, a seat's "
                           "wall-clock seconds a turn); 0: its whole fixed effort, every game replayable")
    bench_cmd.add_argument("--games-file", type=Path, metavar="PATH", help="with --ai: also add each "
                           "game to this file, a line of JSON a game (seed, winner, seconds per decision)")
    bench_cmd.add_argument("--tally", type=Path, nargs="+", metavar="FILE", help="with --ai: instead of "
                           "playing, the table of the games kept in these games files (runs of other seeds "
                           "counted together)")
    bench_cmd.set_defaults(run=_bench)

    fuzz_cmd = _command(sub, "fuzz", "long random runs: playouts of every system, scenario "
                              "and option set, and the swap tests (engine and front ends)")
    fuzz_cmd.add_argument("--games", type=int, default=100,
                          help="games per scenario and option set (default 100)")
    fuzz_cmd.add_argument("--seed", type=_argument(parse_seed), default=1, help="the first seed (default 1)")
    fuzz_cmd.add_argument("--part", action="append", choices=fuzz.PARTS,
                          help="run only this part (repeatable; default: all)")
    fuzz_cmd.add_argument("--out", type=Path, default=Path("."),
                          help="folder for the scripts that replay failed playouts")
    fuzz_cmd.add_argument("--policy", action="append", choices=POLICIES,
                          help="how playouts draw commands: uniform over the legal list, the "
                          "systems' sample_command, or their rollout_command where they have one "
                          "(repeatable; default: all)")
    fuzz_cmd.add_argument("--system", action="append", choices=rules.systems(),
                          help="fuzz only this system (repeatable; default: all)")
    fuzz_cmd.set_defaults(run=_fuzz)

    serve = _command(sub, "run", "serve the Discord bot (DISCORD_TOKEN from the environment)")
    serve.add_argument("--config", type=Path, help="TOML file: database, message_content, "
                       "[defaults] (see deploy/kolocha.toml.example)")
    serve.set_defaults(run=_run, server="run")

    sync = _command(sub, "sync", "send the slash commands to Discord now (DISCORD_TOKEN)")
    sync.add_argument("--config", type=Path, help="TOML file, as for `kolocha run`")
    sync.set_defaults(run=_sync, server="sync")

    backup = _command(sub, "backup", "copy the bot's database to FILE, safely while it runs")
    backup.add_argument("file", type=Path, help="the copy (a SQLite file; replaced if it exists)")
    backup.add_argument("--config", type=Path, help="TOML file naming the database, as for "
                        "`kolocha run` (or KOLOCHA_DB in the environment)")
    backup.set_defaults(run=_backup, server="backup")
    return parser


def _local(args: argparse.Namespace) -> int:
    if args.game is None:
        return _play_local(args)
    with sole_server(args.db, "terminal game (kolocha local)"):  # not while a bot serves it
        return _play_local(args)


SCRIPTED_SEATS = ("a script gives every side's commands itself, so the computer would not play; play "
                  "against the computer at the terminal, without --script.")


def _play_local(args: argparse.Namespace) -> int:
    if args.json and not args.script:
        raise TableError("--json prints one JSON per command of a script; give it with --script FILE, or play "
                         "without --json.")
    for given in ("--level", "--ai-seed"):
        if getattr(args, given[2:].replace("-", "_")) is not None and not args.ai:
            raise TableError(f"{given} is the computer's: give the side it plays with --ai SIDE, or leave "
                             f"{given} out.")
    script = parse_script(read_script(args.script)) if args.script else None
    if script is not None and args.ai:
        raise TableError("--ai with --script: " + SCRIPTED_SEATS)
    service = GameService(Store(args.db))
    if args.game is not None:
        game_id = service.store.game(args.game)["id"]
    else:
        settings = script.settings if script else {}
        system = args.system or settings.get("system", "borodino")
        scenario = args.scenario or settings.get("scenario") or _first_scenario(system)
        seed = args.seed if args.seed is not None else settings.get("seed")
        options = parse_options(args.option or settings.get("options"))
        if args.tables is not None and system != "campaign_1812":  # it read "'tables' is not an option of ..."
            raise TableError(f"--tables: {fmt.SYSTEM_NAMES.get(system, system)} plays its rule book's own tables; "
                             "a table file of your own is for 1812, whose tables are reconstructed "
                             "(--system campaign_1812).")
        if args.tables is not None:
            options["tables"] = read_tables(args.tables)
        elif script and script.tables is not None:
            options["tables"] = script.tables
        seats = _computer_seats(rules.load(system), args)
        game_id = service.new_game(system, scenario, None if seed is None else parse_seed(seed),
                                   options, created_by=well_formed(getpass.getuser()),
                                   hot_seat=True)
        game = service.store.game(game_id)
        dice = f"seed {game['seed']}" if seed is not None else f"fair dice committed to as SHA-256 {game['commitment']}"
        named = named_options(game["options"])
        title = fmt.game_name(game["system"], game["scenario"])
        print(f"Game {game_id}: {title}, {dice}" + (f", with {named}" if named else "")
              + f", stored in {args.db}.",
              *filter(None, [fair_dice.local_note(game)]), file=sys.stderr)
    if args.game is not None:
        _playable(service, game_id, "--script" if script is not None else "--ai" if args.ai else None)
        seats = _computer_seats(service.system(game_id), args)
        if script is not None and service.store.computer_seats(game_id):
            raise TableError(f"game {game_id} has a computer seat: " + SCRIPTED_SEATS)
    for side, seat in seats:
        service.store.take_computer_seat(game_id, side, seat.to_dict())
        print(f"The computer plays {fmt.side_name(side)} (level {seat.level}, its seed {seat.seed}).",
              file=sys.stderr)
    if script is not None:
        return run_script(service, game_id, script, sys.stdout, args.json)
    enable_line_editing()
    code = play(service, game_id, maps=MapFiles(service, game_id, Path(args.db).parent))
    game = service.store.game(game_id)
    if game["status"] == "over" and fair_dice.committed(game):
        print(fair_dice.reveal(game))
    return code


def _playable(service: GameService, game_id: int, given: str | None) -> None:
    """A game resumed to play (by a script, or with a computer seat) that is over is refused in a
    sentence before anything is stored; resumed alone, an ended game still shows where it ended."""
    game = service.store.game(game_id)
    if given and game["status"] == "over":
        ended = game["ended"] or service.system(game_id).outcome(service.load(game_id))
        raise TableError(f"{over_sentence(game_id, ended).removesuffix('.')}: `kolocha local --game {game_id}` "
                         f"without {given} shows where it ended, `kolocha replay {game_id} --gif FILE` draws how "
                         "it went.")


def _computer_seats(system: GameSystem, args: argparse.Namespace) -> list[tuple[str, Seat]]:
    """`--ai SIDE ...`: the seats the computer takes, refused in one sentence (before a game is
    opened) for a side that is not one or a system without that computer player."""
    seats = []
    asked = [s.strip().lower() for s in args.ai or []]
    for side in (list(system.INFO.sides) if "both" in asked else asked):
        if side not in system.INFO.sides:
            named = fmt.SYSTEM_NAMES.get(system.INFO.name, system.INFO.name)
            raise TableError(f"--ai {side}: {side!r} is not a side of {named}; choose "
                             f"{' or '.join(system.INFO.sides)}, or both.")
        try:
            seats.append((side, new_seat(system, args.level or 1, GameSettings().ai_budget, args.ai_seed)))
        except NoComputer as error:
            raise TableError(f"--ai {side}: {error}") from None
    return seats


def _check_folder(option: str, path: Path | None) -> None:
    """A file the command is to write (when asked for) goes in a folder that exists: refused
    before any work, in a sentence, else."""
    if path is not None and not path.parent.is_dir():
        raise TableError(f"{option}: there is no folder {path.parent}; create it first.")


def _replay(args: argparse.Namespace) -> int:
    _check_folder("--gif", args.gif)
    store = existing(args.db)
    if args.all == (args.game is not None):
        print("kolocha replay: give one GAME id, or --all for every game.", file=sys.stderr)
        return 2
    service = GameService(store)
    ids = store.game_ids() if args.all else [store.game(args.game)["id"]]
    if not ids:  # an empty answer is said, as `kolocha map` says it, not left as silence
        print(f"kolocha replay: no game in {args.db}; there is nothing to replay.", file=sys.stderr)
        return 2
    reports = [service.replay_check(game_id) for game_id in ids]
    for report in reports:
        print(report)
    verdicts = [dice_audit.verify(service, game_id) for game_id in ids] if args.verify else []
    for verdict in verdicts:
        print(verdict)
    thoughts = [ai_replay.rethink(service, game_id) for game_id in ids] if args.computer else []
    for thinking in thoughts:
        print("\n".join(thinking.lines()))
    if args.gif and len(ids) == 1 and reports[0].ok:
        args.gif.write_bytes(pictures.replay_gif(service, ids[0]))
        print(f"Replay: {args.gif}")
    return 0 if all(r.ok for r in reports) and all(v.ok for v in verdicts) \
        and not any(t.differs for t in thoughts) else 1


def _map(args: argparse.Namespace) -> int:
    _check_folder("--out", args.out)
    store = Store(args.db)
    game_id = args.game if args.game is not None else max((g["id"] for g in store.games()), default=None)
    if game_id is None:
        print(f"kolocha map: no game in {args.db}; start one with `kolocha local`.", file=sys.stderr)
        return 2
    service = GameService(store)
    crop = "-" + "-".join(args.around) if args.around else ""  # a crop never overwrites the whole map
    out = args.out or Path(f"kolocha-game{game_id}{crop}.png")
    pictures.write_map(service, store.game(game_id)["id"], out, around=args.around, radius=args.radius,
                       size=args.size, zoc=args.zoc, select=args.select, spelt=pictures.on_the_command_line)
    print(f"Map: {out}")
    return 0


def _bench(args: argparse.Namespace) -> int:
    if args.discord:
        from bot.tools import bench_discord as discord_bench

        print(bench.table(f"kolocha bench --discord: {discord_bench.GAMES} games, "
                          f"{discord_bench.CONCURRENT} interactions at once",
                          discord_bench.measure()))
        return 0
    if args.ai:
        return _bench_ai(args)
    if args.ux:
        return _bench_ux(args.seed)
    system = args.system or "borodino"
    scenario = args.scenario or _first_scenario(system)
    options = parse_options(args.option)
    rules.load(system).setup(scenario, args.seed, options)  # a name it does not offer is refused before measuring
    if args.scale:
        from bot.tools import bench_scale

        rows = bench_scale.measure(system, scenario, args.seed, options)
        print(bench.table(f"kolocha bench --scale: {system} {scenario}", rows))
        return 0
    rows = bench.measure(system, scenario, args.seed, options, args.seconds)
    print(bench.table(f"kolocha bench: {system} {scenario}, seed {args.seed}", rows))
    return 0


def _bench_ux(seed: int) -> int:
    """`kolocha bench --ux`: one row per player-turn of each system's game, then the goals."""
    from bot.tools import bench_ux

    if not bench_ux.simcord_installed():
        print(bench_ux.INSTALL, file=sys.stderr)
        return 2
    rows = bench_ux.measure(seed=seed)
    print(bench.table("kolocha bench --ux: scripted players on simcord (an /orders box opened and sent "
                      "counts as one interaction)", rows))
    return 0


def _bench_ai(args: argparse.Namespace) -> int:
    """`kolocha bench --ai`: the rows chosen, each printed as soon as its games are played."""
    if args.games < 1 or args.workers < 1:
        raise TableError("--games and --workers take a whole number from 1 up.")
    _check_folder("--games-file", args.games_file)
    if args.tally:
        if missing := [str(path) for path in args.tally if not path.is_file()]:
            raise TableError(f"--tally: there is no games file {', '.join(missing)}.")
        return 1 if bench_tally.tally(args.tally, lambda text: print(text, flush=True)) else 0
    systems = [args.system] if args.system else bench_ai.systems_with_computer()
    if args.positions:
        bench_positions.run(systems, lambda text: print(text, flush=True))
        return 0
    refusal = bench_ai.unknown(systems, args.scenario, args.side)
    if refusal:
        raise TableError(refusal)
    budget = args.budget or None
    chosen = list(bench_ai.rows(systems, args.scenario, args.side, args.level, args.games, args.seed,
                                parse_options(args.option) or None, budget))
    thinks = f"{budget:g} CPU seconds a decision" if budget else "its whole fixed effort"
    print(f"kolocha bench --ai: {args.games} games a row, dice seeds {args.seed} to {args.seed + args.games - 1} "
          f"(the AI's seed the same), {args.workers} worker processes; a searching level thinks {thinks}; "
          "seconds: CPU seconds the measured side spent per decision", flush=True)

    def record(game: bench_ai.Game, played: bench_ai.Played) -> None:  # each game kept as it ends
        with args.games_file.open("a", encoding="utf-8") as out:
            out.write(bench_ai.game_line(game, played) + "\n")
    faults = bench_ai.run(chosen, args.workers, lambda text: print(text, flush=True),
                          record if args.games_file else None)
    return 1 if faults else 0


def _fuzz(args: argparse.Namespace) -> int:
    if not args.out.is_dir():
        raise TableError(f"there is no folder {args.out} for the failure scripts; create it first.")
    return fuzz.fuzz(tuple(args.part or fuzz.PARTS), args.games, args.seed, args.out,
                     lambda line: print(line, flush=True), policies=tuple(args.policy or POLICIES),
                     systems=tuple(args.system) if args.system else None)


NO_TOKEN = """kolocha {command}: no DISCORD_TOKEN in the environment.

To serve a Discord server, create a bot application and copy its token (the steps are in
deploy/DISCORD.md), then:  DISCORD_TOKEN=... kolocha run [--config kolocha.toml]

To play without Discord right now:  kolocha local"""


def _config(args: argparse.Namespace) -> Config | None:
    """The server's config, or None after saying why it cannot be read."""
    try:
        return Config.load(args.config)
    except FileNotFoundError:
        print(f"{_speaker(args)}: there is no config file {args.config}; copy deploy/kolocha.toml.example there, "
              "or leave out --config to use the defaults.", file=sys.stderr)
    except tomllib.TOMLDecodeError as error:
        print(f"{_speaker(args)}: the config file {args.config} is not TOML, {fmt.mid_sentence(str(error))}; mend "
              "it there (deploy/kolocha.toml.example shows the form).", file=sys.stderr)
    except OSError as error:
        print(f"{_speaker(args)}: cannot read the config file {args.config} "
              f"({fmt.mid_sentence(error.strerror or str(error))}); give --config a TOML file.", file=sys.stderr)
    return None


def _with_token(args: argparse.Namespace, command: str) -> Config | None:
    """The server's config when it can be read and holds a bot token; else None, after saying why."""
    config = _config(args)
    if config is not None and not config.token:
        print(NO_TOKEN.format(command=command), file=sys.stderr)
        return None
    return config


def _run(args: argparse.Namespace) -> int:
    config = _with_token(args, "run")
    if config is None:
        return 2
    if not Path(config.database).parent.is_dir():
        print(f"kolocha run: there is no folder {Path(config.database).parent} for the database "
              f"{config.database} (KOLOCHA_DB, or `database` in the config); create it, or point "
              "to a file in a folder that exists.", file=sys.stderr)
        return 2
    logging.getLogger().setLevel(logging.INFO)
    from bot.discord.app import run

    with sole_server(config.database):  # one bot per database file
        return run(config)


def _sync(args: argparse.Namespace) -> int:
    config = _with_token(args, "sync")
    if config is None:
        return 2
    from bot.discord.app import sync

    status = sync(config)
    if status == 0:
        print("kolocha sync: the slash commands are sent to Discord; a server's clients may take a few "
              "minutes to show them (reopen Discord, or type / again).")
    return status


def _backup(args: argparse.Namespace) -> int:
    """SQLite's online backup: a consistent copy taken page by page while the bot writes."""
    config = _config(args)
    if config is None:
        return 2
    refusal = _backup_refusal(Path(config.database), args.file)
    if refusal:
        print(f"kolocha backup: {refusal}", file=sys.stderr)
        return 2
    made = not args.file.exists()
    try:
        target = sqlite3.connect(args.file)
    except sqlite3.OperationalError as error:  # a folder the user may not write in
        print(f"kolocha backup: cannot write the copy {args.file} ({error}); check that the user running it "
              "may write there.", file=sys.stderr)
        return 2
    try:
        with closing(sqlite3.connect(config.database)) as source, closing(target):
            source.backup(target, pages=256)
    except sqlite3.DatabaseError:
        if made:  # no empty copy left behind to be taken for a backup
            args.file.unlink(missing_ok=True)
        raise
    print(f"Backed up {config.database} to {args.file}")
    return 0


def _backup_refusal(database: Path, copy: Path) -> str | None:
    """Why a backup of `database` cannot go to `copy`, in a sentence; None when it can."""
    if not database.exists():
        return (f"there is no database at {database}; name the bot's with --config (the file's `database`) "
                "or KOLOCHA_DB, as `kolocha run` is given it.")
    if copy.exists() and copy.samefile(database):
        return f"{copy} is the database itself; name another file for the copy."
    if not copy.parent.is_dir():
        return f"there is no folder {copy.parent} for the copy; create it first."
    return None


def _first_scenario(system: str) -> str:
    return rules.load(system).INFO.default_scenario


if __name__ == "__main__":
    sys.exit(main())
