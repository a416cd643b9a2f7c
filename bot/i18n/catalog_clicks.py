"""Words of issue 20 (a game worth its clicks): Roll on and its account, the decisions taken
for the player and why, plans ("Pay it for me"), the way to win, the terminal's keys.
English and French, the same keys and placeholders. Button labels stay under 80 characters
with any amount and name filled in (tests check them)."""

from __future__ import annotations

CLICKS_EN: dict[str, str] = {
    # ---- buttons -----------------------------------------------------------------------
    "clicks.button.roll_on": "Roll on",
    "clicks.button.pay_for_me": "Pay it for me",
    "clicks.button.plan_go": "Pay it this way",
    "clicks.button.plan_back": "Back",
    "clicks.button.buy_plan": "Raise {raised} and buy ({price})",
    "clicks.button.unblock": "Lift the mortgages ({cost}) and build",
    "clicks.button.cash_out": "Cash out: break the Bank",
    "clicks.button.decline_always": "Decline, don't offer it again",
    # ---- plans, step by step -----------------------------------------------------------
    "clicks.step.mortgage": "mortgage {square} (+{amount})",
    "clicks.step.sell_house": "sell a house on {square} (+{amount})",
    "clicks.step.sell_houses": "sell {count} houses on {square} (+{amount})",
    "clicks.step.sell_card": "sell the Get Out of Jail Free card (+{amount})",
    "clicks.step.lift": "lift the mortgage on {square} ({cost})",
    "clicks.buy.plan": "{square} costs {price} and you have {cash}. To buy it: {steps}.",
    "clicks.unblock.plan": "{squares} mortgaged: {steps}, then build here.",
    "clicks.debt.offer": "Pay it for me raises it the way that loses the least rent; the "
                         "menus let you choose each sale yourself.",
    "clicks.debt.preview": "To pay {debt}: {steps}. You keep {cash} in cash.",
    "clicks.debt.preview.other": "Other ways: {ways}.",
    "clicks.way.buildings_first": "selling buildings first raises {raised}",
    "clicks.way.keep_buildings": "mortgaging before selling buildings raises {raised}",
    "clicks.and": " and ",
    # ---- decisions taken for the player (one way only) ---------------------------------
    "clicks.skip.build_mortgaged.one": "Nothing to build on {square}: {squares} is "
                                       "mortgaged; lifting it costs {cost} and you have {cash}.",
    "clicks.skip.build_mortgaged.other": "Nothing to build on {square}: {squares} are "
                                         "mortgaged; lifting them costs {cost} and you have "
                                         "{cash}.",
    "clicks.skip.build_cash": "Nothing to build on {square}: a building costs {cost} and you "
                              "have {cash}.",
    "clicks.skip.build_supply": "Nothing to build on {square}: the supply has none left.",
    "clicks.skip.build_full": "{square} has its hotel: nothing more to build.",
    "clicks.skip.buy_short": "{square} costs {price}: even selling and mortgaging everything "
                             "raises only {most}, so it is declined.",
    "clicks.skip.fine_only": "No card to use: the {fine} fine is paid to leave Jail.",
    "clicks.skip.kept_declining": "{square} is declined again, as you asked.",
    # ---- the account of a Roll on ------------------------------------------------------
    "clicks.account.turn": "{turn}. {square} {change}",
    "clicks.account.turn.even": "{turn}. {square}",
    "clicks.account.bank_built": "the Bank builds ({buildings})",
    "clicks.account.bought": "bought",
    "clicks.account.declined": "declined",
    "clicks.account.jail": "to Jail",
    "clicks.account.left_jail": "out of Jail",
    "clicks.account.sold": "raised {amount}",
    "clicks.account.total.one": "🎲 Rolled on for {count} turn: cash {start} → {end} (rent "
                                "received {received}, paid {paid}; GO ×{go}).",
    "clicks.account.total.other": "🎲 Rolled on for {count} turns: cash {start} → {end} "
                                  "(rent received {received}, paid {paid}; GO ×{go}).",
    "clicks.account.earlier.one": "… {count} earlier turn: see /monopoly history.",
    "clicks.account.earlier.other": "… {count} earlier turns: see /monopoly history.",
    "clicks.stop.risk": "⏸️ Stopped: the next roll could cost {amount} ({square}) and you "
                        "have {cash}.",
    "clicks.stop.turns": "⏸️ Stopped after {turns} turns: roll on again to go on.",
    "clicks.stop.win": "🏆 Stopped: selling and mortgaging everything now would break the "
                       "Bank. Cash out to win, or roll on.",
    # ---- the way to win ----------------------------------------------------------------
    "clicks.field.net_worth": "Net worth",
    "clicks.field.cash_out": "Cashing out now",
    "clicks.value.cash_out": "leaves the Bank {left}",
    "clicks.value.cash_out.breaks": "breaks the Bank: you win",
    "clicks.field.score": "Score",
    # ---- the terminal ------------------------------------------------------------------
    "clicks.terminal.keys": "Keys: r roll, o roll on, b buy, d decline, p pay it for me / "
                            "the plan shown, u build a house, t build a hotel, f finish "
                            "building, j pay the fine, c use the card, k sell the card, "
                            "m N mortgage, l N lift, x N sell a building (N: the square's "
                            "number), n decline for good (rolling on, once the Bank has no "
                            "pawn left), g give up, s status, v board, h hint, q quit, ? keys.",
    "clicks.terminal.prompt": "Your move (? for the keys): ",
    "clicks.terminal.bad_key": "That is no key here. Type one of: {keys} (or ? for the list).",
    "clicks.terminal.options": "Now: {keys}",
    "clicks.terminal.menu": "  {key} {square:>2}: {label}",
    "clicks.terminal.interrupted": "Interrupted: the game is saved. Run `solo-monopoly play` "
                                   "again to carry on.",
    "clicks.terminal.plan": "Plan: {plan}",
    "clicks.terminal.confirm_plan": "Carry it out? (y/N): ",
}

