"""Rule sets resolved once: a request's ``rules`` field as :class:`~.presets.Rules`, :class:`~.hand.Options`,
its yaku table and its form for the C code (:func:`.native.prepare`), cached on the field.

The C code is handed its shared answer objects here, at import (:func:`.native.start`), before any rule set
is prepared for it.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from . import native
from .dora import AKA_DORA, DORA, URA_DORA
from .hand import Options
from .model import RulesSpec
from .presets import PRESETS, Rules, resolve_rules
from .readings import SETS_OUT
from .yaku import YakuTable, yaku_table

__all__ = ["Resolved", "batch_presets", "rules_and_table", "rules_cache_clear"]

native.start(SETS_OUT, DORA, URA_DORA, AKA_DORA)  # the C code's answers use the same objects

Resolved = tuple[Rules, Options, YakuTable, object]
"""A rule set resolved: its :class:`Rules`, as :class:`~.hand.Options`, its yaku table, and the same for the
C code (:func:`.native.prepare`; ``None`` where it does not score these rules)."""


@lru_cache(maxsize=256)
def _resolve(spec: RulesSpec | str) -> Resolved:
    rules = resolve_rules(spec)
    opts = Options(rules)
    table = yaku_table(rules)
    return rules, opts, table, native.prepare(opts, table)


_PRESET_RULES: Final[dict[str, Resolved]] = {}


def rules_and_table(spec: RulesSpec | str) -> Resolved:
    """The resolved rules of a request's ``rules`` field (a preset name or a :class:`~.model.RulesSpec`),
    cached on the field (a preset name in a plain dict). Raises what :func:`.presets.resolve_rules` raises
    for an unknown preset or conflicting options (never stored)."""
    if isinstance(spec, str):
        hit = _PRESET_RULES.get(spec)
        if hit is None:
            hit = _PRESET_RULES[spec] = _resolve(spec)  # unknown names raise: never stored
        return hit
    return _resolve(spec)


_BATCH_PRESETS: Final[list[tuple[int, tuple[tuple[bytes, object | None], ...]]]] = []


def batch_presets() -> tuple[tuple[bytes, object | None], ...]:
    """Every preset (:data:`.presets.PRESETS`) as :func:`.native.parse_batch` takes them: its name as bytes and
    its rules as the C code reads them, or ``None`` where it does not score them (three players, kids) or
    they were not resolved yet: standard is resolved here, any other preset when a request first names it
    (a batch hand then takes the Python path, which resolves it). Remade when another preset is resolved;
    :func:`rules_cache_clear` forgets it."""
    if "standard" not in _PRESET_RULES:
        rules_and_table("standard")
    known = len(_PRESET_RULES)
    if not _BATCH_PRESETS or _BATCH_PRESETS[0][0] != known:
        resolved = _PRESET_RULES
        made = tuple((name.encode(), resolved[name][3] if name in resolved else None) for name in PRESETS)
        _BATCH_PRESETS[:] = [(known, made)]
    return _BATCH_PRESETS[0][1]


def rules_cache_clear() -> None:
    """Forget the resolved rules and yaku tables (they are rebuilt on the next call)."""
    _PRESET_RULES.clear()
    _BATCH_PRESETS.clear()
    _resolve.cache_clear()
