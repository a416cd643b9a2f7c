"""A database busy past its timeout (another program holds the write lock) gets a clear
private "try again" in the player's language, never an error id; the game is unchanged and
the same click works once the lock is gone."""

from __future__ import annotations

import logging
import sqlite3

import pytest

from bot.hosting.app import MonopolyBot
from bot.application.service import GameService
from bot.hosting.settings import Settings
from bot.hosting.workers import WorkerPool

from tests.cogs.conftest import DEFAULT_SEED, button_ids


@pytest.fixture
async def simcord_bot(db_path):
    """The bot on a service that gives up waiting for a lock after 100 ms (not 5 s); its
    pictures drawn in threads, as every simcord bot's (no worker processes to start)."""
    service = await GameService.open(db_path, busy_timeout_ms=100,
                                     seed_source=lambda: DEFAULT_SEED)
    workers = WorkerPool.in_threads()
    yield MonopolyBot(Settings(token="simcord-token", db_path=db_path, shard_count=1),
                      service=service, workers=workers)
    await service.close()
    await workers.close()


@pytest.mark.parametrize("locale, words", [
    ("en-US", "The game's database is busy right now (another program is using it); nothing "
              "was changed. Please try again in a moment."),
    ("fr", "La base de données du jeu est occupée en ce moment (un autre programme "
           "l'utilise) ; rien n'a été modifié. Réessayez dans un instant."),
])
async def test_a_click_while_another_program_holds_the_lock_is_told_to_try_again(
        world, db_path, interaction_locales, caplog, locale, words):
    interaction_locales[world.alice.id] = locale
    start = await world.alice.slash(world.channel, "monopoly new")
    roll = button_ids(start.response)["roll"]
    outside = sqlite3.connect(db_path, isolation_level=None)
    try:
        outside.execute("BEGIN IMMEDIATE")
        with caplog.at_level(logging.WARNING, logger="cogs.common.errors"):
            click = await world.alice.click(start.response, custom_id=roll)
        answers = [click.response, *click.followups] if click.ephemeral else click.followups
        assert [a.content for a in answers if a.ephemeral] == [words]
        assert "error id" not in caplog.text and "Traceback" not in caplog.text
        assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
        outside.execute("ROLLBACK")
    finally:
        outside.close()
    assert (await world.env.bot.service.get(1)).version == 0
    again = await world.alice.click(start.response, custom_id=roll)
    assert again.acknowledged and (await world.env.bot.service.get(1)).version == 1
    assert world.env.errors == []
