"""Players' names on the global boards, where a `<@id>` mention reads as an
unknown user to anyone whose client has never met that player (mentions resolve only
against the users a client already knows, as in one's own servers).

Names are looked up, not stored: storing them would need a column (a migration) and would
keep a name the player has since changed. The client's user cache answers most rows for
free; the few rows of the page shown that it doesn't know are fetched (at most one page's
worth, `PAGE_FETCH`, per view) and remembered in a bounded map, so a page turned again
costs no request. A row whose name can't be had (a deleted account, Discord unreachable)
keeps its mention. A forgotten player's rows keep a pseudonym no account has:
they read "a former player" in the reader's language, on every board, and are never fetched.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Iterable, Mapping

import discord

from bot.application.privacy import is_former_player
from bot.hosting.registry import Registry
from bot.i18n import quote_user_text, t

log = logging.getLogger(__name__)

PAGE_FETCH = 10  # the rows of one page: what a view may fetch at most
REMEMBERED = 4096  # names kept between views (an LRU), a few hundred KB at most
NAME_LIMIT = 40  # a board's row stays one line



class KnownNames(OrderedDict[int, str]):
    """Names seen by a bot (a restarted or second bot starts afresh): id -> name, least
    recent first."""


def _known_by(client: discord.Client) -> KnownNames:
    return Registry.of(client).get_or_make(KnownNames, KnownNames)


def _remember(known: OrderedDict[int, str], user_id: int, name: str) -> None:
    known[user_id] = name
    known.move_to_end(user_id)
    while len(known) > REMEMBERED:
        known.popitem(last=False)


async def player_names(client: discord.Client, shown: Iterable[int],
                       others: Iterable[int] = ()) -> dict[int, str]:
    """Display names of the players `shown` (fetched if need be, `PAGE_FETCH` at most) and of
    `others` (only if already known: the cache or an earlier fetch). Ids with no name found
    are left out."""
    known = _known_by(client)
    shown = [i for i in dict.fromkeys(shown) if not is_former_player(i)]
    names: dict[int, str] = {}
    for user_id in dict.fromkeys([*shown, *others]):
        if is_former_player(user_id):  # a pseudonym: no account to ask about
            continue
        user = client.get_user(user_id)
        if user is not None:
            names[user_id] = user.display_name
            _remember(known, user_id, user.display_name)
        elif user_id in known:  # "" for an account Discord said is gone
            if known[user_id]:
                names[user_id] = known[user_id]
            known.move_to_end(user_id)
    missing = [i for i in shown if i not in names and i not in known][:PAGE_FETCH]
    if missing:
        fetched = await asyncio.gather(*(_fetch(client, i) for i in missing))
        for user_id, name in zip(missing, fetched, strict=True):
            if name is not None:
                _remember(known, user_id, name)
                if name:
                    names[user_id] = name
    return names


async def _fetch(client: discord.Client, user_id: int) -> str | None:
    """The user's name; "" for an account that doesn't exist (remembered: not asked again);
    None when Discord didn't answer (asked again next view)."""
    try:
        user = await client.fetch_user(user_id)
    except discord.NotFound:  # a deleted account: its mention stays
        return ""
    except discord.HTTPException as exc:  # Discord busy: this view keeps the mention
        log.info("no name for user %d: %s", user_id, exc)
        return None
    return user.display_name


def player_label(user_id: int, names: Mapping[int, str] | None, locale: str) -> str:
    """The player as a board row shows them: "a former player" for a forgotten one; their
    name, escaped so that no name can format the row or mention anyone; or their mention when
    no name is known (`names` None: a server's board, whose readers know its members)."""
    if is_former_player(user_id):
        return former_player(locale)
    name = (names or {}).get(user_id)
    if not name:
        return f"<@{user_id}>"
    text = quote_user_text(name, NAME_LIMIT)
    return discord.utils.escape_mentions(discord.utils.escape_markdown(text))


def former_player(locale: str) -> str:
    """A forgotten player, as any text names them."""
    return t(locale, "privacy.former_player")


def shown_name(user: discord.abc.User, locale: str) -> str:
    """The name a text gives `user`: their display name, or "a former player" for a forgotten
    player's pseudonym (a `stats user:` given by id)."""
    return former_player(locale) if is_former_player(user.id) else user.display_name


__all__ = ["former_player", "player_label", "player_names", "shown_name"]
