"""Privacy on Discord: `/monopoly mydata` and `/monopoly forget` (their commands live in
the `/monopoly` group, cogs.commands.monopoly, and call these), and what happens when the
bot is removed from a server. What is kept, deleted or anonymised is decided by
bot.application.privacy; this module only asks and answers.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import io
import logging
import shutil
import time
from typing import IO, TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot.application.privacy import GRACE_DAYS, SWEEP_EVERY, Privacy, SweepResult
from bot.errors import ServiceError
from bot.i18n import t

from cogs.common.confirm import ConfirmView
from cogs.common.replies import ephemeral, locale_for, parts_of, service_of

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
MYDATA_EVERY = 60.0  # seconds: one export per player per minute (each reads a whole history)
# Discord's smallest attachment limit (10 MiB for a bot in a server without boosts), with
# room for the message around it.
UPLOAD_LIMIT = 9 * 1024 * 1024
MAX_PARTS = 10  # follow-ups of one export (about 10,000 games' worth)


class Exported(dict[int, float]):
    """Per bot: user id -> when their last file was sent (monotonic)."""


def _exported_by(interaction: discord.Interaction[Any]) -> Exported:
    return parts_of(interaction).get_or_make(Exported, Exported)


async def send_my_data(interaction: discord.Interaction[Any]) -> None:
    """The player's data as a JSON file, in a reply only they see."""
    locale, user_id = locale_for(interaction), interaction.user.id
    now, exported = time.monotonic(), _exported_by(interaction)
    if now - exported.get(user_id, -MYDATA_EVERY) < MYDATA_EVERY:
        await ephemeral(interaction, t(locale, "privacy.mydata.again_soon"))
        return
    exported[user_id] = now
    for old in [u for u, at in exported.items() if now - at >= MYDATA_EVERY]:
        del exported[old]
    await interaction.response.defer(ephemeral=True, thinking=True)
    try:
        export = await Privacy.of(service_of(interaction)).my_data(user_id)
    except BaseException:
        exported.pop(user_id, None)  # nothing was sent: they may ask again at once
        raise
    try:
        parts = await asyncio.to_thread(_parts, export.file, export.size,
                                        f"solo-monopoly-{user_id}.json")
        if parts is None:
            await interaction.followup.send(
                t(locale, "privacy.mydata.too_big", size=f"{export.size / 1024 ** 2:,.0f}"),
                ephemeral=True)
            return
        text = t(locale, "privacy.mydata.sent", games=export.games, dailies=export.dailies)
        if len(parts) > 1:
            text += "\n" + t(locale, "privacy.mydata.parts", count=len(parts),
                              name=parts[0][0].rsplit(".", 1)[0])
        for name, content in parts:
            await interaction.followup.send(
                text, file=discord.File(io.BytesIO(content), filename=name), ephemeral=True)
            text = ""
    finally:
        export.close()


def _parts(file: IO[bytes], size: int, name: str) -> list[tuple[str, bytes]] | None:
    """The file as it is if it fits one upload; else gzipped (JSON shrinks about twenty
    fold), in as many pieces as it takes (to be joined, then unzipped); None if even that
    is more than MAX_PARTS uploads."""
    file.seek(0)
    if size <= UPLOAD_LIMIT:
        return [(name, file.read())]
    packed = io.BytesIO()
    with gzip.GzipFile(fileobj=packed, mode="wb", mtime=0) as zipped:
        shutil.copyfileobj(file, zipped)
    data = packed.getvalue()
    if len(data) <= UPLOAD_LIMIT:
        return [(name + ".gz", data)]
    pieces = [data[i:i + UPLOAD_LIMIT] for i in range(0, len(data), UPLOAD_LIMIT)]
    if len(pieces) > MAX_PARTS:
        return None
    return [(f"{name}.gz.{n:03d}", piece) for n, piece in enumerate(pieces, 1)]


class ForgetPrompt(ConfirmView):
    """The confirm step of `forget`, whose Cancel says that nothing was deleted."""

    @discord.ui.button(style=discord.ButtonStyle.secondary)
    async def cancel(self, interaction: discord.Interaction[Any],
                     button: discord.ui.Button[ConfirmView]) -> None:
        self.stop()
        await interaction.response.edit_message(
            content=t(self.locale, "privacy.forget.cancelled"), view=None)


async def ask_to_forget(interaction: discord.Interaction[Any]) -> None:
    """Say what `forget` deletes and what it keeps without the player's name; on Yes, do
    it and say how many of each."""
    locale = locale_for(interaction)
    view = ForgetPrompt(interaction, confirm_label=t(locale, "button.confirm_forget"),
                        on_confirm=_forget, confirmed_text=t(locale, "privacy.forget.working"))
    await ephemeral(interaction, t(locale, "privacy.forget.confirm"), view)


async def _forget(click: discord.Interaction[Any]) -> None:
    done = await Privacy.of(service_of(click)).forget(click.user.id)
    _exported_by(click).pop(click.user.id, None)
    await click.followup.send(
        t(locale_for(click), "privacy.forget.done", deleted=done.deleted_games,
          deleted_rows=done.deleted_rows, kept=done.anonymised_games,
          kept_rows=done.anonymised_rows), ephemeral=True)
    # The messages of the games in progress showed them, with buttons now dead: gone too.
    for channel_id, message_id in done.live_messages:
        message = click.client.get_partial_messageable(channel_id).get_partial_message(
            message_id)
        try:
            await message.delete()
        except discord.HTTPException:  # deleted already, or out of the bot's reach now
            log.info("couldn't delete a forgotten game's message %d", message_id)


class PrivacyCog(commands.Cog):
    """A server the bot is removed from keeps its data for the grace period (the bot may be
    added back); a sweep, every SWEEP_EVERY seconds, detaches those left longer ago."""

    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        self._sweeper: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="privacy-sweep")

    async def cog_unload(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    @commands.Cog.listener()
    async def on_guild_remove(self, guild: discord.Guild) -> None:
        try:
            await Privacy.of(self.bot.service).server_left(guild.id)
        except ServiceError as exc:  # busy, or an outage: no traceback in the log for it
            log.warning("removed from server %d, but couldn't note it (%s): its data stays "
                        "until it is removed again", guild.id, type(exc).__name__)
            return
        log.info("removed from server %d: its data goes after %d days unless the bot is "
                 "added back", guild.id, GRACE_DAYS)

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        try:
            back = await Privacy.of(self.bot.service).server_back(guild.id)
        except ServiceError as exc:  # the sweep sees the server and keeps it anyway
            log.warning("added to server %d, but couldn't note it (%s)", guild.id,
                        type(exc).__name__)
            return
        if back:
            log.info("back in server %d within the grace period: nothing lost", guild.id)

    async def sweep(self, privacy: Privacy | None = None) -> list[SweepResult]:
        """One round: the servers left past the grace period detached; those the bot is in
        again (it sees them: its own shards') kept."""
        privacy = privacy or Privacy.of(self.bot.service)
        return await privacy.sweep(present=lambda guild_id: self.bot.get_guild(guild_id)
                                   is not None)

    async def _sweep_forever(self) -> None:
        await self.bot.wait_until_ready()  # the servers it is in are known from here
        while True:
            try:
                await self.sweep()
            except Exception:  # noqa: BLE001 -- the next round tries again
                log.warning("the sweep of servers left failed; next try in %.0f s",
                            SWEEP_EVERY, exc_info=True)
            await asyncio.sleep(SWEEP_EVERY)
