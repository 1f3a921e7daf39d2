"""Persistent buttons: confirmations (ending a phase, resigning), answers to a draw offer, to a
request to undo or to a request to hand one's seat to a substitute, and the answers of a mid-turn
choice (a button each, or a menu of them).

Each custom_id carries the game, the side and the position (the commands that side has observed)
it was offered for (for a seat, the substitute it would go to: what its player agrees to), so a
click still works after a restart (the items are registered with add_dynamic_items in
setup_hook), only that side's player can use it, and an "end the phase" from an earlier position
has expired instead of ending the current one. A choice's answer carries its command's text (a
menu's options carry theirs as values): the engine's own legal command for that side
(bot/asked.py), played as if typed. Tables decides.
"""
from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.delivery import Buttons
from bot.discord.messenger import send_reply
from bot.permissions import Actor, Expired, TableError
from bot.tables import Offer
from bot.tables.clicked import Aside
from bot.words import Text

TEMPLATE = (r"kolocha:(?P<action>end|resign|keep|draw|decline|cede|hold|accept|refuse):(?P<game>[0-9]+)"
            r":(?P<side>[a-z_]*):(?P<seq>[0-9]+)")
LABELS = {"end": ("End the phase", discord.ButtonStyle.danger),
          "resign": ("Resign", discord.ButtonStyle.danger),
          "keep": ("Cancel", discord.ButtonStyle.secondary),
          "draw": ("Accept the draw", discord.ButtonStyle.success),
          "decline": ("Decline", discord.ButtonStyle.secondary),
          "cede": ("Hand over my seat", discord.ButtonStyle.danger),
          "hold": ("Keep my seat", discord.ButtonStyle.secondary),
          "accept": ("Accept the undo", discord.ButtonStyle.success),
          "refuse": ("Refuse", discord.ButtonStyle.secondary)}
ANSWER = r"kolocha:answer:(?P<game>[0-9]+):(?P<side>[a-z_]+):(?P<seq>[0-9]+):(?P<text>.+)"
MENU = r"kolocha:answers:(?P<game>[0-9]+):(?P<side>[a-z_]+):(?P<seq>[0-9]+)"
BUTTONS_IN_A_ROW = 5  # more answers than this go in a menu
ID_LENGTH, LABEL_LENGTH, MENU_LABEL_LENGTH = 100, 80, 100  # Discord's longest custom_id, button label, option


def actor_of(interaction: discord.Interaction) -> Actor:
    """The person behind an interaction, with Manage Server as resolved in that channel."""
    user = interaction.user
    return Actor(str(user.id), user.display_name, bool(interaction.permissions.manage_guild))


class Confirm(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """One button of a confirmation: do it (end / resign) or keep playing."""

    def __init__(self, action: str, game_id: int, side: str, seq: int):
        label, style = LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"kolocha:{action}:{game_id}:{side}:{seq}"))
        self.action, self.game_id, self.side, self.seq = action, game_id, side, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> Confirm:
        return cls(match["action"], int(match["game"]), match["side"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "keep":
            await interaction.response.edit_message(content="Nothing was done.", view=None)
            return
        await answered(interaction, lambda tables, actor: tables.play.confirm(
            actor, self.action, self.game_id, self.side, self.seq))


async def answered(interaction: discord.Interaction,
                   act: Callable[[Any, Actor], Awaitable[Text | None]]) -> None:
    """A pressed button's answer, in the place of the question: what `act` (given the tables and
    the person) replies, or its refusal; the buttons are taken away. None: the news already wrote
    the answer there, with the next question (bot/delivery/in_place.py). A channel's message that
    everyone reads (not an ephemeral one) keeps its words, the answer going to the presser alone:
    its buttons may ride on a change's own line, an attack's result above the choice it leaves
    (bot/tables/announcement.py); and it keeps its buttons when the press is refused to the presser (a
    spectator's, the opponent's), which are the chooser's to press, not when they have expired.
    A DM's expired buttons go and its words stay, the refusal beside them: a question's record
    (what it asked, or the answer written there) was written over by 'This button has expired'. What goes
    beside an answer written in place (`Aside`: a standing order's tip) is a message of its own."""
    await interaction.response.defer()
    tables = interaction.client.tables  # type: ignore[attr-defined]
    actor = actor_of(interaction)
    refused = expired = False
    try:
        reply = await act(tables, actor)
    except TableError as error:
        reply, refused, expired = error.text, not isinstance(error, Expired), isinstance(error, Expired)
    if reply is None:
        return
    message = interaction.message
    if isinstance(reply, Aside):  # the news wrote the answer in the question message: this goes beside it
        await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True), tables.delivery,
                         await asyncio.to_thread(tables.private, actor, reply),
                         typed=message is not None and message.guild is None)  # a DM reads commands as typed
        return
    shared = message is not None and message.guild is not None and not message.flags.ephemeral  # read by all
    kept = shared or expired and message is not None and message.guild is None  # its words stay
    if kept and not refused:
        await interaction.edit_original_response(view=None)
    await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                     tables.delivery, await asyncio.to_thread(tables.private, actor, reply),
                     None if kept else lambda piece: interaction.edit_original_response(content=piece, view=None))


