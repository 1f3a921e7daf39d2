"""How a Kolocha server runs: the token from the environment, the rest from an optional TOML file.

    database = "/var/lib/kolocha/kolocha.sqlite"
    message_content = false        # plain-message commands (needs the privileged intent)

    [defaults]                     # the settings every new game starts with
    deadline_hours = 48
    reminders = [24, 1]            # hours before the deadline
    at_deadline = "end"            # end | choose | remind | forfeit | computer
    ai_level = 1                   # a computer player's level: 1, or 2 where the system has it
    ai_budget = 20                 # seconds a computer player may think a turn, its wait for a worker included
    skip_weekends = false          # Saturdays and Sundays do not count toward deadlines
    spectator_delay = false        # spectators one game turn behind

An unknown key or a value of the wrong kind is refused in a sentence naming the file.
"""
from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from bot.converters import Unreadable
from bot.text import mid_sentence

MAX_REMINDERS = 5  # reminder points a deadline may have
AT_DEADLINE = ("remind", "end", "choose", "forfeit", "computer")
AI_LEVELS = (1, 2)  # what the setting accepts; whether a game has that level is its system's word


DEADLINE_HELP = (
    "Each player to move has a deadline (`/game settings deadline_hours:`), reminders before it, "
    "and at it the game's action (`/game settings at_deadline:`):\n"
    "- end (unless the game sets another): the late player's phase ends and the game moves on. A choice "
    "waiting for them (a retreat, an advance, losses, hits, a battle plan) is made by their standing order "
    "(`/game orders`), else by the first order of its kind; what the rules require before the phase "
    "may end (attacks still owed, a battle that must be fought, an impulse not begun) is played by "
    "the computer opponent at level 1, from that player's own view, each command shown with its "
    "reason; then the phase ends. 1812 needs none: its standing "
    "orders cover every choice;\n"
    "- choose: a waiting choice is made as under end, else remind;\n"
    "- remind: a new deadline, and the late player is told again (the game waits for them);\n"
    "- forfeit: the late player loses the game;\n"
    "- computer: the computer takes the late player's seat for the rest of the game (while both players "
    "give secret orders at once, 1812's battle plans, it gives the late player's order as under end and takes "
    "the seat at a later deadline: nobody learns whether the order had been given).\n"
    "Under end and choose a late player played for is absent for the rest of that player-turn: each "
    "further deadline of theirs in it falls due at once, with no reminder, until they send a command; "
    "they are told so once, at the first.\n"
    "`/prefs` sets your own time zone, deadline hour and absences.")


