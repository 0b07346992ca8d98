"""Limits: base points from han and fu, capped and named (/docs/rules §3 Limits, points rules §3).

``base = fu × 2^(2+han)``, capped at 2000 (mangan); 6–7 han haneman 3000; 8–10 baiman
4000; 11–12 sanbaiman 6000; 13+ kazoe (yakuman 8000, or sanbaiman, or one yakuman per 13 han, by
option ``kazoe``); yakuman 8000 × multiple. Option ``aotenjou``: no limits, ``fu × 2^(2+han)`` always.
"""

from __future__ import annotations

from typing import Final

from .hand import Options
from .presets import Rules

__all__ = [
    "LIMITS",
    "YAKUMAN_NAMES",
    "base_points",
    "capped_yakuman",
    "limit_base",
    "limit_name",
    "options_limit_base",
    "paid_yakuman",
]

LIMITS: Final[tuple[tuple[int, str, int], ...]] = (  # variable-length type: mypyc keeps one tuple, never re-boxes it
    # (minimum han, name, base points)
    (13, "kazoe_yakuman", 8000),
    (11, "sanbaiman", 6000),
    (8, "baiman", 4000),
    (6, "haneman", 3000),
    (5, "mangan", 2000),
)
"""The han limits (/docs/rules §3 Limits; points rules §3), highest first."""

YAKUMAN_NAMES: Final = {
    1: "yakuman",
    2: "double_yakuman",
    3: "triple_yakuman",
    4: "quadruple_yakuman",
    5: "quintuple_yakuman",
    6: "sextuple_yakuman",
}

MANGAN_BASE: Final = 2000
YAKUMAN_BASE: Final = 8000


def yakuman_name(multiple: int) -> str:
    """`yakuman`, `double_yakuman`, … for a total yakuman multiple ≥ 1."""
    return YAKUMAN_NAMES.get(multiple, f"{multiple}x_yakuman")


def paid_yakuman(yakuman: int, rules: Rules) -> int:
    """The yakuman multiple paid for a hand whose yakuman add up to ``yakuman``: option
    ``yakuman_cap`` (0 = none) caps it (kostarev: at most double, /docs/rules §4; Kostarev rules §3.1.4).

    >>> from .presets import PRESETS
    >>> paid_yakuman(3, PRESETS["standard"]), paid_yakuman(3, PRESETS["kostarev"])
    (3, 2)
    """
    return capped_yakuman(yakuman, rules.yakuman_cap)


def capped_yakuman(yakuman: int, cap: int) -> int:
    """:func:`paid_yakuman` given option ``yakuman_cap`` itself (``cap``; 0 = none)."""
    return cap if cap and yakuman > cap else yakuman


def limit_base(han: int, fu: int, rules: Rules, yakuman: int = 0) -> int:
    """Base points after limits (/docs/rules §3 Limits, §4): what :func:`base_points` returns first.

    ``yakuman`` is the total multiple before option ``yakuman_cap``. Option ``mangan_cap``
    off (kostarev, /docs/rules §4; Kostarev rules §3.4 "строгие условия") makes mangan exactly 5 han, 4 han 40+ fu
    or 3 han 70+ fu, and any other base is used as computed (2 han 130 fu: 2,080). Option ``kazoe``
    ``uncapped`` counts a kazoe yakuman per 13 han (26+ double, …; capped by ``yakuman_cap``, as the
    ``mahjong`` package's ``KAZOE_NO_LIMIT``); option ``aotenjou`` drops every limit: ``fu × 2^(2+han)``.
    The scorer's inner loop calls this (as :func:`options_limit_base`) once per reading and names the
    limit of the best reading only (:func:`limit_name`).

    >>> from .presets import PRESETS
    >>> limit_base(3, 30, PRESETS["standard"]), limit_base(13, 30, PRESETS["standard"], yakuman=2)
    (960, 16000)
    >>> limit_base(2, 130, PRESETS["standard"]), limit_base(2, 130, PRESETS["kostarev"])
    (2000, 2080)
    """
    return _limit_base(
        han, fu, rules.aotenjou, rules.yakuman_cap, rules.kazoe, rules.mangan_cap, rules.kiriage_mangan, yakuman
    )


