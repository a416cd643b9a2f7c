"""The rules for players, in English and French, as embed pages (each body <= 4096 chars).

Written in plain words from the rulings of RULES.md, each with its id (S1… H3) so a player
can quote it and a developer can find it. One page per section of RULES.md, after a short
"how to play" page.
"""

from __future__ import annotations

from dataclasses import dataclass

from .catalog import t

PAGE_LIMIT = 4096  # Discord: an embed description

SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("intro", ()),
    ("setup", ("S1", "S2", "S3", "S4", "S5", "S6")),
    ("turn", ("T1", "T2", "T3", "T4")),
    ("squares", ("P1", "P2", "P3", "P4", "P5", "P6", "P7")),
    ("rent", ("R1", "R2", "R3", "R4")),
    ("money", ("M1", "M2", "M3", "M4", "M5")),
    ("end", ("E1", "E2", "E3")),
    ("hosting", ("H1", "H2", "H3", "H4", "H5")),
)

INTRO = {
    "en": (
        "You play Monopoly alone, against the Bank. You start on GO with 200 and roll the dice "
        "each turn. Buy the properties you land on: a property you decline goes to the Bank, "
        "which then charges you rent on it and builds there for free each time you land.\n\n"
        "**You win** when you own all 28 properties or when the Bank runs out of money. "
        "**You lose** when you can't pay what you owe.\n\n"
        "Play with the buttons under the game message. The menu sells buildings, mortgages "
        "properties or lifts mortgages at any moment of your turn. Every rule below has an id "
        "(S1, T3…) you can quote."
    ),
    "fr": (
        "Vous jouez au Monopoly seul, contre la Banque. Vous partez de la case Départ avec 200 "
        "et lancez les dés à chaque tour. Achetez les propriétés où vous vous arrêtez : une "
        "propriété refusée va à la Banque, qui vous fait ensuite payer un loyer et y construit "
        "gratuitement à chacun de vos passages.\n\n"
        "**Vous gagnez** quand vous possédez les 28 propriétés ou quand la Banque n'a plus "
        "d'argent. **Vous perdez** quand vous ne pouvez pas payer ce que vous devez.\n\n"
        "Jouez avec les boutons sous le message de la partie. Le menu vend des bâtiments, "
        "hypothèque des propriétés ou lève des hypothèques à tout moment de votre tour. Chaque "
        "règle ci-dessous a un numéro (S1, T3…) que vous pouvez citer."
    ),
}

