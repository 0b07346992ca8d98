"""The production serving configuration, in one place: ``python -m service.serve``.

The container's entrypoint and the README's command run this. It starts granian on
``service.app:app`` with the options below (every one from the environment, defaults in
:data:`SETTINGS`) and supervises it:

- **workers** ``WORKERS`` (2), **respawned** when one dies (``--respawn-failed-workers``, after
  ``--respawn-interval`` 0.5 s): a SIGKILLed worker no longer takes the server down;
- **event loop** ``LOOP``: ``uvloop`` (default: more requests/s on one worker than asyncio, whose wake-up
  from granian's threads goes through a self-pipe; BENCHMARKS.md) or ``asyncio``;
- **HTTP/1.1 only** (``--http 1``), keep-alive on, with a **header read timeout**
  ``HEADER_READ_TIMEOUT_MS`` (10,000 ms) that runs from the moment a connection is accepted and
  again after each answer: a connection that sends nothing, or stays idle after a request, is closed
  when it runs out. (granian's default, ``--http auto``, first waits for the bytes that tell HTTP/1
  from HTTP/2, with no timeout at all: a connection that never sent a byte was held forever.)
- **connections per worker** ``BACKPRESSURE`` (2048): granian holds a permit per open *connection*
  (not per request) and accepts no more while a worker has none left; the rest wait in the kernel's
  accept backlog ``BACKLOG`` (2048). With 2 workers, ~4,000 connections that send nothing are held
  at once, each for at most the header read timeout, while other clients are still accepted. The open
  file limit (``RLIMIT_NOFILE``) is raised to its hard limit for them. granian has no body read
  timeout: a client trickling a body holds its connection until it ends (or until the shutdown
  deadline); slow clients are the buffering proxy's to absorb (``deploy/nginx.conf``, the Kubernetes
  Ingress);
- **workers that exit with their master**: a worker whose granian master dies (SIGKILL) stops as on
  SIGTERM (:func:`service.api.routes.operations.exit_with_parent`, ``RIICHI_EXIT_WITH_PARENT``), so none keeps
  serving unsupervised and the port is free for the next start; granian itself gets SIGTERM if this
  supervisor dies;
- **metrics across workers**: ``PROMETHEUS_MULTIPROC_DIR`` (default: a new directory under the system
  temporary directory), emptied at start, so ``/metrics`` sums every worker (:mod:`service.api.telemetry.metrics`).
  Every :data:`COMPACT_SECONDS` the supervisor folds the files of workers that are gone (killed, respawned)
  into one file per metric type (:func:`compact_metrics`), so the directory holds the live workers' files and
  one more of each type however often workers are replaced, and no count is lost;
- **liveness without the request queue**: ``RIICHI_HEARTBEAT_DIR`` (default: a new temporary directory),
  where each worker's event loop beats every second; ``python -m service.liveness`` reads it
  (:mod:`service.liveness`, the Deployment's liveness probe);
- **graceful stop with a deadline**: on SIGTERM (or SIGINT) the supervisor first *drains*: it creates
  the file ``RIICHI_DRAIN_FILE`` names, so ``/ready`` answers 503 on every worker for ``DRAIN_SECONDS``
  (5 s) while the listener still accepts (the load balancer takes the replica out), and every answer
  carries ``Connection: close`` (a keep-alive client's next request opens a new connection instead of
  racing the close of its old one); then it passes
  SIGTERM to granian, which stops accepting and lets in-flight requests finish; a worker still busy
  after ``SHUTDOWN_DEADLINE`` seconds (20, counted from the signal) is killed, so a client trickling a
  body cannot hold the process. Exit status 0 after a requested stop; granian's own status otherwise.

``python -m service.serve --check``: ``GET /health`` on ``PORT``, exit 0 on a 200 (a check by hand; the
container's HEALTHCHECK and the Deployment's liveness probe are ``python -m service.liveness``, which never
goes through the traffic port).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from service.api.routes.operations import DRAIN_FILE_ENV, EXIT_WITH_PARENT_ENV
from service.api.telemetry.logs import configure_logging, get_logger
from service.api.telemetry.metrics import MULTIPROC_ENV
from service.liveness import HEARTBEAT_DIR_ENV

__all__ = ["COMPACT_SECONDS", "SETTINGS", "compact_metrics", "granian_command", "main", "settings"]

_log = get_logger("service.serve")

SETTINGS: Final = {
    "HOST": "0.0.0.0",  # the container's interface; the README's command sets 127.0.0.1
    "PORT": "8000",
    "WORKERS": "2",
    "BACKLOG": "2048",
    "BACKPRESSURE": "2048",
    "HEADER_READ_TIMEOUT_MS": "10000",
    "RESPAWN_INTERVAL": "0.5",
    "DRAIN_SECONDS": "5",
    "SHUTDOWN_DEADLINE": "20",
    "LOOP": "uvloop",  # the event loop: uvloop (a dependency), or asyncio
    "ASGI_APP": "service.app:app",  # the ASGI target; the benchmarks serve variants of it (bench/)
}
"""Every setting and its default; each is read from the environment variable of the same name."""


def settings(environ: Mapping[str, str] = os.environ) -> dict[str, str]:
    """:data:`SETTINGS` overridden by ``environ``.

    >>> settings({"PORT": "9000"})["PORT"], settings({})["WORKERS"]
    ('9000', '2')
    """
    return {key: environ.get(key) or default for key, default in SETTINGS.items()}


def granian_command(config: Mapping[str, str]) -> list[str]:
    """The granian command line for ``config`` (:func:`settings`).

    >>> " ".join(granian_command(settings({})))  # doctest: +ELLIPSIS
    '... -m granian --interface asgi --host 0.0.0.0 --port 8000 --workers 2 --respawn-failed-workers ...'
    """
    deadline = max(1.0, float(config["SHUTDOWN_DEADLINE"]) - float(config["DRAIN_SECONDS"]) - 1)
    return [
        sys.executable,
        "-m",
        "granian",
        "--interface",
        "asgi",
        "--host",
        config["HOST"],
        "--port",
        config["PORT"],
        "--workers",
        config["WORKERS"],
        "--respawn-failed-workers",
        "--respawn-interval",
        config["RESPAWN_INTERVAL"],
        "--workers-kill-timeout",
        str(int(deadline)),
        "--backlog",
        config["BACKLOG"],
        "--backpressure",
        config["BACKPRESSURE"],
        "--http",
        "1",  # not auto: its HTTP/1-or-2 detection waits for a first byte without a timeout
        "--http1-header-read-timeout",
        config["HEADER_READ_TIMEOUT_MS"],
        "--http1-keep-alive",
        "--no-access-log",  # the app logs every request itself (JSON, with the request id)
        "--loop",
        config["LOOP"],
        config["ASGI_APP"],
    ]


def check(port: str) -> int:
    """0 when ``GET /health`` on 127.0.0.1:``port`` answers 200 within 2 s, else 1."""
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as response:
            return 0 if response.status == 200 else 1
    except OSError:
        return 1


def startup_problem(config: Mapping[str, str], environ: Mapping[str, str] = os.environ) -> str | None:
    """Why the service cannot start, checked once before any worker is spawned (a bad setting would
    otherwise crash every worker at import, respawned forever), or None.

    - a guard setting that does not read (``RIICHI_RATE_LIMIT``, ``RIICHI_API_KEYS_FILE``, …);
    - the port already taken: granian binds with ``SO_REUSEPORT``, so a second server on a busy port
      would silently share its traffic; a plain bind here fails instead.

    >>> startup_problem({"HOST": "127.0.0.1", "PORT": "0"}, {"RIICHI_RATE_LIMIT": "10/min"})[:18]
    'RIICHI_RATE_LIMIT '
    """
    from service.api.plumbing import guards  # the app's own readers of the settings

    try:
        guards.api_keys(environ)
        guards.rate_limit_settings(environ)
        guards.trusted_proxies(environ)
        guards.cors_config(environ)
    except (ValueError, OSError) as exc:
        return str(exc)
    if config.get("LOOP", "uvloop") not in ("uvloop", "asyncio"):
        return f"LOOP={config['LOOP']!r}: the event loop is uvloop or asyncio"
    with socket.socket(socket.AF_INET6 if ":" in config["HOST"] else socket.AF_INET) as probe:
        # SO_REUSEADDR as granian binds: a port whose last server has just stopped (its connections in
        # TIME_WAIT) is free; one a server still listens on (without SO_REUSEPORT here) is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((config["HOST"], int(config["PORT"])))
        except OSError as exc:
            return f"cannot listen on {config['HOST']}:{config['PORT']}: {exc.strerror}"
    return None


def main(argv: list[str]) -> int:
    """Serve until stopped (see the module docstring); ``--check``: the health check."""
    config = settings()
    if argv[1:] == ["--check"]:
        return check(config["PORT"])
    try:
        configure_logging()  # the supervisor's own lines are JSON lines like the workers'
    except ValueError as exc:  # LOG_LEVEL that is no level
        print(f"service.serve: {exc}", file=sys.stderr)
        return 2
    if problem := startup_problem(config):
        _log.error("cannot start", problem=problem)
        print(f"service.serve: {problem}", file=sys.stderr)  # and once as plain text, for whoever runs it by hand
        return 2
    _raise_open_file_limit()
    metrics_dir = os.environ.get(MULTIPROC_ENV) or tempfile.mkdtemp(prefix="riichi-metrics-")
    shutil.rmtree(metrics_dir, ignore_errors=True)  # counts of an earlier run are not this run's
    Path(metrics_dir).mkdir(parents=True, exist_ok=True)
    drain_file = os.environ.get(DRAIN_FILE_ENV) or os.path.join(tempfile.gettempdir(), f"riichi-drain-{os.getpid()}")
    Path(drain_file).unlink(missing_ok=True)
    heartbeat_dir = os.environ.get(HEARTBEAT_DIR_ENV) or tempfile.mkdtemp(prefix="riichi-heartbeat-")
    shutil.rmtree(heartbeat_dir, ignore_errors=True)  # beats of an earlier run's workers are not this run's
    Path(heartbeat_dir).mkdir(parents=True, exist_ok=True)
    env = {
        **os.environ,
        MULTIPROC_ENV: metrics_dir,
        DRAIN_FILE_ENV: drain_file,
        EXIT_WITH_PARENT_ENV: str(os.getpid()),
        HEARTBEAT_DIR_ENV: heartbeat_dir,
    }
    server = subprocess.Popen(granian_command(config), env=env, preexec_fn=_stop_with_parent)
    stopping = threading.Event()

    def compact_while_serving() -> None:
        while server.poll() is None:
            time.sleep(COMPACT_SECONDS)
            try:
                compact_metrics(metrics_dir)
            except (OSError, ValueError) as exc:  # never takes the supervisor down; the next round tries again
                _log.warning("metrics not compacted", error=str(exc))

    threading.Thread(target=compact_while_serving, name="compact-metrics", daemon=True).start()

    def stop(signum: int, _frame: object) -> None:
        if stopping.is_set():
            return
        stopping.set()
        threading.Thread(target=shut_down, daemon=True).start()

    def shut_down() -> None:
        started = time.monotonic()
        Path(drain_file).touch()  # /ready is 503 on every worker from now on
        _log.info("draining", seconds=float(config["DRAIN_SECONDS"]))
        time.sleep(float(config["DRAIN_SECONDS"]))
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
        remaining = float(config["SHUTDOWN_DEADLINE"]) - (time.monotonic() - started)
        try:
            server.wait(timeout=max(0.0, remaining))
        except subprocess.TimeoutExpired:
            _log.warning("shutdown deadline reached: killing the server")
            workers = _children(server.pid)  # before the master goes: then they would be orphans
            server.kill()
            for worker in workers:
                _kill(worker)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    status = server.wait()
    Path(drain_file).unlink(missing_ok=True)
    return 0 if stopping.is_set() else status


COMPACT_SECONDS: Final = 5.0
"""How often the supervisor folds the metrics files of workers that are gone (:func:`compact_metrics`), seconds."""

_FOLDED: Final = "dead"
"""The "pid" in the name of the file each metric type's gone workers are folded into (``counter_dead.db``)."""


