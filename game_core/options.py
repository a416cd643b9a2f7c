"""Rule options chosen when a game is created (house rules on top of the `solo` rule set)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .errors import InvalidOptionError

DEFAULT_TREASURY = 20_580  # S3: 30 notes each of 1, 5, 10, 20, 50, 100, 500
DOUBLES_CHOICES = ("off", "standard")


@dataclass(frozen=True, slots=True)
class Options:
    doubles: str = "off"  # T3
    treasury: int = DEFAULT_TREASURY  # S3: all the money in the box, the player's included
    bank_pawns: int = 7  # S4
    start_cash: int = 200  # S2

    def __post_init__(self) -> None:
        if self.doubles not in DOUBLES_CHOICES:
            raise InvalidOptionError(
                f"doubles must be 'off' or 'standard', not {self.doubles!r}", "doubles",
                value=self.doubles)
        for name, low, high in (
            ("treasury", 1, 10**13),
            ("bank_pawns", 0, 28),
            ("start_cash", 0, 10**13),
        ):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
                raise InvalidOptionError(
                    f"{name} must be a whole number from {low:,} to {high:,}, not {value!r}",
                    "out_of_range", option=name, low=low, high=high)
        if self.start_cash > self.treasury:
            raise InvalidOptionError(
                f"start_cash ({self.start_cash:,}) can't exceed the treasury ({self.treasury:,})",
                "start_cash_over_treasury", start_cash=self.start_cash, treasury=self.treasury)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> Options:
        """Options from user input: strings are converted, unknown keys are refused."""
        if not values:
            return cls()
        known = cls.__dataclass_fields__
        kwargs: dict[str, Any] = {}
        for key, raw in values.items():
            if key not in known:
                raise InvalidOptionError(
                    f"unknown rule option {key!r}: choose from {', '.join(known)}",
                    "unknown_option", option=key)
            if key == "doubles":
                kwargs[key] = str(raw).strip().lower()
            elif isinstance(raw, str):
                text = raw.strip().replace(",", "").replace("_", "")
                if not text.isdigit():
                    raise InvalidOptionError(f"{key} must be a whole number, not {raw!r}",
                                             "not_a_number", option=key)
                kwargs[key] = int(text)
            else:
                kwargs[key] = raw
        return cls(**kwargs)

    @property
    def standard_doubles(self) -> bool:
        """T3: doubles roll again, three in a row go to Jail, a double frees from Jail.
        Under the solo rule (off) they do nothing."""
        return self.doubles == "standard"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @property
    def bank_start_cash(self) -> int:
        # S3: the treasury less what was dealt to the player.
        return self.treasury - self.start_cash
