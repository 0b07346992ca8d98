"""Riichi mahjong scoring service: a pure scoring core (:mod:`service.scoring`) and its HTTP layer (:mod:`service.api`)."""