def compact_metrics(directory: str | os.PathLike[str], alive: Callable[[int], bool] | None = None) -> list[int]:
    """Fold the prometheus-client multiprocess files of processes that are gone into one file per type.

    A worker writes ``counter_<pid>.db`` and ``histogram_<pid>.db`` (summed over every file at scrape time)
    and ``gauge_livesum_<pid>.db`` (its cache figures, summed over live workers only). For each ``<pid>`` that
    ``alive`` (default: the process exists) says is gone, its counter and histogram values are added, key by
    key, into ``counter_dead.db`` / ``histogram_dead.db`` and its files are removed; its live gauges are
    removed (prometheus-client's ``mark_process_dead``). Totals stay what they were (a scrape in the instant
    between the fold and the removal of one file could count that file twice). Returns the pids folded.
    """
    from prometheus_client import mmap_dict, multiprocess

    MmapedDict: Any = mmap_dict.MmapedDict  # noqa: N806 (untyped in prometheus-client)
    mark_process_dead: Any = multiprocess.mark_process_dead

    alive = alive or _process_exists
    folded = set()
    for path in sorted(Path(directory).glob("*.db")):
        kind, _, pid_text = path.stem.rpartition("_")
        if not pid_text.isdigit() or alive(int(pid_text)):
            continue
        pid = int(pid_text)
        folded.add(pid)
        if kind in ("counter", "histogram"):
            into = MmapedDict(str(Path(directory) / f"{kind}_{_FOLDED}.db"))
            try:
                for key, value, timestamp, _ in MmapedDict.read_all_values_from_file(str(path)):
                    into.write_value(key, into.read_value(key)[0] + value, timestamp)  # (value, timestamp)
            finally:
                into.close()
            path.unlink()
        elif kind.startswith("gauge_live"):
            mark_process_dead(pid, str(directory))
    return sorted(folded)


def _process_exists(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _stop_with_parent() -> None:
    """In the granian master, before it runs: SIGTERM when this supervisor dies (Linux ``PR_SET_PDEATHSIG``;
    the supervisor's main thread, which starts granian, lives as long as the supervisor)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


_PR_SET_PDEATHSIG: Final = 1


def _raise_open_file_limit() -> None:
    """The soft limit of open files raised to the hard one (inherited by granian and its workers): each
    held connection is a file descriptor, and a soft limit of 1,024 (common outside containers) would
    refuse connections long before ``BACKPRESSURE`` does."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _children(pid: int) -> list[int]:
    """The pids of ``pid``'s child processes (Linux ``/proc``), empty if none or unknown."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):  # every thread's: granian respawns from another one
        with contextlib.suppress(OSError):
            found += [int(p) for p in (task / "children").read_text().split()]
    return found


def _kill(pid: int) -> None:
    with contextlib.suppress(OSError):
        os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
