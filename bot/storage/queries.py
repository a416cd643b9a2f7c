"""What crosses the storage boundary as rows, and the one way SQL written outside the
backends reaches them.

A row names its columns, so a reader says which one it means (`row["score"]`), and a query
that selects an expression names it (`COUNT(*) AS played`): adding or moving a column can't
shift what another one reads.

The statements of the server settings, the players' settings and privacy are written once,
with SQLite's `?` placeholders, and run through `Queries`, which both backends
(`SqliteStorage`, `PostgresStorage`) implement; PostgreSQL numbers the placeholders
(`numbered`, here and nowhere else). A statement only one backend spells that way (an upsert,
a sequence) is chosen by `backend`.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Row(Protocol):
    """One row a query hands back, read by column name: sqlite3.Row (the SQLite
    connections' row factory) and asyncpg.Record both are. Iterating it gives its values in
    column order, for a whole row copied as it is (migrate-db); `dict(row)` maps each
    column's name to its value."""

    def __getitem__(self, column: str, /) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...

    def keys(self) -> Iterable[str]: ...


# A row's values in the column order of the statement they are bound to (an insert's
# parameters: a whole row copied from one database to another).
Values = Sequence[object]


class Statements(Protocol):
    """The statements of one transaction (`Queries.transaction`)."""

    async def read(self, sql: str, *args: object) -> list[Row]: ...

    async def write(self, sql: str, *args: object) -> int:
        """The number of rows the statement changed."""

    async def write_many(self, sql: str, rows: Iterable[Values]) -> None:
        """`sql` once for each row of values."""

    async def has_table(self, name: str) -> bool:
        """Whether the schema has that table (an older one may lack a later migration's)."""


class Queries(Protocol):
    backend: str  # "sqlite" | "postgresql"

    async def read(self, sql: str, *args: object) -> list[Row]: ...

    async def read_one(self, sql: str, *args: object) -> Row | None:
        """The first row, or None if there is none."""

    async def write(self, sql: str, *args: object) -> int:
        """One statement, its own transaction; the number of rows it changed."""

    async def transaction(self, work: Callable[[Statements], Awaitable[T]], *, write: bool,
                          budget: float | None = None) -> T:
        """`work`'s statements in one transaction, all or none: a snapshot that can't
        write unless `write`. `budget`: the seconds it may take where the backend bounds a
        call (None: its usual call budget)."""


def marks(columns: str) -> str:
    """One `?` per column of `columns` ("a, b, c"): an insert of whole rows."""
    return ", ".join("?" for _ in columns.split(","))


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's $1, $2... in order. No statement given
    here holds another `?` (in a string or an operator); one written for PostgreSQL alone,
    already numbered, holds none and comes back as it is. Cached: the same few statements
    come again and again."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${n}{part}" for n, part in enumerate(parts[1:], 1))