RULES_EN: dict[str, str] = {
    "S1": "The standard board: 40 squares, 28 properties (22 streets in 8 colour groups, 4 "
          "stations, 2 utilities), with the US prices and rents. The edition (US, UK, French) "
          "only changes the names and the currency sign.",
    "S2": "You start on GO with 200.",
    "S3": "The Bank's treasury is limited: 20,580 in all (a house rule can change it), less "
          "your 200. Money only moves between you and the Bank.",
    "S4": "The Bank has 7 pawns (a house rule can change it).",
    "S5": "32 houses and 12 hotels, shared by you and the Bank.",
    "S6": "16 Chance and 16 Community Chest cards, shuffled for each game.",
    "T1": "Roll two dice, move forward, and do what the square says.",
    "T2": "Passing or landing on GO pays you 200, also when a card moves you, but never on "
          "the way to Jail.",
    "T3": "Doubles do nothing in the solo game. With the house rule doubles=standard: roll "
          "again after doubles, a third double in a row sends you to Jail, and a double gets "
          "you out of Jail (after three failed tries, pay the fine and move).",
    "T4": "At any moment of your turn you may mortgage a property, sell a building, sell your "
          "Get Out of Jail Free card for 50, or lift a mortgage (not while paying off a debt).",
    "P1": "Unowned property: buy it at its price, or decline. If you decline, the Bank puts "
          "one of its pawns on it and owns it for good; with no pawn left it stays for sale.",
    "P2": "Your own property: the Bank pays you its rent (none if mortgaged). If you own the "
          "whole colour group and none of it is mortgaged, you may build on this street only, "
          "now: up to 4 houses, then a hotel for the price of a house (the 4 houses go back).",
    "P3": "A Bank property: pay the Bank its rent. Then the Bank builds there for free: a "
          "house, or a hotel once it has 4, if the supply has one. The house rule "
          "bank_build_cap (0 to 4) stops the Bank at that many houses (5, the default, lets "
          "it build its hotel): the strongest way to make the game easier (the /monopoly new "
          "presets use it). A game under any house rule stays off the leaderboard.",
    "P4": "Chance and Community Chest: take the top card, do what it says, put it at the "
          "bottom. Keep a Get Out of Jail Free card until you use or sell it. \"Each player\" "
          "means the Bank, once. A card sending you to the nearest station or utility: pay "
          "the Bank twice the rent or ten times the dice if it owns it, get that from the "
          "Bank if you own it, buy it or decline if nobody does. Repairs count your "
          "buildings only.",
    "P5": "Income Tax 200, Luxury Tax 100, paid to the Bank.",
    "P6": "Go to Jail (square or card): straight to Jail, no 200, your turn ends. Next turn, "
          "pay the 50 fine or use a Get Out of Jail Free card, then roll. Landing on Jail by "
          "a roll is Just Visiting.",
    "P7": "Free Parking: nothing happens.",
    "R1": "Street: the rent on the deed, doubled when its owner has the whole colour group "
          "and none of it is mortgaged; with buildings, the rent for its houses or hotel.",
    "R2": "Station: 25, 50, 100 or 200 for 1, 2, 3 or 4 stations of the same owner "
          "(mortgaged ones count).",
    "R3": "Utility: roll the dice again; 4 times the total, 10 times if the owner has both.",
    "R4": "A mortgaged property earns no rent. The Bank never mortgages.",
    "M1": "If you can't pay a debt in cash, sell buildings, mortgage properties or sell your "
          "card until you can; then it is paid. If all of that together could not cover it, "
          "you lose at once. The Jail fine is such a debt.",
    "M2": "Mortgage a property whose colour group has no buildings: the Bank pays half its "
          "price. Lifting the mortgage costs that plus 10%, rounded up.",
    "M3": "A building sells to the Bank for half its cost. A hotel sold leaves 4 houses on "
          "the street (houses the supply lacks are sold too).",
    "M4": "Every amount is a whole number.",
    "M5": "When the Bank owes more than it has, it pays all it has and is bankrupt.",
    "E1": "You win when you own all 28 properties, or when the Bank is bankrupt. The Bank "
          "never sells its properties: once it owns one, only its bankruptcy is left.",
    "E2": "A win scores your cash, plus half the price of each unmortgaged property, plus "
          "half the cost of each building (a hotel counts with its 4 houses). Mortgaged "
          "properties add nothing.",
    "E3": "You lose when a debt can't be paid, or when you resign. A loss scores 0.",
    "H1": "One game at a time per Discord user; starting another asks you to resign the "
          "first.",
    "H2": "Your game waits for you as long as you like, even when the bot restarts.",
    "H3": "Every game can be replayed exactly from its seed and your choices.",
    "H4": "Dice by roll: your 10th roll of a game is the same whatever you bought, declined, "
          "mortgaged or sold before it. A utility's rent roll and a doubles try in Jail use "
          "dice of their own and never shift the others. So two players of the same game "
          "(the daily) stand on the same square after every roll. The cards come in the "
          "same order for both too, until one of them keeps, uses or sells a Get Out of "
          "Jail Free card: that card goes back under its deck later than for the other.",
    "H5": "The daily challenge: one game a day (UTC) for everyone, under the standard rules, "
          "one attempt each. Nobody sees another player's daily before it is over.",
}

