"""`python -m bot` / `solo-monopoly-bot`: run the Discord bot until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from typing import TextIO

import aiohttp
import discord

from bot.hosting.app import MonopolyBot
from bot.hosting.host import StartupError
from bot.hosting.observability.logs import JsonFormatter
from bot.hosting.redact import TokenFilter
from bot.hosting.settings import Settings, SettingsError

log = logging.getLogger("bot")
# Seconds a thread holds the GIL while another waits for it (see main()).
SWITCH_INTERVAL = 0.0005


async def serve(bot: MonopolyBot, token: str) -> None:
    """Run until the bot stops or a signal asks it to; then close cleanly (database too)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not on this platform / thread
            pass
    async with bot:
        # The database first: a MONOPOLY_DB that can't be used stops the bot before it logs
        # in to Discord (StartupError, one line), not after it has connected.
        await bot.open_database()
        runner = asyncio.create_task(bot.start(token))
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if stopper in done:
            log.info("stopping on signal")
            await bot.close()
        stopper.cancel()
        await runner  # re-raises a login failure


def setup_logging(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """discord.py's log set-up (to standard error), with no token in it at any level; with
    MONOPOLY_LOG_FORMAT=json, one JSON object a line (bot.hosting.observability.logs)."""
    handler = logging.StreamHandler(stream)
    handler.addFilter(TokenFilter(secrets=[settings.token]))
    formatter = JsonFormatter() if settings.log_format == "json" else discord.utils.MISSING
    discord.utils.setup_logging(handler=handler, formatter=formatter, level=settings.log_level,
                                root=True)
    # aiosqlite's DEBUG lines carry every statement with its parameters: the saved states
    # hold their seeds, and a daily's seed must never be logged, nor the secret
    # it comes from.
    logging.getLogger("aiosqlite").setLevel(max(settings.log_level, logging.INFO))
    return handler


def main() -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"solo-monopoly: {exc}", file=sys.stderr)
        return 2
    setup_logging(settings)
    # A board game has no voice: spare the admin discord.py's two start-up warnings that the
    # voice libraries (PyNaCl, davey) are missing.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    # The database's thread and the one reading the picture workers' results need the GIL
    # for a moment at each step; the event loop, busy under a burst, gives it up only
    # every switch interval (5 ms by default), so each step waited that long.
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        asyncio.run(serve(MonopolyBot(settings), settings.token))
    except StartupError as exc:
        print(f"solo-monopoly: {exc}", file=sys.stderr)
        return 2
    except discord.LoginFailure:
        print("solo-monopoly: Discord rejected DISCORD_TOKEN: copy the token again from the "
              "developer portal (Bot > Reset Token) into .env.", file=sys.stderr)
        return 2
    except (aiohttp.ClientConnectionError, discord.GatewayNotFound) as exc:
        print(f"solo-monopoly: could not reach Discord ({str(exc) or type(exc).__name__}); check "
              "this machine's network connection and start the bot again.", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:
        print("solo-monopoly: the bot asked for an intent it isn't allowed; this bot needs none "
              "of the privileged intents.", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
