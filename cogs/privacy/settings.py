"""`/monopoly settings`: the player's own settings, shown only to them; an option
given changes that setting first. The service checks and keeps them
(bot.application.player_settings); Pay it for me reads them when clicked (cogs.play.clicks),
the service its standing orders at every click (game_core.orders)."""

from __future__ import annotations

from typing import Any

import discord

from bot.application.player_settings import PlayerSettings
from bot.i18n import t
from bot.i18n.grammar import group_digits
from game_core.orders import BUILD_ORDER, DEBT_ORDER, DECLINE_ORDER

from cogs.common.replies import locale_for, service_of

# The slash options' choices, as the setting's value.
DEBT_CONFIRM = {"on": True, "off": False}
ON_OFF = {"on": True, "off": False}


def settings_embed(settings: PlayerSettings, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(locale, "prefs.title"), colour=discord.Colour.blurple())
    embed.add_field(name=t(locale, "prefs.field.debt_confirm"), inline=False,
                    value=t(locale, "prefs.debt_confirm."
                            + ("on" if settings.confirm_debts else "off")))
    orders = settings.orders
    reserve = orders.build_reserve
    embed.add_field(name=t(locale, "prefs.field.build_reserve"), inline=False,
                    value=t(locale, "prefs.build_reserve.off") if reserve is None else t(
                        locale, "prefs.build_reserve.on", reserve=group_digits(reserve, locale)))
    for name, on in ((DECLINE_ORDER, orders.decline_bank_groups),
                     (DEBT_ORDER, orders.pay_debts)):
        embed.add_field(name=t(locale, f"prefs.field.{name}"), inline=False,
                        value=t(locale, f"prefs.{name}." + ("on" if on else "off")))
    embed.set_footer(text=t(locale, "prefs.footer"))
    return embed


def changes(debt_confirm: str | None, auto_build: str | None, reserve: int | None,
            auto_decline: str | None, auto_pay: str | None,
            settings: PlayerSettings) -> list[tuple[str, object]]:
    """(setting, value) for each option given, in order. A reserve turns building for the
    player on; auto_build on alone keeps the reserve set before (0 when none was)."""
    found: list[tuple[str, object]] = []
    if debt_confirm in DEBT_CONFIRM:
        found.append(("confirm_debts", DEBT_CONFIRM[debt_confirm]))
    if reserve is not None and auto_build != "off":
        found.append((BUILD_ORDER, reserve))
    elif auto_build == "on":
        found.append((BUILD_ORDER, settings.orders.build_reserve or 0))
    elif auto_build == "off":
        found.append((BUILD_ORDER, None))
    if auto_decline in ON_OFF:
        found.append((DECLINE_ORDER, ON_OFF[auto_decline]))
    if auto_pay in ON_OFF:
        found.append((DEBT_ORDER, ON_OFF[auto_pay]))
    return found


async def show_settings(interaction: discord.Interaction[Any], debt_confirm: str | None,
                        *, auto_build: str | None = None, reserve: int | None = None,
                        auto_decline: str | None = None, auto_pay: str | None = None) -> None:
    """The player's settings, privately; the options given ("on"/"off", a reserve) are
    changed first (Discord offers only the choices: anything else is ignored)."""
    service, locale, user = service_of(interaction), locale_for(interaction), interaction.user
    settings = await service.prefs.get(user.id)
    content: str | None = None
    for name, value in changes(debt_confirm, auto_build, reserve, auto_decline, auto_pay,
                               settings):
        settings = await service.prefs.change(user.id, name, value)
        content = t(locale, "prefs.changed")
    await interaction.response.send_message(content, embed=settings_embed(settings, locale),
                                            ephemeral=True)