RULES_FR: dict[str, str] = {
    "S1": "Le plateau standard : 40 cases, 28 propriétés (22 terrains en 8 groupes de "
          "couleur, 4 gares, 2 compagnies), avec les prix et loyers américains. L'édition "
          "(américaine, britannique, française) ne change que les noms et la monnaie.",
    "S2": "Vous partez de la case Départ avec 200.",
    "S3": "Le trésor de la Banque est limité : 20 580 en tout (modifiable en règle maison), "
          "moins vos 200. L'argent ne circule qu'entre vous et la Banque.",
    "S4": "La Banque a 7 pions (modifiable en règle maison).",
    "S5": "32 maisons et 12 hôtels, partagés entre vous et la Banque.",
    "S6": "16 cartes Chance et 16 cartes Caisse de communauté, mélangées à chaque partie.",
    "T1": "Lancez les deux dés, avancez, et faites ce que dit la case.",
    "T2": "Passer ou s'arrêter sur la case Départ rapporte 200, même quand une carte vous "
          "déplace, mais jamais en allant en prison.",
    "T3": "Les doubles ne font rien dans la variante solo. Avec la règle maison "
          "doubles=standard : on rejoue après un double, un troisième double de suite envoie "
          "en prison, et un double fait sortir de prison (après trois essais ratés, payez "
          "l'amende et avancez).",
    "T4": "À tout moment de votre tour, vous pouvez hypothéquer une propriété, vendre un "
          "bâtiment, vendre votre carte « Vous êtes libéré de prison » pour 50, ou lever une "
          "hypothèque (sauf pendant le paiement d'une dette).",
    "P1": "Propriété n'appartenant à personne : achetez-la à son prix, ou refusez. Si vous "
          "refusez, la Banque y place un de ses pions et la possède pour toujours ; si elle "
          "n'a plus de pion, la propriété reste à vendre.",
    "P2": "Propriété que vous possédez : la Banque vous verse son loyer (aucun si elle est "
          "hypothéquée). Si vous possédez tout le groupe de couleur et qu'aucune n'est "
          "hypothéquée, vous pouvez construire sur ce terrain seulement, tout de suite : "
          "jusqu'à 4 maisons, puis un hôtel au prix d'une maison (les 4 maisons sont rendues).",
    "P3": "Propriété de la Banque : payez-lui le loyer. Puis la Banque y construit gratuitement "
          "une maison, ou un hôtel quand elle en a 4, s'il en reste. La règle maison "
          "plafond_banque (0 à 4) arrête la Banque à ce nombre de maisons (5, la valeur par "
          "défaut, la laisse bâtir son hôtel) : le levier le plus fort pour faciliter la "
          "partie (les niveaux de /monopoly nouvelle s'en servent). Une partie en règles "
          "maison ne compte pas au classement.",
    "P4": "Chance et Caisse de communauté : prenez la carte du dessus, suivez-la, remettez-la "
          "sous le paquet. Gardez une carte « Vous êtes libéré de prison » jusqu'à l'utiliser "
          "ou la vendre. « Chaque joueur » désigne la Banque, une fois. Une carte qui vous "
          "envoie à la gare ou la compagnie la plus proche : payez à la Banque le double du "
          "loyer ou dix fois les dés si elle la possède, recevez-le de la Banque si elle est à "
          "vous, achetez-la ou refusez si elle n'est à personne. Les réparations ne comptent "
          "que vos bâtiments.",
    "P5": "Impôts sur le revenu 200, taxe de luxe 100, payés à la Banque.",
    "P6": "Allez en prison (case ou carte) : directement en prison, sans toucher 200, votre "
          "tour s'arrête. Au tour suivant, payez l'amende de 50 ou utilisez une carte « Vous "
          "êtes libéré de prison », puis lancez les dés. S'arrêter sur la prison par les dés, "
          "c'est une simple visite.",
    "P7": "Parc gratuit : il ne se passe rien.",
    "R1": "Terrain : le loyer du titre de propriété, doublé quand son propriétaire possède "
          "tout le groupe de couleur sans hypothèque ; avec des bâtiments, le loyer de ses "
          "maisons ou de son hôtel.",
    "R2": "Gare : 25, 50, 100 ou 200 pour 1, 2, 3 ou 4 gares au même propriétaire (les gares "
          "hypothéquées comptent).",
    "R3": "Compagnie : relancez les dés ; 4 fois le total, 10 fois si le propriétaire possède "
          "les deux.",
    "R4": "Une propriété hypothéquée ne rapporte aucun loyer. La Banque n'hypothèque jamais.",
    "M1": "Si vous ne pouvez pas payer une dette comptant, vendez des bâtiments, hypothéquez "
          "des propriétés ou vendez votre carte jusqu'à pouvoir payer ; la dette est alors "
          "payée. Si tout cela ne suffirait pas, vous perdez aussitôt. L'amende de prison est "
          "une telle dette.",
    "M2": "Hypothéquez une propriété dont le groupe de couleur n'a aucun bâtiment : la Banque "
          "vous verse la moitié de son prix. Lever l'hypothèque coûte cette somme plus 10 %, "
          "arrondie au-dessus.",
    "M3": "Un bâtiment se vend à la Banque la moitié de son prix. Un hôtel vendu laisse 4 "
          "maisons sur le terrain (celles qui manquent à la réserve sont vendues aussi).",
    "M4": "Tous les montants sont des nombres entiers.",
    "M5": "Quand la Banque doit plus qu'elle n'a, elle paie tout ce qu'elle a et fait faillite.",
    "E1": "Vous gagnez quand vous possédez les 28 propriétés, ou quand la Banque fait "
          "faillite. La Banque ne revend jamais ses propriétés : dès qu'elle en a une, il ne "
          "reste que sa faillite.",
    "E2": "Une victoire rapporte votre argent, plus la moitié du prix de chaque propriété non "
          "hypothéquée, plus la moitié du prix de chaque bâtiment (un hôtel compte avec ses 4 "
          "maisons). Les propriétés hypothéquées ne rapportent rien.",
    "E3": "Vous perdez quand une dette ne peut pas être payée, ou quand vous abandonnez. Une "
          "défaite vaut 0 point.",
    "H1": "Une partie à la fois par utilisateur Discord ; en commencer une autre vous propose "
          "d'abandonner la première.",
    "H2": "Votre partie vous attend aussi longtemps que vous voulez, même si le bot redémarre.",
    "H3": "Chaque partie peut être rejouée à l'identique à partir de sa graine et de vos choix.",
    "H4": "Les dés par lancer : votre 10e lancer d'une partie est le même quoi que vous ayez "
          "acheté, refusé, hypothéqué ou vendu avant. Le lancer du loyer d'une compagnie et "
          "un essai de double en prison ont leurs propres dés et ne décalent jamais les "
          "autres. Deux joueurs de la même partie (le défi du jour) sont donc sur la même "
          "case après chaque lancer. Les cartes viennent aussi dans le même ordre pour les "
          "deux, jusqu'à ce que l'un garde, utilise ou vende une carte « Vous êtes libéré de "
          "prison » : elle retourne sous son paquet plus tard que pour l'autre.",
    "H5": "Le défi du jour : une partie par jour (UTC) pour tout le monde, en règles standard, "
          "une tentative chacun. Personne ne voit le défi d'un autre joueur avant qu'il soit "
          "terminé.",
}

