"""Playing through Discord: apply a click or a command through the service, then show it.

Only translation: the service decides (owner, version, rules); this module turns its answers
and its domain errors into an edited game message or an ephemeral reply.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

import discord

from bot.errors import GameFinished, GameNotFound, NotYourGame, ServiceError, StaleVersion
from bot.i18n import t
from bot.narration import refusal_text
from bot.application.service import GameRecord, Played
from bot.application.choice_calls import FLOW_CALLS, PLAN_DEBT_GO, Move, make_choice
from game_core import Action, Event, IllegalActionError, action_from_dict
from game_core.plans import LEAST_RENT

from cogs.play.controls import (
    DEBT_GO_WAYS, GO_OF_WAY, ORDER_OFF, PLAN_BACK, PLAN_DEBT, menu_action,
)
from cogs.common.board_launch import shown as board_shown
from cogs.common.custom_ids import split_rolling
from cogs.common.errors import report_error
from cogs.common.refusals import not_your_game, reply_to
from cogs.common.replies import (
    can_attach, ephemeral, last_events, locale_for, owner_name, service_of,
)
from cogs.daily.result import show_result
from cogs.play import private_games
from cogs.play.message import GameMessage, build_game_message, draw_picture
from cogs.play.updates import answer_click, answer_with_message, update_message, updates_for

log = logging.getLogger(__name__)
T = TypeVar("T")
# A click whose move the database hasn't stored after this long is acknowledged first:
# Discord wants an answer within 3 s, and the deferral itself takes a round trip.
ACK_AFTER = 1.5


async def board_message(interaction: discord.Interaction[Any], record: GameRecord,
                        events: Sequence[Event]) -> GameMessage:
    """The game message with its picture (drawn by a worker) or text board, for an answer
    that may wait for it (a look at the board, not a click)."""
    picture, locale = can_attach(interaction), locale_for(interaction)
    drawn = None
    if picture or record.game.is_over:
        drawn = await draw_picture(interaction.client, record, events, locale=locale,
                                   attach=picture)
    return build_game_message(record, events, locale=locale,
                              player=owner_name(interaction, record), picture=picture,
                              drawn=drawn, board=board_shown(interaction.client))


async def play_action(interaction: discord.Interaction[Any], game_id: int, version: int,
                      action_of: Callable[[], Action]) -> None:
    """A click on the game message: apply it and edit that message in place. When many
    clicks are in progress, or the database is slow to answer (another program holds its
    lock), it is acknowledged first (Discord's 3 s), and edited after."""
    updates = updates_for(interaction)
    with updates.clicking():
        if updates.busy and not await acknowledge(interaction, game_id):
            return
        await _play(interaction, game_id, version, action_of)


async def acknowledge(interaction: discord.Interaction[Any], game_id: int) -> bool:
    """Tell Discord the click is being handled (a deferred update: the cheapest answer),
    then let the other clicks' acknowledgements go before this one's move (a burst).
    False if Discord no longer takes it: the player was told it failed, so it isn't played."""
    updates = updates_for(interaction)
    try:
        with updates.acknowledging():
            await interaction.response.defer()
    except discord.NotFound as exc:
        log.warning("game %d: a click came too late to be answered (%s); not played", game_id,
                    exc)
        return False
    await updates.after_acknowledgements()
    return True


async def in_time(interaction: discord.Interaction[Any], game_id: int,
                  work: Awaitable[T]) -> T:
    """`work` (the service's answer), the click acknowledged first if it takes longer than
    ACK_AFTER: a click that waits on the database is still answered within Discord's 3 s
   . Nothing has been sent for this click yet while it waits, so the deferral
    can't cross another answer."""
    task = asyncio.ensure_future(work)
    done, _ = await asyncio.wait({task}, timeout=ACK_AFTER)
    if not done and not interaction.response.is_done():
        try:
            await interaction.response.defer()
        except discord.NotFound as exc:  # too late already; the move goes on all the same
            log.warning("game %d: a slow click could not be acknowledged (%s)", game_id, exc)
    return await task


async def _in_turn(interaction: discord.Interaction[Any],
                   work: Callable[[], Awaitable[Played]]) -> Played:
    """`work`, once one of the few moves made at once has ended (a burst's moves queue here,
    not for the database's connections, where each would spend its time budget waiting)."""
    async with updates_for(interaction).moves:
        return await work()


async def _play(interaction: discord.Interaction[Any], game_id: int, version: int,
                action_of: Callable[[], Action]) -> None:
    service = service_of(interaction)

    def work() -> Awaitable[Played]:
        return service.autoplay.play(game_id, interaction.user.id, version, action_of())

    await _carry(interaction, game_id, work)


async def play_flow(interaction: discord.Interaction[Any], game_id: int, version: int,
                    what: str) -> None:
    """A click on Roll on, a plan, Pay it for me's confirm step, or any control shown while
    rolling on ("<action>.on", "<menu>=<square>.on": the answer goes on rolling)."""
    updates = updates_for(interaction)
    with updates.clicking():
        if updates.busy and not await acknowledge(interaction, game_id):
            return
        service, user = service_of(interaction), interaction.user.id
        base, rolling, keep = split_rolling(what)
        if base == PLAN_DEBT and not await _confirms_debts(interaction, game_id):
            # The player's settings skip the confirm step: pay now, the way it would list
            # first (the Hint's best, when one was asked at this version).
            base = GO_OF_WAY[service.hinted.way(game_id, version) or LEAST_RENT]
        if base in ORDER_OFF:  # a standing order undone: the game doesn't change
            await _order_off(interaction, game_id, version, ORDER_OFF[base], rolling=rolling,
                             keep=keep)
            return
        if base in (PLAN_DEBT, PLAN_BACK):
            # The confirm step lists the way the Hint rated best at this version first.
            listed = (service.hinted.way(game_id, version) or LEAST_RENT
                      if base == PLAN_DEBT else None)
            await _look(interaction, game_id, version, preview=listed, rolling=rolling,
                        keep=keep)
            return
        # The service call is the one table's (bot.application.choice_calls), the board's
        # too; a debt's confirmed way is named in its button (DEBT_GO_WAYS).
        name = PLAN_DEBT_GO if base in DEBT_GO_WAYS else base
        move = Move(game_id, user, version, rolling, keep, DEBT_GO_WAYS.get(base, LEAST_RENT))
        chosen: Action | None = None
        if name not in FLOW_CALLS:
            menu, _, value = base.partition("=")
            # A menu's option (checked by its control), or a button's action.
            chosen = menu_action(menu, value) if value else action_from_dict({"type": base})
            if chosen is None:  # checked by its control already: never one of ours
                await ephemeral(interaction, t(locale_for(interaction), "error.unknown_control"))
                return

        def work() -> Awaitable[Played]:
            return make_choice(service.autoplay, name, move, chosen)
        await _carry(interaction, game_id, work)


async def _confirms_debts(interaction: discord.Interaction[Any], game_id: int) -> bool:
    """Whether Pay it for me lists its plan for the player to confirm (their settings, the
    default yes). Settings that can't be read now leave the default: the confirm step
    then answers, or says what went wrong."""
    service = service_of(interaction)
    try:
        settings = await in_time(interaction, game_id,
                                 service.prefs.get(interaction.user.id))
    except ServiceError as exc:
        log.info("game %d: the player's settings were not read (%r); asking first", game_id,
                 exc)
        return True
    return settings.confirm_debts


async def _order_off(interaction: discord.Interaction[Any], game_id: int, version: int,
                     order: str, *, rolling: bool, keep: frozenset[int]) -> None:
    """One click undoes a standing order (back to asking the player): the game message is
    shown again without its undo button, and a private line says what was undone."""
    service, locale = service_of(interaction), locale_for(interaction)
    try:
        await in_time(interaction, game_id, service.prefs.change(interaction.user.id, order,
                                                                 None))
    except ServiceError as exc:
        await report_error(interaction, exc)
        return
    await _look(interaction, game_id, version, preview=None, rolling=rolling, keep=keep)
    label = t(locale, f"clicks.button.order_off.{order}")
    await ephemeral(interaction, t(locale, "clicks.order_off.done", order=label),
                    refusal=False)


async def _look(interaction: discord.Interaction[Any], game_id: int, version: int, *,
                preview: str | None, rolling: bool, keep: frozenset[int]) -> None:
    """Pay it for me's confirm step (the plan listed, Pay it this way / Back; `preview`:
    the way it lists first), or Back from it (None): the game doesn't change, and an old
    message is stale like any button."""
    service, locale = service_of(interaction), locale_for(interaction)
    try:
        record = await in_time(interaction, game_id, service.get(game_id))
        events = await last_events(service, game_id)
        if record.owner_id != interaction.user.id:
            await ephemeral(interaction, not_your_game(locale, record.owner_id))
        elif record.game.is_over:
            await ephemeral(interaction, t(locale, "error.game_over"))
        elif record.version != version:
            await answer_click(interaction, record, events)
            await ephemeral(interaction, t(locale, "error.stale"))
        else:
            await answer_click(interaction, record, events, preview=preview, rolling=rolling,
                               keep=keep)
    except GameNotFound:
        await ephemeral(interaction, t(locale, "error.unknown_game"))
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        await report_error(interaction, exc)


async def _carry(interaction: discord.Interaction[Any], game_id: int,
                 work: Callable[[], Awaitable[Played]]) -> None:
    """Run `work` (the service's moves for this click) and show what it did; every domain
    error becomes an ephemeral answer."""
    service, locale = service_of(interaction), locale_for(interaction)
    try:
        try:
            result = await in_time(interaction, game_id, _in_turn(interaction, work))
        except StaleVersion:
            # An old button: show the game as it is now, then say why nothing happened.
            record = await in_time(interaction, game_id, service.get(game_id))
            await answer_click(interaction, record, await last_events(service, game_id))
            await ephemeral(interaction, t(locale, "error.stale"))
            return
        except (NotYourGame, GameFinished, GameNotFound) as exc:
            await ephemeral(interaction, reply_to(locale, exc))
            return
        except IllegalActionError as exc:
            record = await service.get(game_id)
            # The engine's code and values say why (game_core.legality), worded here.
            reason = refusal_text(exc, record.game, locale=locale)
            await ephemeral(interaction, t(locale, "error.illegal", reason=reason))
            return
        record = result.record
        # Saved: answer now (Discord's 3 s), the picture following if it isn't drawn yet.
        await answer_click(interaction, record, result.last_events,
                           None if result.duplicate else result)
        if record.daily_day is not None and record.game.is_over and not result.duplicate:
            await show_result(interaction, record)  # the result to post
        if interaction.message is not None and interaction.message.id != record.message_id:
            # The clicked message is the game's message from now on (one message per game).
            await service.set_message(game_id, interaction.channel_id, interaction.message.id)
    except Exception as exc:  # noqa: BLE001 -- every failure gets an answer and a log line
        if interaction.client.is_closed():  # stopping: no answer can go out any more
            log.info("game %d: a click's answer was lost, the bot is stopping (%r); its move, "
                     "if made, is saved", game_id, exc)
            return
        await report_error(interaction, exc)


async def show_game(interaction: discord.Interaction[Any], record: GameRecord,
                    events: Sequence[Event]) -> None:
    """Post the game message as the answer to a command, and remember it as the game's."""
    sent = await answer_with_message(interaction, record, events)
    await service_of(interaction).set_message(record.id, interaction.channel_id, sent.id)


async def refresh_game_message(interaction: discord.Interaction[Any], record: GameRecord,
                               events: Sequence[Event]) -> bool:
    """After a command changed the game, edit its message where it is. If that message is
    gone or can't be edited, post a new one here and record it; nothing in the game is lost.
    Returns True when a new message was posted."""
    client = interaction.client
    # A private game's message (a daily, H5; a private server's game shown where no private
    # thread could be made) is ephemeral: only an interaction can edit it, that of the last
    # answer showing it while fresh; else the game comes in a new private message.
    private = private_games.edit_of(client, record.id)
    if private is not None:
        try:
            await update_message(interaction, record, events, private)
            return False
        except discord.HTTPException as exc:
            log.info("game %d: its private message is not editable (%s)", record.id, exc)
    # Through a player's own install where the server hasn't installed the bot,
    # the bot can't reach the channel: only an interaction's answer shows the game there.
    reachable = interaction.is_guild_integration() or not interaction.is_user_integration()
    if reachable and record.daily_day is None and record.message_id is not None \
            and record.channel_id is not None:
        try:
            channel = client.get_channel(record.channel_id) or await client.fetch_channel(
                record.channel_id)
            if isinstance(channel, discord.abc.Messageable):
                partial = channel.get_partial_message(record.message_id)  # type: ignore[attr-defined]
                await update_message(interaction, record, events, partial.edit)
                return False
        except (discord.NotFound, discord.Forbidden, discord.HTTPException) as exc:
            log.info("game %d: old message %s not editable (%s); posting a new one",
                     record.id, record.message_id, exc)
    sent = await answer_with_message(interaction, record, events)
    await service_of(interaction).set_message(record.id, interaction.channel_id, sent.id)
    return True