CLICKS_FR: dict[str, str] = {
    "clicks.button.roll_on": "Enchaîner",
    "clicks.button.pay_for_me": "Payer pour moi",
    "clicks.button.plan_go": "Payer ainsi",
    "clicks.button.plan_back": "Retour",
    "clicks.button.buy_plan": "Réunir {raised} et acheter ({price})",
    "clicks.button.unblock": "Lever les hypothèques ({cost}) et construire",
    "clicks.button.cash_out": "Tout vendre : faire sauter la Banque",
    "clicks.button.decline_always": "Refuser, ne plus le proposer",
    "clicks.step.mortgage": "hypothéquer {square} (+{amount})",
    "clicks.step.sell_house": "vendre une maison sur {square} (+{amount})",
    "clicks.step.sell_houses": "vendre {count} maisons sur {square} (+{amount})",
    "clicks.step.sell_card": "vendre la carte Sortie de prison (+{amount})",
    "clicks.step.lift": "lever l'hypothèque de {square} ({cost})",
    "clicks.buy.plan": "{square} coûte {price} et vous avez {cash}. Pour l'acheter : {steps}.",
    "clicks.unblock.plan": "{squares} hypothéqué(s) : {steps}, puis construisez ici.",
    "clicks.debt.offer": "Payer pour moi réunit la somme en perdant le moins de loyers ; les "
                         "menus vous laissent choisir chaque vente vous-même.",
    "clicks.debt.preview": "Pour payer {debt} : {steps}. Il vous reste {cash}.",
    "clicks.debt.preview.other": "Autres façons : {ways}.",
    "clicks.way.buildings_first": "vendre d'abord les bâtiments réunit {raised}",
    "clicks.way.keep_buildings": "hypothéquer avant de vendre les bâtiments réunit {raised}",
    "clicks.and": " et ",
    "clicks.skip.build_mortgaged.one": "Rien à construire sur {square} : {squares} est "
                                       "hypothéqué ; lever l'hypothèque coûte {cost} et vous "
                                       "avez {cash}.",
    "clicks.skip.build_mortgaged.other": "Rien à construire sur {square} : {squares} sont "
                                         "hypothéqués ; lever les hypothèques coûte {cost} et "
                                         "vous avez {cash}.",
    "clicks.skip.build_cash": "Rien à construire sur {square} : un bâtiment coûte {cost} et "
                              "vous avez {cash}.",
    "clicks.skip.build_supply": "Rien à construire sur {square} : la réserve est vide.",
    "clicks.skip.build_full": "{square} a son hôtel : plus rien à construire.",
    "clicks.skip.buy_short": "{square} coûte {price} : même en vendant et en hypothéquant "
                             "tout, vous ne réunissez que {most} ; refusé.",
    "clicks.skip.fine_only": "Pas de carte à utiliser : l'amende de {fine} est payée pour "
                             "sortir de prison.",
    "clicks.skip.kept_declining": "{square} est de nouveau refusé, comme demandé.",
    "clicks.account.turn": "{turn}. {square} {change}",
    "clicks.account.turn.even": "{turn}. {square}",
    "clicks.account.bank_built": "la Banque construit ({buildings})",
    "clicks.account.bought": "acheté",
    "clicks.account.declined": "refusé",
    "clicks.account.jail": "en prison",
    "clicks.account.left_jail": "sorti de prison",
    "clicks.account.sold": "réuni {amount}",
    "clicks.account.total.one": "🎲 {count} tour enchaîné : argent {start} → {end} (loyers "
                                "reçus {received}, payés {paid} ; Départ ×{go}).",
    "clicks.account.total.other": "🎲 {count} tours enchaînés : argent {start} → {end} "
                                  "(loyers reçus {received}, payés {paid} ; Départ ×{go}).",
    "clicks.account.earlier.one": "… {count} tour plus tôt : voir /monopoly historique.",
    "clicks.account.earlier.other": "… {count} tours plus tôt : voir /monopoly historique.",
    "clicks.stop.risk": "⏸️ Arrêt : le prochain lancer peut coûter {amount} ({square}) et "
                        "vous avez {cash}.",
    "clicks.stop.turns": "⏸️ Arrêt après {turns} tours : enchaînez encore pour continuer.",
    "clicks.stop.win": "🏆 Arrêt : tout vendre et tout hypothéquer maintenant ferait sauter "
                       "la Banque. Vendez tout pour gagner, ou enchaînez.",
    "clicks.field.net_worth": "Valeur nette",
    "clicks.field.cash_out": "Tout vendre maintenant",
    "clicks.value.cash_out": "laisse {left} à la Banque",
    "clicks.value.cash_out.breaks": "fait sauter la Banque : victoire",
    "clicks.field.score": "Score",
    "clicks.terminal.keys": "Touches : r lancer, o enchaîner, b acheter, d refuser, p payer "
                            "pour moi / le plan proposé, u construire une maison, t construire "
                            "un hôtel, f finir de construire, j payer l'amende, c utiliser la "
                            "carte, k vendre la carte, m N hypothéquer, l N lever, x N vendre "
                            "un bâtiment (N : le numéro de la case), n refuser pour de bon "
                            "(en enchaînant, quand la Banque n'a plus de pion), g abandonner, "
                            "s état, "
                            "v plateau, h conseil, q quitter, ? touches.",
    "clicks.terminal.prompt": "Votre coup (? pour les touches) : ",
    "clicks.terminal.bad_key": "Pas de telle touche ici. Tapez l'une de : {keys} (ou ? pour "
                               "la liste).",
    "clicks.terminal.options": "Maintenant : {keys}",
    "clicks.terminal.menu": "  {key} {square:>2} : {label}",
    "clicks.terminal.interrupted": "Interrompu : la partie est enregistrée. Relancez "
                                   "`solo-monopoly play` pour continuer.",
    "clicks.terminal.plan": "Plan : {plan}",
    "clicks.terminal.confirm_plan": "L'exécuter ? (o/N) : ",
}
