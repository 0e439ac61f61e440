"""tests/fanout/cluster.py -- a Dask cluster of separate processes for the
fan-out tests: ``dask scheduler`` and ``dask worker`` (each under its
nanny) started as commands on 127.0.0.1, as a deployment runs them.

A worker runs under a supervisor, as systemd's Restart=always would run
it: Dask 2022.12's workers and their nannies exit when they lose the
scheduler, and the supervisor starts them again (every second) so that
they join the scheduler when it is back.  Every process is started in a
session of its own and stopped, with its children, by stop() (or at the
end of the with block), whatever happened.
"""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from typing import List, Optional

LOCALHOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((LOCALHOST, 0))
        return int(s.getsockname()[1])


def _stop(proc: Optional[subprocess.Popen], sig: int = signal.SIGTERM) -> None:
    """Stops proc and every process of its session (its nanny's worker)."""
    if proc is None or proc.poll() is not None:
        return
    try:
        os.killpg(proc.pid, sig)
        os.killpg(proc.pid, signal.SIGCONT)  # a stopped process too
        proc.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


class _Supervised:
    """A command started again each time it exits, until stop()."""

    def __init__(self, argv: List[str], log: str) -> None:
        self.argv = argv
        self.log = log
        self.proc: Optional[subprocess.Popen] = None
        self.starts = 0
        self.stopping = threading.Event()
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._loop, daemon=True)
        self.thread.start()

    def _loop(self) -> None:
        while not self.stopping.is_set():
            with self.lock:
                if self.stopping.is_set():
                    return
                with open(self.log, "a") as out:
                    self.proc = subprocess.Popen(
                        self.argv, stdout=out, stderr=out, start_new_session=True
                    )
                self.starts += 1
            self.proc.wait()
            self.stopping.wait(1.0)

    def stop(self) -> None:
        self.stopping.set()
        with self.lock:
            _stop(self.proc)
        self.thread.join(timeout=15)


class ProcessCluster:
    """dask scheduler on 127.0.0.1:port and n dask workers of one thread.

    address: the scheduler's; scheduler: its process; workers: the
    supervisors (each .proc the current ``dask worker`` process, whose
    child is the worker itself).  kill_scheduler() and start_scheduler()
    take it down and bring it back on the same port."""

    def __init__(self, workers: int, directory: str) -> None:
        self.port = free_port()
        self.address = "tcp://%s:%d" % (LOCALHOST, self.port)
        self.directory = directory
        self.scheduler: Optional[subprocess.Popen] = None
        self.workers: List[_Supervised] = []
        self.count = workers

    def _dask(self, *args: str) -> List[str]:
        return [sys.executable, "-m", "dask"] + list(args)

    def start_scheduler(self) -> None:
        with open(os.path.join(self.directory, "scheduler.log"), "a") as out:
            self.scheduler = subprocess.Popen(
                self._dask(
                    "scheduler",
                    "--host",
                    LOCALHOST,
                    "--port",
                    str(self.port),
                    "--dashboard-address",
                    LOCALHOST + ":0",
                ),
                stdout=out,
                stderr=out,
                cwd=self.directory,
                start_new_session=True,
            )

    def kill_scheduler(self, sig: int = signal.SIGKILL) -> None:
        assert self.scheduler is not None
        os.kill(self.scheduler.pid, sig)
        self.scheduler.wait(timeout=30)

    def __enter__(self) -> "ProcessCluster":
        try:
            self.start_scheduler()
            for n in range(self.count):
                self.workers.append(
                    _Supervised(
                        self._dask(
                            "worker",
                            self.address,
                            "--nthreads",
                            "1",
                            "--host",
                            LOCALHOST,
                            "--dashboard-address",
                            LOCALHOST + ":0",
                            "--death-timeout",
                            "5",
                            "--local-directory",
                            self.directory,
                        ),
                        os.path.join(self.directory, "worker-%d.log" % n),
                    )
                )
            self.wait_for_workers(self.count, 90)
        except BaseException:
            self.stop()
            raise
        return self

    def wait_for_workers(self, n: int, timeout: float) -> None:
        """Waits (at most timeout seconds) until n workers are connected."""
        from distributed import Client

        deadline = time.monotonic() + timeout
        while True:
            try:
                with Client(self.address, timeout=5, set_as_default=False) as client:
                    client.wait_for_workers(n, timeout=max(1.0, deadline - time.monotonic()))
                    return
            except Exception:
                if time.monotonic() > deadline:
                    raise AssertionError(
                        "no %d Dask workers at %s after %g s" % (n, self.address, timeout)
                    ) from None
                time.sleep(0.5)

    def worker_pids(self) -> List[int]:
        """The worker processes (the nannies' children)."""
        import psutil

        pids = []
        for w in self.workers:
            if w.proc is not None and w.proc.poll() is None:
                try:
                    pids += [c.pid for c in psutil.Process(w.proc.pid).children(recursive=True)]
                except psutil.NoSuchProcess:
                    pass
        return pids

    def stop(self) -> None:
        for w in self.workers:
            w.stop()
        _stop(self.scheduler)

    def __exit__(self, *exc: object) -> None:
        self.stop()
