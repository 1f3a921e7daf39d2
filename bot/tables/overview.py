"""Overviews: the status of the game in a channel, a player's own games across servers and where it
is their turn, a server's games filtered by system, status or whom they wait on, and the help of
the game in a channel (its grammar and examples) or of the bot when no game is there."""
from __future__ import annotations

from datetime import datetime

from bot import dice_audit, pictures
from bot import text as fmt
from bot.config import DEADLINE_HELP
from bot.converters import named_options
from bot.permissions import Actor, TableError, sides_of
from bot.service import GameService
from bot.store import UnknownGame
from bot.tables.room import Room
from bot.words import Text, channel, due, join, mention, words

STATUSES = ("open", "playing", "paused", "over")  # what /game list filters by
ENDED_SHOWN = 5  # the ended games `/games mine` lists, the newest first


def seats_text(seats: dict[str, str]) -> Text:
    """"Red @Anna, Blue @Boris" as each front end writes a mention."""
    return join([words(f"{fmt.side_name(side)} ", mention(user)) for side, user in seats.items()],
                ", ")


def status_of(game: dict) -> str:
    """One of STATUSES."""
    if game["status"] == "over":
        return "over"
    return "paused" if game["paused"] else "playing" if game["started_at"] else "open"


def ended_how(service: GameService, game: dict) -> str:
    """How an ended game ended: who won and why (its players' end, else the rules').

    >>> ended_how(None, {"ended": {"winner": "russian", "reason": "French resigns"}})  # type: ignore[arg-type]
    'the Russian player wins, as French resigns'
    """
    return fmt.how_it_ended(game["ended"] or service.system(game["id"]).outcome(service.load(game["id"])) or {})


def over_here(service: GameService, game: dict) -> str:
    """The ended game of a channel, to those who still speak to it: 'Game 4 in this channel is over
    (Blue wins: Anna resigns for Red)'."""
    return f"Game {game['id']} in this channel is over ({ended_how(service, game)})"


