"""Editions (S1, S6): names, currency sign and card texts. Pure data, no rules.

An edition changes only what the player reads: the names of the 40 squares and the colour
groups, the currency sign and the texts of the 32 cards. Prices, rents and card amounts are
the US values in every edition (S1); `board` and `cards` hold them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

GROUP_KEYS: tuple[str, ...] = (
    "brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue",
    "station", "utility",
)

_NBSP = "\u00a0"  # no-break space: French thousands separator and space before the sign


def _format_money(amount: int, currency: str, before: bool, thousands: str) -> str:
    """`amount` with its sign, M4: always a whole number of units."""
    digits = f"{abs(amount):,}".replace(",", thousands)
    minus = "-" if amount < 0 else ""
    if before:
        return f"{minus}{currency}{digits}"
    return f"{minus}{digits}{_NBSP}{currency}"


def _thousands(language: str) -> str:
    return "," if language == "en" else _NBSP


@dataclass(frozen=True, slots=True)
class Edition:
    key: str  # "us" | "uk" | "fr"
    language: str  # "en" | "fr"
    currency: str  # "$" | "£" | "Cr"
    currency_before: bool  # True: "$200"; False: "200 Cr"
    square_names: tuple[str, ...]  # 40 names, index 0 = GO, clockwise
    group_names: Mapping[str, str]  # GROUP_KEYS -> name
    jail_name: str
    just_visiting_name: str
    chance_name: str
    community_chest_name: str
    card_texts: Mapping[str, str]  # card id -> full text, amounts in this edition's currency

    def __post_init__(self) -> None:
        if len(self.square_names) != 40:
            raise ValueError(f"edition {self.key!r}: {len(self.square_names)} squares, not 40")
        if set(self.group_names) != set(GROUP_KEYS):
            raise ValueError(f"edition {self.key!r}: group names do not match GROUP_KEYS")

    def money(self, amount: int) -> str:
        """`amount` as shown to the player: $1,500, £1,500, 1 500 Cr (no-break spaces)."""
        return _format_money(amount, self.currency, self.currency_before,
                             _thousands(self.language))


Money = Callable[[int], str]


def _money_of(currency: str, before: bool, language: str) -> Money:
    def money(amount: int) -> str:
        return _format_money(amount, currency, before, _thousands(language))
    return money


# --- United States (default) -----------------------------------------------------------

_US_SQUARES: tuple[str, ...] = (
    "GO", "Mediterranean Avenue", "Community Chest", "Baltic Avenue", "Income Tax",
    "Reading Railroad", "Oriental Avenue", "Chance", "Vermont Avenue", "Connecticut Avenue",
    "Jail", "St. Charles Place", "Electric Company", "States Avenue", "Virginia Avenue",
    "Pennsylvania Railroad", "St. James Place", "Community Chest", "Tennessee Avenue",
    "New York Avenue",
    "Free Parking", "Kentucky Avenue", "Chance", "Indiana Avenue", "Illinois Avenue",
    "B. & O. Railroad", "Atlantic Avenue", "Ventnor Avenue", "Water Works", "Marvin Gardens",
    "Go to Jail", "Pacific Avenue", "North Carolina Avenue", "Community Chest",
    "Pennsylvania Avenue", "Short Line", "Chance", "Park Place", "Luxury Tax", "Boardwalk",
)

_US_GROUPS: dict[str, str] = {
    "brown": "Brown", "light_blue": "Light Blue", "pink": "Pink", "orange": "Orange",
    "red": "Red", "yellow": "Yellow", "green": "Green", "dark_blue": "Dark Blue",
    "station": "Railroads", "utility": "Utilities",
}


def _us_cards(m: Money) -> dict[str, str]:
    railroad = ("Advance to the nearest Railroad. If unowned, you may buy it from the Bank. "
                "If owned, pay owner twice the rental to which they are otherwise entitled.")
    jail_free = "Get Out of Jail Free. This card may be kept until needed or traded/sold."
    go_to_jail = f"Go to Jail. Go directly to Jail, do not pass Go, do not collect {m(200)}."
    return {
        "ch_boardwalk": "Advance to Boardwalk.",
        "ch_go": f"Advance to Go (Collect {m(200)}).",
        "ch_illinois": f"Advance to Illinois Avenue. If you pass Go, collect {m(200)}.",
        "ch_st_charles": f"Advance to St. Charles Place. If you pass Go, collect {m(200)}.",
        "ch_railroad_1": railroad,
        "ch_railroad_2": railroad,
        "ch_utility": ("Advance token to nearest Utility. If unowned, you may buy it from the "
                       "Bank. If owned, throw dice and pay owner a total ten times amount "
                       "thrown."),
        "ch_dividend": f"Bank pays you dividend of {m(50)}.",
        "ch_jail_free": jail_free,
        "ch_back_3": "Go Back 3 Spaces.",
        "ch_go_to_jail": go_to_jail,
        "ch_repairs": (f"Make general repairs on all your property. For each house pay "
                       f"{m(25)}. For each hotel pay {m(100)}."),
        "ch_speeding": f"Speeding fine {m(15)}.",
        "ch_reading": f"Take a trip to Reading Railroad. If you pass Go, collect {m(200)}.",
        "ch_chairman": f"You have been elected Chairman of the Board. Pay each player {m(50)}.",
        "ch_loan": f"Your building loan matures. Collect {m(150)}.",
        "cc_go": f"Advance to Go (Collect {m(200)}).",
        "cc_bank_error": f"Bank error in your favor. Collect {m(200)}.",
        "cc_doctor": f"Doctor's fee. Pay {m(50)}.",
        "cc_stock": f"From sale of stock you get {m(50)}.",
        "cc_jail_free": jail_free,
        "cc_go_to_jail": go_to_jail,
        "cc_holiday": f"Holiday fund matures. Receive {m(100)}.",
        "cc_tax_refund": f"Income tax refund. Collect {m(20)}.",
        "cc_birthday": f"It is your birthday. Collect {m(10)} from every player.",
        "cc_life_insurance": f"Life insurance matures. Collect {m(100)}.",
        "cc_hospital": f"Pay hospital fees of {m(100)}.",
        "cc_school": f"Pay school fees of {m(50)}.",
        "cc_consultancy": f"Receive {m(25)} consultancy fee.",
        "cc_street_repairs": (f"You are assessed for street repairs. {m(40)} per house. "
                              f"{m(115)} per hotel."),
        "cc_beauty": f"You have won second prize in a beauty contest. Collect {m(10)}.",
        "cc_inherit": f"You inherit {m(100)}.",
    }


# --- United Kingdom (London board) ------------------------------------------------------

_UK_SQUARES: tuple[str, ...] = (
    "GO", "Old Kent Road", "Community Chest", "Whitechapel Road", "Income Tax",
    "King's Cross Station", "The Angel Islington", "Chance", "Euston Road", "Pentonville Road",
    "Jail", "Pall Mall", "Electric Company", "Whitehall", "Northumberland Avenue",
    "Marylebone Station", "Bow Street", "Community Chest", "Marlborough Street", "Vine Street",
    "Free Parking", "Strand", "Chance", "Fleet Street", "Trafalgar Square",
    "Fenchurch St. Station", "Leicester Square", "Coventry Street", "Water Works",
    "Piccadilly",
    "Go to Jail", "Regent Street", "Oxford Street", "Community Chest", "Bond Street",
    "Liverpool Street Station", "Chance", "Park Lane", "Super Tax", "Mayfair",
)

_UK_GROUPS: dict[str, str] = {
    "brown": "Brown", "light_blue": "Light Blue", "pink": "Pink", "orange": "Orange",
    "red": "Red", "yellow": "Yellow", "green": "Green", "dark_blue": "Dark Blue",
    "station": "Stations", "utility": "Utilities",
}


def _uk_cards(m: Money) -> dict[str, str]:
    station = ("Advance to the nearest station. If unowned, you may buy it from the Bank. "
               "If owned, pay the owner twice the rent to which they are otherwise entitled.")
    jail_free = "Get Out of Jail Free. This card may be kept until needed or sold."
    go_to_jail = f"Go to Jail. Go directly to Jail, do not pass Go, do not collect {m(200)}."
    return {
        "ch_boardwalk": "Advance to Mayfair.",
        "ch_go": f"Advance to Go (Collect {m(200)}).",
        "ch_illinois": f"Advance to Trafalgar Square. If you pass Go, collect {m(200)}.",
        "ch_st_charles": f"Advance to Pall Mall. If you pass Go, collect {m(200)}.",
        "ch_railroad_1": station,
        "ch_railroad_2": station,
        "ch_utility": ("Advance to the nearest utility. If unowned, you may buy it from the "
                       "Bank. If owned, throw the dice and pay the owner ten times the amount "
                       "thrown."),
        "ch_dividend": f"Bank pays you dividend of {m(50)}.",
        "ch_jail_free": jail_free,
        "ch_back_3": "Go back 3 spaces.",
        "ch_go_to_jail": go_to_jail,
        "ch_repairs": (f"Make general repairs on all your property. For each house pay "
                       f"{m(25)}. For each hotel pay {m(100)}."),
        "ch_speeding": f"Speeding fine {m(15)}.",
        "ch_reading": f"Take a trip to King's Cross Station. If you pass Go, collect {m(200)}.",
        "ch_chairman": f"You have been elected Chairman of the Board. Pay each player {m(50)}.",
        "ch_loan": f"Your building loan matures. Collect {m(150)}.",
        "cc_go": f"Advance to Go (Collect {m(200)}).",
        "cc_bank_error": f"Bank error in your favour. Collect {m(200)}.",
        "cc_doctor": f"Doctor's fees. Pay {m(50)}.",
        "cc_stock": f"From sale of stock you get {m(50)}.",
        "cc_jail_free": jail_free,
        "cc_go_to_jail": go_to_jail,
        "cc_holiday": f"Holiday fund matures. Receive {m(100)}.",
        "cc_tax_refund": f"Income tax refund. Collect {m(20)}.",
        "cc_birthday": f"It is your birthday. Collect {m(10)} from every player.",
        "cc_life_insurance": f"Life insurance matures. Collect {m(100)}.",
        "cc_hospital": f"Pay hospital fees of {m(100)}.",
        "cc_school": f"Pay school fees of {m(50)}.",
        "cc_consultancy": f"Receive {m(25)} consultancy fee.",
        "cc_street_repairs": (f"You are assessed for street repairs. {m(40)} per house. "
                              f"{m(115)} per hotel."),
        "cc_beauty": f"You have won second prize in a beauty contest. Collect {m(10)}.",
        "cc_inherit": f"You inherit {m(100)}.",
    }


# --- France (Paris board) ---------------------------------------------------------------

_FR_SQUARES: tuple[str, ...] = (
    "Départ", "Boulevard de Belleville", "Caisse de communauté", "Rue Lecourbe",
    "Impôts sur le revenu", "Gare Montparnasse", "Rue de Vaugirard", "Chance",
    "Rue de Courcelles", "Avenue de la République",
    "Prison", "Boulevard de la Villette", "Compagnie de distribution d'électricité",
    "Avenue de Neuilly", "Rue de Paradis", "Gare de Lyon", "Avenue Mozart",
    "Caisse de communauté", "Boulevard Saint-Michel", "Place Pigalle",
    "Parc gratuit", "Avenue Matignon", "Chance", "Boulevard Malesherbes",
    "Avenue Henri-Martin", "Gare du Nord", "Faubourg Saint-Honoré", "Place de la Bourse",
    "Compagnie de distribution des eaux", "Rue La Fayette",
    "Allez en prison", "Avenue de Breteuil", "Avenue Foch", "Caisse de communauté",
    "Boulevard des Capucines", "Gare Saint-Lazare", "Chance",
    "Avenue des Champs-Élysées", "Taxe de luxe", "Rue de la Paix",
)

_FR_GROUPS: dict[str, str] = {
    "brown": "Marron", "light_blue": "Bleu clair", "pink": "Rose", "orange": "Orange",
    "red": "Rouge", "yellow": "Jaune", "green": "Vert", "dark_blue": "Bleu foncé",
    "station": "Gares", "utility": "Compagnies",
}


def _fr_cards(m: Money) -> dict[str, str]:
    pass_go = f"Si vous passez par la case Départ, recevez {m(200)}."
    station = ("Avancez jusqu'à la gare la plus proche. Si elle est libre, vous pouvez "
               "l'acheter à la Banque. Sinon, payez au propriétaire le double du loyer "
               "auquel il a droit.")
    jail_free = ("Vous êtes libéré de prison. Cette carte peut être conservée jusqu'à ce "
                 "qu'elle soit utilisée ou vendue.")
    go_to_jail = (f"Allez en prison. Rendez-vous directement en prison, ne passez pas par la "
                  f"case Départ, ne recevez pas {m(200)}.")
    return {
        "ch_boardwalk": "Avancez jusqu'à la Rue de la Paix.",
        "ch_go": f"Avancez jusqu'à la case Départ (recevez {m(200)}).",
        "ch_illinois": f"Avancez jusqu'à l'Avenue Henri-Martin. {pass_go}",
        "ch_st_charles": f"Avancez jusqu'au Boulevard de la Villette. {pass_go}",
        "ch_railroad_1": station,
        "ch_railroad_2": station,
        "ch_utility": ("Avancez jusqu'à la compagnie la plus proche. Si elle est libre, vous "
                       "pouvez l'acheter à la Banque. Sinon, lancez les dés et payez au "
                       "propriétaire dix fois le total obtenu."),
        "ch_dividend": f"La Banque vous verse un dividende de {m(50)}.",
        "ch_jail_free": jail_free,
        "ch_back_3": "Reculez de trois cases.",
        "ch_go_to_jail": go_to_jail,
        "ch_repairs": (f"Faites des réparations dans toutes vos propriétés. Versez {m(25)} "
                       f"par maison et {m(100)} par hôtel."),
        "ch_speeding": f"Amende pour excès de vitesse. Payez {m(15)}.",
        "ch_reading": f"Allez à la Gare Montparnasse. {pass_go}",
        "ch_chairman": (f"Vous avez été élu président du conseil d'administration. Versez "
                        f"{m(50)} à chaque joueur."),
        "ch_loan": f"Votre prêt immobilier arrive à échéance. Recevez {m(150)}.",
        "cc_go": f"Avancez jusqu'à la case Départ (recevez {m(200)}).",
        "cc_bank_error": f"Erreur de la Banque en votre faveur. Recevez {m(200)}.",
        "cc_doctor": f"Honoraires du médecin. Payez {m(50)}.",
        "cc_stock": f"La vente de vos actions vous rapporte {m(50)}.",
        "cc_jail_free": jail_free,
        "cc_go_to_jail": go_to_jail,
        "cc_holiday": f"Votre placement vacances arrive à échéance. Recevez {m(100)}.",
        "cc_tax_refund": f"Remboursement de l'impôt sur le revenu. Recevez {m(20)}.",
        "cc_birthday": f"C'est votre anniversaire. Chaque joueur vous donne {m(10)}.",
        "cc_life_insurance": f"Votre assurance vie arrive à échéance. Recevez {m(100)}.",
        "cc_hospital": f"Payez des frais d'hospitalisation de {m(100)}.",
        "cc_school": f"Payez des frais de scolarité de {m(50)}.",
        "cc_consultancy": f"Recevez {m(25)} d'honoraires de conseil.",
        "cc_street_repairs": (f"Vous êtes imposé pour des réparations de voirie. {m(40)} par "
                              f"maison. {m(115)} par hôtel."),
        "cc_beauty": f"Vous avez gagné le deuxième prix de beauté. Recevez {m(10)}.",
        "cc_inherit": f"Vous héritez de {m(100)}.",
    }


# --- The table ----------------------------------------------------------------------------

def _make(key: str, language: str, currency: str, before: bool, squares: tuple[str, ...],
          groups: dict[str, str], jail: str, visiting: str, chance: str, chest: str,
          cards: Callable[[Money], dict[str, str]]) -> Edition:
    texts = cards(_money_of(currency, before, language))
    return Edition(key, language, currency, before, squares, MappingProxyType(groups),
                   jail, visiting, chance, chest, MappingProxyType(texts))


EDITIONS: Mapping[str, Edition] = MappingProxyType({
    "us": _make("us", "en", "$", True, _US_SQUARES, _US_GROUPS, "In Jail", "Just Visiting",
                "Chance", "Community Chest", _us_cards),
    "uk": _make("uk", "en", "£", True, _UK_SQUARES, _UK_GROUPS, "In Jail", "Just Visiting",
                "Chance", "Community Chest", _uk_cards),
    "fr": _make("fr", "fr", "Cr", False, _FR_SQUARES, _FR_GROUPS, "En prison",
                "Simple visite", "Chance", "Caisse de communauté", _fr_cards),
})


def edition(key: str) -> Edition:
    """The edition named `key`; ValueError with the choices for anything else."""
    try:
        return EDITIONS[key]
    except KeyError:
        raise ValueError(f"unknown edition {key!r}: choose us, uk or fr") from None
