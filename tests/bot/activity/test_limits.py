"""Rate limits of the Activity's endpoints: one key over its rate is held off, the others
are not touched (issue 36, point 4)."""

from __future__ import annotations

from bot.activity.limits import RateLimit, retry_after


class Clock:
    now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_refusals_with_how_long_to_wait():
    clock = Clock()
    limit = RateLimit(10.0, 20, clock)
    answers = [limit.take("flood") for _ in range(1000)]
    assert answers[:20] == [0.0] * 20
    assert all(wait > 0 for wait in answers[20:])
    assert limit.refused == 980
    assert retry_after(answers[-1]) == "1"


def test_another_key_is_never_slowed_by_a_flood():
    clock = Clock()
    limit = RateLimit(10.0, 20, clock)
    for _ in range(1000):
        limit.take("flood")
    assert [limit.take("calm") for _ in range(20)] == [0.0] * 20


def test_the_bucket_fills_again_at_its_rate():
    clock = Clock()
    limit = RateLimit(10.0, 20, clock)
    for _ in range(25):
        limit.take("k")
    clock.now += 0.5  # 5 tokens
    assert [limit.take("k") == 0.0 for _ in range(6)] == [True] * 5 + [False]
