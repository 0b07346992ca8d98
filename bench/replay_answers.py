"""Snapshot of every replay answer, to prove a change to the log readers or the replay changes no answer.

Run from the project root::

    .venv/bin/python bench/replay_answers.py write SNAPSHOT LOGS...   # before the change
    .venv/bin/python bench/replay_answers.py check SNAPSHOT LOGS...   # after it: exit 1 on any difference

LOGS: files or directories of game logs (any of the four formats; e.g. the mjlogs of mjx-project/mjx's
test resources, tests/logs/data). For every log it records, as JSON under the directory SNAPSHOT (one
file per log):

- the decoded :class:`~service.logs.record.GameLog` (every event, with its class name) and the answer of
  ``replay`` (the ``ReplayResult`` as the endpoint encodes it), or the ``LogError`` (field and message);
- the same for the game converted to mjai lines (``service.logs.convert.to_mjai``), read back;
- for 12 mutations of the log and 12 of its mjai lines (a tag or line dropped, doubled, swapped with the
  next, or the text cut short; seeded by the file's name, so the same each run): the answer's SHA-256 or
  the error, so the refusals and their wording stay the same too.

``check`` prints each log whose record differs, and the first differing key.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import msgspec

from service.i18n import english
from service.logs import LogError, read_log, replay
from service.logs.convert import to_mjai

MUTATIONS = 12


def _plain(value: Any) -> Any:
    """A decoded log as plain JSON values, each dataclass as ``[class name, {fields}]``."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__, {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}]
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def _outcome(body: bytes) -> tuple[Any, Any, bytes | None]:
    """(the decoded log or the error, the replay's JSON or the error, the mjai lines of the replayed game)."""
    try:
        game_log = read_log(body)
    except LogError as error:
        return {"error": [error.field, error.message]}, None, None
    except Exception as error:
        return {"crash": f"{type(error).__name__}: {error}"}, None, None
    decoded = _plain(game_log)
    try:
        result = replay(game_log)
    except LogError as error:
        return decoded, {"error": [error.field, error.message]}, None
    except Exception as error:
        return decoded, {"crash": f"{type(error).__name__}: {error}"}, None
    answer = json.loads(msgspec.json.encode(result, enc_hook=english))  # as the endpoint answers in English
    mjai = "".join(json.dumps(e) + "\n" for e in to_mjai(game_log, result)).encode()
    return decoded, answer, mjai


def _digest(body: bytes) -> Any:
    decoded, answer, _ = _outcome(body)
    if answer is None:
        return decoded
    if isinstance(answer, dict) and ("error" in answer or "crash" in answer):
        return answer
    return hashlib.sha256(json.dumps(answer, sort_keys=True).encode()).hexdigest()


def _pieces(body: bytes) -> list[bytes]:
    """The log cut into units a mutation moves: the XML's tags, else its lines."""
    if body.lstrip()[:1] == b"<":
        parts = body.split(b"<")
        return [parts[0], *(b"<" + p for p in parts[1:])]
    return body.splitlines(keepends=True)


def _mutations(name: str, body: bytes) -> list[bytes]:
    rng = random.Random(name)
    pieces = _pieces(body)
    out = []
    for i in range(MUTATIONS):
        if len(pieces) < 3:
            break
        k = rng.randrange(1, len(pieces) - 1)
        change = i % 4
        if change == 0:
            mutated = pieces[:k] + pieces[k + 1 :]
        elif change == 1:
            mutated = pieces[: k + 1] + pieces[k:]
        elif change == 2:
            mutated = [*pieces[:k], pieces[k + 1], pieces[k], *pieces[k + 2 :]]
        else:
            mutated = [b"".join(pieces)[: rng.randrange(1, len(body))]]
        out.append(b"".join(mutated))
    return out


def record(name: str, body: bytes) -> dict[str, Any]:
    decoded, answer, mjai = _outcome(body)
    entry: dict[str, Any] = {"log": decoded, "replay": answer}
    if mjai is not None:
        entry["mjai_log"], entry["mjai_replay"], _ = _outcome(mjai)
        entry["mjai_mutations"] = [_digest(m) for m in _mutations(name + ".mjai", mjai)]
    entry["mutations"] = [_digest(m) for m in _mutations(name, body)]
    return entry


def _files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(p for p in sorted(path.rglob("*")) if p.is_file() and p.suffix != ".md")
        else:
            files.append(path)
    return files


def _first_difference(a: Any, b: Any, where: str = "") -> str:
    if type(a) is not type(b):
        return f"{where}: {str(a)[:200]} != {str(b)[:200]}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{where}.{key}")
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{where}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{where}[{i}]")
    return f"{where}: {str(a)[:200]} != {str(b)[:200]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["write", "check"])
    parser.add_argument("snapshot", type=Path)
    parser.add_argument("logs", type=Path, nargs="+")
    args = parser.parse_args(argv)
    files = _files(args.logs)
    args.snapshot.mkdir(parents=True, exist_ok=True)
    differing = 0
    for path in files:
        name = str(path.resolve())
        key = hashlib.sha256(name.encode()).hexdigest()[:16] + "_" + path.name + ".json"
        entry = record(path.name, path.read_bytes())
        target = args.snapshot / key
        if args.mode == "write":
            target.write_text(json.dumps(entry, sort_keys=True))
            continue
        if not target.exists():
            print(f"{path}: not in the snapshot")
            differing += 1
            continue
        stored = json.loads(target.read_text())
        if stored != entry:
            differing += 1
            print(f"{path}: {_first_difference(stored, entry)}")
    print(f"{len(files)} logs, {differing} differing")
    return 1 if differing else 0


if __name__ == "__main__":
    raise SystemExit(main())
