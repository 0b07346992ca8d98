"""The answer of ``POST /v1/logs/replay`` as frozen msgspec Structs (/docs/logs).

A replay answers per round what the service made of it (from its own carried state: the hands,
calls, rivers and situation the events show) beside what the log records, and whether they agree;
per game the final standings (the shape of ``POST /v1/final``'s answer) beside the log's and a
summary. Amounts are points; seats are the log's own (0 the first dealer's seat, in turn order).
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from service.game.model import FinalResult, Transfer

__all__ = ["Difference", "LogFinal", "ReplayResult", "ReplaySummary", "RoundReplay", "WinReplay", "YakuHan"]

LogFormat = Literal["tenhou_xml", "tenhou6", "mjai", "majsoul"]
LOG_FORMATS: tuple[str, ...] = ("tenhou_xml", "tenhou6", "mjai", "majsoul")


class Difference(msgspec.Struct, frozen=True, kw_only=True):
    """One value on which the service and the log differ: `field` names it inside its round
    (`scores`, `deltas`, `wins[0].fu`, `wins[1].yaku`, `next.honba`, `game_over`, …); `service` is the
    service's value, `log` the log's (null where one side has none). The values are data, the same in every
    language (numbers, tile strings, yaku ids, codes such as `not_exhausted` for a `draw_kind` where the wall
    was not used up), except where the service refused to settle the round (`settle`) or to end the game
    (`final`): there `service` is the refusal's list of `{field, message}` (as a 422's `errors`, the fields
    of the request the replay built), the messages in the request's language (`Accept-Language`)."""

    field: str
    """The value's name inside its round or game (`scores`, `wins[0].fu`, `next.honba`, …)."""
    service: Any = None
    """The service's value (null where it has none); for `settle` and `final`, the refusal's `{field, message}`
    list."""
    log: Any = None
    """The log's value (null where the log has none)."""


class YakuHan(msgspec.Struct, frozen=True, kw_only=True, array_like=False):
    """A yaku and its han (13 × multiple for a yakuman), ids of `GET /v1/yaku`; an id the service does
    not know keeps the log's own, prefixed `log:`."""

    id: str
    """A yaku id of `GET /v1/yaku`, or the log's own name prefixed `log:`."""
    han: int
    """Han (13 × multiple for a yakuman)."""


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
    """The winner's seat."""
    from_seat: int
    """The discarder's seat (the winner's own on a tsumo)."""
    win: Literal["ron", "tsumo"]
    """`ron` or `tsumo`."""
    hand: str
    """The concealed tiles, sorted, the winning tile last."""
    melds: list[str] = []
    """The calls, each its tiles in mpsz."""
    closed_kans: int = 0
    """How many of `melds` are closed kans."""
    dora_indicators: str = ""
    """The dora indicators revealed at the win."""
    ura_indicators: str = ""
    """The ura dora indicators (a riichi win only), from the log."""
    situation: list[str] = []
    """The flags the events showed: riichi, double_riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
    chiihou."""
    furiten: list[Literal["permanent", "temporary", "riichi"]] = []
    """At a ron: the kinds of furiten the winner was in (empty on a legal win)."""
    pao: int | None = None
    """The liable seat, as the log names it."""
    han: int | None = None
    """The service's han (null for a yakuman or when it found no win)."""
    fu: int | None = None
    """The service's fu (null for a yakuman)."""
    yakuman: int = 0
    """The service's yakuman multiple (0 for none)."""
    points: int | None = None
    """The service's points for the hand, without honba or sticks (a tsumo's payments summed)."""
    yaku: list[YakuHan] = []
    """The service's yaku with their han."""
    reason: str | None = None
    """Why the service found no win, where it did not (in the request's language)."""
    log_han: int | None = None
    """The log's han."""
    log_fu: int | None = None
    """The log's fu."""
    log_yakuman: int = 0
    """The log's yakuman multiple."""
    log_points: int | None = None
    """The log's points for the hand."""
    log_yaku: list[YakuHan] | None = None
    """The log's yaku with their han (null where the log lists none)."""
    agrees: bool
    """Every value of this win agrees with the log."""


