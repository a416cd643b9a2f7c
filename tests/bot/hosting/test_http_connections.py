"""The bot's connections to Discord's API: a few dozen kept alive and reused, never one per
answer. discord.py's own default has no limit, so a burst of a thousand clicks opened a
thousand connections at once (each a TCP and, with Discord, a TLS handshake)."""

from __future__ import annotations

import discord

from bot.hosting.app import HTTP_CONNECTIONS, MonopolyBot
from bot.hosting.settings import Settings


async def test_the_bot_keeps_at_most_a_few_dozen_connections_to_one_host(monkeypatch):
    async def logged_in(client: discord.Client, token: str) -> None:
        return None  # discord.py's login would reach Discord: the connector is set before

    monkeypatch.setattr(discord.Client, "login", logged_in)
    bot = MonopolyBot(Settings(token="a.token"))
    await bot.login("a.token")
    connector = bot.http.connector
    try:
        assert connector.limit_per_host == HTTP_CONNECTIONS <= 100
        assert connector.limit == 0  # other hosts (the gateway's) are not held back by it
    finally:
        await connector.close()


async def test_a_connector_handed_to_discord_py_is_kept(monkeypatch):
    import aiohttp

    async def logged_in(client: discord.Client, token: str) -> None:
        return None

    monkeypatch.setattr(discord.Client, "login", logged_in)
    mine = aiohttp.TCPConnector(limit=3)
    bot = MonopolyBot(Settings(token="a.token"))
    bot.http.connector = mine
    try:
        await bot.login("a.token")
        assert bot.http.connector is mine
    finally:
        await mine.close()
