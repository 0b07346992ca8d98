"""Short meld notation for the hand tables of tests/scoring."""

from __future__ import annotations

from service.scoring import MeldSpec


def meld(spec: str) -> MeldSpec:
    """``"pon:777z"``, ``"chi:234m"``, ``"kan:2222m"`` (open kan), ``"ankan:9999p"`` (closed kan)."""
    kind, tiles = spec.split(":")
    if kind == "ankan":
        return MeldSpec(type="kan", tiles=tiles, closed=True)
    return MeldSpec(type=kind, tiles=tiles)  # type: ignore[arg-type]
