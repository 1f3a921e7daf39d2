"""Spectators: a channel that follows a game (`/game spectate`) reads, at each phase or one game turn
behind (the spectator_delay setting), the story since its last post, then the headline and the public
map: the attacks and their results, the moves, the losses and the reinforcements, told as the game's
channel told them.

The story is the `story` of each channel line a change stored (bot/tables/announcement.py): its public line
without the pings, the due times, a computer's reasons or a question to a player (its answer
follows). It is read back from the outbox, so a spectator learns nothing a player of either side
could not read in the game's channel (the swap test holds it to that). Live, a post tells what was
told since the spectators' channel's last post (1812's a player-turn at a time); one turn behind,
the start of a turn is shown once the next begins, after the story of the turn before it (how the
position shown came about), told short (bot/tables/short_story.py: Bloody Monday a line an impulse,
Borodino's moves counted); a game's end is shown live, with all not yet told ('Game 1, from turn
3:'). A story too long to go with the map in one message goes above it in messages of its own,
whole (the outbox splits a long text at line breaks); the map's message then names the game again.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot import text as fmt
from bot.delivery import channel_audience, message
from bot.delivery.pictures import NO_PICTURE
from bot.store import Outbox
from bot.tables.short_story import short_story
from bot.words import Text, join, join_speakers, words

if TYPE_CHECKING:
    from bot.tables.room import Room

Start = tuple[str, int]  # a game turn and the command after which it began
# 1812's phases are short (an attrition loss, a forced march, the supply's depletion): live, a post
# each of them was a map each, about ten a game turn; a player-turn is one post
BY_PLAYER = frozenset({"campaign_1812"})
COMMAND = re.compile(r"`[^`\n]+`")  # a command as a prompt gives it, in backticks


def spectator_rows(room: Room, game_id: int, seq: int, state: dict, new_turn: Start | None,
                   before: dict | None = None, ended: Text = "", told: Text = "", still: bool = False) -> Outbox:
    """Each spectators' channel's post after command `seq` (`state` after it; `before` the state
    before, None as the game begins): live once the public's turn, phase or player changed (1812's
    turn or player; a Bloody Monday impulse is one post, its battles and hits in its story), or one
    game turn behind (when a new turn begins, the start of the one before); the game's end, and a
    game its players `ended` (a resignation) with that line, always live. `told`: the change's own
    story, not stored yet; `still`: nothing happened in it. Live, a post where nothing happened since the
    last (a Borodino Combat Phase ended without an attack: its `end` alone, the map as it was) is told
    with the next post instead."""
    channels = room.store.spectators(game_id)
    if not channels:
        return []
    system = room.service.system(game_id)
    starts = list(room.store.turn_starts(game_id).items())
    delay = room.tables.settings(game_id).spectator_delay
    over = bool(ended) or system.outcome(state) is not None
    if delay and not over:
        return _behind(room, game_id, seq, channels, new_turn, starts)
    view, name = system.view(state, None), system.INFO.name
    if not over and before is not None and _phase(view, name) == _phase(system.view(before, None), name):
        return []  # told with the next post
    head = fmt.headline(watched(final_view(view) if ended else view), room.store.computer_seats(game_id))
    covered = starts[-2] if delay and len(starts) > 1 else None  # the turn shown last, told up to its start
    header = f"Game {game_id}:" if covered is None else \
        f"Game {game_id}, from {fmt.turn_in_sentence(view, covered[0])}:"
    rows: Outbox = []
    for channel in channels:
        audience = channel_audience(channel)
        last = room.store.last_row_to(game_id, audience)
        if still and not over and covered is None and room.store.told_nothing_since(game_id, last):
            continue  # told with the next post
        story = _told(room, game_id, covered[1], 2**62) if covered is not None else room.store.stories(game_id, last)
        rows += [(audience, payload) for payload in
                 _posts(room, header, [*story, *([told] if told else [])], head, seq, ended)]
    return rows


def _phase(view: dict, system: str) -> tuple:
    """The turn, phase and player a public view is in: what a spectator's post is told at; the turn
    and player alone in a system whose phases are short (`BY_PLAYER`)."""
    return view.get("turn"), None if system in BY_PLAYER else view.get("phase"), view.get("player")


def _behind(room: Room, game_id: int, seq: int, channels: list[str], new_turn: Start | None,
            starts: list[Start]) -> Outbox:
    """One game turn behind: once command `seq` begins a turn (`new_turn`), the start of the turn
    before, after the story of the turn before that one (told from the command after which it
    began to the one that began the turn shown); nothing at any other command."""
    if new_turn is not None:  # a turn its change's line tells begun (its first command's, answered at once)
        starts = [s for s in starts if s[1] < new_turn[1] and s[0] != new_turn[0]] + [new_turn]
    if len(starts) < 2 or starts[-1][1] != seq:
        return []
    (turn, shown), earlier = starts[-2], starts[-3:-2]
    story = _told(room, game_id, earlier[0][1], shown) if earlier else []
    view = room.service.system(game_id).view(room.service.state_at(game_id, shown), None)
    shows = f"{fmt.turn_in_sentence(view, earlier[0][0])}." if story else \
        f"the start of {fmt.turn_in_sentence(view, turn)}."
    header = f"Game {game_id}, one turn behind: {shows}"
    head = fmt.headline(watched(view), room.store.computer_seats(game_id))
    return [(channel_audience(c), payload) for c in channels for payload in _posts(room, header, story, head, shown)]


def _told(room: Room, game_id: int, after: int, upto: int) -> list[Text]:
    """The story of the commands after command `after` up to `upto`, one turn behind: in short where
    the system tells it so (bot/tables/short_story.py), else as the game's channel told it."""
    rows = room.store.commands(game_id, after=after, upto=upto)
    short = short_story(room.service.system(game_id), lambda: room.service.state_at(game_id, after),
                        [(row["side"], row["normalised"]) for row in rows])
    return room.store.stories(game_id, seqs=(after + 1, upto)) if short is None else list(short)


