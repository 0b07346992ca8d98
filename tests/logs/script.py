"""A small game written by hand, as a Tenhou mjlog and as mjai lines (the same events in both).

Three rounds of an East–South game (GO type 169: red fives, open tanyao, East–South, four players),
every tile a plain (not red) copy; the values each round must give are worked out by hand in
``test_replay_script.py``:

1. East 1, dealer seat 0: the dealer's first draw completes ``123456789m123p55p``: tenhou, a yakuman
   tsumo (Tenhou's yakuman id 37).
2. East 1, honba 1, dealer seat 0: the dealer draws ``6m`` into nine kinds of terminals and honours
   (``1m9m1p9p1s9s1z2z3z``): kyuushu kyuuhai.
3. East 1, honba 2, dealer seat 0: the dealer draws ``7z`` and discards ``2p``; seat 1 rons it with
   ``234m345p456s678s2p``: tanyao, a pair wait (Tenhou's yaku id 8).
"""

from __future__ import annotations

import json
from typing import Any

MPSZ = "mpsz"


def _kind(code: str) -> int:
    return MPSZ.index(code[1]) * 9 + int(code[0]) - 1


class Wall:
    """Hands out 136-ids for mpsz tiles: each call gives the next unused copy of the kind."""

    def __init__(self) -> None:
        self.used: dict[int, int] = {}

    def id(self, code: str) -> int:
        kind = _kind(code)
        first = 1 if kind in (4, 13, 22) else 0  # copy 0 of a five is the red one (ids 16, 52, 88)
        copy = self.used.get(kind, first)
        assert copy < 4, f"one {code} too many"
        self.used[kind] = copy + 1
        tile_id = kind * 4 + copy
        assert tile_id not in (16, 52, 88), "the script uses plain fives only"
        return tile_id

    def ids(self, text: str) -> list[int]:
        out: list[int] = []
        digits = ""
        for ch in text:
            if ch.isdigit():
                digits += ch
            else:
                out.extend(self.id(d + ch) for d in digits)
                digits = ""
        return out


def tiles(text: str) -> list[str]:
    out: list[str] = []
    digits = ""
    for ch in text:
        if ch.isdigit():
            digits += ch
        else:
            out.extend(d + ch for d in digits)
            digits = ""
    return out


ROUNDS: list[dict[str, Any]] = [
    {
        "seed": (0, 0, 0),
        "scores": [25000] * 4,
        "dora": "1z",
        "hands": ["123456789m123p5p", "123456789m4678p", "123456789m9p123s", "1234678m19p1234s"],
        "moves": [("draw", 0, "5p")],
        "end": {
            "type": "tsumo",
            "who": 0,
            "yakuman": [37],
            "ten": (40, 48000, 5),
            "deltas": [48000, -16000, -16000, -16000],
        },
    },
    {
        "seed": (0, 1, 0),
        "scores": [73000, 9000, 9000, 9000],
        "dora": "7z",
        "hands": ["19m19p19s123z2345m", "123456789p1234s", "123456789p1234s", "123456789p1234s"],
        "moves": [("draw", 0, "6m")],
        "end": {"type": "yao9", "deltas": [0, 0, 0, 0]},
    },
    {
        "seed": (0, 2, 0),
        "scores": [73000, 9000, 9000, 9000],
        "dora": "9m",
        "hands": ["19m19p19s123456z2p", "234m345p456s678s2p", "1234567z19m19p19s", "1234567z19m19p19s"],
        "moves": [("draw", 0, "7z"), ("discard", 0, "2p")],
        "end": {
            "type": "ron",
            "who": 1,
            "from": 0,
            "yaku": [(8, 1)],
            "ten": (40, 1300, 0),
            "deltas": [-1900, 1900, 0, 0],
        },
    },
]


