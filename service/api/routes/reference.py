"""HTTP routes of the reference endpoints (OpenAPI tag ``reference``; /docs/endpoints "Other endpoints").

* ``GET /v1/table`` — the points table for given rules (:mod:`service.scoring.table`);
* ``GET /v1/rules``, ``GET /v1/rules/{preset}`` — presets and options (:mod:`service.scoring.catalogue`);
* ``GET /v1/yaku`` — the yaku per preset, names by ``Accept-Language`` (en, ja, ru).

Call the core, encode; nothing else. Errors propagate to :mod:`service.api.plumbing.errors`, except the two
refusals made here with :func:`~service.api.plumbing.errors.problem`: an unknown preset in the path (404) and
(``GET /v1/table`` takes only presets that score with han and fu: ``kids`` is a 400). The routes take no
query parameter they do not declare: another is a 400 problem naming it
(:func:`service.api.plumbing.queries.known_query_only`), as an unknown body field is. Register with
``Litestar(route_handlers=[..., *REFERENCE_ROUTES])``; the Structs for
:func:`service.api.docs.openapi.use_msgspec_components` are :data:`REFERENCE_SCHEMA_TYPES`.
"""

from __future__ import annotations

import typing
from typing import Annotated, Literal

from litestar import Response, get
from litestar.openapi import ResponseSpec
from litestar.params import Parameter

from service.i18n import refusal
from service.scoring import FieldError, RulesSpec, resolve_rules
from service.scoring.catalogue import (
    PresetRules,
    RulesCatalogue,
    YakuCatalogue,
    preset_rules,
    rules_catalogue,
    yaku_catalogue,
)
from service.scoring.model import Preset
from service.scoring.presets import PRESETS
from service.scoring.table import PointsTable, points_table

from ..plumbing.errors import problem
from ..plumbing.language import LANGUAGE_HEADERS, AcceptLanguage, localised, negotiate_language
from ..plumbing.queries import known_query_only
from .problems import problem_response

__all__ = [
    "REFERENCE_ROUTES",
    "REFERENCE_SCHEMA_TYPES",
    "TablePreset",
    "get_preset_rules",
    "get_rules",
    "get_table",
    "get_yaku",
]

TablePreset = Literal[
    "standard", "kostarev", "tenhou", "majsoul", "wrc", "ema", "mleague", "tenhou_sanma", "majsoul_sanma"
]
"""The presets that score with han and fu, so have a points table (tested against the presets' ``scoring``)."""


_QUERY_ERRORS: dict[int, ResponseSpec] = {
    400: problem_response(
        "A query parameter this operation does not take, or one out of its allowed values; `errors` names it."
    ),
}
_NO_QUERY_ERRORS: dict[int, ResponseSpec] = {
    400: problem_response("Any query parameter (this operation takes none); `errors` names it."),
}


@get(
    "/v1/table",
    # not "pointsTable": generated query enums (PointsTableKazoe, …) would clash with the PointsTable model's
    operation_id="getPointsTable",
    response_description="The points table: every han × fu cell and the limits, non-dealer and dealer, ron and tsumo.",
    summary="The points table for given rules",
    description="Han 1–4 × fu 20–110 plus the limits, non-dealer and dealer, ron and tsumo, every payment rounded "
    "up to 100 (/docs/rules §3 Limits, Payments). Cells no hand can have are marked `exists_ron` / "
    "`exists_tsumo` false with null amounts. Only presets that score with han and fu have a table (the `kids` "
    "preset counts points: asking for it is a 400 naming `preset`, like any value outside the enum).",
    tags=["reference"],
    response_headers=LANGUAGE_HEADERS,
    responses=_QUERY_ERRORS,
    guards=[known_query_only],
    sync_to_thread=False,
)
def get_table(
    preset: Annotated[
        TablePreset, Parameter(description="Rule preset (one that scores with han and fu).")
    ] = "standard",
    kiriage_mangan: Annotated[
        bool | None, Parameter(description="4 han 30 fu and 3 han 60 fu become mangan; default: the preset's.")
    ] = None,
    kazoe: Annotated[
        Literal["yakuman", "sanbaiman"] | None, Parameter(description="What 13+ han is worth; default: the preset's.")
    ] = None,
    double_yakuman: Annotated[
        bool | None,
        Parameter(
            description="Whether the double-yakuman patterns (kokushi 13-sided, suuankou tanki, junsei chuuren, "
            "daisuushii) pay double; default: the preset's. Accepted as in `rules`, but no row depends on it: the "
            "double yakuman row is any two yakuman (stacked, or one double pattern), present where the preset's "
            "`yakuman_cap` lets two yakuman pay double (not in `ema`)."
        ),
    ] = None,
    mangan_cap: Annotated[
        bool | None,
        Parameter(
            description="Any base above 2,000 is mangan (false: kostarev's strict limits); default: the preset's."
        ),
    ] = None,
    open_pinfu_fu: Annotated[
        Literal[0, 2] | None,
        Parameter(description="Fu for an open hand without fu by ron (0: a 20 fu ron column); default: the preset's."),
    ] = None,
    sanma_tsumo: Annotated[
        Literal["loss", "bisection"] | None,
        Parameter(
            description="Three players (the `_sanma` presets): a tsumo paid by the two others, the missing seat's "
            "share not paid (`loss`) or split between them (`bisection`, /docs/rulesets §7 Tsumo payment); default: "
            "the preset's. No effect with four players, as in `rules` of `POST /v1/score`."
        ),
    ] = None,
    accept_language: AcceptLanguage = None,
) -> Response[PointsTable]:
    """The table for the preset with the given options (:func:`service.scoring.table.points_table`)."""
    rules = resolve_rules(
        RulesSpec(
            preset=preset,
            kiriage_mangan=kiriage_mangan,
            kazoe=kazoe,
            double_yakuman=double_yakuman,
            mangan_cap=mangan_cap,
            open_pinfu_fu=open_pinfu_fu,
            sanma_tsumo=sanma_tsumo,
        )
    )
    lang = negotiate_language(accept_language)
    return localised(points_table(rules, lang), lang)