class Answer(discord.ui.DynamicItem[discord.ui.Button], template=ANSWER):
    """One answer of a mid-turn choice: a click plays its command for the side it was offered to."""

    def __init__(self, game_id: int, side: str, seq: int, text: str, label: str = ""):
        super().__init__(discord.ui.Button(label=shown_label(label, text), style=discord.ButtonStyle.primary,
                                           custom_id=answer_id(game_id, side, seq, text)))
        self.game_id, self.side, self.seq, self.text = game_id, side, seq, text

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> Answer:
        return cls(int(match["game"]), match["side"], int(match["seq"]), match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await answered(interaction, lambda tables, actor: tables.play.answer(
            actor, self.game_id, self.side, self.seq, self.text, asked_in(interaction)))


class Answers(discord.ui.DynamicItem[discord.ui.Select], template=MENU):
    """A menu of a choice's answers (more than fit in a row of buttons): the one picked is played."""

    def __init__(self, game_id: int, side: str, seq: int, answers: Sequence[str] = (), labels: Sequence[str] = ()):
        options = [discord.SelectOption(label=shown_label(label, text, MENU_LABEL_LENGTH), value=text)
                   for text, label in zip(answers, labels or answers)]
        super().__init__(discord.ui.Select(custom_id=f"kolocha:answers:{game_id}:{side}:{seq}",
                                           placeholder="Choose your answer", options=options))
        self.game_id, self.side, self.seq = game_id, side, seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> Answers:
        return cls(int(match["game"]), match["side"], int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        text = self.item.values[0]
        await answered(interaction, lambda tables, actor: tables.play.answer(
            actor, self.game_id, self.side, self.seq, text, asked_in(interaction)))


def asked_in(interaction: discord.Interaction) -> str | None:
    """The DM whose question a click answers (its id), for the next question to the same player to
    take its place; None in a channel, which everyone reads as it was."""
    message = interaction.message
    return str(message.id) if message is not None and message.guild is None else None


def shown_label(label: str, text: str, most: int = LABEL_LENGTH) -> str:
    """What an answer's button (or menu option) reads: its label in words, or, where there is none
    or it is longer than Discord allows, the command's text.

    >>> shown_label("Retreat to Smolensk (15)", "retreat 15"), shown_label("", "retreat 15")
    ('Retreat to Smolensk (15)', 'retreat 15')
    """
    return label if label and len(label) <= most else text[:most]


def answer_id(game_id: int, side: str, seq: int, text: str) -> str:
    return f"kolocha:answer:{game_id}:{side}:{seq}:{text}"


def confirmation(action: str, offer: Offer, other: str = "keep") -> discord.ui.View:
    """The two buttons of a confirmation, persistent (no timeout): do it, or `other` (keep
    playing; for a draw offer, decline it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(Confirm(action, offer.game_id, offer.side, offer.seq))
    view.add_item(Confirm(other, offer.game_id, offer.side, offer.seq))
    return view


def stored_view(buttons: Buttons) -> discord.ui.View:
    """The buttons an outbox row carries (bot/delivery/messenger.py, Buttons), as they were offered: a
    confirmation's pair, or a choice's answers (a button each when they fit in a row, else a menu)."""
    view = discord.ui.View(timeout=None)
    game, side, seq = int(buttons["game"]), str(buttons["side"]), int(buttons["seq"])
    answers = [str(text) for text in buttons.get("answers", [])]
    labels = [str(label) for label in buttons.get("labels", answers)]
    if not answers:
        for action in (buttons["action"], buttons["other"]):
            view.add_item(Confirm(action, game, side, seq))
    elif len(answers) <= BUTTONS_IN_A_ROW and \
            all(len(answer_id(game, side, seq, text)) <= ID_LENGTH for text in answers):
        for text, label in zip(answers, labels):
            view.add_item(Answer(game, side, seq, text, label))
    else:
        view.add_item(Answers(game, side, seq, answers, labels))
    return view


class Verify(discord.ui.DynamicItem[discord.ui.Button], template=r"kolocha:verify:(?P<game>[0-9]+)"):
    """The button under an ended game's archive that proves its dice: anyone may
    press it, and reads the proof privately."""

    def __init__(self, game_id: int):
        super().__init__(discord.ui.Button(label="Verify the dice", style=discord.ButtonStyle.secondary,
                                           custom_id=f"kolocha:verify:{game_id}"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> Verify:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        tables = interaction.client.tables  # type: ignore[attr-defined]
        try:
            text = await asyncio.to_thread(tables.overview.verify, self.game_id)
        except TableError as error:
            text = error.text
        await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                         tables.delivery, await asyncio.to_thread(tables.private, actor_of(interaction), text))


def verify_button(game_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Verify(game_id))
    return view
