"""A replayed game written out as mjai events, the form AI pipelines read (/docs/logs §Conversion).

:func:`to_mjai` takes a decoded :class:`~service.logs.record.GameLog` (any of the four formats) and its
:class:`~service.logs.model.ReplayResult` and gives the mjai event list Mortal reads: ``start_game``,
per round ``start_kyoku`` (the service's carried scores), ``tsumo``/``dahai`` (with ``tsumogiri``),
``chi``/``pon``/``daiminkan``/``kakan``/``ankan`` (with ``consumed``), ``nukidora`` (three players),
``dora``, ``reach`` and ``reach_accepted`` (once the declaration discard passes), then ``hora`` per winner
or ``ryukyoku``, ``end_kyoku``; ``end_game`` last. The money is the service's settlement, not the log's:
each ``hora``'s ``deltas`` are the payments to that winner (its hand, honba, pao, the sticks it
collects; ``pao``, beyond mjai's schema, names a liable seat), ``reach_accepted`` carries the deposit,
``ryukyoku`` the noten or nagashi payments; ``scores`` after each are the running totals, so a reader
that sums deltas lands on the replay's scores.

Tiles: ``5mr``/``5pr``/``5sr`` for red fives, ``E S W N P F C`` for honours (mjai's own notation).

    >>> mjai_tile("0p"), mjai_tile("6z"), mjai_tile("9s")
    ('5pr', 'F', '9s')
"""

from __future__ import annotations

from typing import Any, Final

from .model import ReplayResult, RoundReplay
from .record import Ankan, Call, Discard, Dora, Draw, GameLog, Kakan, Nukidora, Riichi, RoundLog, kind_of

__all__ = ["mjai_tile", "to_mjai"]

_HONOURS: Final = dict(zip("1234567", "ESWNPFC", strict=True))
_REASONS: Final = {
    "exhaustive": "fanpai",
    "nagashi_mangan": "nagashimangan",
    "kyuushu_kyuuhai": "kyushukyuhai",
    "suufon_renda": "suufonrenta",
    "suucha_riichi": "suuchariichi",
    "suukaikan": "suukaikan",
    "sanchahou": "sanchaho",
}
"""Draw kinds → the original mjai's ``ryukyoku`` ``reason`` values (the ones the service's own reader takes)."""


def mjai_tile(tile: str) -> str:
    """An mpsz tile → mjai's notation: ``"0m"`` → ``"5mr"``, ``"1z"`` → ``"E"``, ``"3s"`` → ``"3s"``."""
    if tile[1] == "z":
        return _HONOURS[tile[0]]
    if tile[0] == "0":
        return "5" + tile[1] + "r"
    return tile


def to_mjai(game_log: GameLog, result: ReplayResult) -> list[dict[str, Any]]:
    """The whole game as mjai events (see the module doc): a list of JSON-ready dicts, one per event.

    ``result`` must be :func:`~service.logs.replay`'s answer for ``game_log`` (the same rounds, in order).
    """
    players = game_log.players
    events: list[dict[str, Any]] = [{"type": "start_game", "names": list(game_log.names or [""] * players)}]
    start = game_log.start_scores or (game_log.rounds[0].scores if game_log.rounds else None)
    scores = list(start) if start else [35000 if players == 3 else 25000] * players
    for round_log, replayed in zip(game_log.rounds, result.rounds, strict=True):
        events.append(
            {
                "type": "start_kyoku",
                "bakaze": round_log.round_wind,
                "dora_marker": mjai_tile(round_log.dora),
                "kyoku": round_log.hand_number,
                "honba": round_log.honba,
                "kyotaku": round_log.riichi_sticks,
                "oya": round_log.dealer,
                "scores": list(scores),
                "tehais": [[mjai_tile(t) for t in hand] for hand in round_log.hands],
            }
        )
        last_tile = _round_events(events, round_log, replayed, scores)
        scores = _end_events(events, round_log, replayed, scores, last_tile)
        if replayed.scores is not None:
            scores = list(replayed.scores)
        events.append({"type": "end_kyoku"})
    events.append({"type": "end_game"})
    return events


