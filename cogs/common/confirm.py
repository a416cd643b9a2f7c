"""A yes/cancel prompt held in memory: resigning to start a new game with the options just
chosen (H1). Only the one who asked may answer; after five minutes its buttons go.

Such a prompt dies with the process that showed it, so its buttons' custom_ids are
`sm:x:<nonce>:<button>`, and `ExpiredPrompt` answers a click on one this process doesn't
hold: "this prompt has expired, run the command again", and takes the buttons away.
(The /monopoly resign prompt survives restarts instead: see `cogs.play.resigning`.)
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.hosting.registry import Registry
from bot.i18n import locale_of, t

from cogs.common.custom_ids import Prompt
from cogs.common.errors import report_error
from cogs.common.player_names import player_label

Confirmed = Callable[[discord.Interaction[Any]], Awaitable[None]]
PROMPT_SECONDS = 300



class LivePrompts(dict[str, float]):
    """The prompts a bot shows now: nonce -> when its buttons go. Kept on the bot, so that a
    new bot in the same process (a restart in tests) holds none of the old one's."""


def _live(client: discord.Client) -> LivePrompts:
    return Registry.of(client).get_or_make(LivePrompts, LivePrompts)


def _hold(client: discord.Client, nonce: str, seconds: float) -> None:
    now = time.monotonic()
    held = _live(client)
    for old in [n for n, until in held.items() if until < now]:
        del held[old]
    held[nonce] = now + seconds


def _drop(client: discord.Client, nonce: str) -> None:
    _live(client).pop(nonce, None)


def _holds(client: discord.Client, nonce: str) -> bool:
    until = _live(client).get(nonce)
    return until is not None and until >= time.monotonic()


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

    def __init__(self, interaction: discord.Interaction[Any], *, confirm_label: str,
                 on_confirm: Confirmed, confirmed_text: str | None = None) -> None:
        super().__init__(timeout=PROMPT_SECONDS)
        self.owner_id, self.on_confirm = interaction.user.id, on_confirm
        self.locale = locale_of(str(interaction.locale))
        self.confirmed_text = confirmed_text
        self._client, self._nonce = interaction.client, secrets.token_hex(8)
        nonce = self._nonce
        _hold(self._client, nonce, PROMPT_SECONDS + 5)  # in case on_timeout never runs
        self.confirm.label, self.confirm.custom_id = confirm_label, Prompt(nonce, "yes").to_id()
        self.cancel.label = t(self.locale, "button.cancel")
        self.cancel.custom_id = Prompt(nonce, "no").to_id()

    async def on_timeout(self) -> None:
        _drop(self._client, self._nonce)
        await super().on_timeout()

    async def interaction_check(self, interaction: discord.Interaction[Any]) -> bool:
        if interaction.user.id == self.owner_id:
            return True
        # Nobody else sees it (it is private), but a forged click still gets an answer.
        locale = locale_of(str(interaction.locale))
        text = t(locale, "error.not_owner", owner=player_label(self.owner_id, None, locale))
        await interaction.response.send_message(text, ephemeral=True)
        return False

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


class ExpiredPrompt(discord.ui.DynamicItem[discord.ui.Button[Any]],
                    template=Prompt.TEMPLATE):
    """Any click on a ConfirmView's button also comes here: while the prompt is held, the
    view answers it; else (shown before a restart, or long gone) this says it expired."""

    def __init__(self, nonce: str, button: str) -> None:
        super().__init__(discord.ui.Button(label=button, custom_id=Prompt(nonce, button).to_id()))
        self.nonce = nonce

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Item[Any], match: re.Match[str]) -> ExpiredPrompt:
        found = Prompt.from_match(match)
        return cls(found.nonce, found.button)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if _holds(interaction.client, self.nonce):
            return  # the prompt itself answers
        text = t(locale_of(str(interaction.locale)), "prompt.expired")
        try:
            await interaction.response.edit_message(content=text, view=None)
        except discord.HTTPException as exc:
            await report_error(interaction, exc)
