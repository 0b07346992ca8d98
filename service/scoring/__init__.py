"""The pure scoring core: tiles, decomposition, yaku, fu, limits, payments, presets.

Imports nothing from the web layer; usable as a library::

    >>> from service.scoring import ScoreRequest, score
    >>> r = score(ScoreRequest(hand="234567m23456p99s", win_tile="7p", seat_wind="S",
    ...                        riichi=True, dora_indicators="1p"))
    >>> (r.han, r.fu, r.points, [y.id for y in r.yaku])
    (3, 30, 3900, ['riichi', 'pinfu', 'dora'])
"""

from pathlib import Path as _Path


def check_compiled_modules(package: str = __file__) -> None:
    """Refuse stale compiled modules of the package whose ``__init__.py`` is ``package`` (this one by default;
    ``service.logs`` calls it for its own) in a source checkout (see ``setup.py``).

    ``pip install -e .`` compiles the hot-path modules with mypyc into ``*.so`` files beside
    their sources, and Python imports those first. After a source edit (or a ``git pull``)
    the old build would run silently, so a source newer than its build is an ImportError
    that says how to rebuild; so is the build of a module that is gone (it would still import under the
    old name). Installed copies (no ``.git`` above) are not checked.
    """
    here = _Path(package).resolve().parent
    if not (here.parents[1] / ".git").exists():
        return
    for built in here.glob("*.so"):
        stem = built.name.split(".", 1)[0]
        sources = [here / (stem + ".py")]
        if not sources[0].exists():  # a C extension: its file and the parts it includes (_native_*.c, .h)
            sources = [*here.glob(stem + ".c"), *here.glob(stem + "_*.c"), *here.glob(stem + "_*.h")]
            if not sources and not stem.endswith("__mypyc"):  # the build of a module since renamed or removed
                raise ImportError(
                    f"{built} has no source any more (its module was renamed or removed): delete it, then "
                    "rebuild with `.venv/bin/pip install -e .`"
                )
        for source in sources:
            if source.exists() and source.stat().st_mtime > built.stat().st_mtime:
                raise ImportError(
                    f"{source} changed after it was compiled ({built.name}): rebuild with "
                    f"`.venv/bin/pip install -e .` (or delete {here.parent.name}/{here.name}/*.so to run it as plain "
                    "Python)"
                )


check_compiled_modules()

from .model import (  # noqa: E402 - after the check, which must run before any compiled module loads
    FieldError,
    FuItem,
    InvalidHand,
    MeldSpec,
    Payment,
    PointsItem,
    Reading,
    ReadingSet,
    RulesSpec,
    ScoreRequest,
    ScoreResult,
    YakuItem,
)
from .presets import PRESETS, Rules, resolve_rules  # noqa: E402
from .scorer import score  # noqa: E402

__all__ = [
    "PRESETS",
    "FieldError",
    "FuItem",
    "InvalidHand",
    "MeldSpec",
    "Payment",
    "PointsItem",
    "Reading",
    "ReadingSet",
    "Rules",
    "RulesSpec",
    "ScoreRequest",
    "ScoreResult",
    "YakuItem",
    "resolve_rules",
    "score",
]
