"""What crosses the storage boundary as rows: read by column name, on either backend.

A row names its columns, so a reader says which one it means (`row["score"]`), and a query
that selects an expression names it (`COUNT(*) AS played`): adding or moving a column can't
shift what another one reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol


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
