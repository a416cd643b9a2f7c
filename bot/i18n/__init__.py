"""English and French for everything the bot shows (issue 7). No discord import here, so the
Discord cogs and the terminal client share it.

    t(locale, key, **values)           one catalog text        (catalog)
    locale_of(discord_locale)          "fr" or "en"            (catalog)
    edition_for(discord_locale)        "fr" or "us"            (edition_default)
    format_money(amount, edition, loc) "$1,500" / "1 500 Cr"   (money; also format_number,
                                                                format_percent)
    narrate(events, edition=, locale=) event lines             (narrate)
    describe_pending / describe_outcome / action_label         (narrate)
    refusal_text(error, game, locale=) an engine refusal, worded from its code   (refusals;
    refusal_reason / select_placeholder / option_refusal        also these)
    house_rules_notice(options, edition=, locale=)  which house rules a game plays (house_rules)
    rules_pages(locale)                the rules, paginated    (rules_page)
    fit_lines / chunk_lines            Discord's length limits (layout)
    quote_user_text(text)              user text, bounded      (layout)
"""

from .catalog import LOCALES, MESSAGES, command_key, command_text, locale_of, t, tn
from .edition_default import edition_for
from .house_rules import house_rule_items, house_rules_notice, house_rules_text
from .layout import FIELD_LIMIT, LABEL_LIMIT, chunk_lines, fit_lines, quote_user_text
from .money import format_money, format_number, format_percent
from .narrate import (
    action_label, describe_outcome, describe_pending, narrate, points, property_line,
    property_lines, square_name,
)
from .refusals import (
    option_refusal, refusal_reason, refusal_text, select_placeholder, waiting_for,
)
from .rules_page import RulesPage, rules_pages

__all__ = [
    "FIELD_LIMIT", "LABEL_LIMIT", "LOCALES", "MESSAGES", "RulesPage", "action_label",
    "chunk_lines", "command_key", "command_text", "describe_outcome", "describe_pending",
    "edition_for", "fit_lines", "format_money", "format_number", "format_percent",
    "house_rule_items",
    "house_rules_notice", "house_rules_text", "locale_of", "narrate", "option_refusal",
    "points", "property_line", "property_lines", "quote_user_text", "refusal_reason",
    "refusal_text", "rules_pages",
    "select_placeholder", "square_name", "t", "tn", "waiting_for",
]
