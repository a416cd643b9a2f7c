"""Every picture reads at the size a chat shows it: scaled to 512 px wide, no text
under 11 px, none out of its room, no two texts overlapping; in both languages and all three
editions. The drawing code reports each text it draws (`bot.pictures.measure`)."""

from __future__ import annotations

import random

import pytest

from bot.application.records import FinishedGame
from bot.i18n import MESSAGES, format_money, t
from bot.pictures import measure
from bot.pictures.board import _showcase_game, render_board, sample_game
from bot.pictures.heatmap import render_money_map
from bot.pictures.recap import recap_chart
from bot.pictures.record_chart import record_chart
from game_core.game import Game
from game_core.ledger import ledger_of
from game_core.rules import estate_value, liquidation_value

from .test_recap import log_of

EDITIONS = ("us", "uk", "fr")
LOCALES = tuple(MESSAGES)  # every language of the registry


def assert_legible(texts: list[measure.Drawn], width: int) -> None:
    assert texts, "no text reported"
    found = measure.problems(texts, width)
    assert not found, "\n".join(found)


def board_texts(game: Game, locale: str, **kwargs: object) -> list[measure.Drawn]:
    with measure.recording() as texts:
        render_board(game, locale=locale, **kwargs)  # type: ignore[arg-type]
    return texts


def rich(edition: str) -> Game:
    """The longest figures: a treasury in the billions, a fortune in the millions."""
    game = _showcase_game(edition)
    game.s.bank_cash, game.s.cash = 10**12, 123_456_789
    return game


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_board_reads_at_512_px(edition, locale):
    game, move = sample_game(edition=edition)
    texts = board_texts(game, locale, last_move=move)
    assert_legible(texts, 1024)
    assert_legible(board_texts(rich(edition), locale, last_move=(7, 24)), 1024)
    jailed = Game.new(seed=4, edition=edition)
    jailed.s.position, jailed.s.in_jail = 10, True
    assert_legible(board_texts(jailed, locale), 1024)


def test_the_board_reads_at_another_size_too():
    game, move = sample_game(edition="fr")
    assert_legible(board_texts(game, "fr", last_move=move, size=768), 768)


def test_a_small_text_and_two_overlapping_texts_are_caught():
    box = (10.0, 10.0, 60.0, 30.0)
    assert measure.problems([measure.Drawn("tiny", 21, box)], 1024)  # 10.5 px at 512
    assert not measure.problems([measure.Drawn("fine", 22, box)], 1024)
    overlapping = [measure.Drawn("a", 30, box), measure.Drawn("b", 30, (50, 20, 90, 40))]
    assert measure.problems(overlapping, 1024)
    out = measure.Drawn("wide", 30, box, room=(10, 10, 40, 30))
    assert measure.problems([out], 1024)


def test_the_board_shows_the_houses_as_a_count_in_the_editions_money():
    game, move = sample_game(edition="us")
    texts = [d.text for d in board_texts(game, "fr", last_move=move)]
    built = [b for b in game.s.buildings if 0 < b < 5]
    assert built and all(str(b) in texts for b in built)
    assert "220 $" in texts  # the squares' prices, in the centre's format
    assert "$220" not in texts
    assert not [t for t in texts if "$" in t and not t.rstrip().endswith("$")
                and any(c.isdigit() for c in t)]


def money_map_texts(edition: str, locale: str, rich: bool = False) -> list[measure.Drawn]:
    options = {"start_cash": 10_000_000, "treasury": 10**12} if rich else None
    log = log_of(2 if not rich else 3, "focus" if not rich else "always-buy", edition=edition,
                 options=options, turns=300 if rich else None)
    with measure.recording() as texts:
        render_money_map(log.story(), locale=locale, book=ledger_of(log))
    return texts


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("locale", LOCALES)
def test_the_money_map_reads_at_512_px(edition, locale):
    assert_legible(money_map_texts(edition, locale), 1024)
    assert_legible(money_map_texts(edition, locale, rich=True), 1024)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seed, strategy, turns", [(5, "always-buy", None), (2, "focus", None),
                                                   (3, "never-buy", 1)])
def test_the_recap_reads_at_512_px(edition, locale, seed, strategy, turns):
    options = {"start_cash": 10_000_000, "treasury": 10**12} if turns else None
    log = log_of(seed, strategy, edition=edition, options=options, turns=turns)
    with measure.recording() as texts:
        recap_chart(log.story(), locale=locale, book=ledger_of(log))
    assert_legible(texts, 800)


def games(n: int, share: float, seed: int = 16) -> list[FinishedGame]:
    rng = random.Random(seed)
    return [FinishedGame(won=rng.random() < share, score=rng.randint(20_000, 28_000),
                         turns=rng.randint(20, 300), standard=rng.random() < 0.67)
            for _ in range(n)]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("played", [games(2, 0.5), games(200, 0.2), games(30, 0.0),
                                    games(21, 1.0), games(1000, 0.3)])
def test_the_record_chart_reads_at_512_px(locale, played):
    with measure.recording() as texts:
        record_chart(played, locale=locale)
    assert_legible(texts, 800)


@pytest.mark.parametrize("edition, locale", [("us", "en"), ("fr", "fr"), ("us", "fr")])
def test_E2_M5_the_centre_shows_net_worth_and_what_cashing_out_would_leave_the_bank(edition,
                                                                                   locale):
    game, move = sample_game(edition=edition)
    s = game.s
    texts = [d.text for d in board_texts(game, locale, last_move=move)]
    raisable = liquidation_value(s) - s.cash  # every building sold, every property mortgaged
    for amount in (estate_value(s), s.bank_cash - raisable, s.cash, s.bank_cash):
        assert format_money(amount, edition, locale) in texts
    assert t(locale, "picture.board.supply", houses=s.houses_left, hotels=s.hotels_left,
             pawns=s.pawns_left) in texts


def test_M5_a_cash_out_that_would_bankrupt_the_bank_says_so():
    game, move = sample_game(edition="us")
    game.s.bank_cash = 10  # less than the estate would raise
    texts = [d.text for d in board_texts(game, "en", last_move=move)]
    assert "Bankrupt: win!" in texts
