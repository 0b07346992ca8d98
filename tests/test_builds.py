"""Every build answers alike: the same requests through the compiled build with the C path, the compiled build
without it (``RIICHI_NATIVE=0``) and the plain-Python build (no mypyc, no C: ``tests/plain_python.py``).

The README promises a build without the compiled modules gives the same results, slower. Each build runs in
its own process (a process imports one build); each scores the same requests and this test compares the
outcomes: the same answer, or the same refusal (:class:`~service.scoring.InvalidHand` with the same fields
and messages). The requests: the API's examples, seeded hands changed at random under every preset (three
players, kids and aotenjou among them: the Python path in every build), and requests built in Python with a
value of the wrong type in one field (``riichi="yes"``), which msgspec does not check on construction; and the game
logs of ``tests/logs/data`` replayed whole (the mjai decoder, the turn checks, the replay and settlement are compiled
too: ``setup.py``'s ``COMPILED_LOGS`` and ``COMPILED_GAME``).
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]

BUILDS: dict[str, tuple[dict[str, str], list[str]]] = {
    "compiled, C path": ({"RIICHI_NATIVE": "1"}, []),
    "compiled, no C path": ({"RIICHI_NATIVE": "0"}, []),
    "plain Python": ({}, ["plain"]),
}
"""Each build as (environment, the worker's arguments)."""

PRESETS = ("standard", "tenhou", "majsoul", "wrc", "ema", "mleague", "kostarev", "kids", "tenhou_sanma")

BASE: dict[str, Any] = {"hand": "234567m3455p234s", "win_tile": "2p", "seat_wind": "S", "riichi": True}
"""The API's mangan (riichi pinfu tanyao sanshoku by ron: 8,000): the requests with a mistyped field start here."""

WRONG_VALUES: tuple[object, ...] = ("yes", "", 1, 0, -1, 2.5, None, True, (), ("2p",), ["2p"], {"a": 1}, 1000)
"""Values of the wrong type for most fields (and a few of the right type but out of range)."""


def mistyped() -> list[dict[str, Any]]:
    """:data:`BASE` with one field set to each of :data:`WRONG_VALUES` (and a meld with one such value)."""
    from service.scoring.validate import REQUEST_FIELDS

    out = []
    for field in REQUEST_FIELDS:
        for value in WRONG_VALUES:
            out.append({**BASE, field: value})
    meld = {"type": "chi", "tiles": "234s", "closed": False}
    short = {**BASE, "hand": "234567m3455p2s"}
    for key in meld:
        for value in WRONG_VALUES:
            out.append({**short, "melds": ({**meld, key: value},)})
    out.append({**short, "melds": ("234s",)})
    out.append({**short, "melds": [meld]})
    return out


def examples() -> list[dict[str, Any]]:
    """The bodies of ``POST /v1/score``'s and ``POST /v1/score/batch``'s examples in the OpenAPI document."""
    from service.api.docs.examples import BODY_EXAMPLES

    score = BODY_EXAMPLES["scoreHand"]
    bodies = [score.ok[1], score.bad[1]] + ([score.impossible[1]] if score.impossible else [])
    return bodies + list(BODY_EXAMPLES["scoreBatch"].ok[1]["hands"])


def seeded(count: int) -> list[dict[str, Any]]:
    """``count`` seeded hands, half of them changed at random (many then invalid), each under a preset."""
    from tests.scoring.test_native import for_preset, mutated
    from tests.strategies import seeded_hands

    rng = random.Random(26)
    out = []
    for body in seeded_hands(count, seed=26):
        changed = mutated(body, rng) if rng.random() < 0.5 else body
        out.append(for_preset(changed, rng.choice(PRESETS)))
    return out


def aotenjou(bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """``bodies`` under the standard preset with option aotenjou (no limits)."""
    return [{**body, "rules": {"preset": "standard", "aotenjou": True}} for body in bodies]


def requests() -> list[tuple[str, dict[str, Any]]]:
    """Every request of the comparison as ``(how it is made, its fields)``: ``decode`` from its JSON as the
    HTTP route does (a body the decoder refuses is its own outcome), ``build`` with ``ScoreRequest(**fields)``."""
    hands = seeded(600)
    decode = [*examples(), *hands, *aotenjou(hands[:60])]
    return [("decode", body) for body in decode] + [("build", body) for body in mistyped()] + logs()


def logs() -> list[tuple[str, dict[str, Any]]]:
    """Every game log of ``tests/logs/data`` to replay (``setup.py``'s ``COMPILED_LOGS`` and ``COMPILED_GAME`` are
    compiled too)."""
    data = ROOT / "tests" / "logs" / "data"
    return [
        ("replay", {"path": str(path)})
        for path in sorted(data.rglob("*"))
        if path.suffix in (".json", ".mjson", ".xml")
    ]


def outcome(how: str, fields: dict[str, Any]) -> tuple[str, object]:
    """What the build in this process makes of one request: ``("answer", JSON)``, ``("refused", errors)``,
    ``("bad body", message)`` for one the decoder refuses, or ``("raised", type and message)``."""
    import msgspec

    from service.scoring import InvalidHand, MeldSpec, ScoreRequest, score

    if how == "replay":
        return replayed(Path(fields["path"]))
    try:
        if how == "decode":
            req = msgspec.json.decode(msgspec.json.encode(fields), type=ScoreRequest)
        else:
            melds = fields.get("melds", ())
            if isinstance(melds, list | tuple):  # a meld given as fields is a MeldSpec; the list stays a list
                melds = type(melds)(MeldSpec(**m) if isinstance(m, dict) else m for m in melds)
            req = ScoreRequest(**{**fields, "melds": melds} if "melds" in fields else fields)
    except msgspec.ValidationError as exc:
        return "bad body", str(exc)
    try:
        return "answer", msgspec.json.encode(score(req))
    except InvalidHand as exc:
        return "refused", [(e.field, e.message) for e in exc.errors]
    except Exception as exc:  # any other exception is an outcome to compare (and a bug)
        return "raised", f"{type(exc).__name__}: {exc}"


def replayed(path: Path) -> tuple[str, object]:
    """A log replayed in this build: ``("replayed", the answer's JSON)`` or ``("refused", field and message)``."""
    import msgspec

    from service.i18n import english
    from service.logs import LogError, read_log, replay

    try:
        return "replayed", msgspec.json.encode(replay(read_log(path.read_bytes())), enc_hook=english)
    except LogError as exc:
        return "refused", [(exc.field, exc.message)]
    except Exception as exc:  # any other exception is an outcome to compare (and a bug)
        return "raised", f"{type(exc).__name__}: {exc}"


def run_build(env: dict[str, str], args: list[str], todo: list[tuple[str, dict[str, Any]]]) -> list[object]:
    """The outcomes of ``todo`` in a fresh process of one build."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.test_builds", *args],
        input=pickle.dumps(todo),
        capture_output=True,
        cwd=ROOT,
        env={**os.environ, **env},
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    answer: list[object] = pickle.loads(done.stdout)
    return answer


@pytest.fixture(scope="module")
def outcomes() -> dict[str, tuple[list[tuple[str, dict[str, Any]]], list[Any]]]:
    """Each build's outcomes of :func:`requests`, with the requests and the build's own report."""
    todo = requests()
    return {name: (todo, run_build(env, args, todo)) for name, (env, args) in BUILDS.items()}


def test_the_builds_are_what_they_say(outcomes: dict[str, tuple[list[Any], list[Any]]]) -> None:
    """Each process ran the build it names: compiled or not, the C path on or off."""
    reports = {name: answers[-1] for name, (_, answers) in outcomes.items()}
    assert reports == {
        "compiled, C path": {"compiled": True, "native": True, "replay compiled": True},
        "compiled, no C path": {"compiled": True, "native": False, "replay compiled": True},
        "plain Python": {"compiled": False, "native": False, "replay compiled": False},
    }


@pytest.mark.parametrize("build", [name for name in BUILDS if name != "compiled, C path"])
def test_every_build_answers_as_the_compiled_build(
    outcomes: dict[str, tuple[list[Any], list[Any]]], build: str
) -> None:
    """Every request: the same answer, the same refusal or the same decoder error, in ``build`` as in the
    compiled build with the C path (and none raises anything else)."""
    todo, reference = outcomes["compiled, C path"]
    _, answers = outcomes[build]
    assert len(answers) == len(reference) == len(todo) + 1
    differ = [(todo[i], reference[i], answers[i]) for i in range(len(todo)) if reference[i] != answers[i]]
    assert differ == [], f"{len(differ)} differ; the first: {differ[:3]}"
    raised = [(todo[i], reference[i]) for i in range(len(todo)) if reference[i][0] == "raised"]
    assert raised == []


def test_the_comparison_covers_answers_and_refusals(outcomes: dict[str, tuple[list[Any], list[Any]]]) -> None:
    """The requests are not all of one kind: wins, refusals naming a field, and bodies the decoder refuses."""
    todo, reference = outcomes["compiled, C path"]
    kinds = [answer[0] for answer in reference[:-1]]
    assert kinds.count("answer") > 300
    assert kinds.count("refused") > 100
    assert kinds.count("bad body") >= 1
    assert kinds.count("replayed") >= 20  # the game logs
    riichi_yes = todo.index(("build", {**BASE, "riichi": "yes"}))
    # the core keeps msgspec's words; the HTTP layer says them plainly ("must be true or false, not a string")
    assert reference[riichi_yes] == ("refused", [("riichi", "Expected `bool`, got `str`")])


def main() -> None:
    """The worker: ``python -m tests.test_builds [plain]`` reads pickled requests on stdin and writes their
    outcomes, then ``{"compiled": …, "native": …}``, pickled on stdout."""
    if sys.argv[1:] == ["plain"]:
        from tests import plain_python

        plain_python.install()
    from service.scoring import native
    from tests.plain_python import compiled

    todo = pickle.loads(sys.stdin.buffer.read())
    answers: list[object] = [outcome(how, fields) for how, fields in todo]
    replay = importlib.import_module("service.logs.replay")  # the module (the package names its function alike)
    replay_compiled = not str(getattr(replay, "__file__", "")).endswith(".py")
    answers.append({"compiled": compiled(), "native": native.AVAILABLE, "replay compiled": replay_compiled})
    sys.stdout.buffer.write(pickle.dumps(answers))


if __name__ == "__main__":
    main()
