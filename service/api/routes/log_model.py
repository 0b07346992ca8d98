"""The shape of one game in ``POST /v1/logs/replay/batch``'s answer (/docs/logs §Many games): one NDJSON line."""

from __future__ import annotations

import msgspec

from service.logs.model import ReplayResult

from ..plumbing.errors import Problem

__all__ = ["ReplayBatchLine"]


class ReplayBatchLine(msgspec.Struct, frozen=True, kw_only=True):
    """One game of ``POST /v1/logs/replay/batch``'s answer (one NDJSON line): its place in the body, its
    name, and either the replay or the problem that stopped it."""

    index: int
    """The game's place in the body, from 0 (archive members in the archive's order, NDJSON lines in order,
    blank lines not counted)."""
    name: str
    """The archive member's path, or `line N` (from 1) for an NDJSON body; `(the archive)` on a last line
    saying the rest of the body could not be read (damaged or cut short part-way through), with its problem."""
    agrees: bool
    """The game was replayed and every value agrees with its log (false when it could not be replayed)."""
    result: ReplayResult | None = None
    """The game replayed, as `POST /v1/logs/replay` answers it; null when it could not be read or played."""
    problem: Problem | None = None
    """Why the game could not be read or played: the 422 problem `POST /v1/logs/replay` would answer (its
    `errors` name `log`, `log.rounds[i]` or `log.rounds[i].events[j]`), or a 500 problem
    (`/problems/internal-error`, no `errors`) when the service failed on this game; its `title`, `detail` and
    `errors[].message` in the answer's language (`Content-Language`). Null when the game was replayed."""
