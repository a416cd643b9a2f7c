"""P2 in one key at the terminal: at a build stop with two levels or more within reach, each
level is listed with its cost and the cash it leaves, and `u N` builds up to it."""

from __future__ import annotations

import pytest

from bot.application.service import GameService
from bot.cli.terminal import play
from bot.i18n import format_money
from bot.narration import square_name
from game_core import Game
from game_core.board import SQUARES
from game_core.prompts import Follow
from game_core.rules import build_levels
from game_core.state import BUILD, ROLL
from game_core.strategies import make_strategy

OPTIONS = {"start_cash": 1500}
USER = 11


def at_build_menu(game: Game) -> bool:
    return game.pending == BUILD and len(build_levels(game.s, game.pending_square)) >= 3


async def game_at_build_menu(db, edition: str) -> tuple[int, int, int, int]:
    """A stored game, played by always-buy through the service up to a build stop where the
    street can go up three levels or more: (square, its buildings, cash, house cost)."""
    for seed in range(1, 500):  # the first seed that gets there soon, tried on the engine
        game, player = Game.new(seed, OPTIONS, edition), make_strategy("always-buy")
        while not game.is_over and game.version < 200 and not at_build_menu(game):
            follow = Follow(game)
            game.apply(player.choose(game))
            while (found := follow.next(game)) is not None:
                game.apply(found[0])
        if at_build_menu(game):
            break
    service = await GameService.open(db)
    try:
        record = await service.start(USER, None, None, edition=edition, options=OPTIONS,
                                     seed=seed)
        player = make_strategy("always-buy")
        while not at_build_menu(record.game):
            played = await service.autoplay.play(record.id, USER, record.version,
                                                 player.choose(record.game))
            record = played.record
        s = record.game.s
        sq = s.pending_square
        return sq, s.buildings[sq], s.cash, SQUARES[sq].house_cost
    finally:
        await service.close()


@pytest.mark.parametrize(("locale", "edition"), [("en", "us"), ("fr", "fr")])
async def test_P2_u_n_builds_up_to_n_after_listing_each_level_with_its_cost(
        tmp_path, locale, edition):
    db = tmp_path / "b.sqlite3"
    sq, before, cash, cost = await game_at_build_menu(db, edition)
    level = before + 2  # below the highest level: the cash is left to say
    said: list[str] = []
    answers = iter([f"u {level}", "q"])
    assert await play(db, USER, locale, edition, lambda prompt: next(answers),
                      said.append) == 0
    name, price = square_name(edition, sq, locale), 2 * cost

    def money(amount: int) -> str:
        return format_money(amount, edition, locale)

    listed = (f"  u {level:>2}: Up to {level} houses on {name}: {money(price)} · "
              f"{money(cash - price)} left after" if locale == "en" else
              f"  u {level:>2} : Jusqu'à {level} maisons sur {name} : "
              f"{money(price)} · Il vous restera {money(cash - price)}")
    menu = [line for line in said if line.startswith("  u")]
    assert listed in menu, menu
    built = (f"Built on {name} ({level} houses): −{money(price)}" if locale == "en" else
             f"Constructions : {name} ({level} maisons), −{money(price)}")
    assert said.count(built) == 1  # the pick told in one line with its whole cost
    assert said.index(listed) < said.index(built)  # each level shown before
    if before + len(menu) < 5 and cash < (len(menu) + 1) * cost:  # the cash stops it there
        assert ("As many as your cash allows" if locale == "en"
                else "Autant que votre argent le permet") in menu[-1]
    assert any("u N" in line for line in said)  # among the keys on offer
    service = await GameService.open(db)
    try:
        record = await service.get(1)
        assert record.game.s.buildings[sq] == level
        assert record.game.s.cash == cash - 2 * cost and record.game.pending == ROLL
        assert await service.verify(1)  # H3
    finally:
        await service.close()


async def test_P2_a_level_not_listed_is_no_key(tmp_path):
    db = tmp_path / "n.sqlite3"
    sq, before, _, _ = await game_at_build_menu(db, "us")
    said: list[str] = []
    answers = iter([f"u {before}", "u 9", "u x", "q"])
    assert await play(db, USER, "en", "us", lambda prompt: next(answers), said.append) == 0
    assert sum(line.startswith("That is no key here.") for line in said) == 3
    service = await GameService.open(db)
    try:
        assert (await service.get(1)).game.s.buildings[sq] == before  # nothing built
    finally:
        await service.close()
