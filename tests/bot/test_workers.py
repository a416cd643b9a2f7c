"""The worker pool: CPU-heavy jobs run in other processes, and closing it leaves none."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import time

import pytest

from bot.hosting.workers import PoolClosed, WorkerPool


def _pid_and_square(n: int) -> tuple[int, int]:
    return os.getpid(), n * n


def _slow(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_job_runs_in_a_worker_process_and_its_result_comes_back():
    pool = WorkerPool.start(2)
    try:
        pids = await pool.warm_up()
        assert len(pids) == 2 and os.getpid() not in pids
        pid, square = await pool.run(_pid_and_square, 12)
        assert square == 144 and pid in pids
    finally:
        await pool.close()


async def test_closing_while_jobs_run_leaves_no_worker_process():
    pool = WorkerPool.start(2)
    pids = await pool.warm_up()
    running = [asyncio.ensure_future(pool.run(_slow, 0.3)) for _ in range(6)]
    await asyncio.sleep(0.05)  # two are running, four wait
    await pool.close()
    results = await asyncio.gather(*running, return_exceptions=True)
    assert results.count(0.3) >= 2  # the running ones finished; the rest were dropped
    assert all(r == 0.3 or isinstance(r, BaseException) for r in results)
    assert not any(_alive(pid) for pid in pids)
    assert multiprocessing.active_children() == []
    with pytest.raises(PoolClosed):
        await pool.run(_slow, 0)
    await pool.close()  # again: nothing happens


async def test_a_job_stuck_at_close_is_stopped_after_the_timeout():
    pool = WorkerPool.start(1)
    [pid] = list(await pool.warm_up())
    stuck = asyncio.ensure_future(pool.run(_slow, 30))
    await asyncio.sleep(0.1)
    started = time.monotonic()
    await pool.close(timeout=0.5)
    assert time.monotonic() - started < 10 and not _alive(pid)
    with pytest.raises(BaseException):  # noqa: B017 -- its worker was killed under it
        await stuck


async def test_a_worker_that_died_is_replaced_for_the_next_job():
    pool = WorkerPool.start(1)
    try:
        [pid] = list(await pool.warm_up())
        os.kill(pid, signal.SIGKILL)
        await asyncio.sleep(0.2)
        new_pid, square = await pool.run(_pid_and_square, 3)
        assert square == 9 and new_pid != pid
    finally:
        await pool.close()


async def test_threads_stand_in_for_processes_in_one_process_tests():
    pool = WorkerPool.in_threads()
    try:
        pid, square = await pool.run(_pid_and_square, 5)
        assert (pid, square) == (os.getpid(), 25)
    finally:
        await pool.close()