class Overview(Room):
    """Lists of games and help: read only."""

    def status(self, actor: Actor, channel: str) -> Text:
        """Headline, seats, deadlines and settings; the caller's own view when seated. With no
        game running here, the last one played here, and how it ended."""
        try:
            game = self.tables.game_in(channel)
        except TableError:
            played = self.store.games(channel=channel)
            if not played:
                raise
            game = played[-1]
            return words(f"Game {game['id']}: {fmt.game_name(game['system'], game['scenario'])} is over "
                         f"({ended_how(self.service, game)}). Seats: ", seats_text(self.store.seats(game["id"]))
                         or "none taken", ". `/game export` posts its record; `/game new` starts another game.")
        game_id = game["id"]
        seats = self.store.seats(game_id)
        mine = sides_of(seats, actor)
        view = self.service.system(game_id).view(self.service.load(game_id),
                                                 mine[0] if mine else None)
        lines: list[Text] = [(f"Game {game_id}: {fmt.game_name(game['system'], game['scenario'])}"
                              f"{' (hot-seat)' if game['hot_seat'] else ''}"),
                             fmt.headline(view, self.store.computer_seats(game_id)) if game["started_at"]
                             else "Not started yet.",
                             words("Seats: ", seats_text(seats) or "none taken")]
        for row in self.store.deadlines(game_id):
            lines.append(words(f"{fmt.side_name(row['side'])} deadline ",
                               due(datetime.fromisoformat(row["due_at"]))))
        options = named_options(game["options"], view.get("options", ()))
        why = fmt.unasked(game["system"], game["scenario"])
        lines.append(f"Options: {options or 'none'}{f' ({why})' if why else ''}; `/help topic:options` says what "
                     "they play.")
        lines.append(self.tables.settings(game_id).describe())
        return join(lines)

    def waiting_on(self, game: dict) -> list[str]:
        """The sides a running game waits for now (none before the start, when paused or over)."""
        if status_of(game) != "playing":
            return []
        return self.service.system(game["id"]).active_sides(self.service.load(game["id"]))

    def listing(self, guild: str, system: str | None = None, status: str | None = None,
                waiting_on: str | None = None) -> Text:
        """The server's games (those not over unless `status` asks for them), filtered by
        system, status and the user whose move it is."""
        if status is not None and status not in STATUSES:
            raise TableError(f"A game is {', '.join(STATUSES)}; not {status!r}.")
        games = [g for g in self.store.games(guild=guild)
                 if (status_of(g) == status if status else g["status"] != "over")
                 and (system is None or g["system"] == system)]
        if waiting_on is not None:
            games = [g for g in games if waiting_on in self._users_to_move(g)]
        if not games:
            asked = status is not None or system is not None or waiting_on is not None
            return "No game on this server matches." if asked else \
                "No games running on this server; `/game new` starts one."
        return join([self._line(g) for g in games])

    def mine(self, actor: Actor) -> Text:
        """Every game the person holds a seat in, on any server, their turn first."""
        everyone = self.store.games_of(actor.id)
        games = [g for g in everyone if g["status"] != "over"]
        ended = [g for g in everyone if g["status"] == "over"][-ENDED_SHOWN:]
        if not everyone:
            return "You have no seat in a running game; `/game list` shows a server's games."
        turn = [g for g in games if actor.id in self._users_to_move(g)]
        rest = [g for g in games if g not in turn]
        lines: list[Text] = [] if games else ["You have no seat in a running game."]
        if turn:
            lines += [f"Your move ({len(turn)}):", *(self._line(g) for g in turn)]
        if rest:
            lines += ["Waiting for others:", *(self._line(g) for g in rest)]
        if ended:
            lines += [f"Ended (your last {len(ended)}; `/game export game:<id>` posts a record):",
                      *(self._line(g) for g in reversed(ended))]
        return join(lines)

    def help(self, channel_id: str, topic: str | None, how: str = "") -> Text:
        """The grammar and examples of the game in this channel (`help` of its system, the
        table's verbs beside it) after `how` they are given here, or how to begin when none
        is there."""
        try:
            game = self.tables.game_in(channel_id)
        except TableError:
            if topic and topic.strip().lower() == "deadlines":
                return DEADLINE_HELP
            systems = ", ".join(self.tables.systems)
            played = self.store.games(channel=channel_id)
            here = f"{over_here(self.service, played[-1])}." if played else "No game in this channel."
            return (f"{here} `/game new system:<one of {systems}>` opens {'another' if played else 'one'} (its "
                    "`options:` turn optional rules on by name, or a reading off by name=off), `/game list` shows "
                    "this server's games, `/games mine` yours.")
        head = f"Game {game['id']}: {fmt.game_name(game['system'], game['scenario'])}.\n{how}"
        if topic and topic.strip().lower() == "deadlines":
            return f"{head}{self.tables.settings(game['id']).describe()}\n{DEADLINE_HELP}"
        if topic and topic.strip().lower().lstrip("/") == "order":  # `/order` gives any command: their list
            topic = None
        answer = self.service.submit(game["id"], None, " ".join(["help", *([topic] if topic else [])]))
        return head + fmt.in_chat(answer.reply if answer.reply is not None else answer.message)

    def archived(self, channel_id: str, guild: str | None, game_id: int | None) -> dict:
        """The ended game `/game export` asks for: the last of this channel by default, else one
        of this server by its number; TableError (told to the asker alone) for none, or one
        still running."""
        if game_id is None:
            games = self.store.games(channel=channel_id)
            if not games:
                raise TableError("No game has been played in this channel; name one: `/game export game:<id>`.")
            game = games[-1]
        else:
            refusal = f"This server has no game {game_id}; `/game list status:over` lists its ended games."
            try:
                game = self.store.game(game_id)
            except UnknownGame:
                raise TableError(refusal) from None
            if game["guild"] != guild:
                raise TableError(refusal)
        pictures.check_ended(game)
        return game

    def export(self, game: dict) -> tuple[int, str, str, bytes]:
        """An ended game's archive: its number, a line saying what it holds, its command log as
        a `kolocha local --script` file, and its animated replay (all blocks face up)."""
        script = pictures.command_script(self.service, game["id"])
        gif = pictures.replay_gif(self.service, game["id"])
        count = len(self.store.commands(game["id"]))
        text = (f"Game {game['id']}: {fmt.game_name(game['system'], game['scenario'])}, its {count} "
                f"command{'' if count == 1 else 's'}, which `kolocha local --script` replays, and its "
                "replay, one frame per player-turn.")
        return game["id"], text, script, gif

    def verify(self, game_id: int) -> Text:
        """The fair-dice proof of an ended game (bot/dice_audit.py): the commitment,
        the replay from the seed, the published rolls. Refused while the game runs: the proof
        shows the seed, which is secret until the end."""
        try:
            game = self.store.game(game_id)
        except UnknownGame:
            raise TableError(f"There is no game {game_id}.")
        if game["status"] != "over":
            raise TableError(f"Game {game_id} is still running; its dice are proved once it has "
                             "ended and its seed is revealed.")
        return str(dice_audit.verify(self.service, game_id))

    def _users_to_move(self, game: dict) -> set[str]:
        seats = self.store.seats(game["id"])
        return {seats[side] for side in self.waiting_on(game) if side in seats}

    def _line(self, game: dict) -> Text:
        state = status_of(game)
        if state == "paused":
            state = f"paused ({game['paused']}; `/game resume game:{game['id']}`)"
        if state == "over":
            state = f"over ({ended_how(self.service, game)})"
        moving = self.waiting_on(game)
        waits = f", waiting on {' and '.join(map(fmt.side_name, moving))}" if moving else ""
        return words(f"Game {game['id']} in ", channel(game["channel"]),
                     f": {fmt.game_name(game['system'], game['scenario'])}, {state}{waits}; ",
                     seats_text(self.store.seats(game["id"])) or "no seats")
