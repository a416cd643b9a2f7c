"""A player's own settings (issue 20: `/monopoly settings`), in English and French. Merged
into the one catalog by `catalog`, so the same key rules and the same key check apply."""

from __future__ import annotations

_S = "cmd.monopoly.settings"

PREFS_EN: dict[str, str] = {
    f"{_S}.name": "settings",
    f"{_S}.description": "Your own settings, shown only to you; change one with its option",
    f"{_S}.option.debt_confirm.name": "debt_confirm",
    f"{_S}.option.debt_confirm.description": "Whether Pay it for me shows its plan for you "
                                             "to confirm before paying",
    f"{_S}.option.debt_confirm.choice.on": "On: show the plan, then pay",
    f"{_S}.option.debt_confirm.choice.off": "Off: pay at once",
    "prefs.title": "Your settings",
    "prefs.field.debt_confirm": "Pay it for me",
    "prefs.debt_confirm.on": "Shows its plan (what it sells and mortgages) for you to "
                             "confirm, then pays.",
    "prefs.debt_confirm.off": "Pays at once, in one click; the message then lists what it "
                              "did.",
    "prefs.footer": "They are yours, in every game and server. Change one with "
                    "/monopoly settings and its option.",
    "prefs.changed": "Saved.",
}

PREFS_FR: dict[str, str] = {
    f"{_S}.name": "réglages",
    f"{_S}.description": "Vos propres réglages, rien que pour vous ; changez-en un avec "
                         "son option",
    f"{_S}.option.debt_confirm.name": "confirmer_dette",
    f"{_S}.option.debt_confirm.description": "Si Payer pour moi montre son plan à "
                                             "confirmer avant de payer",
    f"{_S}.option.debt_confirm.choice.on": "Oui : montrer le plan, puis payer",
    f"{_S}.option.debt_confirm.choice.off": "Non : payer tout de suite",
    "prefs.title": "Vos réglages",
    "prefs.field.debt_confirm": "Payer pour moi",
    "prefs.debt_confirm.on": "Montre son plan (ce qu'il vend et hypothèque) pour que vous "
                             "le confirmiez, puis paie.",
    "prefs.debt_confirm.off": "Paie tout de suite, en un clic ; le message dit ensuite ce "
                              "qui a été fait.",
    "prefs.footer": "Ils sont à vous, dans toutes vos parties et sur tous les serveurs. "
                    "Changez-en un avec /monopoly réglages et son option.",
    "prefs.changed": "Enregistré.",
}