class RoundReplay(msgspec.Struct, frozen=True, kw_only=True):
    """One round (kyoku) replayed: where it stands (`round_wind`, `hand_number` 1–4, `dealer`, `honba`,
    `riichi_sticks` at the start), how it ended (`outcome` `ron`, `tsumo`, `draw` or `abortive`;
    `draw_kind` for the last two: `exhaustive`, `nagashi_mangan` or an abortive kind), the wins, the
    tenpai seats at an exhaustive draw (`tenpai` the service's, `log_tenpai` the hands the log shows),
    and the money: `deltas`/`scores` the service's settlement and scores after the round,
    `log_deltas`/`log_scores` the log's. `agrees` when every compared value agrees; `differences`
    lists the others side by side."""

    index: int
    """The round's place in the log, from 0."""
    round_wind: Literal["E", "S", "W", "N"]
    """The round wind."""
    hand_number: int
    """The hand of the wind, 1–4."""
    dealer: int
    """The dealer's seat (the log's)."""
    honba: int
    """Honba at the start (the log's)."""
    riichi_sticks: int
    """Riichi sticks on the table at the start (the log's)."""
    outcome: Literal["ron", "tsumo", "draw", "abortive"]
    """`ron`, `tsumo`, `draw` or `abortive`."""
    draw_kind: str | None = None
    """For a draw: `exhaustive`, `nagashi_mangan` or the abortive kind."""
    wins: list[WinReplay] = []
    """The wins, the service's beside the log's."""
    riichi: list[int] = []
    """The seats whose riichi stick was deposited this round."""
    tenpai: list[int] | None = None
    """At an exhaustive draw: the seats the service finds tenpai."""
    log_tenpai: list[int] | None = None
    """At an exhaustive draw: the seats whose hands the log shows."""
    nagashi: list[int] = []
    """The seats with nagashi mangan (from the rivers)."""
    deltas: list[int] | None = None
    """The service's settlement, per seat, points."""
    scores: list[int] | None = None
    """The service's scores after the round."""
    transfers: list[Transfer] = []
    """Every payment of the service's settlement, as `POST /v1/settle` answers them (who pays whom, for
    what): the riichi deposits, each win's payments, honba and sticks, noten payments."""
    log_deltas: list[int] | None = None
    """The log's deltas, per seat, points (from the round's start scores)."""
    log_scores: list[int] | None = None
    """The log's scores after the round."""
    game_over: bool = False
    """The service ends the game after this round."""
    agrees: bool
    """Every compared value of the round agrees."""
    differences: list[Difference] = []
    """The values that differ, side by side."""


class LogFinal(msgspec.Struct, frozen=True, kw_only=True):
    """The log's own final result: `scores` (leftover sticks as the log gives them) and `points`
    (final points with uma and oka, points; null where the log has none)."""

    scores: list[int] | None = None
    """The log's final scores (leftover sticks as the log gives them)."""
    points: list[int] | None = None
    """The log's final points with uma and oka."""


class ReplaySummary(msgspec.Struct, frozen=True, kw_only=True):
    """Counts over the game: rounds and wins replayed and how many agree with the log."""

    rounds: int
    """Rounds replayed."""
    rounds_agreeing: int
    """Rounds that agree with the log."""
    wins: int
    """Wins replayed."""
    wins_agreeing: int
    """Wins that agree with the log."""
    draws: int
    """Exhaustive and abortive draws."""
    final_agrees: bool | None = None
    """The final standings agree (null where the log has none)."""


class ReplayResult(msgspec.Struct, frozen=True, kw_only=True):
    """A whole game replayed: the log's `format`, `players`, `names` (where the log has them), `rules`
    (the options the replay used: the preset and every option the log or the caller set), the rounds,
    `final` (the service's final standings, `POST /v1/final`'s shape; null when the game did not end by
    the rules), `log_final`, the `summary` and `agrees` (every round and the final agree)."""

    format: LogFormat
    """The log's format."""
    players: int
    """3 or 4."""
    names: list[str] | None = None
    """The players' names, where the log has them."""
    rules: dict[str, Any]
    """The options the replay used: the preset and every option the log or the caller set."""
    rounds: list[RoundReplay]
    """Every round replayed."""
    final: FinalResult | None = None
    """The service's final standings (`POST /v1/final`'s shape)."""
    log_final: LogFinal | None = None
    """The log's own final result (null where it has none)."""
    final_differences: list[Difference] = []
    """The final values that differ, side by side."""
    summary: ReplaySummary
    """Counts over the game."""
    agrees: bool
    """Every round and the final agree with the log."""
