"""The daily challenge's words for issue 19, in English and French: which game a command acts
on (the `game` option), the private daily, the Share and the day's yardstick. Merged into the
one catalog by `catalog`, so the same key rules and the same key check apply."""

from __future__ import annotations

# The commands that act on "your game" and take the `game` option (issue 19).
GAME_COMMANDS = ("resume", "board", "status", "hint", "mortgage", "lift", "sell", "history",
                 "resign")


def _game_option(name: str, description: str, ordinary: str, daily: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for command in GAME_COMMANDS:
        base = f"cmd.monopoly.{command}.option.game"
        out[f"{base}.name"] = name
        out[f"{base}.description"] = description
        out[f"{base}.choice.ordinary"] = ordinary
        out[f"{base}.choice.daily"] = daily
    return out


DAILY_EN: dict[str, str] = {
    **_game_option("game", "Your ordinary game or your daily (by default the one you played "
                           "last)", "Ordinary game", "Daily challenge"),
    "cmd.monopoly.daily.option.player.name": "player",
    "cmd.monopoly.daily.option.player.description":
        "See this player's daily once it is over (with day: that day's)",
    "daily.view.title": "Daily #{number} ({date}): {player}",
    "daily.view.none": "{player} has not played daily #{number}.",
    "daily.view.history": "History",
    "which.daily": "Your daily #{number}",
    "which.ordinary": "Your game #{game_id}",
    "which.no_daily": "You have no daily in progress: /monopoly daily starts today's, or shows "
                      "your result once you have played it.",
    "which.no_daily_yet": "You haven't played a daily yet: start today's with /monopoly daily.",
    "which.no_ordinary": "You have no game in progress besides your daily: start one with "
                         "/monopoly new.",
    "which.no_ordinary_yet": "You haven't played an ordinary game yet: start one with "
                             "/monopoly new.",
    "daily.private": "Only you see your daily until you finish it. Lost this message? "
                     "/monopoly daily brings it back.",
    "daily.hidden": "Nobody sees a daily before it is over: this one is hidden until its "
                    "player has finished it and the day is over, or you have finished your "
                    "own.",
    # ---- the Share (Wordle-style: no square, no dice, no card) ----------------------------
    "share.head.won": "🎲 Solo Monopoly daily #{number}: {player} won with {points} in "
                      "{turns}",
    "share.head.lost": "🎲 Solo Monopoly daily #{number}: {player} lost after surviving "
                       "{turns}",
    "share.rank": "Rank {rank} of {players} so far · streak {streak}",
    "share.next.in": "Next daily in {hours} h {minutes:02d} min · /monopoly daily",
    "share.next.open": "The next daily is open now · /monopoly daily",
    "share.legend": "One mark per {span} turns: 🟩 cash up, 🟥 cash down, ⬜ flat, 🏠 you "
                    "built, 🏨 you paid a Bank hotel; 🏆 won, 💥 lost, 🏳️ resigned.",
    # ---- the yardstick: the built-in focus player on the same daily ----------------------
    "yardstick.won": "🤖 The built-in player (focus) won today's daily with {points} in "
                     "{turns}.",
    "yardstick.lost": "🤖 The built-in player (focus) lost today's daily after surviving "
                      "{turns}.",
    "yardstick.won.day": "🤖 The built-in player (focus) won this daily with {points} in "
                         "{turns}.",
    "yardstick.lost.day": "🤖 The built-in player (focus) lost this daily after surviving "
                          "{turns}.",
    "yardstick.pending": "🤖 The built-in player (focus) is still playing this daily.",
}

DAILY_FR: dict[str, str] = {
    **_game_option("partie", "Votre partie ordinaire ou votre défi du jour (par défaut la "
                             "dernière jouée)", "Partie ordinaire", "Défi du jour"),
    "cmd.monopoly.daily.option.player.name": "joueur",
    "cmd.monopoly.daily.option.player.description":
        "Voir le défi de ce joueur une fois fini (avec jour : celui de ce jour)",
    "daily.view.title": "Défi n°{number} ({date}) : {player}",
    "daily.view.none": "{player} n'a pas joué le défi n°{number}.",
    "daily.view.history": "Historique",
    "which.daily": "Votre défi n°{number}",
    "which.ordinary": "Votre partie n°{game_id}",
    "which.no_daily": "Vous n'avez pas de défi en cours : /monopoly defi lance celui du jour, "
                      "ou montre votre résultat une fois joué.",
    "which.no_daily_yet": "Vous n'avez encore joué aucun défi : lancez celui du jour avec "
                          "/monopoly defi.",
    "which.no_ordinary": "Vous n'avez pas de partie en cours à part votre défi : lancez-en une "
                         "avec /monopoly nouvelle.",
    "which.no_ordinary_yet": "Vous n'avez encore joué aucune partie ordinaire : lancez-en une "
                             "avec /monopoly nouvelle.",
    "daily.private": "Vous seul voyez votre défi jusqu'à ce que vous le finissiez. Message "
                     "perdu ? /monopoly defi le ramène.",
    "daily.hidden": "Personne ne voit un défi avant qu'il soit fini : celui-ci reste caché "
                    "tant que son joueur ne l'a pas fini et que le jour n'est pas passé, ou "
                    "que vous n'avez pas fini le vôtre.",
    "share.head.won": "🎲 Monopoly solo, défi n°{number} : {player} a gagné avec {points} en "
                      "{turns}",
    "share.head.lost": "🎲 Monopoly solo, défi n°{number} : {player} a perdu après avoir "
                       "tenu {turns}",
    "share.rank": "Rang {rank} sur {players} pour l'instant · série {streak}",
    "share.next.in": "Prochain défi dans {hours} h {minutes:02d} min · /monopoly defi",
    "share.next.open": "Le prochain défi est déjà ouvert · /monopoly defi",
    "share.legend": "Une marque par {span} tours : 🟩 argent en hausse, 🟥 en baisse, "
                    "⬜ stable, 🏠 vous avez construit, 🏨 vous avez payé un hôtel de la "
                    "Banque ; 🏆 gagné, 💥 perdu, 🏳️ abandon.",
    "yardstick.won": "🤖 Le joueur intégré (focus) a gagné le défi du jour avec {points} en "
                     "{turns}.",
    "yardstick.lost": "🤖 Le joueur intégré (focus) a perdu le défi du jour après avoir tenu "
                      "{turns}.",
    "yardstick.won.day": "🤖 Le joueur intégré (focus) a gagné ce défi avec {points} en "
                         "{turns}.",
    "yardstick.lost.day": "🤖 Le joueur intégré (focus) a perdu ce défi après avoir tenu "
                          "{turns}.",
    "yardstick.pending": "🤖 Le joueur intégré (focus) joue encore ce défi.",
}
