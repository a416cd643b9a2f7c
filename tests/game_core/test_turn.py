"""T1-T4: rolling, GO, doubles, and what the player may do at any moment of its turn."""

import pytest

from game_core import (
    Buy, Decline, IllegalActionError, LiftMortgage, Mortgage, PayFine, Resign, Roll,
)
from game_core.state import BUY, JAIL, RAISE_FUNDS, ROLL

from .helpers import (
    BALTIC, BOARDWALK, GO_TO_JAIL, MEDITERRANEAN, READING, new_game, types,
)


def test_T1_roll_moves_clockwise_and_resolves_the_square():
    game = new_game((2, 3))
    events = game.apply(Roll())
    assert types(events)[:2] == ["dice_rolled", "moved"]
    assert events[0].dice == (2, 3)
    assert game.s.position == READING
    assert game.pending == BUY and game.pending_square == READING


def test_T1_only_roll_is_offered_at_the_start_of_a_turn():
    game = new_game()
    assert game.legal_actions() == [Roll(), Resign()]
    with pytest.raises(IllegalActionError, match="can't buy now: the game is waiting for you"):
        game.apply(Buy())


def test_T2_passing_go_pays_200():
    game = new_game((1, 2), position=38)
    events = game.apply(Roll())
    assert game.s.position == 1
    assert "collected" in types(events) and game.s.cash == 400
    assert events[1].passed_go


def test_T2_landing_on_go_pays_200():
    game = new_game((1, 1), position=38)
    game.apply(Roll())
    assert game.s.position == 0 and game.s.cash == 400


def test_T2_go_to_jail_pays_no_salary():
    game = new_game((5, 5), position=20)
    game.apply(Roll())
    assert game.s.position == 10 and game.s.in_jail and game.s.cash == 200


def test_T3_doubles_have_no_effect_by_default():
    game = new_game((3, 3))
    game.apply(Roll())  # Chance? no: 6 is Oriental Avenue, unowned
    game.apply(Decline())
    assert game.turn == 2 and game.pending == ROLL


def test_T3_standard_doubles_roll_again():
    game = new_game((3, 3), (1, 2), doubles="standard")
    game.apply(Roll())
    game.apply(Decline())
    assert game.turn == 1 and game.pending == ROLL
    game.apply(Roll())
    game.apply(Decline())
    assert game.turn == 2


def test_T3_standard_third_double_in_a_row_goes_to_jail():
    game = new_game((1, 1), (2, 2), (3, 3), position=10, doubles="standard", bank_pawns=0)
    game.apply(Roll())  # Electric Company
    game.apply(Decline())
    game.apply(Roll())  # St. James Place
    game.apply(Decline())
    assert game.turn == 1
    events = game.apply(Roll())
    assert types(events) == ["dice_rolled", "sent_to_jail", "turn_started"]
    assert game.s.in_jail and game.s.position == 10 and game.pending == JAIL


def test_T3_standard_a_double_frees_the_pawn_in_jail_without_a_roll_again():
    game = new_game((2, 2), position=10, doubles="standard", bank_pawns=0)
    game.s.in_jail = True
    game.s.pending = JAIL
    assert Roll() in game.legal_actions()
    events = game.apply(Roll())
    assert "left_jail" in types(events) and game.s.position == 14
    game.apply(Decline())
    assert game.turn == 2


def test_T3_standard_third_failed_try_pays_the_fine_and_moves():
    game = new_game((1, 2), (1, 2), (1, 2), position=10, doubles="standard", bank_pawns=0)
    game.s.in_jail = True
    game.s.pending = JAIL
    game.apply(Roll())
    game.apply(Roll())
    assert game.s.in_jail and game.s.jail_attempts == 2
    events = game.apply(Roll())
    assert not game.s.in_jail and game.s.position == 13 and game.s.cash == 150
    assert types(events).count("paid") == 1


