"""``python -m service.logs PATH...``: replay many games offline on every core (/docs/logs §Command line).

Each PATH is a log file (any of the four formats, gzip allowed), an archive of log files (zip, tar,
tar.gz), an NDJSON file of logs (``.ndjson``: one log a line, as ``POST /v1/logs/replay/batch`` reads
them), or a directory (every file under it, recursively, in name order). Every game is replayed as
``POST /v1/logs/replay`` replays it, in a pool of one process per core; a progress bar is drawn on
standard error when it is a terminal. Printed: one line per game that disagrees with its log or cannot
be read (its name and the first differences; an archive whose rest cannot be read is one such, named by its
path), then the summary (games, rounds, wins, disagreements).
``--rules`` takes a preset name or a JSON object of rule options (``'{"kiriage_mangan":true}'``), ``--game``
a JSON object of game options (``'{"riichi_needs_points_and_draw":false}'``), as the HTTP routes' ``rules``
and ``game`` query parameters do. ``--ndjson`` prints every game's ``ReplayBatchLine``-shaped summary line instead.

Exit status: 0 every game replayed and agreeing; 1 a game disagrees or cannot be read; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import msgspec
from tqdm import tqdm

from service.i18n import english, refusal
from service.scoring.model import GameOptions, RulesSpec
from service.scoring.presets import PRESETS

from .archive import iter_logs
from .detect import read_log
from .record import LogError
from .replay import replay

__all__ = ["Outcome", "Summary", "main", "replay_one"]

_ARCHIVE_SUFFIXES = (".zip", ".tar", ".tar.gz", ".tgz", ".ndjson")


class Outcome(msgspec.Struct, frozen=True, kw_only=True):
    """One game's result, small enough to pass between processes: its name, whether it was replayed and
    agrees, its counts, and the first differences or the error."""

    name: str
    agrees: bool
    error: str | None = None
    rounds: int = 0
    rounds_agreeing: int = 0
    wins: int = 0
    differences: list[str] = []


@dataclass
class Summary:
    """The totals over every game."""

    games: int = 0
    agreeing: int = 0
    unreadable: int = 0
    rounds: int = 0
    rounds_agreeing: int = 0
    wins: int = 0
    disagreeing: list[str] = field(default_factory=list)

    def add(self, outcome: Outcome) -> None:
        """Count one game."""
        self.games += 1
        self.agreeing += outcome.agrees
        self.unreadable += outcome.error is not None
        self.rounds += outcome.rounds
        self.rounds_agreeing += outcome.rounds_agreeing
        self.wins += outcome.wins

    def line(self) -> str:
        """The summary as one line of text."""
        return (
            f"{self.games} games: {self.agreeing} agree, {self.games - self.agreeing - self.unreadable} disagree, "
            f"{self.unreadable} cannot be read; {self.rounds} rounds ({self.rounds_agreeing} agree), {self.wins} wins"
        )


def replay_one(
    name: str, data: bytes | LogError, rules: RulesSpec | str | None = None, game: GameOptions | None = None
) -> Outcome:
    """Replay one game (in a worker process) and boil it down to an :class:`Outcome`."""
    if isinstance(data, LogError):
        return Outcome(name=name, agrees=False, error=str(data))
    try:
        result = replay(read_log(data), rules, game)
    except LogError as error:
        return Outcome(name=name, agrees=False, error=str(error))
    except Exception as error:  # a fault of ours in one game: say so for that game, go on with the others
        return Outcome(name=name, agrees=False, error=f"internal error: {type(error).__name__}: {error}")
    differences = [
        f"round {r.index} {d.field}: service {d.service!r}, log {d.log!r}" for r in result.rounds for d in r.differences
    ] + [f"final {d.field}: service {d.service!r}, log {d.log!r}" for d in result.final_differences]
    return Outcome(
        name=name,
        agrees=result.agrees,
        rounds=result.summary.rounds,
        rounds_agreeing=result.summary.rounds_agreeing,
        wins=result.summary.wins,
        differences=differences[:5],
    )


def _games(paths: list[Path]) -> Iterator[tuple[str, bytes | LogError]]:
    for path in paths:
        if path.is_dir():
            yield from _games(sorted(p for p in path.rglob("*") if p.is_file()))
        elif path.name.endswith(_ARCHIVE_SUFFIXES):
            with path.open("rb") as stream:
                try:
                    for name, data in iter_logs(stream):
                        yield f"{path}:{name}", data
                except LogError as error:  # the archive as a whole, or the rest of it past the games above
                    yield str(path), error
                except Exception as error:  # a fault of ours reading it: said for the archive, the next path goes on
                    yield str(path), LogError(f"internal error: {type(error).__name__}: {error}")
        else:
            try:
                yield str(path), path.read_bytes()
            except OSError as error:
                yield str(path), LogError(refusal("refusal.log.file_unreadable", error=error.strerror))


def _jobs(text: str) -> int:
    """``--jobs``: a whole number 1–64."""
    try:
        jobs = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 1 <= jobs <= 64:
        raise argparse.ArgumentTypeError(f"{jobs} is not 1–64")
    return jobs


_Options = TypeVar("_Options", RulesSpec, GameOptions)


def _rules(text: str) -> RulesSpec | str:
    """``--rules``: a preset name, or a JSON object of rule options (``RulesSpec``)."""
    if text in PRESETS:
        return text
    if not text.lstrip().startswith("{"):
        raise argparse.ArgumentTypeError(
            f"{text[:64]!r} is not a preset ({', '.join(sorted(PRESETS))}) nor a JSON object"
        )
    return _options(text, RulesSpec)


def _game(text: str) -> GameOptions:
    """``--game``: a JSON object of game options (``GameOptions``)."""
    return _options(text, GameOptions)


def _options(text: str, model: type[_Options]) -> _Options:
    try:
        return msgspec.json.decode(text, type=model)
    except msgspec.DecodeError as error:  # a ValidationError too: msgspec's own text names the field ($.kuitan)
        raise argparse.ArgumentTypeError(str(error)) from None


def main(argv: list[str] | None = None) -> int:
    """Parse ``argv``, replay every game, print as the module doc says; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m service.logs", description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", type=Path, help="log files, archives, .ndjson files or directories")
    parser.add_argument(
        "--rules",
        type=_rules,
        help="a preset to replay every game under instead of the log's own, or a JSON object of rule options "
        "over it ('{\"kiriage_mangan\":true}')",
    )
    parser.add_argument(
        "--game", type=_game, help="a JSON object of game options ('{\"riichi_needs_points_and_draw\":false}')"
    )
    parser.add_argument(
        "--jobs", type=_jobs, default=os.cpu_count() or 1, help="processes, 1–64 (default: one per core)"
    )
    parser.add_argument("--ndjson", action="store_true", help="print every game's outcome as a JSON line")
    args = parser.parse_args(argv)
    missing = [str(p) for p in args.paths if not p.exists()]
    if missing:
        parser.error(f"no such file or directory: {', '.join(missing)}")
    summary = Summary()
    bar = tqdm(unit="game", disable=not sys.stderr.isatty(), file=sys.stderr)
    encoder = msgspec.json.Encoder(enc_hook=english)
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        pending: list[Future[Outcome]] = []
        for name, data in _games(args.paths):
            pending.append(pool.submit(replay_one, name, data, args.rules, args.game))
            if len(pending) >= 4 * max(1, args.jobs):  # bounded: a few games per process in flight
                _report(pending.pop(0).result(), summary, bar, encoder, args.ndjson)
        for future in pending:
            _report(future.result(), summary, bar, encoder, args.ndjson)
    bar.close()
    print(summary.line())
    return 0 if summary.agreeing == summary.games else 1


def _report(outcome: Outcome, summary: Summary, bar: Any, encoder: msgspec.json.Encoder, ndjson: bool) -> None:
    summary.add(outcome)
    bar.update(1)
    if ndjson:
        bar.write(encoder.encode(outcome).decode(), file=sys.stdout)
    elif not outcome.agrees:
        bar.write(f"{outcome.name}: {outcome.error or '; '.join(outcome.differences)}", file=sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
