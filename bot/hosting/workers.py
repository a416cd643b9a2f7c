"""A pool of worker processes for the bot's CPU-heavy work (board pictures, hints), so that
the event loop only ever waits for it and stays free to answer clicks in time.

    pool = WorkerPool.start()              # once, in MonopolyBot.setup_hook
    png = await pool.run(render_board, game, last_move=(7, 11))
    tally = await pool.run_later(tally_chunk, ...)   # a hint's slice: after every picture
    await pool.close()                     # on shutdown: no worker process is left

`run` takes any picklable module-level function and arguments. The pool is sized from the
CPUs this process may use. Its workers run at a lower priority than the bot (nice), so
that under load the event loop (acknowledging clicks, saving moves) gets the CPU first and
the pictures take what is left. They ignore Ctrl-C, which a terminal sends to the whole
process group: the bot stops them itself, after its own clean shutdown. A worker whose bot
was killed (SIGKILL, out of memory) exits by itself within a second or two (its watchdog
sees the bot gone); with every worker gone, multiprocessing's resource tracker reads the end
of its pipe and exits too, so nothing is left running. A worker that dies
(killed, out of memory) breaks a ProcessPoolExecutor for good; the pool then starts a fresh
one for the next job instead of failing every job from then on.

Two lanes, one set of workers. The pool hands at most one job per worker to the executor
and keeps the rest itself, in two queues: `run` (board pictures and every other answer a
player is looking at) and `run_later` (hints). A free worker always takes the oldest
picture first; a hint's slice only when no picture waits. A hint is cut into slices of a
few dozen rollouts (`bot.application.hints`), so a picture never waits for more than the
slices already running, a fraction of a second, however many hints are queued; hints
themselves go oldest first (their slices queue in the order the hints were asked).

Tests that drive the bot inside their own process (simcord) use `WorkerPool.in_threads()`:
the same interface, off the event loop, without starting processes for every test.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections import deque
from contextlib import contextmanager, nullcontext
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import ParamSpec, TypeVar

log = logging.getLogger(__name__)
P = ParamSpec("P")
T = TypeVar("T")
WORKER_NICENESS = 10  # below the bot: its event loop comes first when the CPUs are busy
CLOSE_TIMEOUT = 10.0  # seconds to let running jobs finish on close before killing them
WARM_UP_PAUSE = 0.05
PARENT_POLL = 1.0  # seconds between a worker's checks that its bot is still alive


class PoolClosed(RuntimeError):
    """The pool was closed (the bot is stopping): the job was not run."""


def machine_size() -> int:
    """One worker per CPU this process may run on (its affinity, not the whole machine)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def _init_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Started with SIGINT blocked (see _sigint_blocked): ignored from now on, so unblocked.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        os.nice(WORKER_NICENESS)
    except OSError:  # not allowed here: run at the bot's priority
        pass
    _watch_parent()


def _watch_parent() -> None:
    """Exit this worker once the process that started it is gone. A killed bot can't stop
    its workers, and nothing else would: they would wait for jobs forever, holding the
    resource tracker's pipe open too. The parent's pid comes from the spawn command line
    (not read here, where the parent may already be dead); when it dies this process is
    handed to init or a subreaper, and getppid() changes."""
    parent = multiprocessing.parent_process()
    parent_pid = parent.pid if parent is not None and parent.pid else os.getppid()

    def watch() -> None:
        while os.getppid() == parent_pid:
            time.sleep(PARENT_POLL)
        os._exit(0)  # no cleanup to do for a dead bot: its jobs' results have no reader

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _ready(job: Callable[[], object] | None) -> int:
    if job is not None:
        job()
    time.sleep(WARM_UP_PAUSE)  # busy a moment, so that the next job goes to another worker
    return os.getpid()


@contextmanager
def _sigint_blocked() -> Iterator[None]:
    """SIGINT blocked in this thread meanwhile. A worker is spawned by the `submit` that
    needs it, in the submitting thread, and starts with that thread's signal mask: a
    Ctrl-C while it is still importing (before `_init_worker` ignores SIGINT) would
    otherwise stop it with a KeyboardInterrupt traceback on the terminal. The bot itself
    still gets that Ctrl-C: another thread takes it, or it waits until unblocked here (the
    same guard as multiprocessing's own resource tracker)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


NOW, LATER = 0, 1  # the lanes, in the order a free worker serves them
# Bytes the pipe bringing the workers' results back may hold (Linux's F_SETPIPE_SZ; its
# default is 64 KiB). A board picture is ~85 kB: through a 64 KiB pipe a worker waits, pipe
# full, until the bot's thread reading it has the GIL again, which under a burst the event
# loop holds for milliseconds at a time; so the workers drew half the time and waited the
# other half. With room for a few pictures, a worker writes its result and draws the next.
RESULTS_PIPE = 1 << 20
F_SETPIPE_SZ = 1031


def _roomy(executor: ProcessPoolExecutor) -> ProcessPoolExecutor:
    """`executor`, its results' pipe made RESULTS_PIPE bytes where the system allows."""
    queue = getattr(executor, "_result_queue", None)  # CPython's own attribute
    reader = getattr(queue, "_reader", None)
    try:
        import fcntl

        fcntl.fcntl(reader.fileno(), F_SETPIPE_SZ, RESULTS_PIPE)  # type: ignore[union-attr]
    except (ImportError, AttributeError, OSError) as exc:  # not Linux, or over the limit
        log.debug("the workers' results pipe keeps its size (%r)", exc)
    return executor


