"""The Hint's words (issue 13), in English and French. Merged into the one catalog by
`catalog`, so the same key rules and the same key check apply."""

from __future__ import annotations

HINTS_EN: dict[str, str] = {
    "cmd.monopoly.hint.name": "hint",
    "cmd.monopoly.hint.description": "The odds of each choice open now, told only to you",
    "button.hint": "Hint",
    "hint.title": "Hint for turn {turn}",
    "hint.method": "Each choice: the rest of the game played {rollouts} times by the bot's "
                   "expert, with fresh dice and reshuffled decks, the same futures for "
                   "every choice. In brackets: 95% intervals.",
    "hint.line": "{mark} {action}: wins {win} ({low}–{high}), lasts {turns}",
    "hint.turns_more.one": "{count} more turn",
    "hint.turns_more.other": "{count} more turns",
    "hint.line.turns": "{mark} {action}: wins {win}, lasts {turns} "
                       "({low}–{high})",
    "hint.best": "Best: {action}.",
    "hint.too_close": "Best: {action}, but too close to call against the choices marked ≈.",
    "hint.close": "{mark} {actions}: too close to call against the best (wins {win})",
    "hint.close.turns": "{mark} {actions}: too close to call against the best (lasts "
                        "{turns})",
    "hint.and_more.one": "{names} and {count} more",
    "hint.and_more.other": "{names} and {count} more",
    "hint.more.one": "{mark} … and {count} other choice, winning no more than {win}",
    "hint.more.other": "{mark} … and {count} other choices, none winning more than {win}",
    "hint.more.turns.one": "{mark} … and {count} other choice, lasting no more than {turns}",
    "hint.more.turns.other": "{mark} … and {count} other choices, none lasting more than "
                             "{turns}",
    "hint.by_turns": "No future wins from here: the choices are ranked by how long they last.",
    "hint.only_choice": "One choice only: {action}. Your odds from here:",
    "hint.or": " or ",
    "hint.already_thinking": "Already thinking about your last hint: it will be here in a "
                             "moment.",
    "hint.stale": "That hint was for a move already played; press Hint again on the game "
                  "message.",
    "hint.no_hints": "The daily challenge takes no hints: everyone plays it on their own.",
    "hint.game_over": "This game is over: there is nothing left to advise.",
    "hint.out_of_date": "⚠️ Out of date: this hint is about turn {turn} as it was before "
                        "your last move; the game has moved on (turn {now}). Press Think "
                        "again for the game as it is now.",
    "hint.think_again": "Think again",
    "hint.plan.buy": "Buy {square} after raising the price: {steps}",
    "hint.plan.unblock": "{then} after lifting what blocks the group: {steps}",
    "hint.plan.debt.least_rent": "Pay it keeping the most rent: {steps} ({cash} left)",
    "hint.plan.debt.buildings_first": "Pay it selling buildings first: {steps} ({cash} left)",
    "hint.plan.debt.keep_buildings": "Pay it keeping the buildings: {steps} ({cash} left)",
    "hint.button.buy": "Raise the price and buy",
    "hint.button.unblock": "Lift and build",
    "hint.button.debt.least_rent": "Pay, keeping the most rent",
    "hint.button.debt.buildings_first": "Pay, selling buildings first",
    "hint.button.debt.keep_buildings": "Pay, keeping the buildings",
    "hint.plan.done": "Done: the game message shows where the game stands now.",
    "hint.plan.stale": "This hint was for a move already played: nothing was done. Press "
                       "Hint again on the game message.",
    "hint.plan.gone": "That plan can't be carried out any more: nothing was done.",
    "hint.queued.single": "Thinking… One hint is ahead of yours; yours comes right after it.",
    "hint.queued": "Thinking… {ahead} hints are ahead of yours; they go first, oldest "
                   "first, and yours comes right after them.",
    "terminal.hint_help": "Type h for a hint: the odds of each choice.",
    "terminal.thinking": "Thinking…",
}