def test_T4_mortgage_while_a_buy_is_pending_to_raise_the_price():
    game = new_game((6, 6), position=27, cash=100, mine=[READING])  # 39 Boardwalk, 400
    game.apply(Roll())
    assert game.pending == BUY and Buy() not in game.legal_actions()
    game.s.owner[MEDITERRANEAN] = game.s.owner[BALTIC] = 1
    game.s.cash = 300
    game.s.bank_cash -= 200
    for sq in (READING, MEDITERRANEAN):
        assert Mortgage(sq) in game.legal_actions()
        game.apply(Mortgage(sq))
    assert game.s.cash == 300 + 100 + 30 and Buy() in game.legal_actions()
    game.apply(Buy())
    assert game.s.owner[BOARDWALK] == 1


def test_T4_no_lifting_a_mortgage_while_raising_funds():
    game = new_game((1, 3), position=0, cash=150, mine=[READING, MEDITERRANEAN])
    game.s.mortgaged[MEDITERRANEAN] = True
    game.apply(Roll())  # Income Tax 200
    assert game.pending == RAISE_FUNDS
    assert LiftMortgage(MEDITERRANEAN) not in game.legal_actions()
    with pytest.raises(IllegalActionError, match="while raising"):
        game.apply(LiftMortgage(MEDITERRANEAN))


def test_T4_lift_a_mortgage_before_rolling():
    game = new_game(mine=[MEDITERRANEAN])
    game.s.mortgaged[MEDITERRANEAN] = True
    assert LiftMortgage(MEDITERRANEAN) in game.legal_actions()
    game.apply(LiftMortgage(MEDITERRANEAN))
    assert not game.s.mortgaged[MEDITERRANEAN] and game.s.cash == 200 - 33
    assert game.pending == ROLL


def _in_jail_with_mediterranean_mortgaged(cash: int, **options: object):
    game = new_game(position=10, cash=cash, mine=[MEDITERRANEAN], **options)
    game.s.mortgaged[MEDITERRANEAN] = True
    game.s.in_jail, game.s.pending = True, JAIL
    return game


def test_T4_M1_lifting_a_mortgage_that_would_leave_the_jail_fine_unpayable_is_refused():
    """Cash 50, Mediterranean mortgaged, the Jail choice pending (solo turn, no card): the
    fine is a debt (M1, P6) that can be paid now. Lifting the mortgage for 33 would leave
    17 + 30 = 47, less than the 50 fine even after selling everything. T4 forbids lifting a
    mortgage while raising funds for a debt; the pending fine is such a debt, so the lift
    that would make it unpayable is refused (the game stays as it was) rather than ending
    the game by the player's own T4 move; paying the fine stays possible."""
    game = _in_jail_with_mediterranean_mortgaged(cash=50)
    before = game.to_dict()
    assert LiftMortgage(MEDITERRANEAN) not in game.legal_actions()
    with pytest.raises(IllegalActionError,
                       match=r"the \$50 Jail fine could no longer be raised \(M1\)"):
        game.apply(LiftMortgage(MEDITERRANEAN))
    assert game.to_dict() == before
    game.apply(PayFine())
    assert game.pending == ROLL and game.s.cash == 0


def test_T4_lifting_a_mortgage_in_jail_is_allowed_while_the_fine_stays_payable():
    game = _in_jail_with_mediterranean_mortgaged(cash=53)  # 20 + 30 left: the fine is covered
    assert LiftMortgage(MEDITERRANEAN) in game.legal_actions()
    game.apply(LiftMortgage(MEDITERRANEAN))
    assert game.pending == JAIL and game.s.cash == 20


def test_T3_with_standard_doubles_a_lift_in_jail_is_allowed_the_fine_is_not_yet_owed():
    """Under doubles=standard the player may still roll for doubles: the fine is owed only
    after a third failed try, and M1 decides then."""
    game = _in_jail_with_mediterranean_mortgaged(cash=50, doubles="standard")
    assert LiftMortgage(MEDITERRANEAN) in game.legal_actions()
    game.apply(LiftMortgage(MEDITERRANEAN))
    assert game.pending == JAIL


def test_T4_pay_fine_is_refused_outside_jail_with_a_reason():
    with pytest.raises(IllegalActionError, match="can't pay the fine now"):
        new_game().apply(PayFine())


def test_T1_go_to_jail_square_by_roll():
    game = new_game((4, 4), position=22)
    game.apply(Roll())
    assert game.s.position == 10 and game.s.in_jail
    assert GO_TO_JAIL == 30
