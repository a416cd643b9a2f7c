"""The names the board picture writes on its squares.

Shown in a chat (512 px wide) a square is about 43 px wide and its name must be 11 px high:
room for 7-8 letters a line, two lines. Where an edition's full name can't fit, the board
writes the short name below (a game term's, GO, Community Chest..., is the catalog's in the
player's language, bot.i18n.squares) (the embed, the history and the text board keep the full one).
A space is where a line may break; "Penton- ville" breaks after its hyphen.
"""

from __future__ import annotations

from bot.i18n.squares import TERM_KEYS, short_square_names

SHORT_NAMES: dict[str, dict[int, str]] = {  # the streets' and stations' short forms
    "us": {
        1: "Medit. Ave", 3: "Baltic Ave", 5: "Reading RR", 6: "Oriental Ave", 8: "Vermont Ave",
        9: "Connect. Ave", 11: "St. Charles", 13: "States Ave", 14: "Virginia Ave",
        15: "Penn. RR", 16: "St. James", 18: "Tennessee", 19: "New York", 21: "Kentucky",
        23: "Indiana", 24: "Illinois", 25: "B.&O. RR", 26: "Atlantic", 27: "Ventnor",
        29: "Marvin Gardens", 31: "Pacific Ave", 32: "N. Carolina", 34: "Penn. Ave",
        35: "Short Line", 37: "Park Place", 39: "Boardwalk",
    },
    "uk": {
        1: "Old Kent Rd", 3: "White- chapel", 5: "King's Cross", 6: "The Angel", 8: "Euston Rd",
        9: "Penton- ville", 11: "Pall Mall", 13: "Whitehall", 14: "Northumb. Ave",
        15: "Maryle- bone", 16: "Bow Street", 18: "Marlb. St", 19: "Vine Street",
        23: "Fleet St", 24: "Trafalgar Sq", 25: "Fen- church", 26: "Leicester Sq",
        27: "Coventry St", 29: "Picca- dilly", 31: "Regent St", 32: "Oxford St", 34: "Bond St",
        35: "Liverpool St", 37: "Park Lane",
    },
    "fr": {
        1: "Bd Belle- ville", 3: "Rue Lecourbe", 5: "Gare Montp.", 6: "Vaugi- rard",
        8: "Cour- celles", 9: "Répu- blique", 11: "Bd Villette", 13: "Av. Neuilly",
        14: "Rue de Paradis", 15: "Gare de Lyon", 16: "Av. Mozart", 18: "Bd St- Michel",
        19: "Place Pigalle", 21: "Av. Mati- gnon", 23: "Males- herbes", 24: "Henri- Martin",
        25: "Gare du Nord", 26: "Fbg St- Honoré", 27: "Pl. de la Bourse", 29: "Rue La Fayette",
        31: "Av. de Breteuil", 32: "Avenue Foch", 34: "Bd des Capucines",
        35: "Gare St-Lazare", 37: "Champs- Élysées", 39: "Rue de la Paix",
    },
}


def board_name(edition: str, square: int, locale: str) -> str:
    """The name written on square `square` of the board picture for a reader of `locale`."""
    if square in TERM_KEYS:
        return short_square_names(edition, locale)[square]
    return SHORT_NAMES.get(edition, {}).get(square, short_square_names(edition, locale)[square])
