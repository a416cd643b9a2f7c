"""Every custom_id the bot makes, built and parsed in this one file.

As python-chess's `Move.uci()` / `Move.from_uci()`: each kind of id is a frozen value with
`to_id()` and `TEMPLATE`, the regular expression its DynamicItem is registered with
(discord.py matches a click's custom_id against it after a restart, so the buttons of any
message ever sent keep working: H2). `from_match()` reads the values back.

Ids carry no secret and are never trusted: the owner in an id only says whose prompt it is
(the service checks ownership again), the version makes an old message's click stale, and
numbers past 64 bits (`fits`) or squares past the board (`square_of`) were not made by us.
Discord caps a custom_id at 100 characters (components reference); `tests/cogs` build
the longest of each kind and check it.

    sm:b:<game>:<version>:<owner>:<action>      a game message's button (GameAction)
    sm:s:<game>:<version>:<owner>:<menu>        a game message's menu (GameMenu): sell,
                                                mortgage, lift (a square each), build (a level)
    sm:again:<game>:<owner>                     Play again, under a finished game
    sm:hint:<game>:<version>:<owner>            the Hint button
    sm:hplan:<game>:<version>:<owner>:<kind>:<way>  carry out a plan a hint weighed
    sm:rs:<game>:<owner>:<yes|no>               the resign prompt
    sm:share:<game>:<owner>                     share a finished daily
    sm:money:<game>                             where the money went (a finished game)
    sm:board:<game>                             open the game on the board (the Activity)
    sm:pg:<kind>:<arg>:<locale>:<page>:<p|n>    a pager's previous / next page
    sm:x:<nonce>:<button>                       a prompt held in memory (expired elsewhere)

An action or menu shown while rolling on ends in `.on`, then `.<hex>` when the player asked
not to be offered some properties again (a bit per square, 10 hex digits at most):
`rolling_id` / `split_rolling`.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import dataclass
from typing import ClassVar

MAX_ID = 2**63 - 1  # Discord ids and the database's integers are signed 64-bit
SQUARES = 40
ROLLING = ".on"
_ROLLING_RE = re.compile(r"^(?P<base>[^.]+)\.on(?:\.(?P<keep>[0-9a-f]{1,10}))?$")
_GAME = r"(?P<game>\d+)"
_VERSION = r"(?P<version>\d+)"
_OWNER = r"(?P<owner>\d+)"


def fits(*numbers: int) -> bool:
    """Ids and versions a custom_id may carry; past 64 bits it was not made by the bot."""
    return all(0 <= number <= MAX_ID for number in numbers)


def square_of(value: str) -> int | None:
    """A menu option's value: a square number, in ASCII digits; None for anything else."""
    if value.isascii() and value.isdigit() and int(value) < SQUARES:
        return int(value)
    return None


def level_of(value: str) -> int | None:
    """A build menu option's value: the level to build the street up to, 1-4 houses or 5 the
    hotel, as one ASCII digit; None for anything else."""
    if len(value) == 1 and value in "12345":
        return int(value)
    return None


def keep_mask(squares: frozenset[int]) -> int:
    return sum(1 << i for i in squares)


def rolling_id(name: str, rolling: bool, keep: frozenset[int] = frozenset()) -> str:
    """`name`, marked to go on rolling after it is answered, with the squares kept declining."""
    if not rolling:
        return name
    mask = keep_mask(keep)
    return f"{name}{ROLLING}.{mask:x}" if mask else name + ROLLING


def split_rolling(name: str) -> tuple[str, bool, frozenset[int]]:
    """(what, rolling, squares kept declining) of a control's name."""
    found = _ROLLING_RE.match(name)
    if found is None:
        return name, False, frozenset()
    mask = int(found["keep"] or "0", 16)
    return found["base"], True, frozenset(i for i in range(SQUARES) if mask >> i & 1)


@dataclass(frozen=True, slots=True)
class GameAction:
    """A decision button on the game message: an engine action's type, or a flow name."""

    TEMPLATE: ClassVar[str] = rf"sm:b:{_GAME}:{_VERSION}:{_OWNER}:(?P<action>[^:]+)"
    game_id: int
    version: int
    owner_id: int
    action: str

    def to_id(self) -> str:
        return f"sm:b:{self.game_id}:{self.version}:{self.owner_id}:{self.action}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> GameAction:
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["action"])


@dataclass(frozen=True, slots=True)
class GameMenu:
    """A menu on the game message (sell, mortgage, lift, build); the chosen square (the level,
    building up to one) is its value."""

    TEMPLATE: ClassVar[str] = rf"sm:s:{_GAME}:{_VERSION}:{_OWNER}:(?P<kind>[^:]+)"
    game_id: int
    version: int
    owner_id: int
    kind: str

    def to_id(self) -> str:
        return f"sm:s:{self.game_id}:{self.version}:{self.owner_id}:{self.kind}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> GameMenu:
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["kind"])


@dataclass(frozen=True, slots=True)
class PlayAgain:
    TEMPLATE: ClassVar[str] = rf"sm:again:{_GAME}:{_OWNER}"
    game_id: int
    owner_id: int

    def to_id(self) -> str:
        return f"sm:again:{self.game_id}:{self.owner_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> PlayAgain:
        return cls(int(match["game"]), int(match["owner"]))


