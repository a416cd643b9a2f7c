"""`/monopoly settings`: the player's own settings, shown only to them; an option
given changes that setting first. The service checks and keeps them
(bot.application.player_settings); Pay it for me reads them when clicked (cogs.play.clicks)."""

from __future__ import annotations

from typing import Any

import discord

from bot.application.player_settings import PlayerSettings
from bot.i18n import t

from cogs.common.replies import locale_for, service_of

# The slash option's choices, as the setting's value.
DEBT_CONFIRM = {"on": True, "off": False}


def settings_embed(settings: PlayerSettings, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(locale, "prefs.title"), colour=discord.Colour.blurple())
    embed.add_field(name=t(locale, "prefs.field.debt_confirm"), inline=False,
                    value=t(locale, "prefs.debt_confirm."
                            + ("on" if settings.confirm_debts else "off")))
    embed.set_footer(text=t(locale, "prefs.footer"))
    return embed


async def show_settings(interaction: discord.Interaction[Any],
                        debt_confirm: str | None) -> None:
    """The player's settings, privately; with `debt_confirm` ("on"/"off"), changed first."""
    service, locale, user = service_of(interaction), locale_for(interaction), interaction.user
    if debt_confirm in DEBT_CONFIRM:
        settings = await service.prefs.change(user.id, "confirm_debts",
                                                       DEBT_CONFIRM[debt_confirm])
        content: str | None = t(locale, "prefs.changed")
    else:  # nothing to change (Discord offers only the choices: anything else is ignored)
        settings, content = await service.prefs.get(user.id), None
    await interaction.response.send_message(content, embed=settings_embed(settings, locale),
                                            ephemeral=True)
