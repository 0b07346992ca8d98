"""The scoring hot path in C (``_native.c``): a plain request scored without the Python objects of a hand.

:func:`.scorer.score` asks :func:`score` first; ``None`` means the C code does not take this request (see
the top of ``_native.c``: the optional rules' flags, three players, lists instead of tuples, anything
invalid), and the Python path (:mod:`.validate`, :mod:`.yaku`, :mod:`.fu`, …) scores it or raises
:class:`~.model.InvalidHand`. The Python path is the source of truth; ``tests/scoring/test_native.py``
compares the two on every request both take (the corpus, the seeded hands of every preset, hypothesis
hands) and counts how many the C code takes.

The C code reads the rule set as plain numbers made here once per rule set (:func:`prepare`: the options
and the yaku table's candidates as :class:`.contract.NativeCandidate`) and makes its answers
from the shared objects :func:`start` hands it (the same items, sets, names and types the Python path uses).

Without the extension (``RIICHI_PURE_PYTHON=1`` installs, or ``RIICHI_NATIVE=0`` in the environment)
:func:`prepare` returns ``None`` and everything is scored in Python.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Final

import msgspec

from service.i18n import LANGUAGES, Language

from . import contract
from .hand import FACTS, Options
from .model import (
    FuItem,
    MeldSpec,
    Payment,
    Reading,
    ReadingSet,
    ScoreRequest,
    ScoreResult,
    UncheckedMeldSpec,
    UncheckedScoreRequest,
    YakuItem,
)
from .names import fu_name, limit_name, localise, payer_name, reason_name, yaku_name
from .yaku import REGISTRY, Candidate, YakuTable

try:
    from . import _native  # type: ignore[attr-defined]
except ImportError:  # not built (RIICHI_PURE_PYTHON): the Python path scores everything
    _native = None

__all__ = [
    "AVAILABLE",
    "LANG_INDEX",
    "in_order",
    "parse_batch",
    "parsed_span",
    "prepare",
    "score",
    "score_json_run",
    "score_parsed_run",
    "start",
]

AVAILABLE: Final = _native is not None and os.environ.get("RIICHI_NATIVE", "1") != "0"
"""The C extension is built and not switched off (``RIICHI_NATIVE=0``)."""

_WAITS: Final = contract.WAITS
_SHAPES: Final = contract.SHAPES
_LIMITS: Final = contract.LIMITS
_PAYERS: Final = contract.PAYERS
_REASONS: Final = contract.REASONS
_KAZOE: Final = {name: i for i, name in enumerate(contract.KAZOE)}
_FLAGS: Final = contract.ALLOWED_FLAGS
_SCORED_APART: Final = contract.SCORED_APART

_started = False


def _fu_items() -> tuple[FuItem, ...]:
    """The fu items in ``_native.c``'s order (:data:`.contract.FU_ITEMS`, then the triplets), the shared
    objects of :mod:`.fu`."""
    from . import fu

    items = {**fu._ITEM, "double_wind_2": fu._DOUBLE_WIND[2], "double_wind_4": fu._DOUBLE_WIND[4]}
    triplets = tuple(fu._TRIPLET)  # by 4 × concealed + 2 × kan + terminal
    if len(triplets) != contract.FU_TRIPLETS:
        raise ValueError(f"fu has {len(triplets)} triplet items, the contract {contract.FU_TRIPLETS}")
    return (*(items[name] for name in contract.FU_ITEMS), *triplets)


def in_order(items: dict[str, object], names: tuple[str, ...]) -> tuple[object, ...]:
    """``items`` as the tuple C reads: by the contract's ``names`` (:data:`.contract.INIT_ITEMS`,
    :data:`.contract.INIT_JSON_ITEMS`; C indexes it by the generated ``INIT_<NAME>``). Raises ``ValueError``
    when the names given are not exactly those.

    >>> in_order({"b": 2, "a": 1}, ("a", "b"))
    (1, 2)
    """
    if items.keys() != set(names):
        raise ValueError(f"items {sorted(items)} are not the contract's {sorted(names)}")
    return tuple(items[name] for name in names)


def start(sets_out: list[ReadingSet], dora: list[YakuItem], ura: list[YakuItem], aka: list[YakuItem]) -> bool:
    """Hand the C code the objects its answers are made of (:mod:`.rules_cache` calls this at import with
    the tables of :mod:`.readings` and :mod:`.dora`: every :class:`~.model.ReadingSet` by index, and the dora
    items by count). False when the extension is absent or switched off, or the request types are not laid
    out as it reads them."""
    global _started
    if not AVAILABLE or _native is None:
        return False
    shared: dict[str, object] = {
        "types": ((ScoreRequest, MeldSpec), (UncheckedScoreRequest, UncheckedMeldSpec)),
        "result_type": ScoreResult,
        "reading_type": Reading,
        "payment_type": Payment,
        "sets_out": sets_out,
        "dora": dora,
        "ura": ura,
        "aka": aka,
        "fu_items": _fu_items(),
        "waits": _WAITS,
        "shapes": _SHAPES,
        "limits": _LIMITS,
        "limit_names": tuple(limit_name(limit) for limit in _LIMITS),
        "payers": _PAYERS,
        "payer_names": tuple(payer_name(payer) for payer in _PAYERS),
        "reasons": _REASONS,
        "reason_names": tuple(reason_name(reason) for reason in _REASONS),
    }
    _started = bool(_native.init(in_order(shared, contract.INIT_ITEMS)))
    if _started:
        _native.init_json(in_order(_fragments(sets_out, dora, ura, aka), contract.INIT_JSON_ITEMS))
    return _started


_LANGS: Final[tuple[Language, ...]] = LANGUAGES
"""The answer languages in ``score_json_run``'s order (its ``lang``: 0 en, 1 ja, 2 ru)."""
LANG_INDEX: Final[dict[str, int]] = {lang: i for i, lang in enumerate(LANGUAGES)}


