"""The engine is pure: no Discord, asyncio or SQLite, even indirectly."""

import subprocess
import sys


def test_importing_and_playing_the_engine_loads_no_discord_asyncio_or_sqlite():
    code = (
        "import sys\n"
        "from game_core.simulate import simulate\n"
        "simulate(3, 1, 'random')\n"
        "bad = sorted(m for m in sys.modules\n"
        "             if m.split('.')[0] in ('discord', 'asyncio', 'sqlite3', 'aiosqlite'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == ""
