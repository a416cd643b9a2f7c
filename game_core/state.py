"""The whole game as plain data, and its JSON form (like a FEN, but with the RNG and decks).

`GameState` is a mutable record with slots: the engine changes it in place on the hot path;
`Game` is the only public way to do so.
"""

from __future__ import annotations

from typing import Any

from .board import HOTEL, PROPERTIES, SQUARES, TOTAL_HOTELS, TOTAL_HOUSES, Kind
from .cards import CARDS, CHANCE, CHEST, JAIL_FREE_CARDS
from .errors import CorruptStateError
from .events import Event, event_from_dict
from .options import Options
from .rng import BY_DRAW, BY_ROLL, MASK64, shuffled

# What the game waits for.
ROLL = "roll"  # T1
JAIL = "jail"  # P6: pay the fine or use a card (or try doubles, T3 standard)
BUY = "buy"  # P1
BUILD = "build"  # P2
RAISE_FUNDS = "raise_funds"  # M1
OVER = "over"  # E1-E3
PENDING_KINDS = (ROLL, JAIL, BUY, BUILD, RAISE_FUNDS, OVER)

# Who owns a square.
NOBODY, PLAYER, BANK = 0, 1, 2

# What happens once a raise-funds debt is paid (M1).
THEN_END = "end"  # the stop is over
THEN_BANK_BUILD = "bank_build"  # P3: the Bank builds on the street just paid for
THEN_ROLL = "roll"  # P6: the fine is paid, now roll
THEN_MOVE = "move"  # T3: third failed doubles try, fine paid, move by that roll
CONTINUATIONS = ("", THEN_END, THEN_BANK_BUILD, THEN_ROLL, THEN_MOVE)

# The saved-game format says the dice scheme (rng): format 1 games were made before dice by
# roll (H4) and keep one counter for every die (`draws`); format 2 games count their dice by
# roll (`move_rolls`, `utility_rolls`, `jail_rolls`). A game is saved in its own format
# forever, so an old game's saved state stays exactly what its replay gives (H3).
FORMAT_OF_SCHEME = {BY_DRAW: 1, BY_ROLL: 2}
SCHEME_OF_FORMAT = {f: scheme for scheme, f in FORMAT_OF_SCHEME.items()}
FORMAT = FORMAT_OF_SCHEME[BY_ROLL]  # what new games are saved as
_COUNTERS = {BY_DRAW: ("draws",), BY_ROLL: ("move_rolls", "utility_rolls", "jail_rolls")}
_CHANCE_IDS, _CHEST_IDS = tuple(c.id for c in CHANCE), tuple(c.id for c in CHEST)
# No counter of a sound game comes near it; a larger one could not be stored (SQLite
# integers are signed 64-bit) nor be the sign of anything but a damaged save.
MAX_COUNT = 2**63 - 1