def mjlog() -> str:
    """The script as a Tenhou mjlog document."""
    parts = [
        '<mjloggm ver="2.3">',
        '<GO type="169" lobby="0"/>',
        '<UN n0="a" n1="b" n2="c" n3="d"/>',
        '<TAIKYOKU oya="0"/>',
    ]
    for rnd in ROUNDS:
        wall = Wall()
        hands = [wall.ids(h) for h in rnd["hands"]]
        dora = wall.id(rnd["dora"])
        kyoku, honba, sticks = rnd["seed"]
        ten = ",".join(str(s // 100) for s in rnd["scores"])
        hai = " ".join(f'hai{s}="{",".join(map(str, h))}"' for s, h in enumerate(hands))
        parts.append(f'<INIT seed="{kyoku},{honba},{sticks},0,0,{dora}" ten="{ten}" oya="0" {hai}/>')
        last = 0
        for move, seat, code in rnd["moves"]:
            if move == "draw":
                last = wall.id(code)
                hands[seat].append(last)
                parts.append(f"<{'TUVW'[seat]}{last}/>")
            else:
                tile_id = next(t for t in hands[seat] if t // 4 == _kind(code))
                hands[seat].remove(tile_id)
                last = tile_id
                parts.append(f"<{'DEFG'[seat]}{tile_id}/>")
        end = rnd["end"]
        sc = ",".join(f"{s // 100},{d // 100}" for s, d in zip(rnd["scores"], end["deltas"], strict=True))
        if end["type"] == "yao9":
            parts.append(
                f'<RYUUKYOKU type="yao9" ba="{honba},{sticks}" sc="{sc}" hai0="{",".join(map(str, hands[0]))}"/>'
            )
            continue
        who = end["who"]
        from_who = end.get("from", who)
        hand = sorted(hands[who] + ([last] if from_who != who else []))
        ten = ",".join(map(str, end["ten"]))
        yaku = (
            f'yakuman="{",".join(map(str, end["yakuman"]))}"'
            if "yakuman" in end
            else f'yaku="{",".join(f"{i},{h}" for i, h in end["yaku"])}"'
        )
        parts.append(
            f'<AGARI ba="{honba},{sticks}" hai="{",".join(map(str, hand))}" machi="{last}" ten="{ten}" {yaku} '
            f'doraHai="{dora}" who="{who}" fromWho="{from_who}" sc="{sc}"/>'
        )
    parts.append("</mjloggm>")
    return "".join(parts)


def mjai_lines() -> str:
    """The script as mjai events, one JSON object a line (Mortal's schema: no yaku in ``hora``)."""
    honours = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "P", "6z": "F", "7z": "C"}

    def pai(code: str) -> str:
        return honours.get(code, code)

    events: list[dict[str, Any]] = [{"type": "start_game", "names": ["a", "b", "c", "d"]}]
    for rnd in ROUNDS:
        kyoku, honba, sticks = rnd["seed"]
        events.append(
            {
                "type": "start_kyoku",
                "bakaze": "E",
                "kyoku": kyoku + 1,
                "honba": honba,
                "kyotaku": sticks,
                "oya": 0,
                "scores": rnd["scores"],
                "dora_marker": pai(rnd["dora"]),
                "tehais": [[pai(t) for t in tiles(h)] for h in rnd["hands"]],
            }
        )
        last = ""
        for move, seat, code in rnd["moves"]:
            last = pai(code)
            if move == "draw":
                events.append({"type": "tsumo", "actor": seat, "pai": last})
            else:
                events.append({"type": "dahai", "actor": seat, "pai": last, "tsumogiri": False})
        end = rnd["end"]
        if end["type"] == "yao9":
            events.append({"type": "ryukyoku", "reason": "kyushukyuhai", "deltas": end["deltas"]})
        else:
            who = end["who"]
            events.append(
                {"type": "hora", "actor": who, "target": end.get("from", who), "pai": last, "deltas": end["deltas"]}
            )
        events.append({"type": "end_kyoku"})
    return "\n".join(json.dumps(e) for e in events) + "\n"
