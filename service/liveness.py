"""Liveness without the request queue: each worker's event loop beats, a probe reads the beats.

A liveness probe sent to the traffic port waits in the same accept queue and behind the same
backpressure as the requests: under a burst it times out on a healthy pod, and the kubelet restarts
the pod exactly when it is needed most. Here instead each worker's event loop touches its own file
``<RIICHI_HEARTBEAT_DIR>/<pid>`` every :data:`BEAT_SECONDS` (a task on the loop,
:func:`service.api.routes.operations.heartbeat`), and ``python -m service.liveness`` (the Deployment's
``exec`` liveness probe) checks the files, with no HTTP at all:

- exit 0 when at least one worker is alive and every live worker (its pid still running) has beaten
  within :data:`STALE_SECONDS`;
- exit 1 when none has a beat file (no worker started, or all gone), or a live worker's loop has not
  run for :data:`STALE_SECONDS` (stuck: a deadlock, or one request holding the loop that long).

Files of workers that are gone are ignored (granian respawns a dead worker under a new pid) and
removed. Only the standard library is imported, so the probe starts in a few tens of milliseconds.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Final

__all__ = ["BEAT_SECONDS", "HEARTBEAT_DIR_ENV", "STALE_SECONDS", "beat_file", "check"]

HEARTBEAT_DIR_ENV: Final = "RIICHI_HEARTBEAT_DIR"
"""Environment variable: the directory of the workers' beat files (unset: no beats, the probe fails)."""

BEAT_SECONDS: Final = 1.0
"""How often a worker's event loop touches its file, seconds."""

STALE_SECONDS: Final = 30.0
"""A live worker whose file is older than this (seconds) is stuck: the longest a request may hold the loop
(the proxies' read timeout is 30 s) before the probe fails."""


def beat_file(directory: str | os.PathLike[str], pid: int) -> Path:
    """The beat file of worker ``pid`` in ``directory``."""
    return Path(directory) / f"worker-{pid}.beat"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: it exists
        return True
    return True


def check(directory: str | os.PathLike[str] | None, now: float | None = None) -> tuple[bool, str]:
    """(healthy, why) for the beat files in ``directory`` (see the module docstring).

    >>> check(None)
    (False, 'RIICHI_HEARTBEAT_DIR is not set')
    """
    if not directory:
        return False, f"{HEARTBEAT_DIR_ENV} is not set"
    now = time.time() if now is None else now
    live = 0
    for path in Path(directory).glob("worker-*.beat"):
        try:
            pid = int(path.name.removeprefix("worker-").removesuffix(".beat"))
            age = now - path.stat().st_mtime
        except (ValueError, OSError):
            continue
        if not _alive(pid):
            path.unlink(missing_ok=True)  # a worker that died: granian has started another
            continue
        if age > STALE_SECONDS:
            return False, f"worker {pid}: no beat for {age:.0f} s"
        live += 1
    if not live:
        return False, "no worker is beating"
    return True, f"{live} workers beating"


def main() -> int:
    healthy, why = check(os.environ.get(HEARTBEAT_DIR_ENV))
    print(why, file=sys.stdout if healthy else sys.stderr)
    return 0 if healthy else 1


if __name__ == "__main__":
    sys.exit(main())