def _encode(value: object) -> bytes:
    return msgspec.json.encode(value)


def _yaku_json_table() -> dict[tuple[str, int], tuple[bytes, ...]]:
    """:data:`_YAKU_JSON`: the JSON of every yaku item a rule set can list, by ``(id, han)``."""
    table: dict[tuple[str, int], tuple[bytes, ...]] = {}
    for y in REGISTRY.values():
        hans = {y.han_closed, y.han_open or y.han_closed, 13 * y.yakuman, 13} if y.yakuman else {y.han_closed}
        if not y.yakuman and y.han_open:
            hans.add(y.han_open)
        for han in hans:
            table[y.id, han] = tuple(_encode(YakuItem(y.id, han, yaku_name(y.id, lang))) for lang in _LANGS)
    return table


_YAKU_JSON: Final = _yaku_json_table()
"""Every yaku item's JSON in each language (as :func:`.names.localise` renames it), built at import (~450
items): preparing a rule set then looks its candidates up instead of encoding each."""


def _yaku_json(item: YakuItem) -> tuple[bytes, ...]:
    """A yaku item's JSON in each language (:data:`_YAKU_JSON`, else encoded here)."""
    known = _YAKU_JSON.get((item.id, item.han))
    if known is not None:
        return known
    return tuple(_encode(YakuItem(item.id, item.han, yaku_name(item.id, lang))) for lang in _LANGS)