@dataclass(frozen=True)
class GameSettings:
    """The per-game rules of the table (not of the game): deadlines and spectators."""

    deadline_hours: float = 48.0
    reminders: tuple[float, ...] = (24.0, 1.0)
    at_deadline: str = "end"  # an absent player never stalls a game: his phase ends at the deadline
    spectator_delay: bool = False
    skip_weekends: bool = False  # Saturdays and Sundays (in each player's time zone) do not count
    ai_level: int = 1  # how a computer seat of this game plays
    ai_budget: float = 20.0  # the wall-clock seconds it may think a turn (its anytime search stops then)

    def __post_init__(self) -> None:
        if not 0 < self.deadline_hours <= 24 * 60:
            raise Unreadable("A deadline is between a few minutes and 60 days (1440 hours).")
        if self.at_deadline not in AT_DEADLINE:
            raise Unreadable(f"At a deadline the bot can {', '.join(AT_DEADLINE)}; "
                             f"not {self.at_deadline!r}.")
        if any(not 0 < h < self.deadline_hours for h in self.reminders):
            raise Unreadable("Reminders are hours before the deadline, each shorter than it.")
        if len(self.reminders) > MAX_REMINDERS:
            raise Unreadable(f"A deadline has at most {MAX_REMINDERS} reminders before it (each tells the player "
                             f"where the game asks them: a ping in its channel, or a DM), not {len(self.reminders)}.")
        if self.ai_level not in AI_LEVELS:
            raise Unreadable(f"A computer player's level is 1 or 2, not {self.ai_level}.")
        if not 1 <= self.ai_budget <= 3600:
            raise Unreadable("A computer player's time budget is between 1 and 3600 seconds.")

    @classmethod
    def from_dict(cls, data: dict, base: GameSettings | None = None) -> GameSettings:
        """Settings from stored or configured values; unknown keys are ignored."""
        known = {f.name for f in fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        try:
            if "reminders" in values:
                values["reminders"] = tuple(sorted((float(h) for h in values["reminders"]),
                                                   reverse=True))
            if "deadline_hours" in values:
                values["deadline_hours"] = float(values["deadline_hours"])
        except (TypeError, ValueError):
            raise Unreadable("A deadline and its reminders are numbers of hours, like 48 and 24, 1.") from None
        try:
            for key, kind in (("ai_level", int), ("ai_budget", float)):
                if key in values:
                    values[key] = kind(values[key])
        except (TypeError, ValueError):
            raise Unreadable("A computer player's level and time budget are numbers, like 1 and 60.") from None
        return replace(base or cls(), **values)

    @classmethod
    def stored(cls, data: dict, base: GameSettings | None = None) -> GameSettings:
        """A game's settings as its row holds them. A game may hold more reminder points than
        MAX_REMINDERS (set before that cap): it keeps the MAX_REMINDERS nearest its deadline."""
        reminders = data.get("reminders")
        if isinstance(reminders, list) and len(reminders) > MAX_REMINDERS:
            try:
                data = {**data, "reminders": sorted(float(h) for h in reminders)[:MAX_REMINDERS]}
            except (TypeError, ValueError):
                pass  # from_dict says what is wrong with them
        return cls.from_dict(data, base)

    def to_dict(self) -> dict:
        return {"deadline_hours": self.deadline_hours, "reminders": list(self.reminders),
                "at_deadline": self.at_deadline, "spectator_delay": self.spectator_delay,
                "skip_weekends": self.skip_weekends, "ai_level": self.ai_level,
                "ai_budget": self.ai_budget}

    def describe(self) -> str:
        reminders = ", ".join(f"{h:g} h" for h in self.reminders) or "none"
        action = {"remind": "remind again", "end": "end the phase (what is owed played for the late side)",
                  "choose": "the default choice at a mid-turn choice, else remind again",
                  "forfeit": "the late side forfeits",
                  "computer": "the computer takes the late side's seat"}[self.at_deadline]
        delay = "one game turn behind" if self.spectator_delay else "live"
        weekends = " (weekends not counted)" if self.skip_weekends else ""
        return (f"Deadline {self.deadline_hours:g} h{weekends} (reminders {reminders} before); at the "
                f"deadline: {action}; spectators see the game {delay}; a computer player plays at "
                f"level {self.ai_level}, thinking up to {self.ai_budget:g} s a turn.")


@dataclass(frozen=True)
class Config:
    """Everything `kolocha run` needs; the token never comes from a file in the repository."""

    token: str | None = None
    database: str = "kolocha.sqlite"
    message_content: bool = False
    defaults: GameSettings = field(default_factory=GameSettings)
    discord_url: str | None = None  # a stand-in for Discord (tests, bench): bot/discord/loopback.py

    @classmethod
    def load(cls, path: str | Path | None = None, env: dict[str, str] | None = None) -> Config:
        """DISCORD_TOKEN and KOLOCHA_DB (and KOLOCHA_DISCORD_URL, only ever a local stand-in for
        Discord) from the environment; the file fills in the rest."""
        env = dict(os.environ) if env is None else env
        data = tomllib.loads(Path(path).read_text()) if path else {}
        try:
            _check_file(data)
            defaults = GameSettings.from_dict(data.get("defaults", {}))
        except Unreadable as error:
            raise Unreadable(f"{path}: {mid_sentence(str(error))}") from None
        return cls(token=bare_token(env.get("DISCORD_TOKEN")),
                   database=env.get("KOLOCHA_DB") or data.get("database", cls.database),
                   message_content=data.get("message_content", False), defaults=defaults,
                   discord_url=env.get("KOLOCHA_DISCORD_URL") or None)


def bare_token(text: str | None) -> str | None:
    """The bot token as Discord gave it, from DISCORD_TOKEN as an admin may have written it: with
    spaces around it, in quotes (`docker run --env-file` keeps them), or after "Bot " (discord.py
    adds that itself); None when there is none.

    >>> bare_token(' "MTA.x.y" '), bare_token("Bot MTA.x.y"), bare_token("  ")
    ('MTA.x.y', 'MTA.x.y', None)
    """
    token = (text or "").strip()
    if len(token) > 1 and token[0] == token[-1] and token[0] in "'\"":
        token = token[1:-1].strip()
    return token.removeprefix("Bot ").strip() or None


FILE_KEYS = {"database": str, "message_content": bool, "defaults": dict}
SWITCHES = ("spectator_delay", "skip_weekends")  # the [defaults] that are true or false


def _check_file(data: dict) -> None:
    """Refuse a config file's unknown key (a typo would leave its default in force unseen) and a
    switch or path of the wrong kind (`message_content = "false"` would read as true)."""
    kinds = {"str": "a quoted path", "bool": "true or false", "dict": "a [defaults] table"}
    for key, value in data.items():
        if key not in FILE_KEYS:
            raise Unreadable(f"there is no setting {key!r}; the file may hold database, message_content "
                             "and [defaults].")
        if not isinstance(value, FILE_KEYS[key]):
            raise Unreadable(f"{key} is {kinds[FILE_KEYS[key].__name__]}, not {value!r}.")
    known = [f.name for f in fields(GameSettings)]
    for key, value in data.get("defaults", {}).items():
        if key not in known:
            raise Unreadable(f"[defaults] has no setting {key!r}; it may hold {', '.join(known)}.")
        if key in SWITCHES and not isinstance(value, bool):
            raise Unreadable(f"{key} is true or false, not {value!r}.")
