"""Whole games from their logs (/docs/logs): decoders of four formats into one shape, and the replay.

    >>> from service.logs import read_log, replay
    >>> result = replay(read_log(body))          # body: the log's bytes as published
    >>> result.agrees, result.summary.rounds

Pure: imports the scoring core and the game logic, nothing of the web layer.
"""

from __future__ import annotations

from .detect import MAX_LOG_BYTES, detect_format, read_log
from .record import GameLog, LogError
from .replay import replay

__all__ = ["MAX_LOG_BYTES", "GameLog", "LogError", "detect_format", "read_log", "replay"]
