"""The terminal's standing orders (game_core.orders), under the `w` key: the same settings
as Discord's `/monopoly settings` (auto_build, reserve, auto_decline, auto_pay), kept for the
terminal's player.

    w          the orders as they stand, and the keys
    w b N      build for me at a stop while my cash stays at or above N
    w b        stop building for me
    w d        decline offers where the Bank has a share: on if off, off if on
    w p        pay debts for me: on if off, off if on

After a move an order answered, the terminal names the key that undoes it, as the Discord
message shows a button."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game_core.orders import BUILD_ORDER, DEBT_ORDER, DECLINE_ORDER, MAX_RESERVE

from bot.application.player_settings import PlayerPrefs, PlayerSettings
from bot.i18n import t
from bot.i18n.grammar import group_digits

ORDERS_KEY = "w"
ORDER_KEYS = {BUILD_ORDER: "b", DECLINE_ORDER: "d", DEBT_ORDER: "p"}


def orders_lines(settings: PlayerSettings, locale: str) -> list[str]:
    """Each order as it stands, in the words of the Discord settings."""
    orders = settings.orders
    reserve = orders.build_reserve
    lines = [t(locale, "terminal.field", label=t(locale, "prefs.field.build_reserve"),
               value=t(locale, "prefs.build_reserve.off") if reserve is None else t(
                   locale, "prefs.build_reserve.on", reserve=group_digits(reserve, locale)))]
    for name, on in ((DECLINE_ORDER, orders.decline_bank_groups),
                     (DEBT_ORDER, orders.pay_debts)):
        lines.append(t(locale, "terminal.field", label=t(locale, f"prefs.field.{name}"),
                       value=t(locale, f"prefs.{name}." + ("on" if on else "off"))))
    return lines


def undo_line(used: Sequence[str], locale: str) -> str:
    """After orders answered: the key that undoes each ("" when none did)."""
    if not used:
        return ""
    keys = " · ".join(f"{ORDERS_KEY} {ORDER_KEYS[name]}: "
                      + t(locale, f"clicks.button.order_off.{name}") for name in used)
    return t(locale, "clicks.terminal.order_undo", keys=keys)


async def orders_key(prefs: PlayerPrefs, user_id: int, rest: str, locale: str,
                     say: Callable[[str], None]) -> None:
    """`w ...`: change the order asked (if any), then show them all; a key it doesn't know
    shows the keys."""
    settings = await prefs.get(user_id)
    word, _, value = rest.partition(" ")
    value = value.strip()
    change: tuple[str, object] | None = None
    if word == ORDER_KEYS[BUILD_ORDER] and not value:
        change = (BUILD_ORDER, None)
    elif word == ORDER_KEYS[BUILD_ORDER]:
        if not (value.isascii() and value.isdigit()) or int(value) > MAX_RESERVE:
            say(t(locale, "clicks.terminal.orders_help"))
            return
        change = (BUILD_ORDER, int(value))
    elif word == ORDER_KEYS[DECLINE_ORDER] and not value:
        change = (DECLINE_ORDER, not settings.orders.decline_bank_groups)
    elif word == ORDER_KEYS[DEBT_ORDER] and not value:
        change = (DEBT_ORDER, not settings.orders.pay_debts)
    elif word:
        say(t(locale, "clicks.terminal.orders_help"))
        return
    if change is not None:
        settings = await prefs.change(user_id, *change)
        say(t(locale, "prefs.changed"))
    for line in orders_lines(settings, locale):
        say(line)
    if change is None:
        say(t(locale, "clicks.terminal.orders_help"))
