"""A yes/cancel prompt for the two irreversible choices: resigning, and resigning to start a
new game (H1). Only the one who asked may answer; after five minutes its buttons go."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.i18n import t

from .errors import report_error

Confirmed = Callable[[discord.Interaction[Any]], Awaitable[None]]


class ExpiringView(discord.ui.View):
    """A prompt for one person that takes its buttons away when it times out, so that no
    dead button is left to answer "This interaction failed". `shown()` says where it is."""

    def __init__(self, *, timeout: float) -> None:
        super().__init__(timeout=timeout)
        self._shown_to: discord.Interaction[Any] | None = None
        self._message: discord.WebhookMessage | None = None

    def shown(self, interaction: discord.Interaction[Any],
              message: discord.WebhookMessage | None = None) -> None:
        """Sent as `interaction`'s response, or as the follow-up `message`."""
        self._shown_to, self._message = interaction, message

    async def on_timeout(self) -> None:
        try:
            if self._message is not None:
                await self._message.edit(view=None)
            elif self._shown_to is not None:
                await self._shown_to.edit_original_response(view=None)
        except discord.HTTPException:  # deleted or expired already: nothing to tidy
            pass


class ConfirmView(ExpiringView):
    """on_confirm answers the click itself; or, with `confirmed_text`, the prompt is first
    turned into that text (and loses its buttons), which answers the click within Discord's
    3 seconds, and on_confirm then goes on with follow-ups."""

    def __init__(self, *, owner_id: int, locale: str, confirm_label: str,
                 on_confirm: Confirmed, confirmed_text: str | None = None) -> None:
        super().__init__(timeout=300)
        self.owner_id, self.locale, self.on_confirm = owner_id, locale, on_confirm
        self.confirmed_text = confirmed_text
        self.confirm.label = confirm_label
        self.cancel.label = t(locale, "button.cancel")

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        return interaction.user.id == self.owner_id

    @discord.ui.button(style=discord.ButtonStyle.danger)
    async def confirm(self, interaction: discord.Interaction[Any],
                      button: discord.ui.Button[ConfirmView]) -> None:
        self.stop()
        try:
            if self.confirmed_text is not None:
                await interaction.response.edit_message(content=self.confirmed_text, view=None)
            await self.on_confirm(interaction)
        except Exception as exc:  # noqa: BLE001 -- answered with an error id, logged
            await report_error(interaction, exc)

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction[Any],
                     button: discord.ui.Button[ConfirmView]) -> None:
        self.stop()
        await interaction.response.edit_message(content=t(self.locale, "resign.cancelled"),
                                                view=None)
