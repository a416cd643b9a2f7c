"""The game message's controls carry out their choices through the one table the Activity's
board uses too (bot.application.choice_calls): a flow added there is a control the message
accepts, and each of the confirm step's buttons names a way of that table's debt plan."""

from __future__ import annotations

from bot.application.choice_calls import FLOW_CALLS, PLAN_DEBT_GO
from game_core.plans import LEAST_RENT, WAYS

from cogs.play.controls import DEBT_GO_WAYS, FLOW_ACTIONS, GO_OF_WAY


def test_every_flow_of_the_table_is_a_control_the_message_accepts():
    assert set(FLOW_CALLS) <= FLOW_ACTIONS


def test_T4_the_confirm_steps_buttons_each_pay_one_way_through_the_tables_debt_plan():
    assert set(DEBT_GO_WAYS.values()) == set(WAYS)
    assert DEBT_GO_WAYS[PLAN_DEBT_GO] == LEAST_RENT  # the plain name: the least-rent way
    assert {GO_OF_WAY[way] for way in WAYS} == set(DEBT_GO_WAYS)