class WorkerPool:
    def __init__(self, make_executor: Callable[[], Executor], size: int, *,
                 processes: bool) -> None:
        self._make_executor = make_executor
        self._executor = make_executor()
        self.size = size
        self.processes = processes  # False: threads (tests in one process)
        self._closed = False
        self._busy = 0  # jobs handed to the executor and not finished: at most `size`
        # Jobs waiting for a worker, per lane, oldest first: each waits on its turn.
        self._waiting: tuple[deque[asyncio.Future[None]], ...] = (deque(), deque())

    @property
    def backlog(self) -> int:
        """Pictures waiting for a free worker: a caller in a hurry need not wait behind them.
        Hints' slices don't count: a picture goes before them."""
        return sum(not turn.done() for turn in self._waiting[NOW])

    @property
    def waiting_later(self) -> int:
        """Hints' slices waiting for a worker."""
        return sum(not turn.done() for turn in self._waiting[LATER])

    @classmethod
    def start(cls, size: int | None = None) -> WorkerPool:
        """Worker processes, `size` of them (default: one per CPU). They are started by
        `warm_up()` or by the first jobs."""
        workers = size or machine_size()
        # "spawn": a fresh interpreter per worker. Forking the bot would copy its event
        # loop, its database threads and their locks into the child mid-use.
        context = multiprocessing.get_context("spawn")
        return cls(lambda: _roomy(ProcessPoolExecutor(workers, mp_context=context,
                                                      initializer=_init_worker)),
                   workers, processes=True)

    @classmethod
    def in_threads(cls, size: int = 1) -> WorkerPool:
        return cls(lambda: ThreadPoolExecutor(size, thread_name_prefix="worker"), size,
                   processes=False)

    async def warm_up(self, job: Callable[[], object] | None = None) -> set[int]:
        """Start every worker now rather than at the first click, running `job` (say,
        drawing a blank board once to load the fonts; it must bear repeating) in each;
        returns the workers' pids."""
        pids: set[int] = set()
        for _ in range(100):  # a worker still starting lets the others take its jobs
            # All at once: an executor starts a new worker for a job when none is idle.
            pids.update(await asyncio.gather(*(self.run(_ready, job)
                                               for _ in range(self.size))))
            if len(pids) >= self.size:
                break
        return pids

    async def run(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        """`fn(*args, **kwargs)` in a worker, as soon as one is free (before any job queued
        with `run_later`); raises PoolClosed once the pool is closed."""
        await self._turn(NOW)
        return await self._submit(fn, *args, **kwargs)

    async def run_later(self, fn: Callable[P, T], /, *args: P.args,
                        **kwargs: P.kwargs) -> T:
        """Like `run`, but only when no `run` job waits: for work nobody is looking at
        yet (hints), cut in short jobs so that a picture never waits long behind one."""
        await self._turn(LATER)
        return await self._submit(fn, *args, **kwargs)

    async def _turn(self, lane: int) -> None:
        """Wait until a worker is free for a job of `lane`, and hold it (`_done` frees it)."""
        if self._closed:
            raise PoolClosed("the worker pool is closed")
        if self._busy < self.size and not any(
                not turn.done() for queue in self._waiting[:lane + 1] for turn in queue):
            self._busy += 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[lane].append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled() and turn.exception() is None:
                self._done()  # given a worker just as it was cancelled: hand it on
            raise

    def _done(self) -> None:
        """A job finished: its worker goes to the oldest job of the first lane waiting."""
        self._busy -= 1
        for queue in self._waiting:
            while queue and self._busy < self.size:
                turn = queue.popleft()
                if not turn.done():  # a caller cancelled while waiting left its turn
                    self._busy += 1
                    turn.set_result(None)
            if self._busy >= self.size:
                return

    async def _submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> T:
        try:
            # submit + wrap_future rather than loop.run_in_executor: the same, but with
            # keyword arguments, and nothing to pickle but `fn` and its arguments.
            return await asyncio.wrap_future(self._hand_over(fn, *args, **kwargs))
        except BrokenProcessPool:
            if self._closed:
                raise PoolClosed("the worker pool is closed") from None
            log.warning("a worker process died; starting a fresh pool")
            self._replace()
            return await asyncio.wrap_future(self._hand_over(fn, *args, **kwargs))
        except RuntimeError as exc:  # "cannot schedule new futures after shutdown"
            if self._closed:
                raise PoolClosed("the worker pool is closed") from exc
            raise
        finally:
            self._done()

    def _hand_over(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs
                   ) -> Future[T]:
        """The job to the executor, which may start a worker process for it now."""
        with _sigint_blocked() if self.processes else nullcontext():
            return self._executor.submit(fn, *args, **kwargs)

    def _replace(self) -> None:
        broken = self._executor
        self._executor = self._make_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    async def close(self, timeout: float = CLOSE_TIMEOUT) -> None:
        """Cancel the jobs not started, let the running ones end (up to `timeout` s, then
        kill them) and wait until every worker process has exited. Safe to repeat."""
        if self._closed:
            return
        self._closed = True
        for queue in self._waiting:  # jobs that never got a worker: not run
            for turn in queue:
                if not turn.done():
                    turn.set_exception(PoolClosed("the worker pool is closed"))
            queue.clear()
        executor = self._executor
        processes = list((getattr(executor, "_processes", None) or {}).values())
        shutdown = asyncio.to_thread(executor.shutdown, wait=True, cancel_futures=True)
        try:
            await asyncio.wait_for(shutdown, timeout)
        except TimeoutError:
            log.warning("worker jobs still running after %.0f s; stopping them", timeout)
            for process in processes:
                process.kill()
        for process in processes:  # reaped: nothing is left behind, not even a zombie
            await asyncio.to_thread(process.join, 5)
        log.info("worker pool closed")

    @property
    def closed(self) -> bool:
        return self._closed
