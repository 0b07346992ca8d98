"""The Tenhou AGARI corpus (../shared/corpus) as score requests and expected results.

Each corpus record is one real win scored by Tenhou (see ../shared/corpus/README.md for the
fields). :func:`request_from_record` turns it into the JSON body of ``POST /v1/score``;
:func:`expected_yaku`, :func:`expected_yakuman` read Tenhou's own answer in our yaku ids.
The corpus stays where it is, beside the project; it is never copied in.

Tenhou's rules are our ``standard`` preset with ``double_yakuman`` off (/docs/rules §3).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

__all__ = [
    "CORPUS_DIR",
    "CORPUS_FILE",
    "TENHOU_RULES",
    "TENHOU_YAKU",
    "expected_yaku",
    "expected_yakuman",
    "is_yakuman_record",
    "load_records",
    "request_from_record",
]

CORPUS_DIR: Final = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
"""``../shared/corpus`` relative to the project root."""
CORPUS_FILE: Final = CORPUS_DIR / "tenhou_agari.jsonl"

TENHOU_RULES: Final = {"preset": "standard", "double_yakuman": False, "aka": True, "kuitan": True}
"""Tenhou's lobby rules (aka on, kuitan on, no double yakuman) as a request's ``rules``."""

TENHOU_YAKU: Final[dict[int, str]] = {
    0: "menzen_tsumo",
    1: "riichi",
    2: "ippatsu",
    3: "chankan",
    4: "rinshan",
    5: "haitei",
    6: "houtei",
    7: "pinfu",
    8: "tanyao",
    9: "iipeikou",
    10: "seat_wind",
    11: "seat_wind",
    12: "seat_wind",
    13: "seat_wind",
    14: "round_wind",
    15: "round_wind",
    16: "round_wind",
    17: "round_wind",
    18: "haku",
    19: "hatsu",
    20: "chun",
    21: "double_riichi",
    22: "chiitoitsu",
    23: "chanta",
    24: "ittsu",
    25: "sanshoku",
    26: "sanshoku_doukou",
    27: "sankantsu",
    28: "toitoi",
    29: "sanankou",
    30: "shousangen",
    31: "honroutou",
    32: "ryanpeikou",
    33: "junchan",
    34: "honitsu",
    35: "chinitsu",
    36: "renhou",
    37: "tenhou",
    38: "chiihou",
    39: "daisangen",
    40: "suuankou",
    41: "suuankou_tanki",
    42: "tsuuiisou",
    43: "ryuuiisou",
    44: "chinroutou",
    45: "chuuren",
    46: "junsei_chuuren",
    47: "kokushi",
    48: "kokushi_13",
    49: "daisuushii",
    50: "shousuushii",
    51: "suukantsu",
    52: "dora",
    53: "ura_dora",
    54: "aka_dora",
}
"""Tenhou's yaku id table (0–54) → our yaku ids (/docs/endpoints).

Tenhou has one id per wind (10–13 seat E/S/W/N, 14–17 round E/S/W/N); ours are
``seat_wind`` and ``round_wind``.
"""

SITUATION_FLAGS: Final = frozenset(
    {"riichi", "double_riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "renhou", "tenhou", "chiihou"}
)
"""Yaku that only the situation can tell, so the request carries them as flags of the same name."""

DORA_IDS: Final = frozenset({"dora", "ura_dora", "aka_dora"})

WIND_LETTER: Final = {"east": "E", "south": "S", "west": "W", "north": "N"}

RED_FIVE_IDS: Final = {16: "0m", 52: "0p", 88: "0s"}
"""136-ids of the three red fives."""


def load_records(path: Path = CORPUS_FILE) -> list[dict[str, Any]]:
    """All corpus records, in file order (one JSON object per line)."""
    with path.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines if line.strip()]


def is_yakuman_record(record: dict[str, Any]) -> bool:
    """True when Tenhou scored the hand as yakuman (it then lists ``yakuman``, not ``yaku``)."""
    return bool(record["expected"]["yakuman"])


def _meld(call: dict[str, Any]) -> dict[str, Any]:
    kind = call["type"]
    if kind in ("chi", "pon"):
        return {"type": kind, "tiles": call["tiles_mpsz"]}
    # ankan keeps the hand closed; daiminkan and shouminkan are both open kans (/docs/rules §2)
    return {"type": "kan", "tiles": call["tiles_mpsz"], "closed": kind == "ankan"}


def request_from_record(record: dict[str, Any]) -> dict[str, Any]:
    """The ``POST /v1/score`` body for one corpus record, under Tenhou's rules.

    Situational flags (riichi, ippatsu, haitei, …) come from Tenhou's yaku list; for a
    yakuman hand (no yaku list) riichi is read from the ura indicators, which Tenhou shows
    only to a riichi winner, and tenhou/chiihou from the yakuman list. Red fives stay red
    (``0m``/``0p``/``0s``) in the hand, the melds, the winning tile and the indicators.

    The second winner of a double ron gets neither honba nor riichi sticks on Tenhou
    (corpus README), so those are 0 in its request; its ``total`` is then what it received.
    """
    hand = record["hand"]
    expected = record["expected"]
    win_tile_id = hand["win_tile_136"]
    first_winner = record["round"]["agari_index_in_round"] == 0
    request: dict[str, Any] = {
        "rules": dict(TENHOU_RULES),
        "hand": hand["closed_tiles_without_win"],
        "win_tile": RED_FIVE_IDS.get(win_tile_id, hand["win_tile"]),
        "melds": [_meld(call) for call in hand["calls"]],
        "win": record["win_type"],
        "seat_wind": WIND_LETTER[record["seat_wind"]],
        "round_wind": WIND_LETTER[record["round"]["round_wind"]],
        "dora_indicators": list(record["dora_indicators"]),
        "ura_indicators": list(record["ura_indicators"]),
        "honba": record["round"]["honba"] if first_winner else 0,
        "riichi_sticks": record["round"]["riichi_sticks"] if first_winner else 0,
    }
    situation = [TENHOU_YAKU[y["id"]] for y in expected["yaku"]]
    situation += [TENHOU_YAKU[y["id"]] for y in expected["yakuman"]]
    if is_yakuman_record(record) and record["ura_indicators"]:
        situation.append("riichi")
    for flag in SITUATION_FLAGS.intersection(situation):
        request[flag] = True
    if request.get("double_riichi"):
        request["riichi"] = True
    return request


def expected_yaku(record: dict[str, Any]) -> set[tuple[str, int]]:
    """Tenhou's yaku as a set of ``(our yaku id, han)``; dora entries worth 0 han are left out.

    Tenhou lists ura dora for every riichi win, with han 0 when none hit (corpus README).
    """
    return {
        (TENHOU_YAKU[y["id"]], y["han"])
        for y in record["expected"]["yaku"]
        if not (TENHOU_YAKU[y["id"]] in DORA_IDS and y["han"] == 0)
    }


def expected_yakuman(record: dict[str, Any]) -> set[str]:
    """Tenhou's yakuman as a set of our yakuman ids (empty for a hand that is not yakuman)."""
    return {TENHOU_YAKU[y["id"]] for y in record["expected"]["yakuman"]}
