"""The tenhou6 log format: detected, not read yet (/docs/logs §Formats).

:func:`decode` refuses every body with a :class:`~service.logs.record.LogError` that says so, so a client
gets a 422 naming ``format`` rather than a wrong replay.
"""

from __future__ import annotations

from .record import GameLog, LogError

__all__ = ["decode"]


def decode(text: bytes) -> GameLog:
    """Always raises :class:`LogError`: the format is recognised but its decoder is not written yet."""
    raise LogError("tenhou6 logs are recognised but not replayed yet; send the game as Tenhou mjlog XML or mjai")
