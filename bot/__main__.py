"""`python -m bot` / `solo-monopoly-bot`: run the Discord bot until SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
import threading
from typing import TextIO

import aiohttp
import discord

from bot.hosting.app import MonopolyBot
from bot.hosting.host import StartupError
from bot.hosting.observability.logs import JsonFormatter
from bot.hosting.redact import TokenFilter
from bot.hosting.settings import Settings, SettingsError, token_problem

log = logging.getLogger("bot")
# Seconds a thread holds the GIL while another waits for it (see main()).
SWITCH_INTERVAL = 0.0005


# Seconds discord.py's connection loop gets to end once the bot is closed. It may be waiting
# out a reconnect's backoff (or retrying a shard's first connection) and would only notice
# the close when that wait ends, minutes later: past this, it is cancelled. With the drain
# (7 s at most), the gateway (0.5 s) and the workers (1 s), a stop stays within the 10 s a
# service manager gives it, whatever Discord's state.
RUNNER_STOP = 0.5
# Seconds after the signal past which the process exits at once, whatever is still running
# (a machine so busy that each step crawls): status 0 if the database was closed by then.
STOP_DEADLINE = 9.5


async def serve(bot: MonopolyBot, token: str) -> None:
    """Run until the bot stops or a signal asks it to; then close cleanly (database too)."""
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()

    def on_signal() -> None:
        if not stop.is_set():
            deadline = threading.Timer(STOP_DEADLINE, _out_of_time, args=(bot,))
            deadline.daemon = True
            deadline.start()
        stop.set()

    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, on_signal)
        except (NotImplementedError, RuntimeError):  # not on this platform / thread
            pass
    cut = False
    try:
        async with bot:
            # The database first: a MONOPOLY_DB that can't be used stops the bot before it
            # logs in to Discord (StartupError, one line), not after it has connected.
            await bot.open_database()
            runner = asyncio.create_task(bot.start(token))
            stopper = asyncio.create_task(stop.wait())
            done, _ = await asyncio.wait({runner, stopper},
                                         return_when=asyncio.FIRST_COMPLETED)
            if stopper in done:
                log.info("stopping on signal")
                await bot.close()
                await _ended(runner)
            stopper.cancel()
            if not runner.cancelled():
                await runner  # re-raises a login failure
            # The library's own close (awaited again on the way out) still waiting for a
            # Discord that never answers the gateway's close: the database is closed, so cut.
            closing = bot._closing_task
            if closing is not None and not closing.done():
                cut = True
                closing.cancel()
    except asyncio.CancelledError:
        task = asyncio.current_task()
        if not cut or (task is not None and task.cancelling()):
            raise


def _out_of_time(bot: MonopolyBot) -> None:
    """From a thread: the stop took STOP_DEADLINE seconds; end the process now, before a
    service manager kills it."""
    closed = bot.database_closed
    log.warning("stopping: still running %.1f s after the signal; exiting now (database "
                "%s)", STOP_DEADLINE, "closed" if closed else "not closed")
    logging.shutdown()
    os._exit(0 if closed else 1)


async def _ended(runner: asyncio.Task[None]) -> None:
    """The connection loop ended by itself, or cancelled after RUNNER_STOP seconds."""
    await asyncio.wait({runner}, timeout=RUNNER_STOP)
    if not runner.done():
        log.info("stopping: no more reconnects to Discord")
        runner.cancel()
        try:
            await runner
        except asyncio.CancelledError:
            pass


def setup_logging(settings: Settings, stream: TextIO | None = None) -> logging.Handler:
    """discord.py's log set-up (to standard error), with no token in it at any level; with
    MONOPOLY_LOG_FORMAT=json, one JSON object a line (bot.hosting.observability.logs)."""
    handler = logging.StreamHandler(stream)
    # The bot token and the OAuth2 client secret (the Activity's token exchange) never reach
    # the log, at any level.
    handler.addFilter(TokenFilter(secrets=[settings.token, settings.client_secret]))
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
    problem = token_problem(settings.token)
    if problem:  # before any connection: a token of the wrong shape is no network problem
        print(f"solo-monopoly: {problem}", file=sys.stderr)
        return 2
    setup_logging(settings)
    # A board game has no voice: spare the admin discord.py's two start-up warnings that the
    # voice libraries (PyNaCl, davey) are missing.
    discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
    # The database's thread and the one reading the picture workers' results need the GIL
    # for a moment at each step; the event loop, busy, gives it up only every switch
    # interval (5 ms by default), so each step waited that long. Measured again once a
    # burst's pictures waited for its text boards (bench/capacity.py, the same hour): 0.5 ms
    # against 5 ms, burst board shown p99 2.8 against 2.8 s, pictures behind hints p99 0.87
    # against 1.14 s (target 1 s), steady pictures p99 0.30 against 0.54 s.
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        bot = MonopolyBot(settings)
        asyncio.run(serve(bot, settings.token))
        if bot.database_closed and bot.is_closed():
            # Stopped, everything closed: the interpreter's own teardown (collecting every
            # object, joining what atexit knows of) took seconds on a busy machine, counted
            # in a service manager's 10 s and a rolling restart's. Nothing is left to do.
            logging.shutdown()
            sys.stderr.flush()
            os._exit(0)
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
