"""Text typed by a person, turned into the typed values the service takes, at the edge: each
converter returns the value or refuses with the sentence the person reads (`Unreadable`)."""
from __future__ import annotations

import codecs
import tomllib
from collections.abc import Iterable
from pathlib import Path

from bot.permissions import TableError
from bot.text import mid_sentence

SEEDS = 2**63  # a seed is stored as an SQLite INTEGER (signed 64 bits)


class Unreadable(TableError):
    """Typed text (or a setting, a preference) that is not the value asked for; str() is the
    sentence the person reads. A refusal like any other of the table layer: every front end
    turns it into a reply in the one place where it answers (the CLI into its usage error)."""


def shown(word: str) -> str:
    """A word quoted back to the person who typed it, cut if long.

    >>> shown("x" * 30)
    "'xxxxxxxxxxxxxxxxxxxxxxxx...'"
    """
    return repr(word if len(word) <= 24 else word[:24] + "...")


def parse_options(names: list[str] | str | None) -> dict:
    """Option names as one comma-separated text or a list (each item may hold several), as the
    setup's option dict: a name turns its option on, `name=off` turns it off (a reading a new game
    plays unless told), `name=on` says on; names are read in lower case (a phone capitalises).

    >>> parse_options("imperial_guard, Chart_Fragments=off")
    {'imperial_guard': True, 'chart_fragments': False}
    >>> parse_options(["leaders", "depot_supply=on,chart_fragments=off"]), parse_options(None)
    ({'leaders': True, 'depot_supply': True, 'chart_fragments': False}, {})
    >>> parse_options("leaders=maybe")
    Traceback (most recent call last):
    bot.converters.Unreadable: An option is on by its name, off by name=off (like `leaders=off`); not 'leaders=maybe'.
    """
    words = ",".join(names or []) if isinstance(names, list) else names or ""
    chosen = {}
    for word in filter(None, (part.strip() for part in words.split(","))):
        name, _, value = (part.strip().lower() for part in word.partition("="))
        if not name or value not in ("", "on", "off") or (value == "" and "=" in word):
            raise Unreadable(f"An option is on by its name, off by name=off (like `leaders=off`); not {shown(word)}.")
        chosen[name] = value != "off"
    return chosen


def option_completions(typed: str, offered: list[str], on_unless_told: tuple[str, ...]) -> list[str]:
    """What the options field may become as it is typed: the names already given, then each option
    not yet named that matches the word being typed, as a new game would change it (its name turns
    it on; name=off turns off a reading on unless told).

    >>> option_completions("leaders, ch", ["chart_fragments", "depot_supply", "leaders"], ("chart_fragments",))
    ['leaders, chart_fragments=off']
    >>> option_completions("", ["dv_rally", "dv_leaders"], ())
    ['dv_rally', 'dv_leaders']
    """
    *given, typing = typed.split(",")
    named = {part.partition("=")[0].strip().lower() for part in given}
    head = "".join(f"{part.strip()}, " for part in given if part.strip())
    return [head + (f"{name}=off" if name in on_unless_told else name)
            for name in offered if name not in named and typing.strip().lower() in name]


def chosen(options: str, tables: dict | None) -> dict:
    """The set-up options of a new game: those typed, and a player's own tables if given.

    >>> chosen("a, b=off", None), chosen("", {"turns": {}})
    ({'a': True, 'b': False}, {'tables': {'turns': {}}})
    """
    return {**parse_options(options), **({"tables": tables} if tables is not None else {})}


def named_options(options: dict | list, played: Iterable[str] = ()) -> str:
    """The options a game is played with, as its opening line and its status name them: those on
    (own tables by that name, not their contents), then those turned off; '' for none. `played`
    adds those its rules play unasked (Last Blood plays every optional rule, Bloody Monday 10.0).

    >>> named_options({"depot_supply": True, "tables": {}, "chart_fragments": False}), named_options([])
    ('depot_supply, own tables (chart_fragments off)', '')
    >>> named_options({"leaders": False}), named_options({}, ["shields", "cossacks"])
    ('leaders off', 'shields, cossacks')
    """
    given = dict.fromkeys(options, True) if isinstance(options, list) else options
    given = {**given, **{name: True for name in played if name not in given}}
    on = ", ".join(name if name != "tables" else "own tables" for name, value in given.items() if value is not False)
    off = ", ".join(name for name, value in given.items() if value is False)
    return f"{on} ({off} off)" if on and off else on or (f"{off} off" if off else "")


