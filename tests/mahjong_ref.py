"""The ``mahjong`` package (MahjongRepository 2.1.0) as a reference scorer for our requests.

:func:`reference_score` takes the same request dict as ``POST /v1/score`` and scores it with
``mahjong.hand_calculating.hand.HandCalculator``, with the package's options set to the
request's rules (open tanyao, aka dora, double yakuman, kazoe, kiriage, and the options of
/docs/rulesets §8: open_pinfu_fu, pinfu_tsumo_fu, renhou, daisharin, daichisei, sashikomi, paarenchan,
yakuman_cap 0 or 6, aotenjou through the package's ``Aotenjou`` calculator). The answer is a
:class:`Reference` in our terms: points as in our ``ScoreResult.points`` (all payments,
without honba or riichi sticks) and yaku under our ids (/docs/endpoints).
"""

from __future__ import annotations

import re
from typing import Any, Final, NamedTuple

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.hand_calculating.scores import Aotenjou
from mahjong.meld import Meld

__all__ = ["Reference", "mahjong_call", "reference_score", "tile_codes"]

_GROUP: Final = re.compile(r"([0-9]+)([mpsz])")
_SUIT_BASE: Final = {"m": 0, "p": 9, "s": 18, "z": 27}
_WIND_INDEX: Final = {"E": 0, "S": 1, "W": 2, "N": 3}
_RED_IDS: Final = frozenset({16, 52, 88})
"""136-ids the package reads as red fives (the first copy of 5m, 5p, 5s)."""

_STANDARD_OPTIONS: Final = {
    "kuitan": True,
    "aka": True,
    "double_yakuman": True,
    "kazoe": "yakuman",
    "kiriage_mangan": False,
    "open_pinfu_fu": 2,
    "pinfu_tsumo_fu": 0,
    "renhou": "off",
    "daisharin": False,
    "daisharin_other_suits": False,
    "daichisei": False,
    "open_riichi": False,
    "sashikomi_yakuman": False,
    "paarenchan": "off",
    "yakuman_cap": 0,
    "aotenjou": False,
    "nagashi_mangan": True,
}
"""Our ``standard`` preset's values for the options the package also has (/docs/rules §3, /docs/rulesets §8)."""

_KAZOE: Final = {
    "yakuman": HandConstants.KAZOE_LIMITED,
    "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
    "uncapped": HandConstants.KAZOE_NO_LIMIT,
}

_OUR_YAKU: Final = {
    "tsumo": "menzen_tsumo",
    "riichi": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshan": "rinshan",
    "haitei": "haitei",
    "houtei": "houtei",
    "daburu_riichi": "double_riichi",
    "renhou": "renhou",
    "pinfu": "pinfu",
    "tanyao": "tanyao",
    "iipeiko": "iipeikou",
    "haku": "haku",
    "hatsu": "hatsu",
    "chun": "chun",
    "seat_wind_east": "seat_wind",
    "seat_wind_south": "seat_wind",
    "seat_wind_west": "seat_wind",
    "seat_wind_north": "seat_wind",
    "round_wind_east": "round_wind",
    "round_wind_south": "round_wind",
    "round_wind_west": "round_wind",
    "round_wind_north": "round_wind",
    "sanshoku": "sanshoku",
    "ittsu": "ittsu",
    "chantai": "chanta",
    "honroto": "honroutou",
    "toitoi": "toitoi",
    "sanankou": "sanankou",
    "sankantsu": "sankantsu",
    "sanshoku_douko": "sanshoku_doukou",
    "chiitoitsu": "chiitoitsu",
    "shosangen": "shousangen",
    "honitsu": "honitsu",
    "junchan": "junchan",
    "ryanpeiko": "ryanpeikou",
    "chinitsu": "chinitsu",
    "kokushi": "kokushi",
    "chuuren_poutou": "chuuren",
    "suuankou": "suuankou",
    "daisangen": "daisangen",
    "shosuushi": "shousuushii",
    "ryuisou": "ryuuiisou",
    "suukantsu": "suukantsu",
    "tsuisou": "tsuuiisou",
    "chinroto": "chinroutou",
    "daisuushi": "daisuushii",
    "daburu_kokushi": "kokushi_13",
    "suuankou_tanki": "suuankou_tanki",
    "daburu_chuuren_poutou": "junsei_chuuren",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
    "renhou_yakuman": "renhou",
    "open_riichi": "open_riichi",
    "daburu_open_riichi": "double_open_riichi",
    "daichisei": "daichisei",
    "sashikomi": "sashikomi",
    "paarenchan": "paarenchan",
    "nagashi_mangan": "nagashi_mangan",
    "dora": "dora",
    "aka_dora": "aka_dora",
    "ura_dora": "ura_dora",
}
"""``YakuConfig`` attribute name → our yaku id."""


