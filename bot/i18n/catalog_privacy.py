"""The privacy commands' words (issue 22), in English and French. Merged into the one
catalog by `catalog`, so the same key rules and the same key check apply."""

from __future__ import annotations

PRIVACY_EN: dict[str, str] = {
    "cmd.monopoly.mydata.name": "mydata",
    "cmd.monopoly.mydata.description": "A file of everything the bot keeps about you, "
                                       "sent only to you",
    "cmd.monopoly.forget.name": "forget",
    "cmd.monopoly.forget.description": "Have the bot delete what it keeps about you "
                                       "(it asks first)",
    "privacy.mydata.sent": "Everything Solo Monopoly keeps about you, in one JSON file: "
                           "games: {games}, daily challenges: {dailies}, each with every "
                           "move. `/monopoly forget` deletes it.",
    "privacy.mydata.parts": "It is large: it comes compressed in {count} parts. Join them "
                            "in order into {name} (`cat {name}.* > {name}`), then unzip it.",
    "privacy.mydata.again_soon": "Your file was sent a moment ago: ask again in a minute.",
    "privacy.mydata.too_big": "Your data is larger than Discord lets the bot send here "
                              "({size} MB). Ask the people who run this bot "
                              "for a copy.",
    "privacy.forget.confirm": "Have the bot forget you? It deletes your games in progress "
                              "(their messages too) and your games that count on no "
                              "leaderboard, with all their "
                              "moves, and anything else naming you. Your finished games "
                              "that rank on a leaderboard (standard wins, daily challenges) "
                              "stay there without your name, so that nobody else's rank "
                              "changes. This can't be undone: `/monopoly mydata` first if "
                              "you want a copy.",
    "button.confirm_forget": "Yes, forget me",
    "privacy.forget.working": "Forgetting you…",
    "privacy.forget.done": "Done: the bot no longer knows you. Deleted: games: {deleted} "
                           "(with their moves), other records: {deleted_rows}. Kept without "
                           "your name, so that nobody else's rank changes: finished games on "
                           "the leaderboards: {kept}, server records: {kept_rows}.",
    "privacy.forget.cancelled": "Nothing was deleted.",
    # A leaderboard row kept without its player's name (bot.application.privacy
    # .is_former_player), instead of a mention of nobody.
    "privacy.former_player": "a former player",
}

PRIVACY_FR: dict[str, str] = {
    "cmd.monopoly.mydata.name": "mesdonnées",
    "cmd.monopoly.mydata.description": "Un fichier de tout ce que le bot garde sur vous, "
                                       "envoyé à vous seul",
    "cmd.monopoly.forget.name": "oublier",
    "cmd.monopoly.forget.description": "Faire effacer ce que le bot garde sur vous "
                                       "(il demande d'abord)",
    "privacy.mydata.sent": "Tout ce que Solo Monopoly garde sur vous, dans un fichier "
                           "JSON : parties : {games}, défis du jour : {dailies}, chacune "
                           "avec tous ses coups. `/monopoly oublier` l'efface.",
    "privacy.mydata.parts": "Il est volumineux : il arrive compressé en {count} parties. "
                            "Réunissez-les dans l'ordre en {name} (`cat {name}.* > {name}`), "
                            "puis décompressez-le.",
    "privacy.mydata.again_soon": "Votre fichier vient d'être envoyé : redemandez-le dans "
                                 "une minute.",
    "privacy.mydata.too_big": "Vos données dépassent ce que Discord laisse le bot envoyer "
                              "ici ({size} Mo). Demandez-en une copie aux "
                              "personnes qui font tourner ce bot.",
    "privacy.forget.confirm": "Faire oublier au bot qui vous êtes ? Il efface vos parties "
                              "en cours (leurs messages aussi) et celles qui ne comptent "
                              "dans aucun classement, "
                              "avec tous leurs coups, et tout ce qui vous nomme. Vos "
                              "parties terminées qui figurent dans un classement "
                              "(victoires aux règles standard, défis du jour) y restent "
                              "sans votre nom, pour que le rang de personne d'autre ne "
                              "change. C'est définitif : `/monopoly mesdonnées` d'abord si "
                              "vous en voulez une copie.",
    "button.confirm_forget": "Oui, m'oublier",
    "privacy.forget.working": "Effacement en cours…",
    "privacy.forget.done": "C'est fait : le bot ne vous connaît plus. Effacé : parties : "
                           "{deleted} (avec leurs coups), autres données : {deleted_rows}. "
                           "Gardé sans votre nom, pour que le rang de personne d'autre ne "
                           "change : parties terminées dans les classements : {kept}, données "
                           "de serveur : {kept_rows}.",
    "privacy.forget.cancelled": "Rien n'a été effacé.",
    "privacy.former_player": "un ancien joueur",
}
