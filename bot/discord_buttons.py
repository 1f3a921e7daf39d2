"""Persistent confirmation buttons for ending a phase and resigning.

Each button's custom_id carries the game and the position (or side) it was offered for, so a
click still works after a restart (registered with add_dynamic_items in setup_hook), and a
stale "end the phase" from an earlier position is refused instead of ending the current one.
"""
from __future__ import annotations

import re

import discord

from bot.discord_messenger import clip
from bot.permissions import Actor, TableError

TEMPLATE = r"kolocha:(?P<action>end|resign|keep):(?P<game>[0-9]+):(?P<arg>[a-z0-9_]+)"
LABELS = {"end": ("End the phase", discord.ButtonStyle.danger),
          "resign": ("Resign", discord.ButtonStyle.danger),
          "keep": ("Cancel", discord.ButtonStyle.secondary)}


def actor_of(interaction: discord.Interaction) -> Actor:
    """The person behind an interaction, with Manage Server as resolved in that channel."""
    user = interaction.user
    return Actor(str(user.id), user.display_name, bool(interaction.permissions.manage_guild))


class Confirm(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    """One button of a confirmation: do it (end / resign) or keep playing."""

    def __init__(self, action: str, game_id: int, arg: str):
        label, style = LABELS[action]
        super().__init__(discord.ui.Button(label=label, style=style,
                                           custom_id=f"kolocha:{action}:{game_id}:{arg}"))
        self.action, self.game_id, self.arg = action, game_id, arg

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item,
                             match: re.Match[str], /) -> Confirm:
        return cls(match["action"], int(match["game"]), match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.action == "keep":
            await interaction.response.edit_message(content="Nothing was done.", view=None)
            return
        await interaction.response.defer()
        tables = interaction.client.tables  # type: ignore[attr-defined]
        channel = str(interaction.channel_id)
        actor = actor_of(interaction)
        try:
            if tables.game_in(channel)["id"] != self.game_id:
                raise TableError(f"Game {self.game_id} is no longer played here.")
            if self.action == "end":
                reply = await tables.play(actor, channel, "end", expected_seq=int(self.arg))
            else:
                reply = await tables.resign(actor, channel, self.arg)
        except TableError as error:
            reply = str(error)
        await interaction.edit_original_response(content=clip(reply), view=None)


def confirmation(action: str, game_id: int, arg: str) -> discord.ui.View:
    """The two buttons of a confirmation, persistent (no timeout)."""
    view = discord.ui.View(timeout=None)
    view.add_item(Confirm(action, game_id, arg))
    view.add_item(Confirm("keep", game_id, "0"))
    return view
