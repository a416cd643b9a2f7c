"""Textes français de la compétition loyale (ticket 12) : règles maison, préréglages, défi
du jour. Séparés de catalog_fr pour que chaque fichier reste court ; catalog.py les réunit.
"""

FR_COMPETE: dict[str, str] = {
    # ---- règles maison ------------------------------------------------------------------
    "house.notice": "Règles maison : {rules}. Cette partie ne compte pas au classement.",
    "house.notice.short": "Règles maison : {rules}",
    "house.field": "Règles maison",
    "house.field.value": "{rules}. Hors classement.",
    "house.rule.doubles": "doubles comme au Monopoly classique",
    "house.rule.treasury": "trésor de la Banque {amount}",
    "house.rule.bank_pawns.one": "{count} pion pour la Banque",
    "house.rule.bank_pawns.other": "{count} pions pour la Banque",
    "house.rule.start_cash": "argent de départ {amount}",
    "house.rule.bank_build_cap.0": "la Banque ne construit jamais",
    "house.rule.bank_build_cap.one": "la Banque construit au plus {count} maison",
    "house.rule.bank_build_cap.other": "la Banque construit au plus {count} maisons",
    "stats.house_played": "Parties en règles maison",
    "stats.house_won": "Victoires en règles maison",
    "stats.standard_only": "Meilleur score et victoire la plus rapide : parties aux règles "
                           "standard seulement.",
    # ---- préréglages (libellés construits depuis game_core.presets) ----------------------
    "preset.label": "{title} : {levers} ; {odds}",
    "preset.title.standard": "Standard",
    "preset.title.gentle": "Doux",
    "preset.title.relaxed": "Détendu",
    "preset.title.easy": "Facile",
    "preset.title.beginner": "Débutant",
    "preset.levers.none": "les règles du solo",
    "preset.lever.start_cash": "départ {amount}",
    "preset.lever.bank_build_cap.one": "la Banque bâtit {count} maison max",
    "preset.lever.bank_build_cap.other": "la Banque bâtit {count} maisons max",
    "preset.odds.0": "l'expert du bot en gagne moins d'une sur 20",
    "preset.odds.one": "l'expert du bot en gagne environ {count} sur 10",
    "preset.odds.other": "l'expert du bot en gagne environ {count} sur 10",
    "cmd.monopoly.new.option.preset.name": "niveau",
    "cmd.monopoly.new.option.preset.description":
        "Un niveau de difficulté (règles maison, hors classement, sauf Standard)",
    "cmd.monopoly.new.option.bank_build_cap.name": "plafond_banque",
    "cmd.monopoly.new.option.bank_build_cap.description":
        "Nombre maximal de maisons que la Banque bâtit sur une rue : 0 à 4 (5 par défaut : "
        "l'hôtel aussi)",
    # ---- défi du jour ----------------------------------------------------------------------
    "cmd.monopoly-daily.name": "monopoly-défi",
    "cmd.monopoly-daily.description": "Le défi du jour : une partie par jour, les mêmes dés "
                                      "pour tous",
    "cmd.monopoly-daily.play.name": "jouer",
    "cmd.monopoly-daily.play.description": "Jouer le défi du jour, ou le ramener",
    "cmd.monopoly-daily.play.option.edition.name": "édition",
    "cmd.monopoly-daily.play.option.edition.description":
        "Noms du plateau et monnaie : les mêmes dés ; par défaut, le plateau de votre langue",
    "cmd.monopoly-daily.play.option.edition.choice.us": "États-Unis (Boardwalk, $)",
    "cmd.monopoly-daily.play.option.edition.choice.uk": "Royaume-Uni (Mayfair, £)",
    "cmd.monopoly-daily.play.option.edition.choice.fr":
        "France (Rue de la Paix, en Cr : crédits, mêmes montants qu'en $)",
    "cmd.monopoly-daily.results.name": "classement",
    "cmd.monopoly-daily.results.description": "Le classement d'un jour (celui du jour par "
                                              "défaut)",
    "cmd.monopoly-daily.results.option.day.name": "jour",
    "cmd.monopoly-daily.results.option.day.description":
        "aujourd'hui, hier, 2026-11-23 ou un numéro de défi (#327)",
    "cmd.monopoly-daily.results.option.scope.name": "portée",
    "cmd.monopoly-daily.results.option.scope.description": "Ce serveur ou tout le monde",
    "cmd.monopoly-daily.results.option.scope.choice.server": "Ce serveur",
    "cmd.monopoly-daily.results.option.scope.choice.global": "Mondial",
    "cmd.monopoly-daily.results.option.page.name": "page",
    "cmd.monopoly-daily.results.option.page.description": "Numéro de page",
    "cmd.monopoly-daily.player.name": "joueur",
    "cmd.monopoly-daily.player.description":
        "Le défi d'un joueur, quand il ne peut plus gâcher le vôtre",
    "cmd.monopoly-daily.player.option.player.name": "joueur",
    "cmd.monopoly-daily.player.option.player.description": "Le défi de qui",
    "cmd.monopoly-daily.player.option.day.name": "jour",
    "cmd.monopoly-daily.player.option.day.description":
        "aujourd'hui (par défaut), hier, 2026-11-23 ou un numéro de défi (#327)",
    "cmd.monopoly-daily.status.name": "situation",
    "cmd.monopoly-daily.status.description":
        "L'argent et les propriétés de votre défi, et les réserves de la Banque",
    "cmd.monopoly-daily.board.name": "plateau",
    "cmd.monopoly-daily.board.description":
        "Le plateau de votre défi : qui possède quoi, et les bâtiments",
    "cmd.monopoly-daily.history.name": "historique",
    "cmd.monopoly-daily.history.description":
        "Ce qui s'est passé dans votre défi, le plus récent d'abord",
    "cmd.monopoly-daily.history.option.page.name": "page",
    "cmd.monopoly-daily.history.option.page.description": "Numéro de page (1 : la plus récente)",
    "cmd.monopoly-daily.resign.name": "abandonner",
    "cmd.monopoly-daily.resign.description": "Abandonner votre défi (il compte comme perdu)",
    "daily.field": "Défi du jour",
    # H4 : les dés par lancer ; ce qu'une carte « libéré de prison » gardée fait aux cartes.
    "daily.field.value": "n°{number} · {date} · règles standard, les mêmes dés pour tous\n"
                         "Les mêmes cartes aussi, sauf qu'une carte « Vous êtes libéré de "
                         "prison » ne retourne sous son paquet qu'une fois utilisée ou vendue : "
                         "gardez-la plus ou moins longtemps qu'un autre joueur et vos cartes "
                         "suivantes diffèrent.",
    "daily.over": "Partagez votre résultat avec le bouton ci-dessous ; /monopoly-défi "
                  "classement montre le classement du jour.",
    "daily.result.title": "Défi n°{number} ({date}) : votre résultat",
    "daily.result.won": "🏆 Gagné avec {points} en {turns}.",
    "daily.result.lost": "Perdu après avoir tenu {turns} (une défaite vaut 0 point).",
    "daily.result.streak": "Série : {current} (record {best}).",
    "daily.result.next": "Revenez demain pour le prochain défi.",
    "daily.board.title.server": "Défi n°{number} ({date}) : {server}",
    "daily.board.title.global": "Défi n°{number} ({date}) : tout le monde",
    "daily.board.won": "{rank}. {player} : gagné, {points} en {turns}",
    "daily.board.lost": "{rank}. {player} : perdu, a tenu {turns}",
    "daily.board.empty": "Personne n'a encore fini ce défi.",
    # Not "au moins de tours", which reads as "at least".
    "daily.board.footer": "Victoires classées au score, puis au plus petit nombre de tours ; "
                          "ensuite les défaites, aux tours tenus · page {page}/{pages}",
    "daily.bad_day": "« {day} » n'est pas un jour de défi : tapez aujourd'hui, hier, une date "
                     "comme 2026-11-23 ou un numéro de défi comme #{number}.",
    "daily.days.one": "{count} jour",
    "daily.days.other": "{count} jours",
    "button.share": "Partager",
    "daily.share.won": "🎲 Monopoly solo, défi n°{number} : {player} a gagné avec {points} en "
                       "{turns}. Série : {streak}. À vous : /monopoly-défi jouer",
    "daily.share.lost": "🎲 Monopoly solo, défi n°{number} : {player} a perdu après avoir "
                        "tenu {turns}. Série : {streak}. À vous : /monopoly-défi jouer",
    "daily.share.not_finished": "Finissez d'abord le défi ; ensuite partagez votre résultat.",
    "daily.share.not_daily": "Seul le résultat d'un défi du jour se partage.",
    "stats.daily_streak": "Série de défis",
    "stats.daily_streak.value": "{current} (record {best})",
    "stats.daily_played": "Défis joués / gagnés",
    "leaderboard.standard_only": "Règles standard seulement · page {page}/{pages}",
}
