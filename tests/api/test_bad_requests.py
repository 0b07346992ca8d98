"""A catalogue of hand-written bad requests: each gets its exact status and names exactly its fields.

Every answer is an RFC 9457 problem (``application/problem+json``, never a 500); ``fields``
is the list of ``errors[].field`` in order (``[]`` when no field is to blame: not JSON, too
large, wrong content type, wrong method or path; ``[""]`` = the body as a whole).
Statuses (/docs/endpoints Errors): 400 malformed JSON or a schema violation, 404/405 no such
route or method, 413 body over 64 KiB, 415 not JSON, 422 well-formed but impossible (/docs/rules §2).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

from service.app import MAX_BODY_BYTES

JSON = {"content-type": "application/json"}
MANGAN = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
START = [25_000, 25_000, 25_000, 25_000]
DEPTH = 5_000
SANMA_HAND: dict[str, Any] = {"hand": "123345678p9p777z", "win_tile": "9p", "seat_wind": "S", "rules": "tenhou_sanma"}
"""A three-player hand (pins and honours): honitsu + chun by ron."""
SANMA_START = [35_000, 35_000, 35_000]


def score(**changes: Any) -> dict[str, Any]:
    """The mangan request with ``changes`` (a value of ``...`` removes the field)."""
    body = {**MANGAN, **changes}
    return {k: v for k, v in body.items() if v is not ...}


KOSTAREV_HAND: dict[str, Any] = {"hand": "123m45699p34568s", "win_tile": "7s", "dealer": False, "rules": "kostarev"}
"""A kostarev hand that wins by ron (riichi aside, no yaku is needed for the checks below to fire first)."""


def case(body: Any, status: int, fields: list[str], *, path: str = "/v1/score", id: str, **kw: Any) -> Any:
    """One catalogue entry: ``body`` (JSON data, or raw ``bytes``) POSTed to ``path``."""
    return pytest.param(kw.get("method", "POST"), path, body, kw.get("headers", JSON), status, fields, id=id)


CATALOGUE = [
    # --- bad notation: the schema's patterns (400) --------------------------------------------------
    case(score(hand="12x3m"), 400, ["hand"], id="notation-letter-x"),
    case(score(hand="123"), 400, ["hand"], id="notation-digits-without-suit"),
    case(score(hand="m123"), 400, ["hand"], id="notation-suit-before-digits"),
    case(score(hand="234567m3455p234S"), 400, ["hand"], id="notation-upper-case-suit"),
    case(score(hand="234567m3455p89z"), 400, ["hand"], id="notation-honour-8z"),
    case(score(win_tile="10m"), 400, ["win_tile"], id="notation-two-digit-tile"),
    case(score(win_tile="0z"), 400, ["win_tile"], id="notation-red-honour"),
    case(score(win_tile=""), 400, ["win_tile"], id="notation-empty-win-tile"),
    case(score(dora_indicators="9q"), 400, ["dora_indicators"], id="notation-bad-indicator"),
    case(score(hand=["2m", "3m", "4m", "5x"]), 400, ["hand[3]"], id="notation-bad-code-in-list"),
    case(score(hand="1m" * 33), 400, ["hand"], id="notation-string-over-64-chars"),
    case(score(hand=["1m"] * 19), 400, ["hand"], id="notation-list-over-18-codes"),
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "chi", "tiles": "12"}, {"type": "pon", "tiles": "777z"}],
        ),
        400,
        ["melds[0].tiles"],
        id="notation-meld-tiles",
    ),
    # A trailing newline: the patterns end in `$(?!\n)`, so the schema rejects it (400).
    case(score(hand="234567m3455p234s\n"), 400, ["hand"], id="notation-trailing-newline"),
    # --- a fifth copy (422) -----------------------------------------------------------------------
    case({"hand": "1111234567899m", "win_tile": "1m", "seat_wind": "S"}, 422, ["hand"], id="fifth-copy-in-hand"),
    case(
        {"hand": "1234567899m", "win_tile": "9m", "seat_wind": "S", "melds": [{"type": "kan", "tiles": "1111m"}]},
        422,
        ["hand"],  # hand, win tile and melds are named together as `hand`
        id="fifth-copy-across-hand-and-kan",
    ),
    # the hand holds one 2p: the indicators take 2p past four, so they are named
    case(score(dora_indicators="2222p"), 422, ["dora_indicators"], id="fifth-copy-with-indicators"),
    # each kan turns one dora indicator and the ura under it: never more ura than dora (/docs/rules §3 Dora)
    case(score(dora_indicators="1m", ura_indicators="1m2m"), 422, ["ura_indicators"], id="more-ura-than-dora"),
    case(score(hand="234567m3400p234s", win_tile="5p"), 422, ["hand"], id="two-red-fives-of-a-suit"),
    # --- wrong counts (422 unless the schema already caps it) --------------------------------------
    case(score(hand="234567m3455p23s"), 422, ["hand"], id="count-12-tiles"),
    case(score(hand="234567m3455p2345s"), 422, ["hand"], id="count-14-tiles"),
    case(score(hand=""), 422, ["hand"], id="count-empty-hand"),
    case(score(riichi=False, melds=[{"type": "pon", "tiles": "777z"}]), 422, ["hand"], id="count-13-tiles-with-a-meld"),
    case(score(melds=[{"type": "pon", "tiles": "111z"}] * 5), 400, ["melds"], id="count-five-melds"),
    # --- melds that are not sets, or overlap (422) ---------------------------------------------------
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "chi", "tiles": "135m"}, {"type": "pon", "tiles": "777z"}],
        ),
        422,
        ["melds[0].tiles"],
        id="meld-chi-not-a-run",
    ),
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "pon", "tiles": "123m"}, {"type": "pon", "tiles": "777z"}],
        ),
        422,
        ["melds[0].tiles"],
        id="meld-pon-not-alike",
    ),
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "kan", "tiles": "111m"}, {"type": "pon", "tiles": "777z"}],
        ),
        422,
        ["melds[0].tiles"],
        id="meld-kan-of-three",
    ),
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "chi", "tiles": "123z"}, {"type": "pon", "tiles": "777z"}],
        ),
        422,
        ["melds[0].tiles"],
        id="meld-chi-of-honours",
    ),
    case(
        score(
            hand="234567m5p",
            win_tile="5p",
            riichi=False,
            melds=[{"type": "chi", "tiles": "789s", "closed": True}, {"type": "pon", "tiles": "777z"}],
        ),
        422,
        ["melds[0].closed"],
        id="meld-closed-chi",
    ),
    case(
        {
            "hand": "5m",
            "win_tile": "5m",
            "seat_wind": "S",
            "melds": [
                {"type": "kan", "tiles": "1111m"},
                {"type": "kan", "tiles": "1111m"},
                {"type": "pon", "tiles": "777z"},
                {"type": "pon", "tiles": "666z"},
            ],
        },
        422,
        ["hand"],
        id="meld-same-kan-twice",
    ),
    case(score(melds=[{"type": "daiminkan", "tiles": "1111s"}]), 400, ["melds[0].type"], id="meld-unknown-type"),
    case(score(melds=[{"type": "pon"}]), 400, ["melds[0].tiles"], id="meld-without-tiles"),
    case(score(melds=[{"type": "pon", "tiles": "777z", "from": 2}]), 400, ["melds[0].from"], id="meld-unknown-field"),
    # --- seats and winds ------------------------------------------------------------------------------
    case(score(seat_wind="X"), 400, ["seat_wind"], id="wind-not-a-wind"),
    case(score(round_wind="east"), 400, ["round_wind"], id="wind-spelled-out"),
    case(score(dealer=True), 422, ["dealer"], id="wind-south-seat-as-dealer"),
    case(score(seat_wind=...), 422, ["seat_wind"], id="wind-non-dealer-without-seat"),
    case(score(rules="kostarev"), 422, ["seat_wind"], id="wind-in-a-preset-without-winds"),
    case(
        {"hand": "234567m345p1155z", "win_tile": "5z", "dealer": False, "rules": "kostarev"},
        422,
        ["hand"],
        id="wind-tile-in-a-preset-without-winds",
    ),
    # --- the family presets: what their documents do not have (/docs/rules §4) ------------------------
    *[
        case({**KOSTAREV_HAND, **flags}, 422, [field], id=f"kostarev-{field}-is-not-a-yaku")
        for flags, field in (
            ({"riichi": True, "ippatsu": True}, "ippatsu"),
            ({"double_riichi": True}, "double_riichi"),
            ({"renhou": True}, "renhou"),
        )
    ],
    case({**KOSTAREV_HAND, "honba": 1}, 422, ["honba"], id="kostarev-has-no-honba"),
    case({**KOSTAREV_HAND, "riichi_sticks": 2}, 422, ["riichi_sticks"], id="kostarev-has-no-riichi-sticks"),
    # --- the optional rules' flags (/docs/rulesets §1, §2, §8): each needs its option and its situation ---
    case(score(riichi=False, renhou=True), 422, ["renhou"], id="renhou-option-off"),
    case(score(open_riichi=True), 422, ["open_riichi"], id="open-riichi-option-off"),
    case(
        score(riichi=False, open_riichi=True, rules={"open_riichi": True}),
        422,
        ["open_riichi"],
        id="open-riichi-without-riichi",
    ),
    case(
        score(open_riichi=True, sashikomi=True, rules={"open_riichi": True}),
        422,
        ["sashikomi"],
        id="sashikomi-option-off",
    ),
    case(
        score(win="tsumo", open_riichi=True, sashikomi=True, rules={"open_riichi": True, "sashikomi_yakuman": True}),
        422,
        ["sashikomi"],
        id="sashikomi-by-tsumo",
    ),
    case(score(paarenchan=1), 422, ["paarenchan"], id="paarenchan-option-off"),
    case(score(paarenchan=1, rules={"paarenchan": "always"}), 422, ["paarenchan"], id="paarenchan-non-dealer"),
    case(score(paarenchan=7), 400, ["paarenchan"], id="paarenchan-over-6"),
    case(score(nagashi_mangan=True, rules="wrc"), 422, ["nagashi_mangan"], id="nagashi-option-off"),
    case(score(nagashi_mangan=True, ippatsu=True), 422, ["nagashi_mangan"], id="nagashi-with-ippatsu"),
    case(score(rinshan_open_kan=True), 422, ["rinshan_open_kan"], id="rinshan-open-kan-without-rinshan"),
    case(score(rules={"kazoe": "unlimited"}), 400, ["rules.kazoe"], id="kazoe-not-an-option-value"),
    case(score(rules={"renhou": True}), 400, ["rules.renhou"], id="renhou-option-not-a-word"),
    case(
        {"hand": "1112223334445z", "win_tile": "5z", "seat_wind": "S", "rules": {"aotenjou": True}},
        422,
        ["rules.aotenjou"],
        id="aotenjou-past-the-largest-exact-integer",
    ),
    case(score(hand="234567m3400p234s"), 422, ["hand"], id="two-red-5p-with-one-per-suit"),
    case(score(rules={"aka_per_suit": 5}), 400, ["rules.aka_per_suit"], id="aka-per-suit-over-4"),
    case(score(rules={"yakuman_cap": -1}), 400, ["rules.yakuman_cap"], id="yakuman-cap-negative"),
    case(score(rules={"open_pinfu_fu": 1}), 400, ["rules.open_pinfu_fu"], id="open-pinfu-fu-not-0-or-2"),
    case(
        {"rules": "kostarev", "scores": START, "dealer": 0, "honba": 1, "outcome": {"type": "draw"}},
        422,
        ["honba"],
        path="/v1/settle",
        id="kostarev-settle-has-no-honba",
    ),
    case(
        {"scores": START, "dealer": 4, "outcome": {"type": "draw"}},
        400,
        ["dealer"],
        path="/v1/settle",
        id="seat-dealer-4",
    ),
    case(
        {"scores": START, "dealer": 0, "outcome": {"type": "tsumo", "winner": -1, "value": {"han": 1, "fu": 30}}},
        400,
        ["outcome.winner"],
        path="/v1/settle",
        id="seat-winner-negative",
    ),
    case(
        {"scores": START, "dealer": 0, "riichi": [5], "outcome": {"type": "draw"}},
        400,
        ["riichi[0]"],
        path="/v1/settle",
        id="seat-riichi-5",
    ),
    case(
        {
            "scores": START,
            "dealer": 0,
            "outcome": {"type": "ron", "discarder": 1, "wins": [{"winner": 1, "value": {"han": 1, "fu": 30}}]},
        },
        422,
        ["outcome.wins[0].winner"],
        path="/v1/settle",
        id="seat-discarder-wins",
    ),
    # --- game rules: abortive draws, chombo, round wind, pao, penalties ----------------------------------
    case(
        {"rules": "wrc", "scores": [30_000] * 4, "dealer": 0, "outcome": {"type": "abortive", "kind": "suukaikan"}},
        422,
        ["outcome.kind"],
        path="/v1/settle",
        id="game-abortive-not-in-wrc",
    ),
    case(
        {"rules": "majsoul", "scores": START, "dealer": 0, "outcome": {"type": "abortive", "kind": "sanchahou"}},
        422,
        ["outcome.kind"],
        path="/v1/settle",
        id="game-sanchahou-not-in-majsoul",
    ),
    case(
        {"scores": START, "dealer": 0, "outcome": {"type": "abortive", "kind": "kyuushu"}},
        400,
        ["outcome.kind"],
        path="/v1/settle",
        id="game-abortive-unknown-kind",
    ),
    case(
        {
            "rules": "tenhou",
            "scores": START,
            "dealer": 0,
            "riichi": [0, 1],
            "outcome": {"type": "abortive", "kind": "suucha_riichi"},
        },
        422,
        ["riichi"],
        path="/v1/settle",
        id="game-suucha-riichi-without-four",
    ),
    case(
        {"rules": "tenhou", "scores": START, "dealer": 0, "outcome": {"type": "chombo", "seat": 1}},
        422,
        ["outcome"],
        path="/v1/settle",
        id="game-chombo-not-in-tenhou",
    ),
    case(
        {"scores": START, "dealer": 0, "outcome": {"type": "chombo", "seat": 4}},
        400,
        ["outcome.seat"],
        path="/v1/settle",
        id="game-chombo-seat-4",
    ),
    case(
        {"rules": "wrc", "scores": [30_000] * 4, "dealer": 0, "round_wind": "W", "outcome": {"type": "draw"}},
        422,
        ["round_wind"],
        path="/v1/settle",
        id="game-wrc-has-no-west",
    ),
    case(
        {"scores": START, "dealer": 0, "round_wind": "N", "outcome": {"type": "draw"}},
        400,
        ["round_wind"],
        path="/v1/settle",
        id="game-north-round",
    ),
    case(
        {
            "rules": "tenhou",
            "scores": START,
            "dealer": 0,
            "outcome": {"type": "tsumo", "winner": 1, "pao": 2, "value": {"yakuman": 1, "pao_yakuman": 2}},
        },
        422,
        ["outcome.value.pao_yakuman"],
        path="/v1/settle",
        id="game-pao-part-above-the-yakuman",
    ),
    case(
        {"scores": START, "dealer": 0, "game": {"pao_scope": "half"}, "outcome": {"type": "draw"}},
        400,
        ["game.pao_scope"],
        path="/v1/settle",
        id="game-pao-scope-unknown",
    ),
    case(
        {"scores": START, "penalties": [0, 20_050, 0, 0]},
        400,
        ["penalties[1]"],
        path="/v1/final",
        id="final-penalty-not-100s",
    ),
    case(
        {"scores": START, "penalties": [0, -100, 0, 0]},
        400,
        ["penalties[1]"],
        path="/v1/final",
        id="final-penalty-negative",
    ),
    # three values fit the shape (three players); four players need four: the rules say so (422)
    case({"scores": START, "penalties": [0, 0, 0]}, 422, ["penalties"], path="/v1/final", id="final-penalties-three"),
    case({"scores": START, "penalties": [0, 0]}, 400, ["penalties"], path="/v1/final", id="final-penalties-two"),
    # options a request sets that contradict the rest of the rules (422 naming the option set)
    case(score(rules={"preset": "wrc", "aka": True}), 422, ["rules.aka"], id="aka-without-red-fives"),
    case(
        score(rules={"sashikomi_yakuman": True}), 422, ["rules.sashikomi_yakuman"], id="sashikomi-without-open-riichi"
    ),
    case(
        {"scores": START, "game": {"uma": [-15_000, -5_000, 5_000, 15_000]}},
        422,
        ["game.uma"],
        path="/v1/final",
        id="final-uma-rising",
    ),
    case(
        {"scores": START, "game": {"return_points": 20_000}},
        422,
        ["game.return_points"],
        path="/v1/final",
        id="final-negative-oka",
    ),
    case(
        {
            "scores": START,
            "dealer": 0,
            "game": {"multiple_ron": "head_bump", "multi_ron_sticks": "each"},
            "outcome": {"type": "draw"},
        },
        422,
        ["game.multi_ron_sticks"],
        path="/v1/settle",
        id="settle-head-bump-with-sticks-each",
    ),
    case(
        {"rules": "kids", "scores": [3, 0, 0, 0], "penalties": [0, 0, 0, 0]},
        422,
        ["penalties"],
        path="/v1/final",
        id="final-kids-has-no-penalties",
    ),
    case({"scores": [42_000, 31_000, 27_000]}, 422, ["scores"], path="/v1/final", id="seat-three-scores-for-four"),
    case(
        {"scores": [25_000, 25_000, 25_000, 20_000]}, 422, ["scores"], path="/v1/final", id="seat-scores-do-not-add-up"
    ),
    # --- three players (tenhou_sanma, majsoul_sanma; /docs/rulesets §7): 422 naming the field -----------------
    case(SANMA_HAND | {"hand": "123m9p123s456s777z"}, 422, ["hand"], id="sanma-removed-tile-in-hand"),
    case(SANMA_HAND | {"win_tile": "5m", "hand": "11m99p123s456s777z"}, 422, ["win_tile"], id="sanma-removed-win"),
    case(SANMA_HAND | {"dora_indicators": "2m"}, 422, ["dora_indicators"], id="sanma-removed-indicator"),
    case(
        SANMA_HAND | {"hand": "456p9p123s777z", "melds": [{"type": "chi", "tiles": "123p"}]},
        422,
        ["melds[0].type"],
        id="sanma-chi",
    ),
    case(SANMA_HAND | {"seat_wind": "N"}, 422, ["seat_wind"], id="sanma-north-seat"),
    # a three-player table takes three-player values (/docs/rulesets §7): 100 a payer per honba, 3 uma,
    # 2,000 no-ten, no abortive draw that needs a fourth player
    case(SANMA_HAND | {"rules": {"preset": "standard", "players": 3}}, 422, ["rules.players"], id="sanma-honba-300"),
    case(SANMA_HAND | {"rules": {"preset": "tenhou_sanma", "honba": 300}}, 422, ["rules.honba"], id="sanma-honba-set"),
    case(
        {"rules": {"preset": "standard", "players": 3, "honba": 200}, "scores": [40_000, 30_000, 5_000]},
        422,
        ["game.uma", "game.noten_payment", "game.abortive_draws"],
        path="/v1/final",
        id="sanma-four-player-defaults",
    ),
    case(
        {
            "rules": "tenhou_sanma",
            "scores": SANMA_START,
            "dealer": 1,
            "game": {"abortive_draws": ["suufon_renda"]},
            "outcome": {"type": "abortive", "kind": "suufon_renda"},
        },
        422,
        ["game.abortive_draws"],
        path="/v1/settle",
        id="sanma-four-winds",
    ),
    case(SANMA_HAND | {"nukidora": 2, "hand": "111m9p123s456s444z"}, 422, ["nukidora"], id="sanma-fifth-north"),
    case(SANMA_HAND | {"rules": "tenhou", "nukidora": 1}, 422, ["nukidora"], id="sanma-nukidora-with-four"),
    case(SANMA_HAND | {"nukidora": 5}, 400, ["nukidora"], id="sanma-nukidora-over-4"),
    case(
        {"hand": "123m456p789s777z4z", "rules": "tenhou_sanma", "seat_wind": "S"},
        422,
        ["hand"],
        path="/v1/tenpai",
        id="sanma-tenpai-removed-tile",
    ),
    case(
        {"rules": "tenhou_sanma", "scores": SANMA_START, "dealer": 3, "outcome": {"type": "draw"}},
        422,
        ["dealer"],
        path="/v1/settle",
        id="sanma-fourth-seat-dealer",
    ),
    case(
        {
            "rules": "tenhou_sanma",
            "scores": SANMA_START,
            "dealer": 0,
            "outcome": {"type": "tsumo", "winner": 3, "value": {"han": 5}},
        },
        422,
        ["outcome.winner"],
        path="/v1/settle",
        id="sanma-fourth-seat-winner",
    ),
    case(
        {"rules": "tenhou_sanma", "scores": START, "dealer": 0, "outcome": {"type": "draw"}},
        422,
        ["scores"],
        path="/v1/settle",
        id="sanma-four-scores",
    ),
    case(
        {"rules": "tenhou_sanma", "scores": SANMA_START, "game": {"uma": [20000, 10000, -10000, -20000]}},
        422,
        ["game.uma"],
        path="/v1/final",
        id="sanma-four-uma",
    ),
    case(
        {
            "rules": "tenhou_sanma",
            "scores": SANMA_START,
            "dealer": 0,
            "game": {"noten_payment": 1000},
            "outcome": {"type": "draw"},
        },
        400,
        ["game.noten_payment"],
        path="/v1/settle",
        id="sanma-noten-payment-unknown",
    ),
    # --- impossible flags (422) -------------------------------------------------------------------------
    case(score(riichi=False, ippatsu=True), 422, ["ippatsu"], id="flag-ippatsu-without-riichi"),
    case(score(haitei=True), 422, ["haitei"], id="flag-haitei-on-ron"),
    case(score(win="tsumo", houtei=True), 422, ["houtei"], id="flag-houtei-on-tsumo"),
    case(score(win="tsumo", chankan=True), 422, ["chankan"], id="flag-chankan-on-tsumo"),
    case(score(win="tsumo", rinshan=True), 422, ["rinshan"], id="flag-rinshan-without-kan"),
    case(
        score(hand="234567m3455p", melds=[{"type": "chi", "tiles": "234s"}]),
        422,
        ["riichi"],
        id="flag-riichi-with-open-hand",
    ),
    case(score(riichi=False, tenhou=True), 422, ["tenhou"], id="flag-tenhou-on-ron"),
    case(score(riichi=False, win="tsumo", tenhou=True), 422, ["tenhou"], id="flag-tenhou-for-non-dealer"),
    case(
        score(
            win="tsumo",
            haitei=True,
            rinshan=True,
            hand="234567m3455p",
            melds=[{"type": "kan", "tiles": "1111s", "closed": True}],
        ),
        422,
        ["haitei"],
        id="flag-haitei-and-rinshan",
    ),
    # --- huge numbers (400) ---------------------------------------------------------------------------------
    case(score(honba=101), 400, ["honba"], id="huge-honba-101"),
    case(score(honba=1e30), 400, ["honba"], id="huge-honba-1e30"),
    case(score(riichi_sticks=2**64), 400, ["riichi_sticks"], id="huge-riichi-sticks-2-64"),
    case(score(honba=10**400), 400, ["honba"], id="huge-400-digit-integer"),
    case({"amount": 10**9}, 400, ["amount"], path="/v1/sticks", id="huge-sticks-amount"),
    case({"scores": [10**8, 0, 0, 0]}, 400, ["scores[0]"], path="/v1/final", id="huge-score"),
    case(score(honba=-1), 400, ["honba"], id="negative-honba"),
    # --- wrong types (400; nothing is coerced) -------------------------------------------------------------
    case(score(hand=234567), 400, ["hand"], id="type-hand-number"),
    case(score(win_tile=["2p"]), 400, ["win_tile"], id="type-win-tile-list"),
    case(score(riichi="true"), 400, ["riichi"], id="type-bool-as-string"),
    case(score(riichi=1), 400, ["riichi"], id="type-bool-as-number"),
    case(score(honba="1"), 400, ["honba"], id="type-number-as-string"),
    case(score(honba=1.5), 400, ["honba"], id="type-fractional-honba"),
    case(score(honba=None), 400, ["honba"], id="type-null-honba"),
    case(score(melds={"type": "pon", "tiles": "777z"}), 400, ["melds"], id="type-meld-object-not-list"),
    case(score(rules=5), 400, ["rules"], id="type-rules-number"),
    case(score(rules="mahjong-soul"), 400, ["rules"], id="type-unknown-preset"),
    case(score(rules={"preset": "standard", "kazoe": "x"}), 400, ["rules.kazoe"], id="type-bad-option-value"),
    case(score(rules={"preset": "standard", "foo": 1}), 400, ["rules.foo"], id="type-unknown-option"),
    case(score(dealer="yes"), 400, ["dealer"], id="type-dealer-string"),
    case(score(foo=1), 400, ["foo"], id="type-unknown-field"),
    case(score(**{"k" * 5000: 1}), 400, ["k" * 64 + "…"], id="type-unknown-field-long-key-cut"),
    case(score(**{"a`b" * 100: 1}), 400, [("a`b" * 100)[:64] + "…"], id="type-unknown-field-backticks-cut"),
    case({"win_tile": "2p"}, 400, ["hand"], id="type-missing-hand"),
    case([MANGAN], 400, [""], id="type-body-array"),
    case("234567m3455p234s", 400, [""], id="type-body-string"),
    case(None, 400, [""], id="type-body-null"),
    # --- deep or huge JSON -----------------------------------------------------------------------------------
    case(b'{"x": ' + b"[" * DEPTH + b"]" * DEPTH + b"}", 400, ["x"], id="deep-array-in-unknown-field"),
    case(b'{"melds": ' + b"[" * DEPTH + b"]" * DEPTH + b"}", 400, ["melds[0]"], id="deep-array-in-melds"),
    case(b"[" * DEPTH + b"]" * DEPTH, 400, [""], id="deep-array-as-body"),
    case(b'{"a": ' * DEPTH + b"1" + b"}" * DEPTH, 400, ["a"], id="deep-object"),
    case(
        b'{"hands": [{"hand": "234567m3455p234s", "win_tile": "2p"}, ' + b"[" * 5000 + b"]" * 5000 + b"]}",
        400,
        [""],
        path="/v1/score/batch",
        id="batch-hand-nested-too-deeply-refuses-the-body",  # documented: the decoder walks raw hands
    ),
    # a valid 2.0 (an integer, as JSON Schema counts it) is never the field blamed for another one's error
    case(
        b'{"hand": "234567m3455p234s", "win_tile": "2p", "honba": 2.0, "rules": ' + b"[" * 600 + b"]" * 600 + b"}",
        400,
        ["rules"],
        id="deep-array-after-an-integral-float",
    ),
    case(
        b'{"hand": "234567m3455p234s", "win_tile": "2p", "honba": 2.0, "rules": ' + b"[" * DEPTH + b"]" * DEPTH + b"}",
        400,
        [""],
        id="too-deep-after-an-integral-float",
    ),
    case(score(melds=[{"type": "pon", "tiles": "777z"}] * 1000), 400, ["melds"], id="huge-meld-list"),
    case(score(hand="1m" * 20_000), 400, ["hand"], id="huge-hand-string"),
    case(json.dumps(score(pad="x" * MAX_BODY_BYTES)).encode(), 413, [""], id="huge-body-over-64-kib"),
    # --- not JSON, not UTF-8, empty, wrong content type ------------------------------------------------------
    case(b"\xff\xfe", 400, [""], id="not-utf8-bytes"),
    case('{"hand": "ü"}'.encode("latin-1"), 400, [""], id="not-utf8-latin1-string"),
    case(b'{"hand": "234567m3455p234s",', 400, [""], id="json-truncated"),
    # not UTF-8 found only past an integral float (its retry decodes the whole body again): was a 500
    case(b'{"riichi_sticks": 1.0, "hand": "\xff", "win_tile": "2p"}', 400, [""], id="not-utf8-after-a-float"),
    case(b'{"riichi": true, "honba": 1.0, "hand": "\xff"}', 400, [""], path="/v1/tenpai", id="tenpai-not-utf8"),
    case(b'{"honba": 1.0, "x": "\xff"}', 400, [""], path="/v1/settle", id="settle-not-utf8-after-a-float"),
    case(b"{hand: 1}", 400, [""], id="json-unquoted-key"),
    case(b'{"honba": NaN}', 400, [""], id="json-nan"),
    case(json.dumps(MANGAN).encode() + b"x", 400, [""], id="json-trailing-garbage"),
    case(b"", 400, [""], id="empty-body"),
    case(
        json.dumps(MANGAN).encode(),
        415,
        ["headers.content-type"],
        headers={"content-type": "text/plain"},
        id="content-type-text",
    ),
    case(
        json.dumps(MANGAN).encode(),
        415,
        ["headers.content-type"],
        headers={"content-type": "application/x-www-form-urlencoded"},
        id="content-type-form",
    ),
    case(
        json.dumps(MANGAN).encode(),
        415,
        ["headers.content-type"],
        headers={"content-type": "application/xml"},
        id="content-type-xml",
    ),
    # --- other endpoints, methods and paths ------------------------------------------------------------------
    case({"hand": "234567m3455p23s", "seat_wind": "S"}, 422, ["hand"], path="/v1/tenpai", id="tenpai-12-tiles"),
    case({**MANGAN, "win_tile": "2p"}, 400, ["win_tile"], path="/v1/tenpai", id="tenpai-with-a-win-tile"),
    case({"amount": 750}, 400, ["amount"], path="/v1/sticks", id="sticks-not-multiple-of-100"),
    case(None, 405, ["method"], method="GET", path="/v1/score", id="method-get-score"),
    case(MANGAN, 405, ["method"], method="PUT", path="/v1/settle", id="method-put-settle"),
    case(MANGAN, 404, [], path="/v1/scores", id="path-unknown"),
]


@pytest.mark.parametrize(("method", "path", "body", "headers", "status", "fields"), CATALOGUE)
def test_bad_request_gets_its_status_and_names_its_fields(
    client: TestClient[Litestar],
    method: str,
    path: str,
    body: Any,
    headers: dict[str, str],
    status: int,
    fields: list[str],
) -> None:
    content = body if isinstance(body, bytes) else json.dumps(body).encode()
    response = client.request(method, path, content=content, headers=headers)

    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    problem = response.json()
    assert problem["status"] == status
    assert [e["field"] for e in problem["errors"]] == fields, problem


def test_the_catalogue_has_at_least_50_requests() -> None:
    assert len(CATALOGUE) >= 50


def test_the_413_field_error_states_the_body_limits_the_app_has() -> None:
    from service.api.plumbing.errors import BODY_LIMITS
    from service.api.routes.batch import BATCH_MAX_BODY_BYTES
    from service.api.routes.logs import MAX_BATCH_BODY_BYTES, MAX_REPLAY_BODY_BYTES
    from service.app import MAX_BODY_BYTES

    assert (
        f"at most {MAX_BODY_BYTES:,} bytes ({BATCH_MAX_BODY_BYTES:,} for POST /v1/score/batch, "
        f"{MAX_REPLAY_BODY_BYTES:,} for POST /v1/logs/replay and /v1/logs/convert, "
        f"{MAX_BATCH_BODY_BYTES:,} for POST /v1/logs/replay/batch)" == BODY_LIMITS
    )
