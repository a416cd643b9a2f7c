"""The names the board picture writes on its squares.

Shown in a chat (512 px wide) a square is about 43 px wide and its name must be 11 px high:
room for 7-8 letters a line, two lines. Where an edition's full name can't fit, the board
writes the short name below (the embed, the history and the text board keep the full one).
A space is where a line may break; "Penton- ville" breaks after its hyphen.
"""

from __future__ import annotations

from game_core.editions import EDITIONS

SHORT_NAMES: dict[str, dict[int, str]] = {
    "us": {
        1: "Medit. Ave", 2: "Comm. Chest", 3: "Baltic Ave", 4: "Income Tax", 5: "Reading RR",
        6: "Oriental Ave", 8: "Vermont Ave", 9: "Connect. Ave", 11: "St. Charles",
        12: "Electric Co.", 13: "States Ave", 14: "Virginia Ave", 15: "Penn. RR",
        16: "St. James", 17: "Comm. Chest", 18: "Tennessee", 19: "New York", 21: "Kentucky",
        23: "Indiana", 24: "Illinois", 25: "B.&O. RR", 26: "Atlantic", 27: "Ventnor",
        28: "Water Works", 29: "Marvin Gardens", 31: "Pacific Ave", 32: "N. Carolina",
        33: "Comm. Chest", 34: "Penn. Ave", 35: "Short Line", 37: "Park Place",
        38: "Luxury Tax", 39: "Boardwalk",
    },
    "uk": {
        1: "Old Kent Rd", 2: "Comm. Chest", 3: "White- chapel", 4: "Income Tax",
        5: "King's Cross", 6: "The Angel", 8: "Euston Rd", 9: "Penton- ville",
        11: "Pall Mall", 12: "Electric Co.", 13: "Whitehall", 14: "Northumb. Ave",
        15: "Maryle- bone", 16: "Bow Street", 17: "Comm. Chest", 18: "Marlb. St",
        19: "Vine Street", 23: "Fleet St", 24: "Trafalgar Sq", 25: "Fen- church",
        26: "Leicester Sq", 27: "Coventry St", 28: "Water Works", 29: "Picca- dilly",
        31: "Regent St", 32: "Oxford St", 33: "Comm. Chest", 34: "Bond St",
        35: "Liverpool St", 37: "Park Lane", 38: "Super Tax",
    },
    "fr": {
        1: "Bd Belle- ville", 2: "Caisse comm.", 3: "Rue Lecourbe", 4: "Impôts", 5: "Gare Montp.",
        6: "Vaugi- rard", 8: "Cour- celles", 9: "Répu- blique", 11: "Bd Villette",
        12: "Électricité", 13: "Av. Neuilly", 14: "Rue de Paradis", 15: "Gare de Lyon",
        16: "Av. Mozart", 17: "Caisse comm.", 18: "Bd St- Michel", 19: "Place Pigalle",
        21: "Av. Mati- gnon", 23: "Males- herbes", 24: "Henri- Martin", 25: "Gare du Nord",
        26: "Fbg St- Honoré", 27: "Pl. de la Bourse", 28: "Eaux", 29: "Rue La Fayette",
        31: "Av. de Breteuil", 32: "Avenue Foch", 33: "Caisse comm.", 34: "Bd des Capucines",
        35: "Gare St-Lazare", 37: "Champs- Élysées", 38: "Taxe de luxe", 39: "Rue de la Paix",
    },
}


def board_name(edition: str, square: int) -> str:
    """The name written on square `square` of the board picture."""
    return SHORT_NAMES.get(edition, {}).get(square, EDITIONS[edition].square_names[square])
