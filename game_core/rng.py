"""Deterministic chance from the game's seed (H3).

A counter-based generator (SplitMix64 over seed + counter): the whole generator state is a
few integers, so it round-trips through JSON exactly and costs nothing to store.

Two dice schemes (the game's state says which one it was made with, `GameState.dice_scheme`):

- BY_ROLL (H4, every new game): dice by roll. The k-th movement roll (k = 0, 1, ...: the
  k-th time the player rolls to move, T1) is `dice(seed, k)`, whatever happened before it.
  Under doubles=standard (T3) the extra roll after doubles is simply the next movement roll
  (k + 1), and a third double in a row still counts as one. A Jail doubles try (T3) and R3's
  utility rent roll are no movement rolls: each comes from a stream of its own, at index
  (m, n): m movement rolls made so far, n rolls of that kind since the last movement roll
  (`side_dice`). A pawn freed by a Jail try moves by that try's dice (T3), no movement roll
  either. So no choice of the player (buy, decline, mortgage, sell, pay the fine or try
  doubles) ever shifts a movement roll: two players of one seed see the same k-th movement
  roll, and with doubles off they stand on the same square after every roll until one game
  ends (the daily, H5). Two players landing on a utility right after the same movement roll
  also roll the same rent dice.
- BY_DRAW (games stored before H4): every die of the game, movement, utility rent and Jail
  try alike, is `dice(seed, n)` for the n-th draw of the game. Kept so that those games
  still replay exactly (H3); a player whose utility is mortgaged (R4) skips a rent roll and
  shifts every later movement roll by one draw.

Both schemes draw the movement dice from the same stream: until the first utility rent roll
or Jail try of a game, they see the same dice.
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
DECK_STREAM = 0xD1CE_5EED_0000_0001  # a separate stream for the deck shuffles
UTILITY_STREAM = 0xD1CE_5EED_0000_0002  # BY_ROLL: R3's utility rent rolls
JAIL_STREAM = 0xD1CE_5EED_0000_0003  # BY_ROLL: Jail doubles tries (T3 standard)

BY_DRAW, BY_ROLL = "by_draw", "by_roll"
DICE_SCHEMES = (BY_DRAW, BY_ROLL)


def mix(seed: int, n: int) -> int:
    """The n-th 64-bit output of the stream `seed`."""
    z = (seed + (n + 1) * _GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


DICE_PAIRS = tuple((r // 6 + 1, r % 6 + 1) for r in range(36))  # r -> the two dice


def dice(seed: int, n: int) -> tuple[int, int]:
    """Two fair dice from one draw (bias of 36 into 2**64 is below 1e-17)."""
    # mix() inlined, its constants as literals: this is the hot path of every turn.
    z = (seed + (n + 1) * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return DICE_PAIRS[(z ^ (z >> 31)) % 36]


def side_dice(seed: int, stream: int, m: int, n: int) -> tuple[int, int]:
    """BY_ROLL: the n-th roll of `stream` (UTILITY_STREAM or JAIL_STREAM) once m movement
    rolls were made; every m gets a stream of its own, so no two rolls share an index."""
    return dice(mix(seed ^ stream, m), n)


_STEPS = tuple((n + 1) * _GOLDEN for n in range(64))  # mix's (n + 1) * golden, for a deck


def shuffled(items: tuple[str, ...], seed: int) -> list[str]:
    """Fisher-Yates over the deck stream of `seed` (S6)."""
    out = list(items)
    stream = (seed ^ DECK_STREAM) & MASK64
    for i in range(len(out) - 1, 0, -1):
        # mix(stream, i), inlined: every new game (and every rollout) shuffles two decks.
        z = (stream + _STEPS[i]) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        j = (z ^ (z >> 31)) % (i + 1)
        out[i], out[j] = out[j], out[i]
    return out
