"""Lines with a phrase of another language: seeded games played by `focus` with Roll on, on
the three boards in turn, told in each language as the bot and the terminal tell them (each
click's lines or Roll on's account, the decision waited for, the labels on offer, the alt
texts, the text board, the recap's and money map's texts, the board picture's names at
their seam) and, for every `--pictures-every`th game, each word the board, recap and money
map pictures draw. A line counts when it holds a phrase of another language
(tests/bot/words.py: another catalog's literal runs, game-term names and the boards' own
card texts; the boards' street and station names are every language's). Target: 0.

Run: .venv/bin/python bench/words.py [--games 1000] [--seed 0] [--pictures-every 10]
     [--locale en|fr|es] (one language: three processes, one each, share a busy machine's
     cores better)
"""

from __future__ import annotations

import argparse
import collections
import functools
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from tests.bot.words import foreign_in, game_texts  # noqa: E402

EDITIONS = ("us", "uk", "fr")
LOCALES = ("en", "fr", "es")
PROGRESS = 100  # games between progress lines (a busy machine's run can be read as it goes)


@functools.lru_cache(maxsize=200_000)
def found_in(line: str, locale: str) -> tuple[str, ...]:
    """foreign_in, once per distinct line (labels and offers repeat click after click)."""
    return tuple(foreign_in(line, locale))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games in each language")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pictures-every", type=int, default=10)
    parser.add_argument("--locale", choices=LOCALES, help="this language only")
    args = parser.parse_args()
    started = time.perf_counter()
    print(f"load: {open('/proc/loadavg').read().split()[:3]}")
    for locale in [args.locale] if args.locale else LOCALES:
        lines = foreign = 0
        kinds: collections.Counter[str] = collections.Counter()
        examples: dict[str, str] = {}
        for n in range(args.games):
            seed, edition = args.seed + n, EDITIONS[n % len(EDITIONS)]
            pictures = args.pictures_every > 0 and n % args.pictures_every == 0
            for where, text in game_texts(seed, edition, locale, pictures=pictures):
                for line in text.splitlines():
                    lines += 1
                    found = found_in(line, locale)
                    if found:
                        foreign += 1
                        kinds[where] += 1
                        examples.setdefault(" / ".join(found), f"{edition}: {line[:160]}")
            if (n + 1) % PROGRESS == 0 and n + 1 < args.games:
                print(f"  {locale}: {n + 1} games, {lines:,} lines, {foreign} with another "
                      f"language ({time.perf_counter() - started:.0f} s)", flush=True)
        print(f"{locale}: {args.games} games (us, uk, fr boards in turn), {lines:,} lines; "
              f"lines with a phrase of another language: {foreign}"
              + (f" ({dict(kinds)})" if kinds else ""))
        for phrase, line in list(examples.items())[:8]:
            print(f"    {phrase!r} in {line!r}")
    print(f"{time.perf_counter() - started:.0f} s; "
          f"load: {open('/proc/loadavg').read().split()[:3]}")


if __name__ == "__main__":
    main()
