"""A game's money by kind (game_core.ledger): its kinds add up to the story's
totals (H3: both from the same replay), GO's salary apart, and a lost game names the debt
that ended it (E3)."""

from __future__ import annotations

import pytest

from game_core import Game
from game_core.ledger import BUYING, RENT, SALARY, TAXES, ledger_of
from game_core.story import GameLog
from game_core.strategies import make_strategy


def log_of(seed: int, strategy: str) -> GameLog:
    game, chooser, actions = Game.new(seed), make_strategy(strategy, seed), []
    while not game.is_over:
        actions.append(chooser.choose(game))
        game.apply(actions[-1])
    return GameLog(seed, game.options.to_dict(), "us", tuple(actions))


@pytest.mark.parametrize("seed, strategy", [(5, "always-buy"), (2, "focus")])
def test_H3_the_kinds_add_up_to_the_storys_totals(seed, strategy):
    log = log_of(seed, strategy)
    story, book = log.story(), ledger_of(log)
    assert sum(book.paid.values()) == sum(story.paid)
    assert sum(book.received.values()) == sum(story.received)
    assert book.received[SALARY] == story.received[0]  # GO's salary, apart
    assert book.paid[RENT] == story.headline.rent_paid
    assert book.received[RENT] == story.headline.rent_received
    assert book.paid[BUYING] > 0 and book.paid[TAXES] > 0
    assert max(c.amount for c in book.charges) == story.headline.biggest_payment
    assert [c.turn for c in book.charges] == sorted(c.turn for c in book.charges)


def test_E3_a_lost_game_names_the_debt_that_ended_it_and_a_won_one_none():
    log = log_of(5, "always-buy")
    story, book = log.story(), ledger_of(log)
    assert story.headline.outcome is not None and story.headline.outcome.result == "lost"
    assert book.fatal is not None and book.fatal.amount > 0
    assert book.fatal.turn == story.headline.turns
    assert ledger_of(log_of(2, "focus")).fatal is None
