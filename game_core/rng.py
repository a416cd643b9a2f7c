"""Deterministic chance from the game's seed (H3).

A counter-based generator (SplitMix64 over seed + counter): the whole generator state is two
integers, so it round-trips through JSON exactly and costs nothing to store.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
DECK_STREAM = 0xD1CE_5EED_0000_0001  # a separate stream for the deck shuffles


def mix(seed: int, n: int) -> int:
    """The n-th 64-bit output of the stream `seed`."""
    z = (seed + (n + 1) * _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def dice(seed: int, n: int) -> tuple[int, int]:
    """Two fair dice from one draw (bias of 36 into 2**64 is below 1e-17)."""
    # mix() inlined: this is the hot path of every turn.
    z = (seed + (n + 1) * _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    r = (z ^ (z >> 31)) % 36
    return r // 6 + 1, r % 6 + 1


def shuffled(items: tuple[str, ...], seed: int) -> list[str]:
    """Fisher-Yates over the deck stream of `seed` (S6)."""
    out = list(items)
    stream = (seed ^ DECK_STREAM) & MASK64
    for i in range(len(out) - 1, 0, -1):
        j = mix(stream, i) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