def parse_seed(text: str | int) -> int:
    """A dice seed: a whole number from -2**63 to 2**63 - 1 (what the store keeps; the seeds the
    bot draws for fair dice are negative, and an ended game's exported record names its own).

    >>> parse_seed("123"), parse_seed("-4611686018427387905")
    (123, -4611686018427387905)
    """
    word = str(text).strip()
    digits = word[1:] if word.startswith("-") else word
    if not (digits.isascii() and digits.isdigit() and len(digits) <= 19 and -SEEDS <= int(word) < SEEDS):
        raise Unreadable(f"a seed is a whole number from {-SEEDS} to {SEEDS - 1}, not {shown(word)}")
    return int(word)


def parse_hour(text: str) -> int:
    """An hour of the day, as a deadline falls at it (/prefs due_hour).

    >>> parse_hour(" 20 ")
    20
    >>> parse_hour("8pm")
    Traceback (most recent call last):
    bot.converters.Unreadable: A deadline hour is a whole hour from 0 to 23, like 20 (or none); not '8pm'.
    """
    word = text.strip()
    if not (word.isascii() and word.isdigit() and int(word) <= 23):
        raise Unreadable(f"A deadline hour is a whole hour from 0 to 23, like 20 (or none); not {shown(word)}.")
    return int(word)


def parse_hours(text: str) -> list[float]:
    """Hours, comma-separated, as a setting takes them (reminders before a deadline).

    >>> parse_hours("24, 1.5")
    [24.0, 1.5]
    >>> parse_hours("24, soon")
    Traceback (most recent call last):
    bot.converters.Unreadable: Reminders are hours before the deadline, like `24, 1`; 'soon' is not a number.
    """
    hours = []
    for word in filter(None, (part.strip() for part in text.split(","))):
        if not (word.isascii() and word.replace(".", "", 1).isdigit() and len(word) <= 12):
            raise Unreadable(f"Reminders are hours before the deadline, like `24, 1`; {shown(word)} "
                             "is not a number.")
        hours.append(float(word))
    return hours


def read_script(path: Path) -> str:
    """A command script's text: UTF-8, or UTF-16 with its byte-order mark (what some editors
    save); ValueError with the sentence to print when it cannot be read."""
    data = _file_bytes(path, "the script", "give --script a text file of commands, one a line")
    encoding = "utf-16" if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)) else "utf-8-sig"
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        raise Unreadable(f"the script {path} is not UTF-8 text (byte {error.start} is not); save "
                         "it as UTF-8.") from None


def _file_bytes(path: Path, what: str, instead: str) -> bytes:
    """A file's bytes; Unreadable saying why they cannot be read and what to give instead: 'cannot
    read the script moves.txt (no such file or directory); give --script a text file of commands,
    one a line.'"""
    try:
        return path.read_bytes()
    except OSError as error:
        raise Unreadable(f"cannot read {what} {path} ({mid_sentence(error.strerror or str(error))}); "
                         f"{instead}.") from None


TABLES_BYTES = 256 * 1024  # a table file is a few kilobytes; anything far larger is not one


def read_tables(path: Path) -> dict:
    """A player's own table file (TOML), parsed; the system checks what it holds. Unreadable with
    the sentence to print when it is no TOML file."""
    data = _file_bytes(path, "the tables", "give --tables a TOML file in the format of "
                       "rules/campaign_1812/data/tables.toml")
    return parse_tables(data, str(path))


def parse_tables(data: bytes, name: str) -> dict:
    """A table file's bytes (a file given to `--tables`, or attached to `/game new`) as a TOML
    document; the game system then checks what it holds (rules/campaign_1812: its format).

    >>> parse_tables(b'[turns]\\ncount = 13', "mine.toml")
    {'turns': {'count': 13}}
    >>> parse_tables(b'count = ', "mine.toml")
    Traceback (most recent call last):
    bot.converters.Unreadable: cannot read the tables mine.toml: it is not TOML (Invalid value (at end of document)).
    """
    if len(data) > TABLES_BYTES:
        raise Unreadable(f"the tables {name} are {len(data) // 1024} KB; a table file is TOML text of at most "
                         f"{TABLES_BYTES // 1024} KB")
    try:
        return tomllib.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise Unreadable(f"cannot read the tables {name}: it is not UTF-8 text") from None
    except tomllib.TOMLDecodeError as error:
        raise Unreadable(f"cannot read the tables {name}: it is not TOML ({error}).") from None


def well_formed(text: str) -> str:
    """Text that can be stored and sent: a lone surrogate (how Python carries bytes it could not
    decode, from an odd $USER or terminal input) becomes '?'.

    >>> well_formed("anna\\udcff")
    'anna?'
    """
    return text.encode("utf-8", "replace").decode("utf-8")
