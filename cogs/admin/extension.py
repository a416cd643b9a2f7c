"""The extension `cogs.admin` as the bot loads it (why a module of its own: see `cogs`)."""

from __future__ import annotations

from cogs.admin.cog import setup

__all__ = ["setup"]
