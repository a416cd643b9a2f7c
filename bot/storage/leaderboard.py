"""The leaderboard's walk, the same on both backends: the standard wins best first (score,
fewer turns, earlier, owner; the games_standard_wins[_by_guild] indexes hold that whole
order, migration 7), keeping each player's first win met, which is its best. It stops once
the page is full, so it reads about as many rows as it shows instead of ranking every win
(a window over all of them took ~60 ms at 100,000 games)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import NamedTuple

from .queries import Row

CHUNK = 500  # wins read at a time


class RankedWin(NamedTuple):
    """One player's place on a board: its best win."""

    rank: int  # shared by players whose best game ties on score and turns
    owner_id: int
    score: int
    turns: int
    game_id: int
    finished_at: float


async def walk(read: Callable[[int, int], Awaitable[list[Row]]], limit: int,
               offset: int, *, skip: frozenset[int] = frozenset()) -> list[RankedWin]:
    """The board's places `offset` to `offset + limit`; `read(count, skip)` gives the wins
    in board order as (owner_id, score, turns, id, finished_at). Ties share a rank and the
    next one skips (SQL's RANK()). The `skip` players' wins are passed over (a server's
    moderation): the board ranks the others as if those games weren't there."""
    seen: set[int] = set(skip)
    page: list[RankedWin] = []
    rank = count = 0
    previous: tuple[int, int] | None = None
    read_so_far = 0
    while len(page) < limit:
        chunk = await read(CHUNK, read_so_far)
        read_so_far += len(chunk)
        for win in chunk:
            owner_id, score, turns = win["owner_id"], win["score"], win["turns"]
            if owner_id in seen:
                continue
            seen.add(owner_id)
            count += 1
            if (score, turns) != previous:
                rank, previous = count, (score, turns)
            if count > offset:
                page.append(RankedWin(rank=rank, owner_id=owner_id, score=score, turns=turns,
                                      game_id=win["id"], finished_at=win["finished_at"]))
                if len(page) == limit:
                    break
        if len(chunk) < CHUNK:
            break
    return page