RULES: dict[str, dict[str, str]] = {"en": RULES_EN, "fr": RULES_FR}


@dataclass(frozen=True, slots=True)
class RulesPage:
    title: str  # <= 256 (embed title)
    body: str  # <= 4096 (embed description)
    section: str  # a SECTIONS key
    rule_ids: tuple[str, ...]


def _split(lines: list[str]) -> list[str]:
    bodies: list[str] = []
    current = ""
    for line in lines:
        if current and len(current) + 2 + len(line) > PAGE_LIMIT:
            bodies.append(current)
            current = line
        else:
            current = f"{current}\n\n{line}" if current else line
    bodies.append(current)
    return bodies


def rules_pages(locale: str) -> list[RulesPage]:
    """The rules as pages for `locale` ("fr*" French, else English), in RULES.md's order."""
    lang = "fr" if locale.lower().startswith("fr") else "en"
    texts = RULES[lang]
    parts: list[tuple[str, str, tuple[str, ...]]] = []
    for section, ids in SECTIONS:
        lines = [INTRO[lang]] if not ids else [f"**{i}** {texts[i]}" for i in ids]
        parts += [(section, body, ids) for body in _split(lines)]
    total = len(parts)
    return [
        RulesPage(t(lang, "rules.title", section=t(lang, f"rules.section.{section}"),
                    page=n, pages=total), body, section, ids)
        for n, (section, body, ids) in enumerate(parts, start=1)
    ]


def rules_markdown() -> str:
    """docs/RULES.md: the players' rules page, English then French, with the rule ids."""
    parts = ["# Solo Monopoly: the rules\n\n",
             "Every ruling has an id (S1, T3, M1...) that the bot, the code and the tests "
             "quote. *Version française plus bas.*\n"]
    for locale, heading in (("en", "English"), ("fr", "Français")):
        parts.append(f"\n## {heading}\n")
        for page in rules_pages(locale):
            title = page.title.split(": ", 1)[-1].rsplit(" (", 1)[0]
            parts.append(f"\n### {title}\n\n{page.body.strip()}\n")
    return "".join(parts)


if __name__ == "__main__":
    print(rules_markdown(), end="")
