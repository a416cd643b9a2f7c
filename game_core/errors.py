"""Precise errors: each message says what was refused and why, in words a player can read."""


class GameError(ValueError):
    """Base of every error the engine raises on purpose."""


class IllegalActionError(GameError):
    """The action is not allowed in the game's current state."""


class InvalidOptionError(GameError):
    """A rule option or edition given at creation is unknown or out of range."""


class CorruptStateError(GameError):
    """A serialized game can't be read back (bad JSON shape, unknown keys or values)."""
