"""Board picture speed: median and p99 time of `render_board` on a mid-game board (issue 5).

The board is a seeded game played some actions in (houses, Bank pawns, mortgages, a last
move). The first render, which draws and caches the static board, is timed apart; the rest
time what every action costs the bot: the changing layer plus PNG encoding.
Target: median <= 30 ms. Run: .venv/bin/python bench/render.py [--renders 200]
"""

from __future__ import annotations

import argparse
import statistics
import time

from bot.pictures.board import render_board, sample_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--renders", type=int, default=200)
    parser.add_argument("--edition", default="us")
    args = parser.parse_args()
    game, move = sample_game(edition=args.edition)
    start = time.perf_counter()
    png = render_board(game, last_move=move)
    first = time.perf_counter() - start
    times = []
    for _ in range(args.renders):
        start = time.perf_counter()
        render_board(game, last_move=move)
        times.append(time.perf_counter() - start)
    times.sort()
    p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
    print(f"board: edition {args.edition}, turn {game.turn}, last move {move}, "
          f"{len(png):,} bytes PNG")
    print(f"first render (draws the static board): {first * 1000:7.1f} ms")
    print(f"median of {args.renders} renders:          {statistics.median(times) * 1000:7.1f} ms"
          "  (target <= 30 ms)")
    print(f"p99:                                   {p99 * 1000:7.1f} ms")


if __name__ == "__main__":
    main()