class GameState:
    __slots__ = (
        "seed", "edition", "options", "dice_scheme", "draws", "move_rolls", "utility_rolls",
        "jail_rolls", "loaded",
        "position", "cash", "bank_cash", "owner", "buildings", "mortgaged",
        "houses_left", "hotels_left", "pawns_left", "in_jail", "jail_attempts", "jail_cards",
        "chance", "chest", "turn", "rolls", "doubles_in_row", "extra_roll", "last_dice",
        "pending", "pending_square", "debt", "debt_then", "debt_event",
        "result", "result_reason", "score", "actions",
    )

    def __init__(self, seed: int, edition: str, options: Options,
                 dice_scheme: str = BY_ROLL) -> None:
        self.seed = seed & MASK64
        self.edition = edition
        self.options = options
        self.dice_scheme = dice_scheme  # rng.BY_ROLL (H4), or BY_DRAW for the oldest games
        self.draws = 0  # BY_DRAW: how many dice draws the RNG has made
        self.move_rolls = 0  # BY_ROLL: movement rolls made (the next one's k)
        self.utility_rolls = 0  # BY_ROLL: utility rent rolls since the last movement roll
        self.jail_rolls = 0  # BY_ROLL: Jail doubles tries since the last movement roll
        self.loaded: list[tuple[int, int]] = []  # dice fixed in advance (tests), used first
        self.position = 0  # S2: on GO
        self.cash = options.start_cash
        self.bank_cash = options.bank_start_cash  # S3
        self.owner = [NOBODY] * 40
        self.buildings = [0] * 40  # 0-4 houses, 5 a hotel
        self.mortgaged = [False] * 40
        self.houses_left = TOTAL_HOUSES  # S5
        self.hotels_left = TOTAL_HOTELS
        self.pawns_left = options.bank_pawns  # S4
        self.in_jail = False
        self.jail_attempts = 0
        self.jail_cards: list[str] = []
        self.chance = shuffled(_CHANCE_IDS, self.seed)  # S6
        self.chest = shuffled(_CHEST_IDS, self.seed ^ 1)
        self.turn = 1
        self.rolls = 0
        self.doubles_in_row = 0
        self.extra_roll = False
        self.last_dice = (0, 0)
        self.pending = ROLL
        self.pending_square = -1
        self.debt = 0
        self.debt_then = ""
        self.debt_event: Event | None = None  # M1: told once the debt is paid
        self.result = ""  # "won" | "lost"
        self.result_reason = ""
        self.score = 0
        self.actions = 0  # actions applied so far

    def copy(self) -> GameState:
        """A copy that shares nothing mutable: its lists are its own, every other field is
        immutable (ints, strings, tuples, frozen Options and events). Field by field, not
        through to_dict: a hint's rollouts copy a state for every game they play."""
        c = GameState.__new__(GameState)
        c.seed, c.edition, c.options, c.dice_scheme = (
            self.seed, self.edition, self.options, self.dice_scheme)
        c.draws, c.move_rolls, c.utility_rolls, c.jail_rolls = (
            self.draws, self.move_rolls, self.utility_rolls, self.jail_rolls)
        c.loaded = list(self.loaded)
        c.position, c.cash, c.bank_cash = self.position, self.cash, self.bank_cash
        c.owner, c.buildings, c.mortgaged = (
            list(self.owner), list(self.buildings), list(self.mortgaged))
        c.houses_left, c.hotels_left, c.pawns_left = (
            self.houses_left, self.hotels_left, self.pawns_left)
        c.in_jail, c.jail_attempts = self.in_jail, self.jail_attempts
        c.jail_cards, c.chance, c.chest = (
            list(self.jail_cards), list(self.chance), list(self.chest))
        c.turn, c.rolls, c.doubles_in_row, c.extra_roll, c.last_dice = (
            self.turn, self.rolls, self.doubles_in_row, self.extra_roll, self.last_dice)
        c.pending, c.pending_square = self.pending, self.pending_square
        c.debt, c.debt_then, c.debt_event = self.debt, self.debt_then, self.debt_event
        c.result, c.result_reason, c.score, c.actions = (
            self.result, self.result_reason, self.score, self.actions)
        return c

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT_OF_SCHEME[self.dice_scheme],
            "seed": self.seed,
            "edition": self.edition,
            "options": self.options.to_dict(),
        }
        for counter in _COUNTERS[self.dice_scheme]:
            data[counter] = getattr(self, counter)
        return data | {
            "loaded": [list(d) for d in self.loaded],
            "position": self.position,
            "cash": self.cash,
            "bank_cash": self.bank_cash,
            "owner": list(self.owner),
            "buildings": list(self.buildings),
            "mortgaged": list(self.mortgaged),
            "houses_left": self.houses_left,
            "hotels_left": self.hotels_left,
            "pawns_left": self.pawns_left,
            "in_jail": self.in_jail,
            "jail_attempts": self.jail_attempts,
            "jail_cards": list(self.jail_cards),
            "chance": list(self.chance),
            "chest": list(self.chest),
            "turn": self.turn,
            "rolls": self.rolls,
            "doubles_in_row": self.doubles_in_row,
            "extra_roll": self.extra_roll,
            "last_dice": list(self.last_dice),
            "pending": self.pending,
            "pending_square": self.pending_square,
            "debt": self.debt,
            "debt_then": self.debt_then,
            "debt_event": None if self.debt_event is None else self.debt_event.to_dict(),
            "result": self.result,
            "result_reason": self.result_reason,
            "score": self.score,
            "actions": self.actions,
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Read back `to_dict()`; CorruptStateError, naming the field, on anything else."""
        if not isinstance(data, dict):
            raise CorruptStateError("a saved game must be a JSON object")
        scheme = dice_scheme_of(data)
        expected = _FIELDS | {"format"} | set(_COUNTERS[scheme])
        if set(data) != expected:
            odd = sorted(set(data) ^ expected)
            raise CorruptStateError(f"saved game has missing or unknown fields: {odd}")
        try:
            options = Options.from_mapping(_typed(data, "options", dict))
        except ValueError as exc:
            raise CorruptStateError(f"saved game has bad rule options: {exc}") from exc
        s = cls.__new__(cls)
        s.options = options
        s.seed = _int(data, "seed", 0, MASK64)
        s.edition = _typed(data, "edition", str)
        s.dice_scheme = scheme
        s.draws = s.move_rolls = s.utility_rolls = s.jail_rolls = 0
        for counter in _COUNTERS[scheme]:
            setattr(s, counter, _int(data, counter, 0))
        s.loaded = [_dice(d, "loaded") for d in _typed(data, "loaded", list)]
        s.position = _int(data, "position", 0, 39)
        s.cash = _int(data, "cash", 0)
        s.bank_cash = _int(data, "bank_cash", 0)
        s.owner = _int_list(data, "owner", 0, 2)
        s.buildings = _int_list(data, "buildings", 0, 5)
        s.mortgaged = [bool(v) for v in _int_list(data, "mortgaged", 0, 1)]
        s.houses_left = _int(data, "houses_left", 0, TOTAL_HOUSES)
        s.hotels_left = _int(data, "hotels_left", 0, TOTAL_HOTELS)
        s.pawns_left = _int(data, "pawns_left", 0, options.bank_pawns)
        s.in_jail = _typed(data, "in_jail", bool)
        s.jail_attempts = _int(data, "jail_attempts", 0, 3)
        s.jail_cards = _cards(data, "jail_cards")
        s.chance = _cards(data, "chance")
        s.chest = _cards(data, "chest")
        s.turn = _int(data, "turn", 1)
        s.rolls = _int(data, "rolls", 0)
        s.doubles_in_row = _int(data, "doubles_in_row", 0, 3)
        s.extra_roll = _typed(data, "extra_roll", bool)
        s.last_dice = _dice(data["last_dice"], "last_dice", allow_zero=True)
        s.pending = _choice(data, "pending", PENDING_KINDS)
        s.pending_square = _int(data, "pending_square", -1, 39)
        s.debt = _int(data, "debt", 0)
        s.debt_then = _choice(data, "debt_then", CONTINUATIONS)
        event = data["debt_event"]
        if event is not None and not isinstance(event, dict):
            raise CorruptStateError("saved game field 'debt_event' must be an object or null")
        s.debt_event = None if event is None else _event(event)
        s.result = _choice(data, "result", ("", "won", "lost"))
        s.result_reason = _typed(data, "result_reason", str)
        s.score = _int(data, "score", 0)
        s.actions = _int(data, "actions", 0)
        if any(s.owner[i] != NOBODY for i in range(40) if i not in PROPERTIES):
            raise CorruptStateError("saved game has an owner on a square that is no property")
        if s.pending in (BUY, BUILD) and s.pending_square not in PROPERTIES:
            raise CorruptStateError(f"saved game waits to {s.pending} on a square that is no "
                                    f"property: {s.pending_square}")
        if s.pending == RAISE_FUNDS and s.debt_event is None:
            raise CorruptStateError("saved game raises funds for a debt it doesn't record")
        _check_conserved(s)
        return s


# The fields every saved game has, whatever its dice scheme.
_FIELDS = set(GameState.__slots__) - {"dice_scheme"} - {c for cs in _COUNTERS.values() for c in cs}


def dice_scheme_of(data: Any) -> str:
    """The dice scheme a saved game was made with (rng: BY_DRAW or BY_ROLL), from its
    format; CorruptStateError when it is no saved game of a known format. A replay of a
    stored game starts from this (H3)."""
    if not isinstance(data, dict):
        raise CorruptStateError("a saved game must be a JSON object")
    fmt = data.get("format")
    if type(fmt) is not int or fmt not in SCHEME_OF_FORMAT:
        raise CorruptStateError(f"unknown saved-game format {fmt!r}")
    return SCHEME_OF_FORMAT[fmt]


def _check_conserved(s: GameState) -> None:
    """What a sound game never loses: every card in its deck or in the player's hand (S6,
    P4; an empty deck would fail the next draw), the money of the box (S3), the buildings
    (S5), the Bank's pawns (S4), mortgages on the player's properties only (R4), buildings
    on owned streets only. A save breaking one was damaged, and is refused now rather than
    failing in the middle of a later action."""
    if len(set(s.jail_cards)) != len(s.jail_cards) or any(
            card not in JAIL_FREE_CARDS for card in s.jail_cards):
        raise CorruptStateError("saved game holds cards that are not Get Out of Jail Free "
                                "cards, or one twice")
    for deck, cards in (("chance", s.chance), ("chest", s.chest)):
        held = [c for c in s.jail_cards if CARDS[c].deck == deck]
        expected = CHANCE if deck == "chance" else CHEST
        if sorted(cards + held) != sorted(c.id for c in expected):
            raise CorruptStateError(f"saved game field {deck!r} is not the whole deck")
    if s.cash + s.bank_cash != s.options.treasury:
        raise CorruptStateError("saved game's cash and the Bank's don't add up to the "
                                "treasury (S3)")
    houses = sum(b for b in s.buildings if b != HOTEL)
    hotels = s.buildings.count(HOTEL)
    if houses + s.houses_left != TOTAL_HOUSES or hotels + s.hotels_left != TOTAL_HOTELS:
        raise CorruptStateError("saved game's buildings don't add up to the supply (S5)")
    if s.owner.count(BANK) != s.options.bank_pawns - s.pawns_left:
        raise CorruptStateError("saved game's Bank properties don't match its pawns (S4)")
    for i in range(40):
        if s.mortgaged[i] and s.owner[i] != PLAYER:
            raise CorruptStateError("saved game has a mortgage on a property the player "
                                    "doesn't own (R4)")
        if s.buildings[i] and (SQUARES[i].kind is not Kind.STREET or s.owner[i] == NOBODY):
            raise CorruptStateError("saved game has buildings on a square no one can build")


def _typed(data: dict[str, Any], key: str, kind: type) -> Any:
    value = data[key]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise CorruptStateError(f"saved game field {key!r} must be {kind.__name__}")
    return value


def _int(data: dict[str, Any], key: str, low: int, high: int = MAX_COUNT) -> int:
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise CorruptStateError(f"saved game field {key!r} is out of range: {value!r}")
    return value


def _int_list(data: dict[str, Any], key: str, low: int, high: int) -> list[int]:
    value = data[key]
    if (not isinstance(value, list) or len(value) != 40
            or any(type(v) not in (int, bool) or not low <= v <= high for v in value)):
        raise CorruptStateError(f"saved game field {key!r} must be 40 numbers {low}-{high}")
    return [int(v) for v in value]


def _choice(data: dict[str, Any], key: str, choices: tuple[str, ...]) -> str:
    value = data[key]
    if value not in choices:
        raise CorruptStateError(f"saved game field {key!r} has an unknown value {value!r}")
    return str(value)


def _cards(data: dict[str, Any], key: str) -> list[str]:
    value = data[key]
    if not isinstance(value, list) or any(v not in CARDS for v in value):
        raise CorruptStateError(f"saved game field {key!r} must list known cards")
    return [str(v) for v in value]


def _event(value: dict[str, Any]) -> Event:
    """A saved debt's event (M1) must read back, or paying the debt later would fail."""
    try:
        return event_from_dict(value)
    except (KeyError, TypeError, ValueError) as exc:
        raise CorruptStateError(f"saved game field 'debt_event' is not an event: {exc}") from exc


def _dice(value: Any, key: str, allow_zero: bool = False) -> tuple[int, int]:
    low = 0 if allow_zero else 1
    if (not isinstance(value, list | tuple) or len(value) != 2
            or any(type(v) is not int or not low <= v <= 6 for v in value)):
        raise CorruptStateError(f"saved game field {key!r} must hold dice values 1-6")
    return int(value[0]), int(value[1])