@dataclass(frozen=True, slots=True)
class AskHint:
    TEMPLATE: ClassVar[str] = rf"sm:hint:{_GAME}:{_VERSION}:{_OWNER}"
    game_id: int
    version: int
    owner_id: int

    def to_id(self) -> str:
        return f"sm:hint:{self.game_id}:{self.version}:{self.owner_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> AskHint:
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]))


@dataclass(frozen=True, slots=True)
class HintPlan:
    """One of the plans a hint weighed, at the version the hint was about."""

    TEMPLATE: ClassVar[str] = (rf"sm:hplan:{_GAME}:{_VERSION}:{_OWNER}:"
                               r"(?P<kind>[a-z_]{1,16}):(?P<way>[a-z_]{1,20})")
    game_id: int
    version: int
    owner_id: int
    kind: str
    way: str

    def to_id(self) -> str:
        return (f"sm:hplan:{self.game_id}:{self.version}:{self.owner_id}:"
                f"{self.kind}:{self.way}")

    @classmethod
    def from_match(cls, match: re.Match[str]) -> HintPlan:
        return cls(int(match["game"]), int(match["version"]), int(match["owner"]),
                   match["kind"], match["way"])


@dataclass(frozen=True, slots=True)
class Resign:
    TEMPLATE: ClassVar[str] = rf"sm:rs:{_GAME}:{_OWNER}:(?P<choice>yes|no)"
    game_id: int
    owner_id: int
    choice: str

    def to_id(self) -> str:
        return f"sm:rs:{self.game_id}:{self.owner_id}:{self.choice}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Resign:
        return cls(int(match["game"]), int(match["owner"]), match["choice"])


@dataclass(frozen=True, slots=True)
class ShareDaily:
    TEMPLATE: ClassVar[str] = rf"sm:share:{_GAME}:{_OWNER}"
    game_id: int
    owner_id: int

    def to_id(self) -> str:
        return f"sm:share:{self.game_id}:{self.owner_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> ShareDaily:
        return cls(int(match["game"]), int(match["owner"]))


@dataclass(frozen=True, slots=True)
class MoneyMap:
    TEMPLATE: ClassVar[str] = rf"sm:money:{_GAME}"
    game_id: int

    def to_id(self) -> str:
        return f"sm:money:{self.game_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> MoneyMap:
        return cls(int(match["game"]))


@dataclass(frozen=True, slots=True)
class OpenBoard:
    """Launch the Activity (the board in Discord) for a game (cogs/activity)."""

    TEMPLATE: ClassVar[str] = rf"sm:board:{_GAME}"
    game_id: int

    def to_id(self) -> str:
        return f"sm:board:{self.game_id}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> OpenBoard:
        return cls(int(match["game"]))


@dataclass(frozen=True, slots=True)
class Page:
    """A pager's previous (`p`) or next (`n`) page: what it pages, in which language."""

    TEMPLATE: ClassVar[str] = (r"sm:pg:(?P<kind>[a-z]+):(?P<arg>[0-9a-z]*):(?P<locale>[a-z]+):"
                               r"(?P<page>\d+):(?P<way>[pn])")
    kind: str
    arg: str
    locale: str
    page: int
    way: str

    def to_id(self) -> str:
        return f"sm:pg:{self.kind}:{self.arg}:{self.locale}:{self.page}:{self.way}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Page:
        return cls(match["kind"], match["arg"], match["locale"], int(match["page"]),
                   match["way"])


@dataclass(frozen=True, slots=True)
class Prompt:
    """A button of a prompt held in memory by the process that showed it."""

    TEMPLATE: ClassVar[str] = r"sm:x:(?P<nonce>[0-9a-f]+):(?P<button>[a-z]+)"
    nonce: str
    button: str

    def to_id(self) -> str:
        return f"sm:x:{self.nonce}:{self.button}"

    @classmethod
    def from_match(cls, match: re.Match[str]) -> Prompt:
        return cls(match["nonce"], match["button"])


ALL: tuple[type, ...] = (GameAction, GameMenu, PlayAgain, AskHint, HintPlan, Resign,
                         ShareDaily, MoneyMap, OpenBoard, Page, Prompt)

# Each kind of id and what the operators' metrics and log lines call it.
_FAMILIES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(kind.TEMPLATE), name) for kind, name in (
        (GameAction, "button"), (GameMenu, "menu"), (PlayAgain, "play_again"),
        (AskHint, "hint"), (HintPlan, "hint_plan"), (Resign, "resign"),
        (ShareDaily, "share"), (MoneyMap, "money_map"), (OpenBoard, "open_board"),
        (Page, "page"), (Prompt, "prompt")))
MAX_LENGTH = 100  # Discord's cap on a custom_id


def describe(custom_id: str, names: Container[str] = frozenset()) -> tuple[str, int | None]:
    """A control's kind, for the operators' metrics and log lines, and the game it names:
    "button:roll", "menu:sell", "resign", "page"... A button's action or a menu's kind is
    told only if it is one of `names` (else "other": a custom_id is never trusted, and a
    metric's label must come from a fixed list); no id is ever part of the kind."""
    if len(custom_id) <= MAX_LENGTH:
        for pattern, family in _FAMILIES:
            found = pattern.fullmatch(custom_id)
            if found is None:
                continue
            groups = found.groupdict()
            game = int(groups["game"]) if groups.get("game") else None
            if game is not None and not fits(game):
                game = None
            if family in ("button", "menu"):
                what = groups.get("action") or groups.get("kind") or ""
                base = split_rolling(what)[0].partition("=")[0]
                return f"{family}:{base if base in names else 'other'}", game
            return family, game
    return "other", None