def options_limit_base(han: int, fu: int, opts: Options, yakuman: int = 0) -> int:
    """:func:`limit_base` under ``opts`` (the rules as :class:`~.hand.Options`: native reads)."""
    return _limit_base(
        han, fu, opts.aotenjou, opts.yakuman_cap, opts.kazoe, opts.mangan_cap, opts.kiriage_mangan, yakuman
    )


def _limit_base(
    han: int, fu: int, aotenjou: bool, cap: int, kazoe: str, mangan_cap: bool, kiriage: bool, yakuman: int
) -> int:
    """:func:`limit_base` given the options it reads (``cap``: ``yakuman_cap``, ``kiriage``: ``kiriage_mangan``)."""
    if aotenjou:
        return fu << (2 + han)  # no limits at all, a yakuman counting its han (/docs/rulesets §8)
    if yakuman:
        return YAKUMAN_BASE * capped_yakuman(yakuman, cap)
    if han >= 5:
        for min_han, name, base in LIMITS:
            if han >= min_han:
                if name == "kazoe_yakuman":
                    if kazoe == "sanbaiman":
                        return 6000
                    if kazoe == "uncapped":  # 13–25 han one yakuman, 26–38 two, …
                        return YAKUMAN_BASE * capped_yakuman(han // 13, cap)
                return base
    base = fu << (2 + han)  # fu × 2^(2+han)
    if base >= MANGAN_BASE:
        if mangan_cap or (han == 4 and fu >= 40) or (han == 3 and fu >= 70):
            return MANGAN_BASE
        return base
    if ((han == 4 and fu == 30) or (han == 3 and fu == 60)) and kiriage:
        return MANGAN_BASE
    return base


def limit_name(han: int, base: int, yakuman: int = 0) -> str:
    """The limit name of a hand worth ``base`` (from :func:`limit_base`) with ``han`` and a
    total ``yakuman`` multiple: ``none``, ``mangan`` … ``kazoe_yakuman``, ``yakuman``, ….

    >>> limit_name(4, 2000), limit_name(13, 6000), limit_name(3, 960), limit_name(26, 16000)
    ('mangan', 'sanbaiman', 'none', 'double_yakuman')
    """
    if yakuman:
        return yakuman_name(yakuman)
    if han >= 26 and base >= 2 * YAKUMAN_BASE:  # kazoe uncapped: named as the package does (2x yakuman, …)
        return yakuman_name(base // YAKUMAN_BASE)
    if han < 5:
        return "mangan" if base == MANGAN_BASE else "none"
    for min_han, name, limit in LIMITS:
        if han >= min_han and limit == base:  # kazoe as sanbaiman (option) is worth 6000: sanbaiman
            return name
    return "mangan"  # not reached: 5 han or more is at least mangan


def base_points(han: int, fu: int, rules: Rules, yakuman: int = 0) -> tuple[int, str]:
    """Base points and the limit name for a hand (/docs/rules §3 Limits).

    ``yakuman`` is the total yakuman multiple (0 for none; capped by option ``yakuman_cap``);
    then han and fu are ignored.
    Returns ``(base, limit)`` with ``limit`` one of ``none``, ``mangan``, ``haneman``,
    ``baiman``, ``sanbaiman``, ``kazoe_yakuman``, ``yakuman``, ``double_yakuman``, ….

    >>> from .presets import PRESETS
    >>> base_points(3, 30, PRESETS["standard"])
    (960, 'none')
    >>> base_points(4, 40, PRESETS["standard"])
    (2000, 'mangan')
    """
    base = limit_base(han, fu, rules, yakuman)
    return base, limit_name(han, base, paid_yakuman(yakuman, rules))