def _fragments(
    sets_out: list[ReadingSet], dora: list[YakuItem], ura: list[YakuItem], aka: list[YakuItem]
) -> dict[str, object]:
    """msgspec's encoding of every shared part of an answer, by the names of :data:`.contract.INIT_JSON_ITEMS`
    (which says how each is laid out)."""

    def by_count(items: list[YakuItem]) -> tuple[tuple[bytes, ...], ...]:
        return tuple(tuple(_encode(YakuItem(i.id, i.han, yaku_name(i.id, lang))) for i in items) for lang in _LANGS)

    def payer_tail(payer: str, count: int, lang: Language) -> bytes:
        encoded = _encode(Payment(payer, 0, count, payer_name(payer, lang, count)))  # type: ignore[arg-type]
        head, sep, tail = encoded.partition(b'"amount":0')
        if not sep or head != _encode({"payer": payer})[:-1] + b",":  # Payment's fields moved
            raise ValueError(f"Payment encodes as {encoded!r}: not payer, amount, count, name")
        return tail

    return {
        "dora": by_count(dora),
        "ura": by_count(ura),
        "aka": by_count(aka),
        "fu_items": tuple(
            tuple(_encode(FuItem(f.id, f.fu, fu_name(f.id, lang))) for lang in _LANGS) for f in _fu_items()
        ),
        "sets_out": tuple(_encode(s) for s in sets_out),
        "shapes": (tuple(_encode(shape) for shape in _SHAPES),),
        "waits": (tuple(_encode(wait) for wait in _WAITS),),
        "limits": (tuple(_encode(limit) for limit in _LIMITS),),
        "limit_names": tuple(tuple(_encode(limit_name(limit, lang)) for lang in _LANGS) for limit in _LIMITS),
        "payer_heads": (tuple(_encode({"payer": payer})[:-1] + b',"amount":' for payer in _PAYERS),),
        "payer_tails": tuple(
            tuple(tuple(payer_tail(payer, count, lang) for lang in _LANGS) for count in (1, 2, 3)) for payer in _PAYERS
        ),
    }


def _candidates(candidates: Sequence[Candidate]) -> tuple[contract.NativeCandidate, ...]:
    """One candidate list as ``_native.c`` reads it (:class:`.contract.NativeCandidate`, made by keyword)."""
    out = []
    bits: dict[str, int] = {}  # the candidates of each id, as bits
    for j, other in enumerate(candidates):
        bits[other.id] = bits.get(other.id, 0) | 1 << j
    for y in candidates:
        replaces = 0
        for replaced in y.replaces:
            replaces |= bits.get(replaced, 0)
        code = y.code
        if code < 0 and y.needs & FACTS["scored_apart"]:
            code = _SCORED_APART  # nagashi mangan, paarenchan: never a reading's yaku (scorer.py adds them)
        item = y.item
        out.append(
            contract.NativeCandidate(
                code=code,
                needs=y.needs,
                han=y.han,
                yakuman=y.yakuman,
                replaces=replaces,
                item=item,
                json=_yaku_json(item),
            )
        )
    return tuple(out)


def prepare(opts: Options, table: YakuTable) -> object | None:
    """The rule set as ``_native.c`` reads it, or ``None`` where the C code does not score it: no
    extension, or rules other than four players with winds, han and fu and limits (option ``players`` 3,
    ``scoring`` kids, ``aotenjou``), or a yaku without a compiled predicate."""
    if not _started or _native is None:
        return None
    if not opts.han_fu or opts.aotenjou or opts.players != 4:
        return None
    if opts.double_wind_pair_fu not in (2, 4) or opts.kazoe not in _KAZOE:
        return None
    options = tuple(
        _KAZOE[opts.kazoe] if name == "kazoe" else int(getattr(opts, name)) for name in contract.PREP_OPTIONS
    )
    allowed = 0
    for i, name in enumerate(_FLAGS):
        if name in opts.yaku:
            allowed |= 1 << i
    nowin = tuple(
        tuple(
            _encode(
                localise(
                    ScoreResult(is_win=False, reason=reason, preset=opts.preset, reason_name=reason_name(reason)), lang
                )
            )
            for lang in _LANGS
        )
        for reason in _REASONS
    )
    prepared: object | None = _native.prepare(
        preset=opts.preset,
        options=options,
        allowed=allowed,
        lists=tuple(_candidates(list(c)) for c in table),
        preset_json=_encode(opts.preset),
        nowin_json=nowin,
    )
    return prepared


