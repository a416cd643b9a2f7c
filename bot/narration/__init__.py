"""The game told in the player's language: the engine's events, the decision it waits for,
why it refuses an action, a Roll on's account, the Hint, the history turn by turn, the house
rules a game plays and the rules pages. Composed from the engine's state with the catalog's
words (bot.i18n); nothing here imports discord, so the cogs and the terminal client share it.

    narrate(events, edition=, locale=) event lines             (narrate)
    square_name(edition, square, loc)  a square's name: the board's street, the player's
                                       word for a game term   (bot.i18n.squares)
    card_text / card_title             a card in the player's words (card_words)
    told_the_end(moves)                the moves' lines say the outcome (narrate)
    describe_pending / describe_outcome / action_label         (narrate)
    refusal_text(error, game, locale=) an engine refusal, worded from its code   (refusals;
    refusal_reason / select_placeholder / option_refusal        also these)
    house_rules_notice(options, edition=, locale=)  which house rules a game plays (house_rules)
    rules_pages(locale)                the rules, paginated    (rules_page)
    account_lines / plan_label ...     a Roll on, plans        (account)
    describe_hint                      the Hint                (hints)
    turn_pages                         the history by turn     (history_turns)
"""

from .house_rules import house_rule_items, house_rules_notice, house_rules_text
from .narrate import (
    action_label, build_to_note, describe_outcome, describe_pending, narrate, property_line,
    property_lines, square_name, told_the_end,
)
from .refusals import (
    option_refusal, refusal_reason, refusal_text, select_placeholder, waiting_for,
)
from .rules_page import RulesPage, rules_pages

__all__ = [
    "RulesPage", "action_label", "build_to_note", "describe_outcome", "describe_pending",
    "house_rule_items", "house_rules_notice", "house_rules_text", "narrate", "option_refusal",
    "property_line", "property_lines", "refusal_reason", "refusal_text", "rules_pages",
    "select_placeholder", "square_name", "told_the_end", "waiting_for",
]
