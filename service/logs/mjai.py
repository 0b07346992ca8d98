"""mjai JSON lines → :class:`~service.logs.record.GameLog` (/docs/logs §mjai).

The event schema Mortal reads (and the original mjai's), one JSON object a line (or one JSON array of
them): ``start_game`` (``names``), ``start_kyoku`` (``bakaze``, ``kyoku`` 1–4, ``honba``, ``kyotaku``,
``oya``, ``scores``, ``tehais``, ``dora_marker``), ``tsumo``/``dahai`` (``actor``, ``pai``,
``tsumogiri``), ``chi``/``pon``/``daiminkan`` (``actor``, ``target``, ``pai``, ``consumed``),
``kakan``, ``ankan``, ``nukidora`` (three players), ``dora`` (``dora_marker``), ``reach``,
``reach_accepted``, ``hora`` (``actor``, ``target``, ``deltas``, ``ura_markers`` or ``uradora_markers``;
``pao`` the liable seat where the writer gives it, as this service's conversion does; the original
mjai's ``yakus``, ``fu``, ``fan``, ``hora_points`` where present), ``ryukyoku`` (``deltas``; ``reason``
and ``tenpais`` where present), ``end_kyoku``, ``end_game``.

Tiles: ``1m``–``9m``, ``1p``–``9p``, ``1s``–``9s``, ``5mr``/``5pr``/``5sr`` (red fives), ``E S W N``
(winds), ``P F C`` (white, green, red dragon). A hidden tile (``?``) cannot be replayed: a 422.
"""

from __future__ import annotations

import re
from typing import Any, Final

import msgspec

from .record import (
    Ankan,
    Call,
    Discard,
    Dora,
    Draw,
    GameLog,
    Kakan,
    LogDraw,
    LogError,
    LogWin,
    Nukidora,
    Riichi,
    RoundLog,
)
from .tenhou_xml import lobby_rules

__all__ = ["MJAI_YAKU", "decode", "tile"]

_TENHOU_LOG: Final = re.compile(r"\d{10}gm-([0-9a-f]{4})-\d{4}-[0-9a-f]{8}")

HONOURS: Final = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}

MJAI_YAKU: Final[dict[str, str]] = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "ippatsu": "ippatsu", "chankan": "chankan",
    "rinshankaiho": "rinshan", "haiteiraoyue": "haitei", "hoteiraoyui": "houtei", "pinfu": "pinfu",
    "tanyaochu": "tanyao", "ipeko": "iipeikou", "jikaze": "seat_wind", "bakaze": "round_wind",
    "haku": "haku", "hatsu": "hatsu", "chun": "chun", "double_reach": "double_riichi", "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta", "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku", "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou", "shosangen": "shousangen",
    "honroto": "honroutou", "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan", "honiso": "honitsu",
    "chiniso": "chinitsu", "renho": "renhou", "tenho": "tenhou", "chiho": "chiihou", "daisangen": "daisangen",
    "suanko": "suuankou", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou", "chinroto": "chinroutou",
    "churenpoton": "chuuren", "kokushimuso": "kokushi", "daisushi": "daisuushii", "shosushi": "shousuushii",
    "sukantsu": "suukantsu", "dora": "dora", "uradora": "ura_dora", "akadora": "aka_dora",
}  # fmt: skip
"""The original mjai's yaku names → the service's yaku ids."""

REASONS: Final = {
    "fanpai": "exhaustive",
    "ryukyoku": "exhaustive",
    "nagashimangan": "nagashi_mangan",
    "kyushukyuhai": "kyuushu_kyuuhai",
    "kyushu_kyuhai": "kyuushu_kyuuhai",
    "suufonrenta": "suufon_renda",
    "sufonrenda": "suufon_renda",
    "suuchariichi": "suucha_riichi",
    "suucha_riichi": "suucha_riichi",
    "suukaikan": "suukaikan",
    "sukaikan": "suukaikan",
    "sanchaho": "sanchahou",
    "sanchahou": "sanchahou",
}
"""``ryukyoku`` ``reason`` values (the original mjai's and its variants) → the draw kinds."""


