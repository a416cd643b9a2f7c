"""The game message's mortgage, lift and sell menus (the only way to them) go
through the flow of the buttons: a decision the menu leaves with one way out is
taken at once and the message says why; it never shows it as a prompt."""

from __future__ import annotations

from game_core import Game, LiftMortgage, Roll
from game_core.prompts import Follow, forced, needs_player
from game_core.state import BUILD, ROLL
from game_core.strategies import make_strategy

from bot.narration import square_name

from tests.cogs.conftest import button_ids, select_ids

START = {"start_cash": 300}


def _empties_the_build_step(game: Game, lift: LiftMortgage) -> bool:
    """At a build step the player has a choice in, `lift` leaves nothing to build."""
    if game.pending != BUILD or not needs_player(game) or lift not in game.legal_actions():
        return False
    after = Game.from_dict(game.to_dict())
    after.apply(lift)
    return forced(after) is not None


def _lift_emptying_a_build_step() -> tuple[int, int]:
    """A seed whose always-buy game (played as the buttons play it: the forced ways taken)
    reaches a build step where lifting a mortgage leaves nothing buildable; the square."""
    for seed in range(1, 200):
        game, chooser = Game.new(seed, START), make_strategy("always-buy")
        for _ in range(600):
            if game.is_over:
                break
            for action in game.legal_actions():
                if type(action) is LiftMortgage and _empties_the_build_step(game, action):
                    return seed, action.square
            follow = Follow(game)
            game.apply(Roll() if game.pending == ROLL else chooser.choose(game))
            while (found := follow.next(game)) is not None:
                game.apply(found[0])
    raise AssertionError("no lift that empties a build step")


async def test_P2_a_lift_that_leaves_nothing_to_build_moves_on_and_says_why(world, seeds):
    seed, square = _lift_emptying_a_build_step()
    seeds.append(seed)
    shown = await world.alice.slash(world.channel, "monopoly new", **START)
    service, chooser = world.env.bot.service, make_strategy("always-buy")
    record = await service.get(1)
    while not _empties_the_build_step(record.game, LiftMortgage(square)):
        action = Roll() if record.game.pending == ROLL else chooser.choose(record.game)
        record = (await service.autoplay.play(1, world.alice.id, record.version, action)).record
    street = record.game.s.pending_square

    shown = await world.alice.slash(world.channel, "monopoly resume")  # the state now
    message = shown.response
    custom_id, values = select_ids(message)["lift"]
    assert str(square) in values
    lifted = await world.alice.select(message, [str(square)], custom_id=custom_id)
    assert lifted.acknowledged and not lifted.ephemeral
    after = await service.get(1)
    log = sorted(await service.history(1, limit=20), key=lambda e: e.seq)
    assert [e.action["type"] for e in log if e.seq > record.version] == [
        "lift_mortgage", "done_building"]  # the empty build step taken, not shown
    assert after.game.pending != BUILD and not after.game.s.mortgaged[square]
    message = next(m for m in world.channel.history() if m.id == shown.response.id)
    told = (message.content or "") + "".join(
        (e.description or "") + "".join(f.value for f in e.fields) for e in message.embeds)
    assert f"Nothing to build on {square_name('us', street, 'en')}" in told, told
    ids = button_ids(message)
    assert "done_building" not in ids and all(f":{after.version}:" in c for c in ids.values())
    assert world.env.errors == []
