"""`/monopoly-admin`: a server's settings, its moderation, and its seasons' winners.

Discord shows the group only to members with Manage Server (its default member
permissions), in servers only; and every command checks it again from the permissions
Discord sends with the interaction, so that a client forging the command gets a refusal,
not a setting. The service checks the values and logs every change with who made it.

The season announcer: a background loop that asks the service, every few minutes, which
seasons ended in servers that chose a channel for their winner, and posts each one there.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.application.seasons import Announcement
from bot.application.server_settings import ServerSettings
from bot.i18n import locale_of, points, quote_user_text, t, tn
from game_core.presets import PRESETS

from cogs.common.player_names import player_label
from cogs.common.replies import ephemeral, locale_for, service_of
from cogs.reports.embeds import COLOUR, season_label
from cogs.common.translator import choice, en

if TYPE_CHECKING:
    from bot.hosting.app import MonopolyBot

log = logging.getLogger(__name__)
GROUP = "monopoly-admin"
SEASON_CHECK_MINUTES = 5.0  # how late after midnight a season's winner may be announced
MAX_HIDDEN_SHOWN = 30


def _d(key: str) -> str:
    return en(f"cmd.{GROUP}.{key}")


def _preset_choice(name: str) -> app_commands.Choice[str]:
    key = f"preset.title.{name}"  # the preset's own title, in each language
    return app_commands.Choice(name=app_commands.locale_str(en(key), key=key), value=name)


@app_commands.allowed_contexts(guilds=True, dms=False, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
@app_commands.default_permissions(manage_guild=True)
class AdminCog(commands.GroupCog, group_name=_d("name"), group_description=_d("description")):
    def __init__(self, bot: MonopolyBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.announcer.start()

    async def cog_unload(self) -> None:
        self.announcer.cancel()

    # ---- the check Discord's own can't replace --------------------------------------------

    async def _allowed(self, interaction: discord.Interaction[Any]) -> bool:
        """Manage Server, as Discord computed it for this member in this channel."""
        locale = locale_for(interaction)
        if interaction.guild_id is None or not isinstance(interaction.user, discord.Member):
            await ephemeral(interaction, t(locale, "admin.dm"))
            return False
        if not interaction.permissions.manage_guild:
            log.info("refused /%s from user %d in server %d: no Manage Server", GROUP,
                     interaction.user.id, interaction.guild_id)
            await ephemeral(interaction, t(locale, "admin.refused"))
            return False
        return True

    async def _set(self, interaction: discord.Interaction[Any], name: str,
                   value: object) -> None:
        if not await self._allowed(interaction):
            return
        assert interaction.guild_id is not None
        settings = await service_of(interaction).servers.change(
            interaction.guild_id, interaction.user.id, name, value)
        locale = locale_for(interaction)
        text = t(locale, "admin.saved", setting=t(locale, f"admin.setting.{name}"),
                 value=describe(name, settings, locale))
        warning = self._thread_warning(interaction, settings) if name in (
            "threads", "public", "channels") else ""
        await ephemeral(interaction, f"{text}\n{warning}".strip(), refusal=False)

    @staticmethod
    def _thread_warning(interaction: discord.Interaction[Any],
                        settings: ServerSettings) -> str:
        """Games in threads, where the bot may not make them: say so now, not at a game."""
        if not settings.threads and settings.public:
            return ""
        guild = interaction.guild
        assert guild is not None
        places: list[object] = [guild.get_channel(c) for c in settings.channels]
        places = places or [interaction.channel]
        perms_needed = ("create_public_threads" if settings.public
                        else "create_private_threads")
        for place in places:
            if isinstance(place, discord.TextChannel):
                perms = place.permissions_for(guild.me)
                if not (getattr(perms, perms_needed) and perms.send_messages_in_threads):
                    return t(locale_for(interaction), "admin.threads.warning",
                             channel=place.mention)
        return ""

    # ---- the settings ------------------------------------------------------------------

    @app_commands.command(name=_d("show.name"), description=_d("show.description"))
    async def show(self, interaction: discord.Interaction[Any]) -> None:
        if not await self._allowed(interaction):
            return
        assert interaction.guild is not None
        settings = await service_of(interaction).servers.settings(interaction.guild.id)
        await interaction.response.send_message(
            embed=settings_embed(settings, interaction.guild.name, locale_for(interaction)),
            ephemeral=True)

    @app_commands.command(name=_d("edition.name"), description=_d("edition.description"))
    @app_commands.describe(value=_d("edition.option.value.description"))
    @app_commands.choices(value=[choice(f"{GROUP} edition", "value", v)
                                 for v in ("us", "uk", "fr", "default")])
    async def edition(self, interaction: discord.Interaction[Any], value: str) -> None:
        await self._set(interaction, "edition", None if value == "default" else value)

    @app_commands.command(name=_d("preset.name"), description=_d("preset.description"))
    @app_commands.describe(value=_d("preset.option.value.description"))
    @app_commands.choices(value=[_preset_choice(p.name) for p in PRESETS])
    async def preset(self, interaction: discord.Interaction[Any], value: str) -> None:
        await self._set(interaction, "preset", None if value == "standard" else value)

    @app_commands.command(name=_d("channels.name"), description=_d("channels.description"))
    @app_commands.describe(action=_d("channels.option.action.description"),
                           channel=_d("channels.option.channel.description"))
    @app_commands.choices(action=[choice(f"{GROUP} channels", "action", v)
                                  for v in ("allow", "remove", "anywhere")])
    async def channels(self, interaction: discord.Interaction[Any], action: str,
                       channel: discord.TextChannel | None = None) -> None:
        if not await self._allowed(interaction):
            return
        assert interaction.guild_id is not None
        target = channel or interaction.channel
        if action != "anywhere" and not isinstance(target, discord.TextChannel):
            where = f"<#{interaction.channel_id}>"
            await ephemeral(interaction, t(locale_for(interaction), "admin.channels.not_text",
                                           channel=where))
            return
        current = set((await service_of(interaction).servers.settings(
            interaction.guild_id)).channels)
        if isinstance(target, discord.TextChannel) and action == "allow":
            current.add(target.id)
        elif isinstance(target, discord.TextChannel) and action == "remove":
            current.discard(target.id)
        else:
            current.clear()
        await self._set(interaction, "channels", sorted(current))

    @app_commands.command(name=_d("threads.name"), description=_d("threads.description"))
    @app_commands.describe(enabled=_d("threads.option.enabled.description"))
    async def threads(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        await self._set(interaction, "threads", enabled)

    @app_commands.command(name=_d("public.name"), description=_d("public.description"))
    @app_commands.describe(enabled=_d("public.option.enabled.description"))
    async def public(self, interaction: discord.Interaction[Any], enabled: bool) -> None:
        await self._set(interaction, "public", enabled)

    @app_commands.command(name=_d("season.name"), description=_d("season.description"))
    @app_commands.describe(length=_d("season.option.length.description"))
    @app_commands.choices(length=[choice(f"{GROUP} season", "length", v)
                                  for v in ("month", "quarter", "none")])
    async def season(self, interaction: discord.Interaction[Any], length: str) -> None:
        await self._set(interaction, "season", length)

    @app_commands.command(name=_d("announce.name"), description=_d("announce.description"))
    @app_commands.describe(channel=_d("announce.option.channel.description"))
    async def announce(self, interaction: discord.Interaction[Any],
                       channel: discord.TextChannel | None = None) -> None:
        await self._set(interaction, "announce", channel.id if channel is not None else None)

    # ---- moderation --------------------------------------------------------------------

    @app_commands.command(name=_d("hide.name"), description=_d("hide.description"))
    @app_commands.describe(player=_d("hide.option.player.description"),
                           reason=_d("hide.option.reason.description"))
    async def hide(self, interaction: discord.Interaction[Any], player: discord.User,
                   reason: app_commands.Range[str, 1, 300]) -> None:
        await self._hide(interaction, player, reason, hidden=True)

    @app_commands.command(name=_d("unhide.name"), description=_d("unhide.description"))
    @app_commands.describe(player=_d("unhide.option.player.description"),
                           reason=_d("unhide.option.reason.description"))
    async def unhide(self, interaction: discord.Interaction[Any], player: discord.User,
                     reason: app_commands.Range[str, 1, 300] | None = None) -> None:
        await self._hide(interaction, player, reason or "", hidden=False)

    async def _hide(self, interaction: discord.Interaction[Any], player: discord.User,
                    reason: str, *, hidden: bool) -> None:
        if not await self._allowed(interaction):
            return
        assert interaction.guild_id is not None
        changed = await service_of(interaction).servers.hide(
            interaction.guild_id, interaction.user.id, player.id, reason, hidden=hidden)
        key = ("admin.hidden.done" if changed else "admin.hidden.already") if hidden else (
            "admin.unhidden.done" if changed else "admin.unhidden.not_hidden")
        await ephemeral(interaction, t(locale_for(interaction), key, player=player.mention),
                        refusal=False)

    @app_commands.command(name=_d("log.name"), description=_d("log.description"))
    async def changes(self, interaction: discord.Interaction[Any]) -> None:
        if not await self._allowed(interaction):
            return
        assert interaction.guild is not None
        locale = locale_for(interaction)
        entries = await service_of(interaction).servers.log(interaction.guild.id)
        lines = []
        for entry in entries:
            unset = t(locale, "admin.log.unset")
            line = t(locale, "admin.log.row", at=int(entry.at),
                     who=player_label(entry.actor_id, None, locale),
                     setting=_setting_name(entry.name, locale),
                     old=_logged(entry.name, entry.old_value, unset),
                     new=_logged(entry.name, entry.new_value, unset))
            if entry.reason:
                line += t(locale, "admin.log.reason", reason=quote_user_text(entry.reason, 200))
            lines.append(line)
        embed = discord.Embed(title=t(locale, "admin.log.title", server=interaction.guild.name),
                              description="\n".join(lines)[:4000] or t(locale,
                                                                       "admin.log.empty"),
                              colour=COLOUR)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    # ---- the seasons' winners ----------------------------------------------------------

    @tasks.loop(minutes=SEASON_CHECK_MINUTES)
    async def announcer(self) -> None:
        try:
            await self.announce_seasons()
        except Exception:  # noqa: BLE001 -- the loop must outlive a bad round
            log.exception("season announcements failed this round; trying again later")

    @announcer.before_loop
    async def _ready(self) -> None:
        await self.bot.wait_until_ready()

    async def announce_seasons(self) -> list[discord.Message]:
        """Post every season's end now due (each once, whichever process finds it first);
        the messages posted."""
        posted = []
        for due in await self.bot.service.seasons.due_announcements():
            message = await self._post(due)
            if message is not None:
                posted.append(message)
        return posted

    async def _post(self, due: Announcement) -> discord.Message | None:
        guild = self.bot.get_guild(due.guild_id)
        channel = guild.get_channel(due.channel_id) if guild is not None else None
        if not isinstance(channel, discord.TextChannel | discord.Thread):
            log.info("server %d: season %s ended, but its announcement channel %d is gone",
                     due.guild_id, due.season.key, due.channel_id)
            return None
        assert guild is not None
        locale = locale_of(str(guild.preferred_locale))
        label = season_label(due.season, locale)
        winner = due.winner
        text = (t(locale, "season.no_winner", season=label) if winner is None else
                t(locale, "season.winner", season=label,
                  player=player_label(winner.owner_id, None, locale),
                  points=points(winner.score, locale),
                  turns=tn(locale, "turns", winner.turns)))
        try:
            return await channel.send(text, allowed_mentions=discord.AllowedMentions(
                users=True, roles=False, everyone=False))
        except discord.HTTPException as exc:
            log.warning("server %d: season %s's winner could not be announced in %d (%s)",
                        due.guild_id, due.season.key, due.channel_id, exc)
            return None


def _logged(name: str, value: str | None, unset: str) -> str:
    """A logged value as the admin reads it: channels as links, the rest quoted."""
    if value is None:
        return unset
    if name in ("channels", "announce"):
        return " ".join(f"<#{c}>" for c in value.split(",") if c.isdigit()) or unset
    return quote_user_text(value, 60)


def _hidden_label(name: str, locale: str) -> str:
    """The player a "hidden:<user id>" setting names ("a former player" once forgotten)."""
    user_id = name.split(":", 1)[1]
    return player_label(int(user_id), None, locale) if user_id.isdigit() else user_id


def _setting_name(name: str, locale: str) -> str:
    if name.startswith("hidden:"):
        return f"{t(locale, 'admin.setting.hidden')} {_hidden_label(name, locale)}"
    return t(locale, f"admin.setting.{name}")


def describe(name: str, settings: ServerSettings, locale: str) -> str:
    """A setting's value as the admin reads it."""
    if name == "edition":
        return settings.edition or t(locale, "admin.value.by_language")
    if name == "preset":
        return (t(locale, f"preset.title.{settings.preset}") if settings.preset
                else t(locale, "admin.value.default", value=t(locale, "preset.title.standard")))
    if name == "channels":
        return (" ".join(f"<#{c}>" for c in settings.channels)
                or t(locale, "admin.value.anywhere"))
    if name == "threads":
        return t(locale, "admin.value.on" if settings.threads else "admin.value.off")
    if name == "public":
        return t(locale, "admin.value.public" if settings.public else "admin.value.private")
    if name == "season":
        return t(locale, f"admin.season.{settings.season}")
    if name == "announce":
        return (f"<#{settings.announce}>" if settings.announce
                else t(locale, "admin.value.nowhere"))
    raise ValueError(name)


def settings_embed(settings: ServerSettings, server: str, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(locale, "admin.title", server=server), colour=COLOUR)
    for name in ("edition", "preset", "channels", "threads", "public", "season", "announce"):
        embed.add_field(name=t(locale, f"admin.setting.{name}"),
                        value=describe(name, settings, locale)[:1024])
    hidden = sorted(settings.hidden)
    shown = " ".join(player_label(owner, None, locale) for owner in hidden[:MAX_HIDDEN_SHOWN])
    if len(hidden) > MAX_HIDDEN_SHOWN:
        shown += f" (+{len(hidden) - MAX_HIDDEN_SHOWN})"
    embed.add_field(name=t(locale, "admin.setting.hidden"),
                    value=shown or t(locale, "admin.value.nobody"), inline=False)
    return embed


async def setup(bot: MonopolyBot) -> None:
    await bot.add_cog(AdminCog(bot))

