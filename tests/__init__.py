"""Tests and their shared helpers (`tests.tenhou`, `tests.strategies`, `tests.mahjong_ref`).

A package so that the helpers import as ``tests.<module>`` from test files, from
``bench/`` scripts and from any pytest import mode that puts the project root on the path.
"""