def tile(code: object, where: tuple[int | None, int | None] = (None, None)) -> str:
    """An mjai tile → mpsz: ``"5mr"`` → ``"0m"``, ``"P"`` → ``"5z"``; :class:`LogError` for ``"?"`` or junk."""
    if isinstance(code, str):
        if code in HONOURS:
            return HONOURS[code]
        if len(code) == 3 and code[0] == "5" and code[1] in "mps" and code[2] == "r":
            return "0" + code[1]
        if len(code) == 2 and code[0] in "123456789" and code[1] in "mps":
            return code
    if code == "?":
        raise LogError('a hidden tile ("?"): only a log with every hand shown can be replayed', *where)
    raise LogError(f"{code!r} is not an mjai tile", *where)


def _events(text: bytes) -> list[dict[str, Any]]:
    stripped = text.lstrip(b"\xef\xbb\xbf \t\r\n")
    try:
        try:  # one JSON array of events
            parsed = msgspec.json.decode(stripped)
            events = parsed if isinstance(parsed, list) else [parsed]
        except msgspec.DecodeError:  # JSON lines (each an event, or a one-event array)
            events = [msgspec.json.decode(line) for line in stripped.splitlines() if line.strip()]
    except msgspec.DecodeError as error:
        raise LogError(f"not JSON lines of mjai events: {error}") from None
    flat: list[dict[str, Any]] = []
    for event in events:  # some tools write each line as a one-event array
        for item in event if isinstance(event, list) else [event]:
            if not isinstance(item, dict) or not isinstance(item.get("type"), str):
                raise LogError(f'an mjai event is an object with a string "type", not {str(item)[:80]}')
            flat.append(item)
    return flat


