"""The game service's refusals, as domain errors.

Each error carries the ids a UI needs to answer (which game, whose game, which version), and
its message is one plain English sentence meant for logs, never for players: every front end
words the error's type in the player's language (bot.narration.errors). The engine's own
IllegalActionError and InvalidOptionError pass through the service unchanged.
"""

from __future__ import annotations


class ServiceError(Exception):
    """Base of every refusal the game service makes on purpose."""


class WordedRefusal(Exception):
    """A front's own refusal (the terminal's), its text already in the player's language:
    said as it is, in one line. Not a ServiceError: those are worded from their type."""


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


class AlreadyThinking(ServiceError):
    """The player asked for a hint while its previous one is still being computed
    (bot.application.hints)."""

    def __init__(self, user_id: int) -> None:
        super().__init__(f"A hint for user {user_id} is still being computed.")
        self.user_id = user_id


class NoHints(ServiceError):
    """This game takes no hints (the daily challenge: everyone plays it alone)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"Game {game_id} takes no hints.")
        self.game_id = game_id


class DamagedGame(ServiceError):
    """One stored game can't be read back (bad JSON, unknown rule option, a broken log).
    Only that game is refused; every other game still loads."""

    def __init__(self, game_id: int, detail: str) -> None:
        super().__init__(f"Game {game_id} is damaged in the database: {detail}")
        self.game_id = game_id
        self.detail = detail


class InvalidRequest(ServiceError):
    """A call the service can't make sense of: an id that is not a whole number SQLite can
    hold, a version that is not a whole number, an action whose fields have the wrong type.
    A caller's mistake or a forged request, never a player's choice: nothing is read or
    written. `code` (one of REQUEST_CODES, or "") and `values` let a UI word it."""

    def __init__(self, detail: str, code: str = "", **values: object) -> None:
        super().__init__(f"Invalid request to the game service: {detail}")
        self.detail = detail
        self.code = code
        self.values = values


# InvalidRequest codes a UI words (catalog key "request.<code>"), with their values.
NOT_A_SQUARE = "not_a_square"  # `value` is not a square number 0-39
REQUEST_CODES = frozenset({NOT_A_SQUARE})


class DatabaseBusy(ServiceError):
    """Another program held the database's write lock for longer than the busy timeout.
    Nothing was changed; the same request can simply be made again."""

    def __init__(self) -> None:
        super().__init__("The database is busy (another program holds its lock); nothing was "
                         "changed: try again in a moment.")


class DatabaseUnavailable(ServiceError):
    """The database did not answer in time, could not be reached, or refuses writes (a
    standby after a fail-over). A move may or may not have been stored: the same click made
    again is recognised as a duplicate if it was, so "try again" is always safe."""

    def __init__(self, detail: str) -> None:
        super().__init__(f"The database is unavailable ({detail}): try again in a moment.")
        self.detail = detail


class DatabaseReadOnly(ServiceError):
    """The database file (or its folder) can't be written by this process."""

    def __init__(self, path: str) -> None:
        super().__init__(f"the database {path} is read-only for the bot: make the file (and "
                         f"its -wal and -shm files, if any) writable by the user running the "
                         f"bot, or point MONOPOLY_DB elsewhere.")
        self.path = path


class DatabaseTooNew(ServiceError):
    """The database file was upgraded by a newer version of the bot than this one."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"The database is at schema version {found}, but this code only knows "
                         f"versions up to {known}: run a newer release of the bot, or restore "
                         f"a backup made by this one.")
        self.found = found
        self.known = known


class DatabaseTooOld(ServiceError):
    """A command that only reads (verify-db) met a database this release would first have to
    upgrade: it upgrades nothing, so it can't read it."""

    def __init__(self, found: int, known: int) -> None:
        super().__init__(f"The database is at schema version {found} and this release reads "
                         f"version {known}: start the bot once (it upgrades the database), "
                         f"then run this again.")
        self.found = found
        self.known = known


class DatabaseIncomplete(ServiceError):
    """The database is a copy migrate-db began and never finished: games are missing, and
    new ones would take ids the source's games have (their Discord buttons carry them)."""

    def __init__(self, source: str, games: int) -> None:
        super().__init__(f"the database is an unfinished copy of {source} ({games:,} games "
                         f"to copy): finish it with `solo-monopoly migrate-db {source} "
                         f"<this database>`, or point MONOPOLY_DB back at {source}")
        self.source = source
        self.games = games
