"""Persistent confirmation buttons for ending a phase, resigning, answering a draw offer, and
answering a request to hand one's seat to a substitute.

Each button's custom_id carries the game, the side and the position (command number) it was
offered for (for a seat, the substitute it would go to: what its player agrees to), so a click
still works after a restart (Confirm is registered with add_dynamic_items in setup_hook), only
that side's player can use it, and an "end the phase" from an earlier position has expired
instead of ending the current one. Tables decides.
"""
from __future__ import annotations

import asyncio
import re

import discord

from bot.delivery import Buttons
from bot.discord.messenger import send_reply
from bot.permissions import Actor, TableError
from bot.tables import Offer

TEMPLATE = (r"kolocha:(?P<action>end|resign|keep|draw|decline|cede|hold):(?P<game>[0-9]+)"
            r":(?P<side>[a-z_]*):(?P<seq>[0-9]+)")
LABELS = {"end": ("End the phase", discord.ButtonStyle.danger),
          "resign": ("Resign", discord.ButtonStyle.danger),
          "keep": ("Cancel", discord.ButtonStyle.secondary),
          "draw": ("Accept the draw", discord.ButtonStyle.success),
          "decline": ("Decline", discord.ButtonStyle.secondary),
          "cede": ("Hand over my seat", discord.ButtonStyle.danger),
          "hold": ("Keep my seat", discord.ButtonStyle.secondary)}


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
        await interaction.response.defer()
        tables = interaction.client.tables  # type: ignore[attr-defined]
        actor = actor_of(interaction)
        try:
            reply = await tables.play.confirm(actor, self.action, self.game_id, self.side, self.seq)
        except TableError as error:
            reply = error.text
        await send_reply(lambda piece: interaction.followup.send(piece, ephemeral=True),
                         tables.delivery, await asyncio.to_thread(tables.private, actor, reply),
                         lambda piece: interaction.edit_original_response(content=piece,
                                                                          view=None))


def confirmation(action: str, offer: Offer, other: str = "keep") -> discord.ui.View:
    """The two buttons of a confirmation, persistent (no timeout): do it, or `other` (keep
    playing; for a draw offer, decline it)."""
    view = discord.ui.View(timeout=None)
    view.add_item(Confirm(action, offer.game_id, offer.side, offer.seq))
    view.add_item(Confirm(other, offer.game_id, offer.side, offer.seq))
    return view


def stored_confirmation(buttons: Buttons) -> discord.ui.View:
    """The buttons an outbox row carries (bot/delivery.py, Buttons), as they were offered."""
    view = discord.ui.View(timeout=None)
    for action in (buttons["action"], buttons["other"]):
        view.add_item(Confirm(action, int(buttons["game"]), str(buttons["side"]), int(buttons["seq"])))
    return view


class Verify(discord.ui.DynamicItem[discord.ui.Button], template=r"kolocha:verify:(?P<game>[0-9]+)"):
    """The button under an ended game's archive that proves its dice (issue 10.7): anyone may
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
