"""H3 across H4: games stored before dice by roll (their saved state in format 1, one counter
for every die) still verify, read back, replay for their pictures and play on in a database
of either backend, and `migrate-db` copies them verified; new games are stored by roll."""

from __future__ import annotations

import asyncio

import pytest

from bot.application.records import dumps, loads
from bot.application.service import GameService
from bot.cli.main import main
from bot.storage import open_storage
from game_core import Options, action_from_dict
from game_core.rng import BY_DRAW, BY_ROLL
from game_core.strategies import make_strategy
from tests.game_core.test_old_dice_games import OLD, replay

from tests.bot.raw_db import raw

OWNER = 5_000


def old_rows() -> tuple[list[tuple], list[tuple]]:
    """The fixture's games as the bot stored them before H4: their row (state in format 1)
    and their log (each action with the events the engine of that time gave)."""
    games, log = [], []
    for game_id, entry in enumerate(OLD, 1):
        game, events = replay(entry)
        assert game.to_dict() == entry["state"]
        options = Options.from_mapping(entry["options"])
        end = game.outcome
        status, outcome, score = (("active", None, 0) if end is None else
                                  (end.result, f"{end.result}:{end.reason}", end.score))
        at = 1_000.0 + game_id
        games.append((game_id, OWNER + game_id, 7, 8, None, entry["seed"],
                      dumps(options.to_dict()), entry["edition"], status, game.version, at, at,
                      None if end is None else at, outcome, score, game.turn,
                      dumps(entry["state"]), None, options.rule_set))
        log += [(game_id, seq, dumps(action), dumps(step), at)
                for seq, (action, step) in enumerate(zip(entry["actions"], events, strict=True),
                                                     1)]
    return games, log


async def fill(database: str) -> None:
    storage = await open_storage(database)
    try:
        await storage.import_rows(*old_rows())
    finally:
        await storage.close()


async def test_H3_games_stored_by_draw_verify_read_back_and_replay(database):
    await fill(database)
    service = await GameService.open(database)
    try:
        for game_id, entry in enumerate(OLD, 1):
            assert await service.damage(game_id) == ""
            record = await service.get(game_id)
            assert record.game.dice_scheme == BY_DRAW
            assert record.game.to_dict() == entry["state"]
            log = await service.game_log(game_id)
            assert log.dice_scheme == BY_DRAW and log.game() == record.game
        new = await service.start(1, None, None, seed=OLD[0]["seed"])
        assert new.game.dice_scheme == BY_ROLL and new.game.to_dict()["format"] == 2
    finally:
        await service.close()


async def test_H3_a_game_stored_by_draw_plays_on_by_draw_and_still_verifies(database):
    await fill(database)
    service = await GameService.open(database)
    try:
        game_id = next(i for i, e in enumerate(OLD, 1) if e["state"]["pending"] != "over")
        record = await service.get(game_id)
        chooser = make_strategy("always-buy")
        for _ in range(30):
            if record.game.is_over:
                break
            record = (await service.act(game_id, record.owner_id, record.version,
                                        chooser.choose(record.game))).record
        assert record.version > len(OLD[game_id - 1]["actions"])
        assert record.game.dice_scheme == BY_DRAW and await service.verify(game_id)
        stored = loads((await raw(database, "SELECT state FROM games WHERE id = ?",
                                  game_id))[0][0])
        assert stored["format"] == 1 and "draws" in stored
    finally:
        await service.close()


async def test_H3_an_old_game_whose_state_claims_the_new_dice_fails_verification(database):
    """A state can't lie about its dice scheme: replayed by roll, the log of a game that
    rolled a utility's rent (R3) gives other dice. (A game with no utility roll nor Jail try
    has the same dice either way: claiming the other scheme changes nothing it shows.)"""
    await fill(database)
    game_id = next(i for i, e in enumerate(OLD, 1)
                   if '"utility"' in dumps(replay(e)[1][:-1]))
    entry = OLD[game_id - 1]
    forged = dict(entry["state"], format=2, move_rolls=entry["state"]["draws"],
                  utility_rolls=0, jail_rolls=0)
    del forged["draws"]
    await raw(database, "UPDATE games SET state = ? WHERE id = ?", dumps(forged), game_id)
    service = await GameService.open(database)
    try:
        assert "not" in await service.damage(game_id)
        assert await service.verify(game_id + 1)  # the others are sound
    finally:
        await service.close()


def migrate(source: str, dest: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["migrate-db", source, dest])
    return code, capsys.readouterr().out


async def test_migrate_db_copies_games_of_both_dice_schemes_each_verified(
        tmp_path, postgres_url, capsys):
    first, back = str(tmp_path / "first.sqlite3"), str(tmp_path / "back.sqlite3")
    await fill(first)
    service = await GameService.open(first)
    try:
        new = await service.start(1, None, None, seed=9)
        await service.act(new.id, 1, 0, action_from_dict({"type": "roll"}))
    finally:
        await service.close()
    everything = "SELECT id, state, version FROM games ORDER BY id"
    games = await raw(first, everything)
    assert {loads(state)["format"] for _, state, _ in games} == {1, 2}
    code, out = await asyncio.to_thread(migrate, first, postgres_url, capsys)
    assert code == 0 and f"{len(games):,} games" in out and "all verified" in out
    code, out = await asyncio.to_thread(migrate, postgres_url, back, capsys)
    assert code == 0 and "all verified" in out
    assert await raw(back, everything) == games
    assert await asyncio.to_thread(main, ["verify-db", "--db", back]) == 0
    assert f"{len(games)} games checked: all sound" in capsys.readouterr().out
