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


def _log_order(done: list[str], name: str) -> str:
    time.sleep(0.02)
    done.append(name)
    return name


async def test_a_picture_goes_before_every_job_queued_later_and_those_go_oldest_first():
    pool = WorkerPool.in_threads(1)
    done: list[str] = []
    try:
        later = [asyncio.ensure_future(pool.run_later(_log_order, done, f"hint {n}"))
                 for n in range(5)]
        await asyncio.sleep(0.005)  # the first slice is running, the others wait
        assert pool.waiting_later == 4 and pool.backlog == 0
        picture = asyncio.ensure_future(pool.run(_log_order, done, "picture"))
        await asyncio.sleep(0)
        assert pool.backlog == 1
        assert await picture == "picture"
        await asyncio.gather(*later)
        assert done == ["hint 0", "picture", "hint 1", "hint 2", "hint 3", "hint 4"]
    finally:
        await pool.close()


async def test_a_job_cancelled_while_it_waits_gives_its_turn_to_the_next():
    pool = WorkerPool.in_threads(1)
    done: list[str] = []
    try:
        first = asyncio.ensure_future(pool.run_later(_log_order, done, "first"))
        await asyncio.sleep(0.005)
        dropped = asyncio.ensure_future(pool.run(_log_order, done, "dropped"))
        kept = asyncio.ensure_future(pool.run(_log_order, done, "kept"))
        await asyncio.sleep(0)
        dropped.cancel()
        assert await kept == "kept" and await first == "first"
        assert done == ["first", "kept"] and pool.backlog == 0
        assert await pool.run(_log_order, done, "after") == "after"  # no worker was lost
    finally:
        await pool.close()


async def test_jobs_still_waiting_at_close_are_not_run():
    pool = WorkerPool.in_threads(1)
    done: list[str] = []
    running = asyncio.ensure_future(pool.run(_log_order, done, "running"))
    await asyncio.sleep(0.005)
    waiting = asyncio.ensure_future(pool.run_later(_log_order, done, "waiting"))
    await asyncio.sleep(0)
    await pool.close()
    assert await running == "running"
    with pytest.raises(PoolClosed):
        await waiting
    assert done == ["running"]


STARTING_WORKER = '''
import asyncio, os, signal, sys, time
from bot.hosting.workers import WorkerPool

if __name__ == "__mp_main__":  # a worker still starting: it imports this file first
    time.sleep(1.5)


def pid() -> int:
    return os.getpid()


async def main() -> None:
    pool = WorkerPool.start(1)
    job = asyncio.ensure_future(pool.run(pid))
    await asyncio.sleep(0.5)  # the worker is spawned, and still importing
    [worker] = list(pool._executor._processes)
    os.kill(worker, signal.SIGINT)  # what Ctrl-C sends the whole process group
    print("ran in", await job)
    await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
'''


def test_a_ctrl_c_while_a_worker_starts_neither_stops_it_nor_prints_a_traceback(tmp_path):
    """A terminal sends Ctrl-C to every process of the group, workers still importing
    included (before their initializer ignores it): they start with SIGINT blocked."""
    import subprocess
    import sys
    from pathlib import Path

    script = tmp_path / "starting.py"
    script.write_text(STARTING_WORKER)
    repo = Path(__file__).resolve().parents[3]
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=60, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(repo)})
    assert done.returncode == 0, done.stderr
    assert "ran in" in done.stdout
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


def _sigint_state() -> tuple[bool, bool]:
    return (signal.getsignal(signal.SIGINT) is signal.SIG_IGN,
            signal.SIGINT in signal.pthread_sigmask(signal.SIG_BLOCK, set()))


async def test_a_started_worker_ignores_sigint_and_no_longer_blocks_it():
    pool = WorkerPool.start(1)
    try:
        assert await pool.run(_sigint_state) == (True, False)
    finally:
        await pool.close()
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, set())  # ours back


def _picture_sized(n: int) -> bytes:
    return bytes(n)


@pytest.mark.skipif(not hasattr(os, "sched_getaffinity"), reason="Linux's pipe sizes")
async def test_a_worker_hands_back_a_whole_picture_without_waiting_for_the_bot_to_read_it():
    # A board is ~85 kB; Linux's default pipe holds 64 KiB, so a worker would wait, pipe
    # full, for the bot's reading thread (which needs the GIL, busy under a burst).
    import fcntl

    from bot.hosting.workers import F_SETPIPE_SZ, RESULTS_PIPE

    pool = WorkerPool.start(1)
    try:
        reader = pool._executor._result_queue._reader  # type: ignore[attr-defined]
        assert fcntl.fcntl(reader.fileno(), F_SETPIPE_SZ + 1) >= RESULTS_PIPE  # F_GETPIPE_SZ
        assert len(await pool.run(_picture_sized, 300_000)) == 300_000
    finally:
        await pool.close()