def _no_score(req: ScoreRequest, prepared: object) -> ScoreResult | None:
    return None


def _no_run(
    hands: list[object], start: int, stop: int, rules: object, prepared: object, lang: int
) -> tuple[bytes, int]:
    return b"", start


score_json_run: Final[Callable[[list[object], int, int, object, object, int], tuple[bytes, int]]] = (
    _native.score_json_run if _native is not None else _no_run
)
"""``score_json_run(hands, start, stop, rules, prepared, lang)``: ``hands[start:stop]`` (each a
:class:`~.model.ScoreRequest` or an :data:`~.model.UncheckedScoreRequest`, the batch's decoding target,
whose tile strings the C code checks against the notation as it reads them) answered as
``msgspec.json.encode(localise(score(hand), LANGUAGES[lang]))``, joined by commas in one bytes object, up
to the first hand it would decline or whose ``rules`` differ from ``rules`` (``prepared``'s); returns
``(bytes, that hand's index)``. The result cache is not used."""

score: Final[Callable[[ScoreRequest, object], ScoreResult | None]] = _native.score if _native is not None else _no_score
"""``score(request, prepared)``: the request scored by the C code, or ``None`` (the Python path decides)."""


def _no_parse(body: bytes, presets: tuple[tuple[bytes, object | None], ...], max_hands: int) -> None:
    return None


def _no_parsed_run(batch: object, start: int, stop: int, lang: int) -> tuple[bytes, int]:
    return b"", start


def _no_span(batch: object, i: int) -> tuple[int, int, bool]:
    raise IndexError(i)  # no batch is ever parsed without the extension


parse_batch: Final[Callable[[bytes, tuple[tuple[bytes, object | None], ...], int], tuple[object, int] | None]] = (
    _native.parse_batch if _native is not None and AVAILABLE else _no_parse
)
"""``parse_batch(body, presets, max_hands)``: a ``{"hands": [...]}`` body read by the C code without the
decoders, as ``(batch, count)``, or ``None`` (the decoders decide the body). ``presets``: ``(name as bytes,
prepared rules or None)`` for each preset a hand's ``rules`` may name (see :func:`.rules_cache.batch_presets`).

The C code reads only JSON of a subset (RFC 8259 whose strings are printable ASCII without escapes, nested at
most 16 deep) and declines the whole body otherwise, or when it is not ``{"hands": [...]}`` with at most
``max_hands`` hands. Within the subset it reads each hand as msgspec decodes it: a hand it takes is a
request it scores; any other (another type, an unknown or repeated field, an options object for ``rules``,
an optional rule's flag, a tile string outside the notation, …) is left to the Python path, whose decoders
then answer it from its JSON (:func:`parsed_span`). The GIL is released while it reads."""

score_parsed_run: Final[Callable[[object, int, int, int], tuple[bytes, int]]] = (
    _native.score_parsed_run if _native is not None else _no_parsed_run
)
"""``score_parsed_run(batch, start, stop, lang)``: :func:`score_json_run` for the hands of a parsed batch:
``(their answers' JSON joined by commas, the index of the first hand not answered)``, ``stop`` when all
were; a run goes on across hands of different rules. The GIL is released while it scores."""

parsed_span: Final[Callable[[object, int], tuple[int, int, bool]]] = (
    _native.parsed_span if _native is not None else _no_span
)
"""``parsed_span(batch, i)``: ``(start, end, repeated)``, where hand ``i``'s JSON is in the body (its raw JSON
for the Python path), and whether a key of the hand or of one of its melds is repeated (then only the strict
decoder answers it as ``POST /v1/score`` does: it checks every value of the key, and keeps the last)."""