@get(
    "/v1/rules",
    operation_id="listRules",
    response_description="Every preset and every rule option with its meaning and its default per preset.",
    summary="Presets and every rule option with its defaults",
    description="Every preset (source, summary, winds, scoring, defaults) and every option of `rules` with its type, "
    "allowed values, meaning (en, ja or ru by `Accept-Language`), and per preset its default and the rule "
    "source that default comes from (`defaults`, `sources`: the same shape as `GET /v1/rules/{preset}`).",
    tags=["reference"],
    response_headers=LANGUAGE_HEADERS,
    responses=_NO_QUERY_ERRORS,
    guards=[known_query_only],
    sync_to_thread=False,
)
def get_rules(accept_language: AcceptLanguage = None) -> Response[RulesCatalogue]:
    """:func:`service.scoring.catalogue.rules_catalogue` in the negotiated language."""
    lang = negotiate_language(accept_language)
    return localised(rules_catalogue(lang), lang)


@get(
    "/v1/rules/{preset:str}",
    operation_id="getPresetRules",
    response_description="The preset, its options with their defaults, its yaku ids and (kids) its points items.",
    summary="One preset: its options and defaults, yaku ids, kids points",
    description="The preset's options with their defaults and meanings, the ids of the yaku it uses, and for "
    "`kids` the points per item (/docs/rules §3–5). An unknown preset is 404.",
    tags=["reference"],
    response_headers=LANGUAGE_HEADERS,
    responses={**_NO_QUERY_ERRORS, 404: problem_response("No preset of that name; `errors` names `preset`.")},
    guards=[known_query_only],
    sync_to_thread=False,
)
def get_preset_rules(
    preset: Annotated[str, Parameter(description="A preset id (GET /v1/rules lists them).")],
    accept_language: AcceptLanguage = None,
) -> Response[PresetRules]:
    """:func:`service.scoring.catalogue.preset_rules`; 404 problem naming ``preset`` when unknown."""
    if preset not in PRESETS:
        raise problem(
            404,
            refusal("refusal.detail.no_preset"),  # the path is not echoed back
            [FieldError("preset", refusal("refusal.one_of", names=", ".join(PRESETS)))],
        )
    lang = negotiate_language(accept_language)
    return localised(preset_rules(preset, lang), lang)


@get(
    "/v1/yaku",
    operation_id="listYaku",
    response_description="The yaku, yakuman and dora items of each preset (or the one asked for), with names and han.",
    summary="The yaku catalogue per preset",
    description="Each preset's yaku with han closed / open (null = closed only), yakuman multiple, what each "
    "replaces, and names in English, Japanese and Russian; `name` follows `Accept-Language`. Options "
    "`kuitan`, `double_yakuman` and `renhou` change the catalogue and may be given.",
    tags=["reference"],
    response_headers=LANGUAGE_HEADERS,
    responses=_QUERY_ERRORS,
    guards=[known_query_only],
    sync_to_thread=False,
)
def get_yaku(
    preset: Annotated[Preset | None, Parameter(description="One preset; default: every preset.")] = None,
    kuitan: Annotated[bool | None, Parameter(description="Open tanyao counts.")] = None,
    double_yakuman: Annotated[bool | None, Parameter(description="Double yakuman count ×2.")] = None,
    renhou: Annotated[
        Literal["off", "mangan", "yaku", "yakuman"] | None,
        Parameter(description="Renhou: off, mangan, yaku (5 han) or yakuman."),
    ] = None,
    accept_language: AcceptLanguage = None,
) -> Response[YakuCatalogue]:
    """:func:`service.scoring.catalogue.yaku_catalogue` for one or every preset, in the negotiated language."""
    lang = negotiate_language(accept_language)
    names: list[Preset] = [preset] if preset else list(typing.get_args(Preset))
    rules = [
        resolve_rules(RulesSpec(preset=p, kuitan=kuitan, double_yakuman=double_yakuman, renhou=renhou)) for p in names
    ]
    return localised(yaku_catalogue(rules, lang), lang)


REFERENCE_ROUTES = [get_table, get_rules, get_preset_rules, get_yaku]
"""The reference route handlers, to be registered after :data:`service.api.routes.study.STUDY_ROUTES`."""

REFERENCE_SCHEMA_TYPES: list[type] = [PointsTable, RulesCatalogue, PresetRules, YakuCatalogue]
"""Request/response Structs whose OpenAPI components should come from msgspec (see :mod:`service.api.docs.openapi`)."""
