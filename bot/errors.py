"""The game service's refusals, as domain errors.

Each error carries the ids a UI needs to answer (which game, whose game, which version), and
its message is one plain English sentence meant for logs, not for players: the Discord layer
translates the error type into the player's language. The engine's own IllegalActionError
and InvalidOptionError pass through the service unchanged.
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base of every refusal the game service makes on purpose."""


class GameNotFound(ServiceError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"There is no game number {game_id}.")
        self.game_id = game_id


class ActiveGameExists(ServiceError):
    """H1: one active game per user; `game_id` is the one already running."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} is still in progress: finish or resign it first (H1).")
        self.game_id = game_id


class NotYourGame(ServiceError):
    def __init__(self, game_id: int, owner_id: int) -> None:
        super().__init__(f"Game {game_id} belongs to user {owner_id}; only its owner may play.")
        self.game_id = game_id
        self.owner_id = owner_id


class StaleVersion(ServiceError):
    """An old button: the action was chosen at `expected`, the game is now at `current`."""

    def __init__(self, game_id: int, expected: int, current: int) -> None:
        super().__init__(f"Game {game_id} has moved on to version {current}; the action was "
                         f"chosen at version {expected} and was not applied.")
        self.game_id = game_id
        self.expected = expected
        self.current = current


class GameFinished(ServiceError):
    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} is over; it takes no more actions.")
        self.game_id = game_id


class DamagedGame(ServiceError):
    """One stored game can't be read back (bad JSON, unknown rule option, a broken log).
    Only that game is refused; every other game still loads."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"Game {game_id} is damaged in the database: {detail}")
        self.game_id = game_id
        self.detail = detail


class DatabaseTooNew(ServiceError):
    """The database file was upgraded by a newer version of the bot than this one."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"The database is at schema version {found}, but this code only knows "
                         f"versions up to {known}: run a newer release of the bot, or restore "
                         f"a backup made by this one.")
        self.found = found
        self.known = known
