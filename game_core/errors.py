"""Precise errors: each message says what was refused and why, in words a player can read."""


class GameError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalActionError(GameError):
    """The action is not allowed in the game's current state."""


class InvalidOptionError(GameError):
    """A rule option or edition given at creation is unknown or out of range.

    The message is English, for logs and the command line; `code` names the problem and
    `values` its particulars, language-free like the events, so that a UI can say it in
    the player's own words.
    """

    def __init__(self, message: str, code: str = "", **values: object) -> None:
        super().__init__(message)
        self.code = code
        self.values = values


class CorruptStateError(GameError):
    """A serialized game can't be read back (bad JSON shape, unknown keys or values)."""
