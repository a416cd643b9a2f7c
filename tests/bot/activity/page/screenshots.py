"""Screenshots of the Activity's page for docs/activity/: desktop (1280 x 800) and phone
(390 x 844), in English and French, of games played some way by tapping, as the real bot
serves them to real Chromium. Run again after changing the page:

    .venv/bin/python -m tests.bot.activity.page.screenshots

(`--out DIR` writes them elsewhere; test_screenshots.py runs it so.)
(Chromium as the tests find it: Debian's `chromium`, or Playwright's own.)
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from .browser import launch
from .player import BUYER, board_for, play
from .served import served

OUT = Path(__file__).resolve().parents[4] / "docs" / "activity"
SHOTS = (("en", "desktop", 1280, 800), ("fr", "desktop", 1280, 800),
         ("en", "phone", 390, 844), ("fr", "phone", 390, 844))
TAPS = 45  # far enough into a game for owners, houses and the Bank's pawns


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[args.index("--out") + 1]) if "--out" in args else OUT
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, served(Path(folder), len(SHOTS)) as world:
        for browser in launch():
            for n, (lang, device, width, height) in enumerate(SHOTS):
                table = world["tables"][n]
                context, page, watched = board_for(world, browser, table, lang, width=width,
                                                   height=height, reduced_motion=True)
                play(world, page, table, lang, TAPS, BUYER)
                page.mouse.move(0, 0)  # no button under the pointer (hovered)
                path = out / f"{device}-{lang}.png"
                page.screenshot(path=str(path))
                watched.check()
                context.close()
                print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
