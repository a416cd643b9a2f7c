"""`/monopoly-admin`: a server's settings, seasons and hidden players."""

from __future__ import annotations

from cogs.admin.cog import setup

__all__ = ["setup"]
