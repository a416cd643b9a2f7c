"""A game's story told from its replay (H3) agrees with the game as it was played:
cash, estate (E2) and treasury at each turn, the markers, rent and money per square."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from game_core import Action, Game
from game_core.board import PROPERTIES
from game_core.events import (
    BuildingSold, Built, Event, GameLost, GameWon, MortgageLifted, Mortgaged,
    PropertyBought, PropertyDeclined, RentPaid,
)
from game_core.rules import estate_value
from game_core.story import (
    BANK_TOOK, BOUGHT, BUILT, DECIDED, GameLog, Story, TurnPoint, tell,
)
from game_core.strategies import make_strategy

WON_SEED, LOST_SEED = 2, 5  # "focus" wins seed 2 (Bank bankrupt, E1); "always-buy" loses 5


@dataclass
class Played:
    """A game played live, with what was seen after every action."""

    game: Game
    actions: list[Action] = field(default_factory=list)
    events: list[tuple[int, Event]] = field(default_factory=list)  # (turn played in, event)
    seen: dict[int, TurnPoint] = field(default_factory=dict)  # turn -> state at its end


def play(seed: int, strategy: str, *, options: dict[str, object] | None = None,
         edition: str = "us", turns: int | None = None) -> Played:
    game = Game.new(seed, options, edition)
    played = Played(game)
    s = game.s
    played.seen[0] = TurnPoint(0, s.cash, estate_value(s), s.bank_cash)
    chooser = make_strategy(strategy, seed)
    while not game.is_over and (turns is None or game.turn <= turns):
        turn, action = game.turn, chooser.choose(game)
        played.actions.append(action)
        played.events += [(turn, e) for e in game.apply(action)]
        played.seen[turn] = TurnPoint(turn, s.cash, estate_value(s), s.bank_cash)
    return played


def assert_series_match(told: Sequence[TurnPoint], seen: dict[int, TurnPoint]) -> None:
    """Turn by turn, the story's points are what was seen when the game was played."""
    assert [p.turn for p in told] == list(range(len(told)))
    assert len(told) == len(seen)
    for point in told:
        assert point == seen[point.turn], f"turn {point.turn}: {point} != {seen[point.turn]}"


@pytest.fixture(scope="module")
def won() -> Played:
    played = play(WON_SEED, "focus")
    assert played.game.outcome is not None and played.game.outcome.result == "won"
    return played


@pytest.fixture(scope="module")
def lost() -> Played:
    played = play(LOST_SEED, "always-buy")
    assert played.game.outcome is not None and played.game.outcome.result == "lost"
    return played


def story_of(played: Played) -> Story:
    g = played.game
    return tell(g.s.seed, g.options, g.edition, played.actions)


@pytest.mark.parametrize("which", ["won", "lost"])
def test_H3_E2_cash_worth_and_treasury_at_each_turn_equal_the_game_as_played(which, request):
    played: Played = request.getfixturevalue(which)
    story = story_of(played)
    assert_series_match(story.points, played.seen)
    assert story.points[-1].cash == played.game.s.cash
    assert story.headline.turns == max(played.seen)
    assert story.headline.outcome == played.game.outcome


def test_a_series_shifted_by_one_turn_is_caught(lost):
    """The check above can fail: the same values one turn late are refused."""
    story = story_of(lost)
    shifted = [TurnPoint(p.turn, q.cash, q.worth, q.bank)
               for p, q in zip(story.points, [story.points[0], *story.points[:-1]], strict=True)]
    with pytest.raises(AssertionError):
        assert_series_match(shifted, lost.seen)


@pytest.mark.parametrize("which", ["won", "lost"])
def test_P1_P2_E1_E3_markers_are_the_turns_of_their_events(which, request):
    played: Played = request.getfixturevalue(which)
    story = story_of(played)

    def turns(kind: str) -> list[tuple[int, int]]:
        return [(m.turn, m.square) for m in story.markers if m.kind == kind]

    assert turns(BOUGHT) == [(n, e.square) for n, e in played.events
                             if isinstance(e, PropertyBought)]
    assert turns(BANK_TOOK) == [(n, e.square) for n, e in played.events
                                if isinstance(e, PropertyDeclined) and e.bank_took]
    assert turns(BUILT) == [(n, e.square) for n, e in played.events
                            if isinstance(e, Built) and e.by == "player"]
    assert turns(DECIDED) == [(n, -1) for n, e in played.events
                              if isinstance(e, GameWon | GameLost)]
    assert len(turns(DECIDED)) == 1


@pytest.mark.parametrize("which", ["won", "lost"])
def test_rent_totals_and_biggest_payment_equal_the_events(which, request):
    played: Played = request.getfixturevalue(which)
    h = story_of(played).headline
    rents = [e for _, e in played.events if isinstance(e, RentPaid)]
    assert h.rent_paid == sum(e.amount for e in rents if e.payer == "player")
    assert h.rent_received == sum(e.amount for e in rents if e.payer == "bank")
    assert h.rent_paid > 0
    assert h.biggest_payment >= max(e.amount for e in rents if e.payer == "player")


@pytest.mark.parametrize("which", ["won", "lost"])
def test_money_per_square_equals_the_events_of_that_square(which, request):
    """Every property's paid and received totals are exactly its events' (rent, purchase,
    buildings, mortgages); and the whole map accounts for every unit the player's cash
    gained or lost (M4), the square-less money (salary, cards, fines) included."""
    played: Played = request.getfixturevalue(which)
    story = story_of(played)
    paid, received = [0] * 40, [0] * 40
    for _, e in played.events:
        if isinstance(e, RentPaid):
            (paid if e.payer == "player" else received)[e.square] += e.amount
        elif isinstance(e, PropertyBought):
            paid[e.square] += e.price
        elif isinstance(e, Built) and e.by == "player":
            paid[e.square] += e.cost
        elif isinstance(e, MortgageLifted):
            paid[e.square] += e.cost
        elif isinstance(e, Mortgaged | BuildingSold):
            received[e.square] += e.amount
    for square in PROPERTIES:
        assert (story.paid[square], story.received[square]) == (paid[square], received[square])
    assert sum(story.paid) > sum(paid[sq] for sq in PROPERTIES)  # taxes, fines, cards too
    start = played.game.options.start_cash
    assert start + sum(story.received) - sum(story.paid) == played.game.s.cash


def test_a_game_log_replays_to_any_point():
    played = play(LOST_SEED, "always-buy")
    g = played.game
    log = GameLog(g.s.seed, g.options.to_dict(), g.edition, tuple(played.actions))
    assert log.game() == g
    assert log.game(0) == Game.new(g.s.seed, g.options, g.edition)
    midway = Game.replay(g.s.seed, g.options, g.edition, played.actions[:10])
    assert log.game(10) == midway
    assert log.story() == story_of(played)


def test_a_story_of_one_turn_and_of_a_thousand():
    rich = {"start_cash": 10_000_000, "treasury": 10**12}
    one = play(1, "never-buy", options=rich, turns=1)
    assert [p.turn for p in story_of(one).points] == [0, 1]
    long = play(1, "never-buy", options=rich, turns=1000)
    story = story_of(long)
    assert len(story.points) == 1001 and story.headline.outcome is None
    assert_series_match(story.points, long.seen)
