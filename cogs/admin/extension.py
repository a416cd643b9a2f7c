"""The extension `cogs.admin` as the bot loads it (bot.hosting.app.EXTENSIONS); see
`cogs.play.extension` for why it is a module of its own."""

from __future__ import annotations

from cogs.admin.cog import setup

__all__ = ["setup"]
