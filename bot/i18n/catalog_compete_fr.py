"""Textes français de la compétition loyale (ticket 12) : règles maison, préréglages, défi
du jour. Séparés de catalog_fr pour que chaque fichier reste court ; catalog.py les réunit.
"""

FR_COMPETE: dict[str, str] = {
    # ---- règles maison ------------------------------------------------------------------
    "house.notice": "Règles maison : {rules}. Cette partie ne compte pas au classement.",
    "house.notice.short": "Règles maison : {rules}",
    "house.field": "Règles maison",
    "house.field.value": "{rules}. Hors classement.",
    "house.rule.doubles": "doubles comme au Monopoly classique (T3)",
    "house.rule.treasury": "trésor de la Banque {amount} (S3)",
    "house.rule.bank_pawns": "{count} pions pour la Banque (S4)",
    "house.rule.start_cash": "argent de départ {amount} (S2)",
    "house.rule.bank_build_cap.0": "la Banque ne construit jamais (P3)",
    "house.rule.bank_build_cap.one": "la Banque construit au plus {count} maison (P3)",
    "house.rule.bank_build_cap.other": "la Banque construit au plus {count} maisons (P3)",
    "stats.house_played": "Parties en règles maison",
    "stats.house_won": "Victoires en règles maison",
    "stats.standard_only": "Meilleur score et victoire la plus rapide : parties aux règles "
                           "standard seulement.",
    # ---- préréglages (libellés construits depuis game_core.presets) ----------------------
    "preset.label": "{title} : {levers}, {odds}",
    "preset.title.standard": "Standard",
    "preset.title.gentle": "Doux",
    "preset.title.relaxed": "Détendu",
    "preset.title.easy": "Facile",
    "preset.title.beginner": "Débutant",
    "preset.levers.none": "les règles du solo",
    "preset.lever.start_cash": "départ {amount}",
    "preset.lever.bank_build_cap.one": "la Banque bâtit {count} maison max",
    "preset.lever.bank_build_cap.other": "la Banque bâtit {count} maisons max",
    "preset.odds.0": "moins d'une partie sur 20 gagnée",
    "preset.odds.one": "environ {count} partie sur 10 gagnée",
    "preset.odds.other": "environ {count} parties sur 10 gagnées",
    "cmd.monopoly.new.option.preset.name": "niveau",
    "cmd.monopoly.new.option.preset.description":
        "Un niveau de difficulté (règles maison, hors classement, sauf Standard)",
    "cmd.monopoly.new.option.bank_build_cap.name": "plafond_banque",
    "cmd.monopoly.new.option.bank_build_cap.description":
        "Maisons au plus que la Banque bâtit sur une rue (règle maison P3 ; 5 = hôtel, la règle)",
    "leaderboard.standard_only": "Règles standard seulement · page {page}/{pages}",
}
