"""Whole games from their logs (/docs/logs): decoders of four formats into one shape, and the replay.

    >>> import json
    >>> from service.logs import read_log, replay
    >>> rests = (["1p", "2p", "3p", "5p"], ["4p", "6p", "7p", "8p"], ["9p", "1s", "2s", "3s"], ["9p", "1s", "2s", "4s"])
    >>> hands = [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", *rest] for rest in rests]
    >>> events = [{"type": "start_game"},
    ...           {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
    ...            "scores": [25000] * 4, "dora_marker": "E", "tehais": hands},
    ...           {"type": "tsumo", "actor": 0, "pai": "5p"},
    ...           {"type": "hora", "actor": 0, "target": 0, "pai": "5p", "deltas": [48000, -16000, -16000, -16000]},
    ...           {"type": "end_kyoku"}]
    >>> body = "\\n".join(json.dumps(event) for event in events).encode()   # mjai lines, as Mortal reads them
    >>> result = replay(read_log(body))
    >>> result.format, result.agrees, result.rounds[0].scores
    ('mjai', True, [73000, 9000, 9000, 9000])

Pure: imports the scoring core and the game logic, nothing of the web layer.
"""

from __future__ import annotations

from service.scoring import check_compiled_modules

check_compiled_modules(__file__)  # the replay is compiled too (setup.py): a stale build is refused, never run

from .detect import MAX_LOG_BYTES, detect_format, read_log  # noqa: E402 - after the check
from .record import GameLog, ImpossibleLog, LogError, RulesRefused  # noqa: E402
from .replay import replay  # noqa: E402

__all__ = [
    "MAX_LOG_BYTES",
    "GameLog",
    "ImpossibleLog",
    "LogError",
    "RulesRefused",
    "detect_format",
    "read_log",
    "replay",
]