class Reference(NamedTuple):
    """The package's verdict on one hand, in our units.

    ``reason`` is the package's error string (``hand_not_winning``, ``no_yaku``, …) when
    ``is_win`` is false. ``points`` = every payment without honba or sticks (points);
    ``yaku`` = ``(our id, han)`` pairs; ``yakuman`` = the package scored it as yakuman.
    """

    is_win: bool
    reason: str | None
    han: int | None
    fu: int | None
    points: int
    yaku: frozenset[tuple[str, int]]
    yakuman: bool
    total: int = 0
    """The package's ``cost['total']``: the points, honba and riichi sticks (as our ``total``)."""


def tile_codes(tiles: str | list[str]) -> list[str]:
    """Tile codes of an mpsz string or code list: ``"406p"`` → ``["4p", "0p", "6p"]``."""
    if isinstance(tiles, list):
        return list(tiles)
    return [digit + suit for digits, suit in _GROUP.findall(tiles) for digit in digits]


class _Ids:
    """Hands out distinct 136-ids: ``0m``/``0p``/``0s`` get the package's red ids when aka is on."""

    def __init__(self, aka: bool) -> None:
        self.aka = aka
        self.used: set[int] = set()

    def take(self, code: str) -> int:
        rank, suit = int(code[0]), code[1]
        red = rank == 0
        kind = _SUIT_BASE[suit] + (4 if red else rank - 1)
        copies = [i for i in range(kind * 4, kind * 4 + 4) if not self.aka or (i in _RED_IDS) == red]
        for tile_id in copies:
            if tile_id not in self.used:
                self.used.add(tile_id)
                return tile_id
        raise ValueError(f"no copy of {code} left (aka={self.aka}): more than the game holds")


_THREE_PLAYER: Final = {"players": 4, "nukidora": False, "honba": 300, "sanma_tsumo": "loss"}
"""Our options for the package's three-player mode (``is_three_player``; /docs/rulesets §8.1): the package's
is players 3 with nukidora, 200 a honba on ron and tsumo loss; the standard preset's values here."""


def _values(rules: Any) -> dict[str, Any]:
    values: dict[str, Any] = dict(_STANDARD_OPTIONS) | _THREE_PLAYER
    if isinstance(rules, dict):
        if rules.get("preset", "standard") != "standard":
            raise ValueError("the mahjong package only models the standard preset")
        values.update({k: v for k, v in rules.items() if k in values and v is not None})
    elif rules not in (None, "standard"):
        raise ValueError("the mahjong package only models the standard preset")
    if values["yakuman_cap"] not in (0, 6):
        raise ValueError("the package caps yakuman at 6 (limit_to_sextuple_yakuman) or not at all")
    if values["players"] == 3 and (values["sanma_tsumo"], values["honba"]) != ("loss", 200):
        raise ValueError("the package's three-player mode is tsumo loss with 200 a honba (is_three_player)")
    return values


def _options(rules: Any) -> OptionalRules:
    values = _values(rules)
    return OptionalRules(
        has_open_tanyao=values["kuitan"],
        has_aka_dora=values["aka"],
        has_double_yakuman=values["double_yakuman"],
        kazoe_limit=_KAZOE[values["kazoe"]],
        kiriage=values["kiriage_mangan"],
        fu_for_open_pinfu=values["open_pinfu_fu"] == 2,
        fu_for_pinfu_tsumo=values["pinfu_tsumo_fu"] == 2,
        renhou_as_yakuman=values["renhou"] == "yakuman",
        has_daisharin=values["daisharin"],
        has_daisharin_other_suits=values["daisharin_other_suits"],
        has_daichisei=values["daichisei"],
        has_sashikomi_yakuman=values["sashikomi_yakuman"],
        limit_to_sextuple_yakuman=values["yakuman_cap"] == 6,
        paarenchan_needs_yaku=values["paarenchan"] != "always",
        is_three_player=values["players"] == 3,
    )


