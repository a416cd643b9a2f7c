"""The game message and the status embed stay inside Discord's limits in every state,
the largest possible one included, in both languages and every edition."""

from __future__ import annotations

from collections.abc import Iterator

import discord
import pytest

from bot.application.records import GameRecord
from bot.hosting.discord_limits import check_message
from cogs.play.message import build_game_message
from cogs.reports.embeds import status_embed
from game_core import Event, Game
from bot.application.choices import choices_now
from game_core.board import HOTEL, PROPERTIES, STATIONS, STREETS
from game_core.state import BUILD, PLAYER
from game_core.strategies import make_strategy

PARK_PLACE, BOARDWALK = 37, 39
LONGEST_NAME = "W" * 32  # Discord display names are at most 32 characters


def record_of(game: Game) -> GameRecord:
    outcome = game.outcome
    status = outcome.result if outcome else "active"
    return GameRecord(1, 1, None, 1, 1, game.s.seed, game.options.to_dict(), game.edition,
                      status, game.version, 0.0, 0.0, None, None, 0, game.turn, game)


def check_embed(embed: discord.Embed) -> None:
    """Discord's embed limits (bot.hosting.discord_limits, each cited there)."""
    assert check_message({"embeds": [embed.to_dict()]}) == []


def check_view(view: discord.ui.View) -> None:
    """Discord's component limits: rows, buttons a row, labels, select options."""
    assert check_message({"components": view.to_components()}) == []


def check_everything(game: Game, events: list[Event]) -> None:
    record = record_of(game)
    for locale in ("en", "fr"):
        message = build_game_message(record, events, locale=locale, player=LONGEST_NAME,
                                     picture=False)  # the text board: the larger embed
        check_embed(message.embed)
        check_view(message.view)
        check_embed(status_embed(record, locale=locale, player=LONGEST_NAME))


def largest_state(edition: str) -> Game:
    """The player owns all 28 properties; every house and hotel of the supply stands on
    them; two jail cards; turn 99,999; a build choice pending (the most controls)."""
    game = Game.new(seed=1, edition=edition)
    s = game.s
    hotels, houses = 12, 32
    for square in PROPERTIES:
        s.owner[square] = PLAYER
    for square in STREETS:
        if hotels:
            s.buildings[square], hotels = HOTEL, hotels - 1
        elif houses >= 4:
            s.buildings[square], houses = 4, houses - 4
    s.houses_left, s.hotels_left = houses, hotels
    s.jail_cards = ["ch_jail_free", "cc_jail_free"]
    s.turn, s.cash, s.bank_cash = 99_999, 9_999_999, 10_000_000
    s.pending, s.pending_square = BUILD, STREETS[-1]
    return game


def longest_events(seeds: range) -> list[Event]:
    """The action with the most events over a few random games."""
    best: list[Event] = []
    for seed in seeds:
        game, player = Game.new(seed), make_strategy("random", seed)
        while not game.is_over and game.version < 1500:
            events = game.apply(player.choose(game))
            if len(events) > len(best):
                best = events
    return best


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
def test_the_largest_state_fits_with_the_longest_events(edition: str) -> None:
    game = largest_state(edition)
    assert not game.is_over and game.legal_actions()
    check_everything(game, longest_events(range(1, 6)))


def build_menu_state(edition: str) -> Game:
    """P2: a build stop on Boardwalk with every kind of control at once: the build menu with
    its five levels (4 houses and a hotel still in the supply), the house button, Done, the
    card, Hint, and the sell, mortgage (utilities) and lift (stations) menus."""
    game = Game.new(seed=1, edition=edition)
    s = game.s
    for square in PROPERTIES:
        s.owner[square] = PLAYER
    others = [i for i in STREETS if i not in (PARK_PLACE, BOARDWALK)]
    for square in others[:11]:
        s.buildings[square] = HOTEL
    for square in others[11:18]:
        s.buildings[square] = 4
    s.houses_left, s.hotels_left = 4, 1
    for square in STATIONS:
        s.mortgaged[square] = True
    s.jail_cards = ["ch_jail_free", "cc_jail_free"]
    s.turn, s.cash, s.bank_cash = 99_999, 9_999_999, 10_000_000
    s.pending, s.pending_square = BUILD, BOARDWALK
    return game


@pytest.mark.parametrize("edition", ["us", "uk", "fr"])
def test_P2_a_build_stop_with_the_build_menu_and_every_other_control_fits(edition: str) -> None:
    game = build_menu_state(edition)
    assert len(choices_now(game).build_to) == HOTEL
    view = build_game_message(record_of(game), [], locale="fr", player=LONGEST_NAME,
                              picture=False).view
    menus = [c["custom_id"].split(":")[-1] for row in view.to_components()
             for c in row["components"] if c["type"] == 3]
    assert menus == ["build", "sell", "mortgage", "lift"]
    check_everything(game, longest_events(range(1, 3)))


def played_states() -> Iterator[tuple[Game, list[Event]]]:
    for seed in range(1, 9):
        edition = ("us", "uk", "fr")[seed % 3]
        game = Game.new(seed, {"start_cash": 1500} if seed % 2 else None, edition)
        player = make_strategy(("always-buy", "random")[seed % 2], seed)
        while not game.is_over and game.version < 400:
            events = game.apply(player.choose(game))
            yield game, events


@pytest.mark.slow
def test_every_state_of_played_games_fits() -> None:
    count = 0
    for game, events in played_states():
        check_everything(game, events)
        count += 1
    assert count > 1000
