"""The core's side of ``POST /v1/score/batch`` and of the direct path of ``POST /v1/score``: hands answered
as JSON by the C code (:mod:`.native`) under their resolved rules (:mod:`.rules_cache`), and batch bodies
read by it. Whatever the C code declines is scored by :func:`.scorer.score`.
"""

from __future__ import annotations

from typing import Final

from . import native
from .rules_cache import batch_presets, rules_and_table

__all__ = ["parse_batch", "score_json", "score_json_run"]


def score_json(req: object, lang: int) -> bytes | None:
    """``msgspec.json.encode(localise(score(req), LANGUAGES[lang]))``, written by the C code (:mod:`.native`),
    or ``None`` where it does not take ``req`` (then score it with :func:`.scorer.score`): :func:`score_json_run`
    of the one request.

    ``req``: a :class:`~.model.ScoreRequest`, or an :data:`~.model.UncheckedScoreRequest` (what the batch
    decodes a hand into: the C code checks its tile strings against the notation as it reads them, and
    declines any that fail, so an answer here is the strict decode's answer). ``lang``: the index of the
    answer's language in :data:`service.i18n.LANGUAGES` (0 en, 1 ja, 2 ru). The result cache is not used.
    """
    answered, reached = score_json_run([req], 0, 1, lang)
    return answered if reached else None


_native_json_run: Final = native.score_json_run


def score_json_run(hands: list[object], start: int, stop: int, lang: int) -> tuple[bytes, int]:
    """``hands[start:stop]`` (requests as :func:`score_json` takes them) answered by the C code as far as it
    goes: ``(their JSON joined by commas, the index of the first hand not answered)``, ``stop`` when all
    were. It stops at a hand the C code declines or whose ``rules`` differ from the first's; ``b""`` and
    ``start`` when it declines the first (then score that one with :func:`.scorer.score`)."""
    if start >= stop:
        return b"", start
    rules = getattr(hands[start], "rules")  # noqa: B009 - two request types: no typed read
    prepared = rules_and_table(rules)[3]
    if prepared is None:
        return b"", start
    return _native_json_run(hands, start, stop, rules, prepared, lang)


_native_parse: Final = native.parse_batch


def parse_batch(body: bytes, max_hands: int) -> tuple[object, int] | None:
    """A ``{"hands": [...]}`` body read by the C code, ``(batch, count)``, or ``None`` where it declines the
    body (then decode it with msgspec): :func:`.native.parse_batch` under every preset. Each hand it takes is
    then answered by :func:`.native.score_parsed_run`; one it leaves is answered from its JSON
    (:func:`.native.parsed_span`) as ``POST /v1/score`` would answer it."""
    return _native_parse(body, batch_presets(), max_hands)