def mahjong_call(request: dict[str, Any]) -> dict[str, Any]:
    """Keyword arguments for ``HandCalculator.estimate_hand_value`` equivalent to ``request``.

    Every tile gets a distinct 136-id (melds, then the concealed hand, then the winning
    tile); indicators get their own ids, since the package reads only their kinds.
    A fresh ``HandConfig`` per call: the package writes dora counts into its yaku objects.
    """
    options = _options(request.get("rules"))
    ids = _Ids(options.has_aka_dora)
    melds = []
    for meld in request.get("melds", []):
        tiles = [ids.take(code) for code in tile_codes(meld["tiles"])]
        kind = {"chi": Meld.CHI, "pon": Meld.PON, "kan": Meld.KAN}[meld["type"]]
        melds.append(Meld(meld_type=kind, tiles=tiles, opened=not meld.get("closed", False)))
    concealed = [ids.take(code) for code in tile_codes(request["hand"])]
    win_tile = ids.take(request["win_tile"])
    tiles = [t for meld in melds for t in meld.tiles] + concealed + [win_tile]

    indicator_ids = _Ids(options.has_aka_dora)
    dora = [indicator_ids.take(code) for code in tile_codes(request.get("dora_indicators", ""))]
    ura = [indicator_ids.take(code) for code in tile_codes(request.get("ura_indicators", ""))]

    seat = request.get("seat_wind") or "E"
    config = HandConfig(
        is_tsumo=request.get("win", "ron") == "tsumo",
        is_riichi=bool(request.get("riichi") or request.get("double_riichi")),
        is_daburu_riichi=bool(request.get("double_riichi")),
        is_ippatsu=bool(request.get("ippatsu")),
        is_haitei=bool(request.get("haitei")),
        is_houtei=bool(request.get("houtei")),
        is_rinshan=bool(request.get("rinshan")),
        is_chankan=bool(request.get("chankan")),
        is_tenhou=bool(request.get("tenhou")),
        is_chiihou=bool(request.get("chiihou")),
        is_renhou=bool(request.get("renhou")),
        is_open_riichi=bool(request.get("open_riichi")),
        is_nagashi_mangan=bool(request.get("nagashi_mangan")),
        paarenchan=int(request.get("paarenchan", 0)),
        num_nuki_dora=int(request.get("nukidora", 0)),
        tsumi_number=int(request.get("honba", 0)),
        kyoutaku_number=int(request.get("riichi_sticks", 0)),
        player_wind=EAST + _WIND_INDEX[seat],
        round_wind=EAST + _WIND_INDEX[request.get("round_wind") or "E"],
        options=options,
    )
    return {
        "tiles": tiles,
        "win_tile": win_tile,
        "melds": melds,
        "dora_indicators": dora,
        "ura_dora_indicators": ura,
        "config": config,
    }


def _our_id(attribute: str, yaku: Any) -> str:
    """Our id of a package yaku: daisharin is one object the package renames by suit."""
    if attribute == "daisharin":
        return str(yaku.name).lower()  # Daisharin, Daisuurin, Daichikurin
    return _OUR_YAKU[attribute]


def reference_score(request: dict[str, Any]) -> Reference:
    """Score ``request`` (a ``POST /v1/score`` body, standard preset) with the ``mahjong`` package.

    Points: ron = the discarder's payment; tsumo = the dealer's (or first) payment plus
    two others' (``cost['main'] + 2 × cost['additional']``), i.e. the hand's value; with three players
    (``is_three_player``: tsumo loss) one other's.
    """
    call = mahjong_call(request)
    if _values(request.get("rules"))["aotenjou"]:
        call["scores_calculator_factory"] = Aotenjou
    result = HandCalculator.estimate_hand_value(**call)
    if result.error:
        return Reference(False, result.error, None, None, 0, frozenset(), False)
    names = {id(obj): name for name, obj in vars(call["config"].yaku).items()}
    is_open = result.is_open_hand
    yaku = frozenset(
        (_our_id(names[id(y)], y), y.han_open if is_open and y.han_open else y.han_closed) for y in result.yaku or []
    )
    cost = result.cost
    assert cost is not None
    return Reference(
        is_win=True,
        reason=None,
        han=result.han,
        fu=result.fu,
        points=cost["main"] + (1 if call["config"].options.is_three_player else 2) * cost["additional"],
        yaku=yaku,
        yakuman=any(y.is_yakuman for y in result.yaku or []),
        total=cost["total"],
    )