HINTS_FR: dict[str, str] = {
    "cmd.monopoly.hint.name": "conseil",
    "cmd.monopoly.hint.description": "Les chances de chaque choix possible, rien que pour vous",
    "button.hint": "Conseil",
    "hint.title": "Conseil pour le tour {turn}",
    "hint.method": "Pour chaque choix : la suite de la partie jouée {rollouts} fois par "
                   "l'expert du bot, avec des dés neufs et des paquets rebattus, les "
                   "mêmes avenirs pour chaque choix. Entre parenthèses : intervalles à 95 %.",
    "hint.line": "{mark} {action} : gagne {win} ({low}–{high}), dure encore {turns}",
    "hint.turns_more.one": "{count} tour",
    "hint.turns_more.other": "{count} tours",
    "hint.line.turns": "{mark} {action} : gagne {win}, dure encore {turns} "
                       "({low}–{high})",
    "hint.best": "Meilleur choix : {action}.",
    "hint.too_close": "Meilleur choix : {action}, mais trop serré pour trancher face aux "
                      "choix marqués ≈.",
    "hint.close": "{mark} {actions} : trop serré pour trancher face au meilleur (gagne "
                  "{win})",
    "hint.close.turns": "{mark} {actions} : trop serré pour trancher face au meilleur (dure "
                        "encore {turns})",
    "hint.and_more.one": "{names} et {count} autre",
    "hint.and_more.other": "{names} et {count} autres",
    "hint.more.one": "{mark} … et {count} autre choix, qui ne gagne pas plus de {win}",
    "hint.more.other": "{mark} … et {count} autres choix, aucun ne gagnant plus de {win}",
    "hint.more.turns.one": "{mark} … et {count} autre choix, qui ne dure pas plus de {turns}",
    "hint.more.turns.other": "{mark} … et {count} autres choix, aucun ne durant plus de "
                             "{turns}",
    "hint.by_turns": "Aucun avenir ne gagne d'ici : les choix sont classés selon leur durée.",
    "hint.only_choice": "Un seul choix : {action}. Vos chances à partir d'ici :",
    "hint.or": " ou ",
    "hint.already_thinking": "Je réfléchis encore à votre dernier conseil : il arrive dans "
                             "un instant.",
    "hint.stale": "Ce conseil portait sur un coup déjà joué ; appuyez à nouveau sur Conseil "
                  "sous le message de la partie.",
    "hint.no_hints": "Le défi du jour se joue sans conseil : chacun le joue seul.",
    "hint.game_over": "Cette partie est finie : il n'y a plus rien à conseiller.",
    "hint.out_of_date": "⚠️ Dépassé : ce conseil porte sur le tour {turn} tel qu'il était "
                        "avant votre dernier coup ; la partie a avancé (tour {now}). "
                        "Appuyez sur Réfléchir à nouveau pour la partie telle qu'elle est.",
    "hint.think_again": "Réfléchir à nouveau",
    "hint.plan.buy": "Acheter {square} après avoir réuni le prix : {steps}",
    "hint.plan.unblock": "{then} après avoir levé ce qui bloque le groupe : {steps}",
    "hint.plan.debt.least_rent": "Payer en gardant le plus de loyers : {steps} (reste "
                                 "{cash})",
    "hint.plan.debt.buildings_first": "Payer en vendant d'abord les bâtiments : {steps} "
                                      "(reste {cash})",
    "hint.plan.debt.keep_buildings": "Payer en gardant les bâtiments : {steps} (reste "
                                     "{cash})",
    "hint.button.buy": "Réunir le prix et acheter",
    "hint.button.unblock": "Lever et construire",
    "hint.button.debt.least_rent": "Payer en gardant le plus de loyers",
    "hint.button.debt.buildings_first": "Payer en vendant d'abord les bâtiments",
    "hint.button.debt.keep_buildings": "Payer en gardant les bâtiments",
    "hint.plan.done": "C'est fait : le message de la partie montre où elle en est.",
    "hint.plan.stale": "Ce conseil portait sur un coup déjà joué : rien n'a été fait. "
                       "Appuyez à nouveau sur Conseil sous le message de la partie.",
    "hint.plan.gone": "Ce plan ne peut plus être suivi : rien n'a été fait.",
    "hint.queued.single": "Je réfléchis… Un conseil passe avant le vôtre ; le vôtre suit "
                       "juste après.",
    "hint.queued": "Je réfléchis… {ahead} conseils passent avant le vôtre, du plus ancien "
                   "au plus récent ; le vôtre suit juste après.",
    "terminal.hint_help": "Tapez h pour un conseil : les chances de chaque choix.",
    "terminal.thinking": "Je réfléchis…",
}
