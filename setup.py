"""Build script: compiles the scoring core's hot path, the log replay's and settlement to C with mypyc (BENCHMARKS.md).

The modules in :data:`COMPILED` stay ordinary, type-checked Python (the source of truth,
read by people and by mypy); at install time mypyc compiles each to a C extension that
Python imports in its place, ~5× faster on a cold scoring call. Everything else
(metadata, dependencies) is in ``pyproject.toml``.

``RIICHI_PURE_PYTHON=1 pip install -e .`` skips the compilation (no C compiler needed);
the service and the tests then run the same modules as plain Python.

House rules for the compiled modules (each measured; see BENCHMARKS.md):

- module-level constants and shared tables are ``Final`` (a C static; otherwise every use
  is a dictionary lookup in the module's globals); a ``Final`` tuple that is looped over or
  indexed by a variable is annotated variable-length (``Final[tuple[int, ...]]``): a
  fixed-length one is a C struct, boxed into new Python tuples at every such use;
- a ``Hashable`` request as the cache key (``ScoreRequest`` is frozen with ``cache_hash``):
  tuples, not lists, in Structs that are hashed;
- ``counts[k] = counts[k] + 1``, not ``counts[k] += 1``: mypyc compiles the augmented
  assignment to a list item as a generic Python addition;
- precise types (``list[int]``, not ``list[int] | tuple[int, ...]``): a union makes every
  indexing generic;
- msgspec Structs are defined in modules that are not compiled (``model.py``, ``tenpai_model.py``):
  mypyc's class bodies lose msgspec's ``kw_only`` handling; and a compiled module reads a Struct's
  field as its declared type, so one built in Python with a list where a tuple is declared is
  normalised first (``tenpai_model.declared``) or read through ``astuple`` (``validate.py``);
- plain classes, not ``NamedTuple`` (whose constructor runs as Python code), and no
  docstring needed at run time (compiled functions drop theirs: the yaku catalogue reads
  ``yaku.py``'s source).
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

COMPILED = [
    "tiles",
    "decompose",
    "hand",
    "yaku",
    "fu",
    "limits",
    "payments",
    "validate",
    "readings",
    "dora",
    "result_cache",
    "rules_cache",
    "optional_rules",
    "scorer",
    "batch",
    "shanten",
    "notation",
    "tenpai",
]
"""Modules of ``service/scoring/`` on the scoring hot path."""

COMPILED_LOGS = ["mjai", "order", "replay"]
"""Modules of ``service/logs/`` on a replay's hot path (mjai lines decoded, a game's events played and their turn
checked), compiled as their own group (BENCHMARKS.md, issue 24: games never seen)."""

COMPILED_GAME = ["settle"]
"""Modules of ``service/game/`` on a replay's hot path (each round settled; ``POST /v1/settle``), their own group."""


C_FLAGS = ["-O2", "-Wall", "-Wextra", "-Wno-unused-parameter", "-Wno-missing-field-initializers", "-Werror=switch"]
"""The C extensions' flags: ``-Werror=switch`` makes a ``switch`` over an enum of the generated contract
(``service/scoring/_native_contract.h``) that misses a member a build error, not a wrong answer."""

NATIVE_PARTS = [
    "service/scoring/_native_contract.h",
    "service/scoring/_native_request.c",
    "service/scoring/_native_readings.c",
    "service/scoring/_native_answer.c",
    "service/scoring/_native_batch.c",
]
"""The files ``_native.c`` includes, by stage (one translation unit: every function stays ``static``)."""

NATIVE = Extension(
    "service.scoring._native",
    ["service/scoring/_native.c"],
    depends=NATIVE_PARTS,
    extra_compile_args=C_FLAGS,
)
"""The scoring hot path in C (``service/scoring/native.py``; BENCHMARKS.md, the core against riichienv)."""


SHANTEN = Extension(
    "service.scoring._shanten",
    ["service/scoring/_shanten.c"],
    extra_compile_args=C_FLAGS,
)
"""Shanten in C (``service/scoring/_shanten.c``, asked first by ``shanten.py``; BENCHMARKS.md)."""


def ext_modules() -> list[object]:
    """The mypyc extensions and the C hot path, or none when ``RIICHI_PURE_PYTHON`` is set."""
    if os.environ.get("RIICHI_PURE_PYTHON"):
        return []
    from mypyc.build import mypycify

    return [
        *mypycify(
            [f"service/scoring/{name}.py" for name in COMPILED],
            opt_level="3",
            group_name="service.scoring._compiled",
        ),
        *mypycify(
            [f"service/logs/{name}.py" for name in COMPILED_LOGS],
            opt_level="3",
            group_name="service.logs._compiled",
        ),
        *mypycify(
            [f"service/game/{name}.py" for name in COMPILED_GAME],
            opt_level="3",
            group_name="service.game._compiled",
        ),
        NATIVE,
        SHANTEN,
    ]


setup(ext_modules=ext_modules())
