"""Rule options chosen when a game is created (house rules on top of the `solo` rule set)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from .errors import InvalidOptionError

DEFAULT_TREASURY = 20_580  # S3: 30 notes each of 1, 5, 10, 20, 50, 100, 500
DOUBLES_CHOICES = ("off", "standard")
# P3 house rule: the most the Bank builds on one street, in houses (0-4) or 5 for the hotel.
# 5 is the text's rule (a hotel after four houses), hence no cap.
NO_BANK_BUILD_CAP = 5
MAX_BANK_PAWNS = 28  # S4 option: at most one pawn on each property
# Options added after games were first stored: to_dict() leaves them out at their default,
# so a state saved before they existed is still equal to its replay (H3).
_OMITTED_AT_DEFAULT = ("bank_build_cap",)
# The ruling each option changes, for the rules page and the house-rule notices.
RULE_OF_OPTION = {"doubles": "T3", "treasury": "S3", "bank_pawns": "S4", "start_cash": "S2",
                  "bank_build_cap": "P3"}
STANDARD, HOUSE = "standard", "house"  # the two rule sets a game is played under


@dataclass(frozen=True, slots=True)
class Options:
    doubles: str = "off"  # T3
    treasury: int = DEFAULT_TREASURY  # S3: all the money in the box, the player's included
    bank_pawns: int = 7  # S4
    start_cash: int = 200  # S2
    bank_build_cap: int = NO_BANK_BUILD_CAP  # P3 house rule (not in the seeds)

    def __post_init__(self) -> None:
        if self.doubles not in DOUBLES_CHOICES:
            raise InvalidOptionError(
                f"doubles must be 'off' or 'standard', not {self.doubles!r}", "doubles",
                value=self.doubles)
        for name, low, high in (
            ("treasury", 1, 10**13),
            ("bank_pawns", 0, MAX_BANK_PAWNS),
            ("start_cash", 0, 10**13),
            ("bank_build_cap", 0, NO_BANK_BUILD_CAP),
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
                # "-1" is a whole number, out of range: said so with the range (not "must
                # be a whole number", which it is)
                if not text.removeprefix("-").isdigit() or not text.isascii():
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
        data = asdict(self)
        for name in _OMITTED_AT_DEFAULT:
            if data[name] == _DEFAULTS[name]:
                del data[name]
        return data

    @property
    def rule_set(self) -> str:
        """STANDARD when every option is at its RULES.md default (the edition only renames
        squares, so it is not an option), else HOUSE. Derived, never chosen: leaderboards
        compare only games played under the same rules."""
        return HOUSE if self.house_rules() else STANDARD

    @property
    def is_standard(self) -> bool:
        return not self.house_rules()

    def house_rules(self) -> dict[str, Any]:
        """The options that differ from the standard solo rules, name -> value, in the
        order they are declared (for display: "house rules: start cash 1,500, ...")."""
        return {name: getattr(self, name) for name, default in _DEFAULTS.items()
                if getattr(self, name) != default}

    @property
    def bank_build_capped(self) -> bool:
        return self.bank_build_cap < NO_BANK_BUILD_CAP

    @property
    def bank_start_cash(self) -> int:
        # S3: the treasury less what was dealt to the player.
        return self.treasury - self.start_cash


_DEFAULTS: dict[str, Any] = {name: f.default for name, f in Options.__dataclass_fields__.items()}
