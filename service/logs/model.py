"""The answer of ``POST /v1/logs/replay`` as frozen msgspec Structs (/docs/logs).

A replay answers per round what the service made of it (from its own carried state: the hands,
calls, rivers and situation the events show) beside what the log records, and whether they agree;
per game the final standings (the shape of ``POST /v1/final``'s answer) beside the log's and a
summary. Amounts are points; seats are the log's own (0 the first dealer's seat, in turn order).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from service.game.model import FinalResult

__all__ = ["Difference", "LogFinal", "ReplayResult", "ReplaySummary", "RoundReplay", "WinReplay", "YakuHan"]

LogFormat = Literal["tenhou_xml", "tenhou6", "mjai", "majsoul"]
LOG_FORMATS: tuple[str, ...] = ("tenhou_xml", "tenhou6", "mjai", "majsoul")


class Difference(msgspec.Struct, frozen=True, kw_only=True):
    """One value on which the service and the log differ: `field` names it inside its round
    (`scores`, `deltas`, `wins[0].fu`, `wins[1].yaku`, `next.honba`, `game_over`, …); `service` is the
    service's value, `log` the log's (null where one side has none)."""

    field: str
    service: Any = None
    log: Any = None


class YakuHan(msgspec.Struct, frozen=True, kw_only=True, array_like=False):
    """A yaku and its han (13 × multiple for a yakuman), ids of `GET /v1/yaku`; an id the service does
    not know keeps the log's own, prefixed `log:`."""

    id: str
    han: int


class WinReplay(msgspec.Struct, frozen=True, kw_only=True):
    """One win of the round: the service's score of the winner's hand beside the log's.

    `hand` is the concealed part with the winning tile last (mpsz), `melds` the calls (mpsz each, a
    closed kan marked by `closed_kans`), `win` `ron` or `tsumo`, `situation` the flags the events
    showed (`riichi`, `double_riichi`, `ippatsu`, `haitei`, `houtei`, `rinshan`, `chankan`, `tenhou`,
    `chiihou`); `furiten` the kinds of furiten the winner was in at a ron (`permanent`: a wait in their
    own river; `temporary`: a wait passed since their last discard; `riichi`: a wait passed since their
    riichi) — empty on a legal win. `han`, `fu`, `yakuman`, `points` (without honba or sticks; a tsumo's
    payments summed) and `yaku` are the service's; `log_*` the log's; `reason` says why the service
    found no win, where it did not."""

    seat: int
    from_seat: int
    win: Literal["ron", "tsumo"]
    hand: str
    melds: list[str] = []
    closed_kans: int = 0
    dora_indicators: str = ""
    ura_indicators: str = ""
    situation: list[str] = []
    furiten: list[Literal["permanent", "temporary", "riichi"]] = []
    pao: int | None = None
    han: int | None = None
    fu: int | None = None
    yakuman: int = 0
    points: int | None = None
    yaku: list[YakuHan] = []
    reason: str | None = None
    log_han: int | None = None
    log_fu: int | None = None
    log_yakuman: int = 0
    log_points: int | None = None
    log_yaku: list[YakuHan] | None = None
    agrees: bool


class RoundReplay(msgspec.Struct, frozen=True, kw_only=True):
    """One round (kyoku) replayed: where it stands (`round_wind`, `hand_number` 1–4, `dealer`, `honba`,
    `riichi_sticks` at the start), how it ended (`outcome` `ron`, `tsumo`, `draw` or `abortive`;
    `draw_kind` for the last two: `exhaustive`, `nagashi_mangan` or an abortive kind), the wins, the
    tenpai seats at an exhaustive draw (`tenpai` the service's, `log_tenpai` the hands the log shows),
    and the money: `deltas`/`scores` the service's settlement and scores after the round,
    `log_deltas`/`log_scores` the log's. `agrees` when every compared value agrees; `differences`
    lists the others side by side."""

    index: int
    round_wind: Literal["E", "S", "W", "N"]
    hand_number: int
    dealer: int
    honba: int
    riichi_sticks: int
    outcome: Literal["ron", "tsumo", "draw", "abortive"]
    draw_kind: str | None = None
    wins: list[WinReplay] = []
    riichi: list[int] = []
    tenpai: list[int] | None = None
    log_tenpai: list[int] | None = None
    nagashi: list[int] = []
    deltas: list[int] | None = None
    scores: list[int] | None = None
    log_deltas: list[int] | None = None
    log_scores: list[int] | None = None
    game_over: bool = False
    agrees: bool
    differences: list[Difference] = []


class LogFinal(msgspec.Struct, frozen=True, kw_only=True):
    """The log's own final result: `scores` (leftover sticks as the log gives them) and `points`
    (final points with uma and oka, points; null where the log has none)."""

    scores: list[int] | None = None
    points: list[int] | None = None


class ReplaySummary(msgspec.Struct, frozen=True, kw_only=True):
    """Counts over the game: rounds and wins replayed and how many agree with the log."""

    rounds: int
    rounds_agreeing: int
    wins: int
    wins_agreeing: int
    draws: int
    final_agrees: bool | None = None


class ReplayResult(msgspec.Struct, frozen=True, kw_only=True):
    """A whole game replayed: the log's `format`, `players`, `names` (where the log has them), `rules`
    (the options the replay used: the preset and every option the log or the caller set), the rounds,
    `final` (the service's final standings, `POST /v1/final`'s shape; null when the game did not end by
    the rules), `log_final`, the `summary` and `agrees` (every round and the final agree)."""

    format: LogFormat
    players: int
    names: list[str] | None = None
    rules: dict[str, Any]
    rounds: list[RoundReplay]
    final: FinalResult | None = None
    log_final: LogFinal | None = None
    final_differences: list[Difference] = []
    summary: ReplaySummary
    agrees: bool
