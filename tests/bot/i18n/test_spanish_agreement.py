"""Spanish that agrees with its numbers: the Bank's pawns left are said with a verb that
holds for 1 as for 7 (« aún tiene 1 ficha », never « le quedan 1 ficha » or « restantes:
1 ficha »)."""

from __future__ import annotations

import re

import pytest

from bot.i18n import MESSAGES, t, tn

SPANISH = MESSAGES["es"]


@pytest.mark.parametrize("count", [1, 6])
def test_the_banks_pawns_left_agree_in_number_in_spanish(count):
    keys = [key for key, text in SPANISH.items() if "{pawns}" in text]
    assert {"pending.buy.bank_takes", "ev.declined.bank", "clicks.account.then.bank"} <= set(keys)
    for key in keys:
        text = t("es", key, pawns=tn("es", "pawns", count), square="Calle Mayor",
                 houses=1, hotels=1)
        assert not re.search(r"\b(quedan|restantes:) 1 ficha\b", text), (key, text)
        assert not re.search(r"\bqueda \d*[02-9] fichas\b", text), (key, text)
    assert "aún tiene 1 ficha" in t("es", "ev.declined.bank", square="Calle Mayor",
                                    pawns=tn("es", "pawns", 1))