def _posts(room: Room, header: str, story: list[Text], head: str, seq: int, ended: Text = "") -> list[dict]:
    """A spectator's post: the header, the story (a speaker of lines in a row named once), how the
    game ended if it did, then the headline `head` with the map of command `seq`; in one message
    where it fits with the map, else the story in messages of its own and the map's message under
    its header again. With no story the end follows the header on its line ('Game 1: Boris
    resigns for Blue: ...')."""
    said, tail = join_speakers(story), join([part for part in (ended, head) if part])
    whole = words(header, " " if ended and not story else "\n", join([said, tail]) if story else tail)
    if len(room.delivery.messenger.pieces(words(whole, "\n" + NO_PICTURE))) <= 1:
        return [message(whole, seq, crop=True)]
    return [message(words(header, "\n", said)), message(words(header, "\n", tail), seq, crop=True)]


def watched(view: dict) -> dict:
    """The public view as spectators read its headline, with nothing in it for a player to do, since
    no one reading may act: its notes as facts alone where the view gives them so, as the channel
    does while only the computer moves, and no prompt that gives commands (Bloody Monday's 'French
    impulse: `tactical`, `pass` or an `initiative` action (4.0).', under which a server that reads
    typed orders added '(Type these in the channel, ...)'); a prompt that tells who does what stays.

    >>> watched({"notes": ["Reinforcements wait at 2630. `move <id> <hex>` moves one on."],
    ...          "plain_notes": ["Reinforcements wait at 2630."]})["notes"]
    ['Reinforcements wait at 2630.']
    >>> [watched({"prompt": p}).get("prompt") for p in ("Red impulse: `pass` (4.0).", "Red applies hits.")]
    [None, 'Red applies hits.']
    """
    notes = {"notes": view["plain_notes"]} if "plain_notes" in view else {}
    return view | notes | ({"prompt": None} if COMMAND.search(str(view.get("prompt") or "")) else {})


def final_view(view: dict) -> dict:
    """A view of a game its players ended: where it stood, its phase over, no one to move and
    nothing owed (its headline read 'Impulses Phase | Russian player' after a resignation, and its
    notes 'Battles due in newly contested areas', as if the game went on)."""
    return {key: value for key, value in view.items() if key not in ("to_move", "prompt", "player", "notes")} | \
        {"phase": "over"}