def _int(
    event: dict[str, Any], name: str, where: tuple[int | None, int | None], low: int = 0, high: int = 10**7
) -> int:
    value = event.get(name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise LogError(f"{event['type']} {name}={value!r} is not a whole number {low}–{high}", *where)
    return value


def _ints(event: dict[str, Any], name: str, count: int, where: tuple[int | None, int | None]) -> list[int] | None:
    value = event.get(name)
    if value is None:
        return None
    if not isinstance(value, list) or len(value) < count or not all(isinstance(v, int) for v in value[:count]):
        raise LogError(f"{event['type']} {name} is not {count} whole numbers", *where)
    return [int(v) for v in value[:count]]


def decode(text: bytes) -> GameLog:
    """Read an mjai game (JSON lines, or one JSON array) into a :class:`GameLog` of format ``mjai``."""
    events = _events(text)
    rounds: list[RoundLog] = []
    names: list[str] | None = None
    players = 4
    accepted: dict[int, list[int]] = {}  # round → seats whose reach_accepted took a deposit
    final_scores: list[int] | None = None
    next_scores: list[list[int]] = []
    aka = False
    stated: dict[str, object] | None = None  # the Tenhou lobby's rules, where start_game's uri names the log
    for event in events:
        kind = event["type"]
        where = (len(rounds) - 1 if rounds else None, len(rounds[-1].events) if rounds else None)
        if kind == "start_game":
            raw_names = event.get("names")
            if isinstance(raw_names, list) and all(isinstance(n, str) for n in raw_names):
                names = list(raw_names)
            uri = event.get("uri")
            lobby = _TENHOU_LOG.search(uri) if isinstance(uri, str) else None
            if lobby is not None:  # a game converted from Tenhou names its log, whose name holds the lobby
                stated = lobby_rules(int(lobby[1], 16))
            continue
        if kind == "start_kyoku":
            where = (len(rounds), None)
            hands_raw = event.get("tehais")
            if not isinstance(hands_raw, list) or len(hands_raw) not in (3, 4):
                raise LogError("start_kyoku tehais is not 3 or 4 hands", *where)
            dealt = [h for h in hands_raw if isinstance(h, list) and h and any(t != "?" for t in h)]
            players = 3 if len(dealt) == 3 else 4
            hands = [[tile(t, where) for t in h] for h in hands_raw[:players]]
            if any(len(h) != 13 for h in hands):
                raise LogError("start_kyoku deals a hand that is not 13 tiles", *where)
            aka = aka or any(t[0] == "0" for h in hands for t in h)
            bakaze = event.get("bakaze")
            if bakaze not in ("E", "S", "W", "N"):
                raise LogError(f"start_kyoku bakaze={bakaze!r} is not E, S, W or N", *where)
            scores = _ints(event, "scores", players, where)
            if rounds and scores is not None:
                next_scores.append(scores)
            rounds.append(
                RoundLog(
                    round_wind=bakaze,
                    hand_number=_int(event, "kyoku", where, 1, 4),
                    dealer=_int(event, "oya", where, 0, players - 1),
                    honba=_int(event, "honba", where, 0, 100),
                    riichi_sticks=_int(event, "kyotaku", where, 0, 100),
                    scores=scores,
                    hands=hands,
                    dora=tile(event.get("dora_marker"), where),
                )
            )
            continue
        if kind == "end_game":
            final_scores = _ints(event, "scores", players, where)
            continue
        if kind in ("end_kyoku", "none", "hello", "error"):
            continue
        if not rounds:
            raise LogError(f"an mjai {kind!r} event before the first start_kyoku")
        current = rounds[-1]
        actor = event.get("actor")
        if kind not in ("dora", "ryukyoku") and (not isinstance(actor, int) or not 0 <= actor < players):
            raise LogError(f"{kind} actor={actor!r} is not a seat 0–{players - 1}", *where)
        seat = int(actor) if isinstance(actor, int) else 0
        if kind == "tsumo":
            current.events.append(Draw(seat, tile(event.get("pai"), where)))
        elif kind == "dahai":
            giri = event.get("tsumogiri")
            current.events.append(
                Discard(seat, tile(event.get("pai"), where), giri if isinstance(giri, bool) else None)
            )
            aka = aka or current.events[-1].tile[0] == "0"  # type: ignore[union-attr]
        elif kind in ("chi", "pon", "daiminkan"):
            consumed = event.get("consumed")
            if not isinstance(consumed, list):
                raise LogError(f"{kind} consumed is not a list of tiles", *where)
            target = _int(event, "target", where, 0, players - 1)
            current.events.append(
                Call(seat, kind, tile(event.get("pai"), where), target, tuple(tile(t, where) for t in consumed))
            )
        elif kind == "ankan":
            consumed = event.get("consumed")
            if not isinstance(consumed, list) or len(consumed) != 4:
                raise LogError("ankan consumed is not four tiles", *where)
            current.events.append(Ankan(seat, tuple(tile(t, where) for t in consumed)))
        elif kind == "kakan":
            current.events.append(Kakan(seat, tile(event.get("pai"), where)))
        elif kind == "nukidora":
            current.events.append(Nukidora(seat, tile(event.get("pai", "N"), where)))
        elif kind == "dora":
            current.events.append(Dora(tile(event.get("dora_marker"), where)))
        elif kind == "reach":
            current.events.append(Riichi(seat))
        elif kind == "reach_accepted":  # the deposit is taken whether or not the event writes its deltas
            accepted.setdefault(len(rounds) - 1, []).append(seat)
        elif kind == "hora":
            target = _int(event, "target", where, 0, players - 1)
            ura = event.get("ura_markers", event.get("uradora_markers")) or []
            yakus = event.get("yakus")
            yaku: tuple[tuple[str, int], ...] | None = None
            yakuman = 0
            if isinstance(yakus, list):
                pairs = []
                for item in yakus:
                    if (
                        isinstance(item, list)
                        and len(item) == 2
                        and isinstance(item[0], str)
                        and isinstance(item[1], int)
                    ) and item[1]:
                        pairs.append((MJAI_YAKU.get(item[0], f"log:{item[0]}"), item[1]))
                yaku = tuple(pairs)
                yakuman = sum(h // 13 for _, h in pairs if h >= 13)
            deltas = _ints(event, "deltas", players, where)
            pao = event.get("pao")
            fan = event.get("fan")
            fu = event.get("fu")
            points = event.get("hora_points")
            current.wins.append(
                LogWin(
                    seat=seat,
                    from_seat=target,
                    pao=pao if isinstance(pao, int) and not isinstance(pao, bool) and 0 <= pao < players else None,
                    ura_indicators=tuple(tile(t, where) for t in ura) if isinstance(ura, list) else (),
                    han=fan if isinstance(fan, int) and not yakuman else None,
                    fu=fu if isinstance(fu, int) and not yakuman else None,
                    yakuman=yakuman,
                    points=points if isinstance(points, int) else None,
                    yaku=yaku,
                    deltas=tuple(deltas) if deltas is not None else None,
                )
            )
            _add_deltas(current, deltas)
        elif kind == "ryukyoku":
            reason = event.get("reason")
            tenpais = event.get("tenpais")
            shown = (
                tuple(s for s, t in enumerate(tenpais[:players]) if t is True) if isinstance(tenpais, list) else None
            )
            draw_kind = REASONS.get(reason) if isinstance(reason, str) else None
            current.draw = LogDraw(draw_kind or _guess_draw(current, players), tenpai=shown)  # type: ignore[arg-type]
            _add_deltas(current, _ints(event, "deltas", players, where))
        # other types (a bot's "none", "error") say nothing a replay needs
    if not rounds:
        raise LogError("the log has no round (no start_kyoku)")
    for index, round_log in enumerate(rounds):
        if not round_log.wins and round_log.draw is None:
            raise LogError("the round has no end (no hora or ryukyoku): a truncated log", index)
        after = next_scores[index] if index < len(next_scores) else None
        if after is None and index == len(rounds) - 1 and final_scores is not None:
            after = final_scores
        if round_log.deltas is not None:  # the hora / ryukyoku deltas, less the deposits taken at reach_accepted
            for seat in accepted.get(index, []):
                round_log.deltas[seat] -= 1000
            if after is None and round_log.scores is not None:
                after = [s + d for s, d in zip(round_log.scores, round_log.deltas, strict=True)]
        elif after is not None and round_log.scores is not None:  # no deltas written: the next scores say them
            round_log.deltas = [a - b for a, b in zip(after, round_log.scores, strict=True)]
        round_log.scores_after = after
    start = rounds[0].scores
    rules: dict[str, object] = {"aka": aka} if aka else {}
    if stated is not None and (stated["preset"] == "tenhou_sanma") == (players == 3):
        rules = stated
    elif players == 3:
        rules["players"] = 3
    return GameLog(
        format="mjai",
        players=players,
        rules=rules,
        rounds=rounds,
        start_scores=list(start) if start else None,
        final_scores=final_scores,
        names=names[:players] if names else None,
    )


def _add_deltas(current: RoundLog, deltas: list[int] | None) -> None:
    if deltas is None:
        return
    current.deltas = deltas if current.deltas is None else [a + b for a, b in zip(current.deltas, deltas, strict=True)]


def _guess_draw(current: RoundLog, players: int) -> str:
    """A ``ryukyoku`` without a ``reason`` (Mortal's logs): exhaustive once the wall is drawn (70 draws, 55
    with three players), else the abortive draw the events show."""
    draws = sum(isinstance(e, Draw) for e in current.events)
    if draws >= (70 if players == 4 else 55):
        return "exhaustive"
    if sum(isinstance(e, Riichi) for e in current.events) == 4:
        return "suucha_riichi"
    kans = sum(isinstance(e, (Ankan, Kakan)) or (isinstance(e, Call) and e.kind == "daiminkan") for e in current.events)
    if kans >= 4:
        return "suukaikan"
    discards = [e for e in current.events if isinstance(e, Discard)]
    if len(discards) == 4 and len({d.tile for d in discards}) == 1 and discards[0].tile in ("1z", "2z", "3z", "4z"):
        return "suufon_renda"
    return "kyuushu_kyuuhai"