def _round_events(events: list[dict[str, Any]], round_log: RoundLog, replayed: RoundReplay, scores: list[int]) -> str:
    """Append the round's moves to ``events`` as mjai events (``tsumo``, ``dahai``, ``reach`` and
    ``reach_accepted``, the calls, ``nukidora``, ``dora``); a deposited riichi stick comes off ``scores`` (in
    place). Returns the tile a win on the round's last step took (the last draw, discard, added or closed kan)."""
    players = len(scores)
    deposited = set(replayed.riichi)
    declared: set[int] = set()
    last_draw: dict[int, str | None] = {}
    pons: dict[tuple[int, str], list[str]] = {}
    last_tile = round_log.dora
    for event in round_log.events:
        if isinstance(event, Draw):
            events.append({"type": "tsumo", "actor": event.seat, "pai": mjai_tile(event.tile)})
            last_draw[event.seat] = event.tile
        elif isinstance(event, Discard):
            giri = event.tsumogiri if event.tsumogiri is not None else last_draw.get(event.seat) == event.tile
            events.append({"type": "dahai", "actor": event.seat, "pai": mjai_tile(event.tile), "tsumogiri": giri})
            last_draw[event.seat] = None
            if event.seat in declared:
                declared.discard(event.seat)
                if event.seat in deposited:
                    scores[event.seat] -= 1000
                    deltas = [0] * players
                    deltas[event.seat] = -1000
                    events.append(
                        {"type": "reach_accepted", "actor": event.seat, "deltas": deltas, "scores": list(scores)}
                    )
        elif isinstance(event, Riichi):
            declared.add(event.seat)
            events.append({"type": "reach", "actor": event.seat})
        elif isinstance(event, Call):
            if event.kind == "pon":
                pons[(event.seat, kind_of(event.called))] = [event.called, *event.own]
            last_draw[event.seat] = None
            events.append(
                {
                    "type": event.kind,
                    "actor": event.seat,
                    "target": event.from_seat,
                    "pai": mjai_tile(event.called),
                    "consumed": [mjai_tile(t) for t in event.own],
                }
            )
        elif isinstance(event, Kakan):
            pon = pons.get((event.seat, kind_of(event.tile)), [kind_of(event.tile)] * 3)
            events.append(
                {
                    "type": "kakan",
                    "actor": event.seat,
                    "pai": mjai_tile(event.tile),
                    "consumed": [mjai_tile(t) for t in pon],
                }
            )
        elif isinstance(event, Ankan):
            events.append({"type": "ankan", "actor": event.seat, "consumed": [mjai_tile(t) for t in event.tiles]})
        elif isinstance(event, Nukidora):
            events.append({"type": "nukidora", "actor": event.seat, "pai": mjai_tile(event.tile)})
        elif isinstance(event, Dora):
            events.append({"type": "dora", "dora_marker": mjai_tile(event.indicator)})
        if isinstance(event, (Draw, Discard, Kakan)):  # the tile a win on the next step would take
            last_tile = event.tile
        elif isinstance(event, Ankan):  # robbed only by thirteen orphans
            last_tile = event.tiles[0]
    return last_tile


def _end_events(
    events: list[dict[str, Any]], round_log: RoundLog, replayed: RoundReplay, scores: list[int], last_tile: str
) -> list[int]:
    """Append the round's end to ``events``: a ``hora`` per win (its deltas from the service's transfers), else
    one ``ryukyoku`` with its reason and tenpai seats. ``last_tile`` is the tile a win without its own winning
    tile took. Returns the scores after.

    A round the service could not settle (``replayed.deltas`` None) is written with the log's own round deltas
    instead, less the riichi sticks ``reach_accepted`` already took this round (the log's deltas count them), on
    the first ``hora`` or on the ``ryukyoku``: summing every event's deltas then lands on the log's scores.
    """
    players = len(scores)
    fallback: list[int] | None = None
    if replayed.deltas is None and round_log.deltas is not None:
        fallback = list(round_log.deltas)
        for seat in set(replayed.riichi):  # the stick came off in reach_accepted already
            fallback[seat] += 1000
    if round_log.wins:
        for win in round_log.wins:
            deltas = [0] * players
            if fallback is not None:
                deltas, fallback = fallback, [0] * players
            else:
                for transfer in replayed.transfers:
                    if transfer.payee == win.seat:
                        deltas[win.seat] += transfer.amount
                        if transfer.payer is not None:
                            deltas[transfer.payer] -= transfer.amount
            scores = [s + d for s, d in zip(scores, deltas, strict=True)]
            events.append(
                {
                    "type": "hora",
                    "actor": win.seat,
                    "target": win.from_seat,
                    "pai": mjai_tile(win.win_tile or last_tile),
                    "ura_markers": [mjai_tile(t) for t in win.ura_indicators],
                    "deltas": deltas,
                    "scores": list(scores),
                    **({"pao": win.pao} if win.pao is not None else {}),
                }
            )
    else:
        deltas = [0] * players
        if fallback is not None:
            deltas = fallback
        else:
            for transfer in replayed.transfers:
                if transfer.kind != "riichi_deposit":
                    if transfer.payee is not None:
                        deltas[transfer.payee] += transfer.amount
                    if transfer.payer is not None:
                        deltas[transfer.payer] -= transfer.amount
        scores = [s + d for s, d in zip(scores, deltas, strict=True)]
        draw: dict[str, Any] = {"type": "ryukyoku", "reason": _REASONS.get(replayed.draw_kind or "", "fanpai")}
        if replayed.tenpai is not None:
            draw["tenpais"] = [seat in replayed.tenpai for seat in range(players)]
        events.append({**draw, "deltas": deltas, "scores": list(scores)})
    return scores
