"""Playing whole games through the Discord controls, as a player would.

A strategy from the simulator picks each move from the stored game; the player then clicks
the button (or picks the menu option) that stands for that move. So a whole game goes
through the real buttons and menus, and a missing control fails the test.
"""

from __future__ import annotations

from typing import Any

from game_core import Action, Game, LiftMortgage, Mortgage, SellBuilding
from game_core.strategies import Strategy, make_strategy

from .conftest import button_ids, select_ids

MENU_OF: dict[type[Action], str] = {SellBuilding: "sell", Mortgage: "mortgage",
                                    LiftMortgage: "lift"}
MAX_CLICKS = 600


def find_seed(options: dict[str, Any], result: str, strategy: str, *,
              needs_menu: bool = False, limit: int = 3000) -> int:
    """A seed whose game, played by `strategy`, ends in `result` within MAX_CLICKS moves
    (and, with needs_menu, uses a sell or mortgage menu on the way)."""
    for seed in range(1, limit):
        game, player, used_menu = Game.new(seed, options), make_strategy(strategy), False
        for _ in range(MAX_CLICKS):
            if game.is_over:
                break
            action = player.choose(game)
            used_menu |= type(action) in MENU_OF
            game.apply(action)
        if game.is_over and game.outcome.result == result and (used_menu or not needs_menu):
            return seed
    raise AssertionError(f"no seed below {limit} ends in {result} with {strategy}")


async def play_out(world: Any, actor: Any, message: Any, strategy: Strategy,
                   game_id: int = 1) -> Any:
    """Click through the game on `message` until it is over; returns the message."""
    service = world.env.bot.service
    for _ in range(MAX_CLICKS):
        record = await service.get(game_id)
        if record.game.is_over:
            return message
        action = strategy.choose(record.game)
        menu = MENU_OF.get(type(action))
        if menu is None:
            result = await actor.click(message, custom_id=button_ids(message)[action.type])
        else:
            custom_id, values = select_ids(message)[menu]
            value = str(action.square)  # type: ignore[attr-defined]
            assert value in values, f"{action} is legal but not in the {menu} menu"
            result = await actor.select(message, [value], custom_id=custom_id)
        assert result.acknowledged and not result.ephemeral, result
        # The decisions offering one way only that follow are taken at once.
        assert (await service.get(game_id)).version >= record.version + 1
    raise AssertionError(f"game {game_id} still going after {MAX_CLICKS} clicks")
