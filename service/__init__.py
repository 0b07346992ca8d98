"""Riichi mahjong scoring service.

A pure scoring core (:mod:`service.scoring`), game settlement beside it (:mod:`service.game`)
and the HTTP layer (:mod:`service.api`).
"""
