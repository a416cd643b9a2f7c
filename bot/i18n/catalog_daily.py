"""The daily challenge's words for issue 19, in English and French: which game a command acts
on, the private daily, the Share and the day's yardstick. Merged into the
one catalog by `catalog`, so the same key rules and the same key check apply."""

from __future__ import annotations

DAILY_EN: dict[str, str] = {
    "daily.view.title": "Daily #{number} ({date}): {player}",
    "daily.view.none": "{player} has not played daily #{number}.",
    "daily.view.history": "History",
    "which.daily": "Your daily #{number}",
    "which.ordinary": "Your game #{game_id}",
    "which.no_daily": "You have no daily in progress: /monopoly-daily play starts today's, "
                      "or shows your result once you have played it.",
    "which.no_daily_yet": "You haven't played a daily yet: start today's with "
                          "/monopoly-daily play.",
    "daily.private": "Only you see your daily until you finish it. Lost this message? "
                     "/monopoly-daily play brings it back.",
    "daily.hidden": "Nobody sees a daily before it is over: this one is hidden until its "
                    "player has finished it and the day is over, or you have finished your "
                    "own.",
    # ---- the Share (Wordle-style: no square, no dice, no card) ----------------------------
    "share.head.won": "🎲 Solo Monopoly daily #{number}: {player} won with {points} in "
                      "{turns}",
    "share.head.lost": "🎲 Solo Monopoly daily #{number}: {player} lost after surviving "
                       "{turns}",
    "share.rank": "Rank {rank} of {players} so far · streak {streak}",
    "share.next.in": "Next daily in {hours} h {minutes:02d} min · /monopoly-daily play",
    "share.next.open": "The next daily is open now · /monopoly-daily play",
    "share.legend": "One mark per {span} turns: 🟩 cash up, 🟥 cash down, ⬜ flat, 🏠 you "
                    "built, 🏨 you paid a Bank hotel; 🏆 won, 💥 lost, 🏳️ resigned.",
    # ---- the yardstick: the built-in focus player on the same daily ----------------------
    "yardstick.won": "🤖 The bot's expert won today's daily with {points} in "
                     "{turns}.",
    "yardstick.lost": "🤖 The bot's expert lost today's daily after surviving "
                      "{turns}.",
    "yardstick.won.day": "🤖 The bot's expert won this daily with {points} in "
                         "{turns}.",
    "yardstick.lost.day": "🤖 The bot's expert lost this daily after surviving "
                          "{turns}.",
    "yardstick.pending": "🤖 The bot's expert is still playing this daily.",
}

DAILY_FR: dict[str, str] = {
    "daily.view.title": "Défi n°{number} ({date}) : {player}",
    "daily.view.none": "{player} n'a pas joué le défi n°{number}.",
    "daily.view.history": "Historique",
    "which.daily": "Votre défi n°{number}",
    "which.ordinary": "Votre partie n°{game_id}",
    "which.no_daily": "Vous n'avez pas de défi en cours : /monopoly-défi jouer lance celui "
                      "du jour, ou montre votre résultat une fois joué.",
    "which.no_daily_yet": "Vous n'avez encore joué aucun défi : lancez celui du jour avec "
                          "/monopoly-défi jouer.",
    "daily.private": "Vous seul voyez votre défi jusqu'à ce que vous le finissiez. Message "
                     "perdu ? /monopoly-défi jouer le ramène.",
    "daily.hidden": "Personne ne voit un défi avant qu'il soit fini : celui-ci reste caché "
                    "tant que son joueur ne l'a pas fini et que le jour n'est pas passé, ou "
                    "que vous n'avez pas fini le vôtre.",
    "share.head.won": "🎲 Monopoly solo, défi n°{number} : {player} a gagné avec {points} en "
                      "{turns}",
    "share.head.lost": "🎲 Monopoly solo, défi n°{number} : {player} a perdu après avoir "
                       "tenu {turns}",
    "share.rank": "Rang {rank} sur {players} pour l'instant · série {streak}",
    "share.next.in": "Prochain défi dans {hours} h {minutes:02d} min · /monopoly-défi jouer",
    "share.next.open": "Le prochain défi est déjà ouvert · /monopoly-défi jouer",
    "share.legend": "Une marque par {span} tours : 🟩 argent en hausse, 🟥 en baisse, "
                    "⬜ stable, 🏠 vous avez construit, 🏨 vous avez payé un hôtel de la "
                    "Banque ; 🏆 gagné, 💥 perdu, 🏳️ abandon.",
    "yardstick.won": "🤖 L'expert du bot a gagné le défi du jour avec {points} en "
                     "{turns}.",
    "yardstick.lost": "🤖 L'expert du bot a perdu le défi du jour après avoir tenu "
                      "{turns}.",
    "yardstick.won.day": "🤖 L'expert du bot a gagné ce défi avec {points} en "
                         "{turns}.",
    "yardstick.lost.day": "🤖 L'expert du bot a perdu ce défi après avoir tenu "
                          "{turns}.",
    "yardstick.pending": "🤖 L'expert du bot joue encore ce défi.",
}
