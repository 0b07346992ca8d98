"""The hand-level differences of /docs/rulesets §9 (items 1, 2, 3, 4, 5, 8, 9, 10): one hand under two
presets whose values differ, worked out by hand.

A non-dealer (South seat, East round) wins by ron unless a case says otherwise; ``hand`` is the
concealed tiles before the win. Non-dealer ron = 4 × base, tsumo = 2 × base + 1 × base + 1 × base
(each rounded up to 100); base = fu × 2^(2+han), mangan 2,000, yakuman 8,000 × multiple.
"""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from service.scoring import InvalidHand, ScoreRequest, score


def points(preset: str, hand: str, win_tile: str, **fields: Any) -> int:
    body = {"hand": hand, "win_tile": win_tile, "seat_wind": "S", "rules": preset, **fields}
    return score(msgspec.convert(body, ScoreRequest)).points


def test_item_1_red_fives() -> None:
    """§9 item 1: 123m 406p 99p 345s + 68s, riichi, ron 7s (kanchan): 40 fu. Tenhou: riichi 1 + aka 1 =
    2 han, base 640 → 2,600. WRC has no red fives: a 0p is invalid there; the same hand with a plain 5p
    is riichi alone, base 320 → 1,300."""
    assert points("tenhou", "123m40699p34568s", "7s", riichi=True) == 2600
    with pytest.raises(InvalidHand) as exc:
        points("wrc", "123m40699p34568s", "7s", riichi=True)
    assert [e.field for e in exc.value.errors] == ["hand"]
    assert points("wrc", "123m45699p34568s", "7s", riichi=True) == 1300


def test_item_2_double_yakuman_patterns() -> None:
    """§9 item 2: 111m 222p 333s 444z + 5z, ron on 5z (suuankou tanki): Mahjong Soul 2× = 64,000;
    Tenhou 1× = 32,000."""
    assert points("majsoul", "111m222p333s4445z", "5z") == 64000
    assert points("tenhou", "111m222p333s4445z", "5z") == 32000


def test_item_3_kazoe_yakuman() -> None:
    """§9 item 3: 2233445566778m + 8m, riichi, ron, dora indicator 1m: riichi 1 + pinfu 1 + tanyao 1 +
    ryanpeikou 3 + chinitsu 6 + dora 2 (two 2m) = 14 han. Tenhou: kazoe yakuman 32,000; WRC: sanbaiman
    6,000 × 4 = 24,000."""
    assert points("tenhou", "2233445566778m", "8m", riichi=True, dora_indicators="1m") == 32000
    assert points("wrc", "2233445566778m", "8m", riichi=True, dora_indicators="1m") == 24000


def test_item_4_yakuman_stacking() -> None:
    """§9 item 4: pon 555z, concealed 111z 222z 333z 4z, ron 4z: shousuushii + tsuuiisou (the pon keeps
    it from suuankou). Tenhou: 2 yakuman 64,000; EMA (one yakuman at most): 32,000."""
    melds = [{"type": "pon", "tiles": "555z"}]
    assert points("tenhou", "1112223334z", "4z", melds=melds) == 64000
    assert points("ema", "1112223334z", "4z", melds=melds) == 32000


def test_item_5_kiriage_mangan() -> None:
    """§9 item 5: 234m 567p 88p 345s + 67s, riichi, ron 8s, dora indicator 1m: riichi 1 + pinfu 1 +
    tanyao 1 + dora 1 = 4 han 30 fu, base 1,920. Tenhou: × 4 = 7,680 → 7,700; WRC (kiriage): 8,000."""
    assert points("tenhou", "234m56788p34567s", "8s", riichi=True, dora_indicators="1m") == 7700
    assert points("wrc", "234m56788p34567s", "8s", riichi=True, dora_indicators="1m") == 8000


def test_item_8_renhou() -> None:
    """§9 item 8: 234m 567p 88p 345s + 67s, renhou ron 8s: pinfu 1 + tanyao 1 (30 fu). WRC: renhou 5
    adds, 7 han haneman 12,000; EMA: the higher of a renhou mangan (8,000) and the 2-han hand (base 480
    → 2,000): 8,000; Tenhou: no renhou, the flag is invalid."""
    assert points("wrc", "234m56788p34567s", "8s", renhou=True) == 12000
    assert points("ema", "234m56788p34567s", "8s", renhou=True) == 8000
    with pytest.raises(InvalidHand) as exc:
        points("tenhou", "234m56788p34567s", "8s", renhou=True)
    assert [e.field for e in exc.value.errors] == ["renhou"]


def test_item_9_double_wind_pair_fu() -> None:
    """§9 item 9: South seat, South round: 999m 234p 567p 22z + 23s, riichi, ron 4s (ryanmen), dora
    indicators 1p and 3s (one 2p, one 4s): riichi 1 + dora 2 = 3 han. Fu 20 + 10 closed ron + 8 closed
    terminal triplet + the double wind pair: Tenhou 4 → 42 → 50 fu, base 1,600 → 6,400; WRC 2 → 40 fu,
    base 1,280 → 5,120 → 5,200."""
    fields = {"round_wind": "S", "riichi": True, "dora_indicators": "1p3s"}
    assert points("tenhou", "999m234567p23s22z", "4s", **fields) == 6400
    assert points("wrc", "999m234567p23s22z", "4s", **fields) == 5200


def test_item_10_open_kan_dora_timing() -> None:
    """§9 item 10: open kan 2222m, concealed 345p 678p 345s 6s, rinshan tsumo 6s (tanki) on the kan's
    replacement tile; dora indicators 1z and the kan's 5p (one 6p held). rinshan 1 + tanyao 1; fu 20 +
    2 tsumo + 8 open simple kan + 2 tanki = 32 → 40. Tenhou (after the discard): 2 han, base 640 → 1,300 +
    700 + 700 = 2,700; WRC (at once): dora 1, 3 han, base 1,280 → 2,600 + 1,300 + 1,300 = 5,200."""
    fields = {
        "win": "tsumo",
        "rinshan": True,
        "rinshan_open_kan": True,
        "melds": [{"type": "kan", "tiles": "2222m"}],
        "dora_indicators": "1z5p",
    }
    assert points("tenhou", "345678p3456s", "6s", **fields) == 2700
    assert points("wrc", "345678p3456s", "6s", **fields) == 5200
