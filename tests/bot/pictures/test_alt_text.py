"""Every picture has alt text: what it shows, for a screen reader, within Discord's
1,024 characters of an attachment description, in the player's language."""

from __future__ import annotations

import pytest

from bot.i18n import format_money
from bot.i18n.catalog import MESSAGES
from bot.narration import square_name
from bot.pictures import jobs
from bot.pictures.alt_text import ALT_LIMIT, board_alt, fit
from game_core import Game
from game_core.prompts import way_to_win

from .test_recap import log_of
from .test_record_chart import record

LOCALES = MESSAGES.keys()  # every language of the registry


@pytest.fixture(scope="module")
def lost():
    return log_of(7, "always-buy")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_picture_job_writes_alt_text_in_the_players_language(lost, locale):
    pictures = {"recap": jobs.recap(lost, locale, png=False),
                "money_map": jobs.money_map(lost, locale, png=False),
                "board": jobs.board_after(lost, len(lost.actions) // 2, locale, png=False),
                "record": jobs.record(record(300), locale, png=False)}
    for kind, picture in pictures.items():
        assert 0 < len(picture.alt) <= ALT_LIMIT, (kind, len(picture.alt))
        intro = MESSAGES[locale][f"alt.{kind}"].split("{")[0]
        assert picture.alt.startswith(intro), (kind, picture.alt[:80])


@pytest.mark.parametrize("locale", LOCALES)
def test_the_recaps_alt_text_says_the_result_turns_and_biggest_payment(lost, locale):
    story = lost.story()
    alt = jobs.recap(lost, locale, png=False).alt
    outcome = story.headline.outcome
    assert outcome is not None and str(story.headline.turns) in alt
    if story.headline.biggest_payment:
        assert format_money(story.headline.biggest_payment, "us", locale) in alt


@pytest.mark.parametrize("locale", LOCALES)
def test_the_boards_alt_text_says_where_the_pawn_is_the_money_and_what_changed(locale):
    game = Game.new(3, edition="fr" if locale == "fr" else "us")
    events = game.apply(game.legal_actions()[0])  # a roll
    alt = board_alt(game, events, locale=locale)
    s = game.s
    for amount in (s.cash, way_to_win(game)[0], s.bank_cash):
        assert format_money(amount, game.edition, locale) in alt, (amount, alt)
    assert square_name(game.edition, s.position, locale) in alt
    assert MESSAGES[locale]["alt.board.changed"].split("{")[0] in alt  # the roll is told
    assert len(alt) <= ALT_LIMIT


def test_a_long_text_is_cut_within_1024_characters_at_a_line_or_word():
    text = "\n".join(f"line {i} " + "word " * 30 for i in range(40))
    cut = fit(text)
    assert len(cut) <= ALT_LIMIT and cut.endswith("…")
    assert fit("short") == "short"
