"""Roll on's account of each turn (bot.narration.turn_account) over many seeded games: every
line names the square the turn ended on, and its money items add up to the cash the turn
gained or lost (T2's salary, rents, taxes, fines, cards, purchases each its own item);
every card drawn (S6, P4) is named in its turn's line, and a jailing (P6/T3) says whether the
square, a card or doubles sent the pawn."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.i18n import t
from bot.narration.account import account_lines
from bot.narration.card_words import card_title, deck_name
from bot.narration.narrate import square_name
from bot.narration.turn_account import signed, turn_accounts, turn_line
from game_core import Game, Roll
from game_core.cards import JAIL_FREE_CARDS
from game_core.events import CardDrawn, GameLost, SentToJail, TurnStarted
from game_core.prompts import Follow
from game_core.state import ROLL
from game_core.strategies import make_strategy

Snapshot = tuple[int, int, bool]  # cash, position, in Jail: after a move


def _roll_on_clicks(game: Game, chooser, clicks: int):
    """Each click as the front ends make it (Roll on when the game waits for a roll, else
    the strategy's answer, going on rolling): its moves, and the game after each."""
    for _ in range(clicks):
        if game.is_over:
            return
        action = Roll() if game.pending == ROLL else chooser.choose(game)
        follow = Follow(game, roll_on=True)
        before: Snapshot = (game.s.cash, game.s.position, game.s.in_jail)
        steps, after = [(game.apply(action), None)], [(game.s.cash, game.s.position,
                                                       game.s.in_jail)]
        while (found := follow.next(game)) is not None:
            steps.append((game.apply(found[0]), found[1]))
            after.append((game.s.cash, game.s.position, game.s.in_jail))
        yield follow, steps, before, after


def _told(steps, start: int, turn: int, edition: str, locale: str) -> list[str]:
    """What turn `turn`'s line must say of its cards and jailings: each card by its deck and
    title (a Get Out of Jail Free card: kept), each jailing with what sent the pawn."""
    out: list[str] = []
    current = start  # the moves before the first TurnStarted finish the turn begun
    for events, _skip in steps:
        for e in events:
            if isinstance(e, TurnStarted):
                current = e.turn
            elif current != turn:
                continue
            elif isinstance(e, CardDrawn) and e.card in JAIL_FREE_CARDS:
                out.append(t(locale, "clicks.account.card.kept",
                             deck=deck_name(e.deck, locale)))
            elif isinstance(e, CardDrawn):
                out += [deck_name(e.deck, locale), card_title(e.card, edition, locale)]
            elif isinstance(e, SentToJail):
                out.append(t(locale, f"clicks.account.jail.{e.reason}",
                             square=square_name(edition, 30, locale)))
    return out


def _turns_by_cash(steps, before: Snapshot, after: list[Snapshot]) -> list[tuple[int, int, bool]]:
    """(cash change, square, in Jail) of each turn the moves told, from the game itself:
    a turn ends with the move whose events start the next one."""
    out: list[tuple[int, int, bool]] = []
    start_cash, seen, last = before[0], False, before
    for (events, _skip), snap in zip(steps, after, strict=True):
        for i, e in enumerate(events):
            if isinstance(e, TurnStarted):
                # Nothing after a turn's start in the same move moves money (a loss to the
                # Jail fine at most): the move's cash is the turn's end.
                assert all(isinstance(x, (TurnStarted, GameLost)) for x in events[i + 1:])
                if seen:
                    out.append((snap[0] - start_cash, snap[1], snap[2]))
                start_cash, seen = snap[0], False
            else:
                seen = True
        last = snap
    if seen:
        out.append((last[0] - start_cash, last[1], last[2]))
    return out


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), strategy=st.sampled_from(["always-buy", "random", "focus"]),
       edition=st.sampled_from(["us", "fr", "uk"]), locale=st.sampled_from(["en", "fr", "es"]),
       options=st.sampled_from([None, {"doubles": "standard"}, {"bank_build_cap": 2},
                                {"start_cash": 1500}]))
def test_T2_every_turn_names_its_square_and_its_money_items_add_up_to_its_cash_change(
        seed, strategy, edition, locale, options):
    game = Game.new(seed, options, edition)
    chooser = make_strategy(strategy, seed) if strategy == "random" else make_strategy(strategy)
    for follow, steps, before, after in _roll_on_clicks(game, chooser, 60):
        accounts = turn_accounts(steps, start_turn=follow.start_turn,
                                 start_square=follow.start_square,
                                 start_in_jail=follow.start_in_jail, end=game,
                                 edition=edition, locale=locale)
        truth = _turns_by_cash(steps, before, after)
        assert [a.change for a in accounts] == [change for change, _, _ in truth]
        for account, (_, square, in_jail) in zip(accounts, truth, strict=True):
            line = turn_line(account, edition, locale)
            name = square_name(edition, square, locale, in_jail=in_jail)
            assert line.startswith(f"{account.turn}. {name}"), (line, name)
            for told in _told(steps, follow.start_turn, account.turn, edition, locale):
                assert told in line, (told, line)
            for what, amount in account.items:
                if amount is not None:
                    assert amount != 0 and f"{what} {signed(amount, edition, locale)}" in line
        text = account_lines(steps, start_cash=follow.start_cash, end_cash=game.s.cash,
                             start_turn=follow.start_turn, stop=follow.stop, edition=edition,
                             locale=locale, limit=100_000, start_square=follow.start_square,
                             start_in_jail=follow.start_in_jail, end=game)
        lines = [turn_line(a, edition, locale) for a in accounts]
        assert text.splitlines()[1:1 + len(lines)] == lines


def test_one_build_pick_is_one_item_with_its_whole_cost():
    """`u 3` (BuildTo) builds three houses in one step: one item, "you build (3 houses)
    −$150", not three; a build of another step stays its own item."""
    from game_core.events import Built

    built = [Built(6, "house", "player", 50, k) for k in (1, 2, 3)]
    steps = [([TurnStarted(4), *built], None), ([Built(6, "house", "player", 50, 4)], None)]
    [turn] = turn_accounts(steps, start_turn=4, start_square=6, edition="us", locale="en")
    assert turn.items == [("you build (3 houses)", -150), ("you build (4 houses)", -50)]
    assert turn_line(turn, "us", "en") == (
        "4. Oriental Avenue · you build (3 houses) −$150 · you build (4 houses) −$50")
