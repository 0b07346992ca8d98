"""Liveness from the workers' heartbeats (``python -m service.liveness``, the Deployment's probe, never the
traffic port) and the metrics files of gone workers folded, not piled up (``service.serve.compact_metrics``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from prometheus_client.mmap_dict import MmapedDict
from prometheus_client.multiprocess import MultiProcessCollector

from service.liveness import STALE_SECONDS, beat_file, check
from service.serve import compact_metrics

from .conftest import ROOT, served, worker_pids
from .test_serving import COUNTER, scored

KEY = (
    '["riichi_http_requests", "riichi_http_requests_total", {"method": "POST", "route": "/v1/score", "status": "200"},'
    ' "h"]'
)
BUCKET = '["riichi_http_request_duration_seconds", "riichi_http_request_duration_seconds_bucket", {"le": "0.01"}, "h"]'


def _write(path: Path, key: str, value: float) -> None:
    values = MmapedDict(str(path))
    values.write_value(key, value, 0.0)
    values.close()


def _totals(directory: Path) -> dict[str, float]:
    return {
        sample.name: sample.value
        for metric in MultiProcessCollector(None, path=str(directory)).collect()  # type: ignore[arg-type]
        for sample in metric.samples
    }


def test_a_gone_workers_counts_are_folded_into_one_file_and_the_totals_stay(tmp_path: Path) -> None:
    _write(tmp_path / "counter_111.db", KEY, 3)
    _write(tmp_path / "counter_222.db", KEY, 4)
    _write(tmp_path / "histogram_111.db", BUCKET, 2)
    _write(tmp_path / "gauge_livesum_111.db", KEY.replace("_total", ""), 9)
    before = _totals(tmp_path)

    folded = compact_metrics(tmp_path, alive=lambda pid: pid == 222)

    assert folded == [111]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counter_222.db", "counter_dead.db", "histogram_dead.db"]
    assert _totals(tmp_path)["riichi_http_requests_total"] == before["riichi_http_requests_total"] == 7
    # a second worker gone later adds to the same file: 3 + 4
    compact_metrics(tmp_path, alive=lambda pid: False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["counter_dead.db", "histogram_dead.db"]
    assert [v for k, v, *_ in MmapedDict.read_all_values_from_file(str(tmp_path / "counter_dead.db"))] == [7]
    assert _totals(tmp_path)["riichi_http_requests_total"] == 7


def test_the_probe_passes_on_fresh_beats_fails_on_a_stale_one_and_drops_gone_workers(tmp_path: Path) -> None:
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, check=True)
    gone_pid = int(gone.stdout)
    beat_file(tmp_path, gone_pid).touch()

    assert check(tmp_path) == (False, "no worker is beating")  # the only file is a gone worker's
    assert not beat_file(tmp_path, gone_pid).exists()
    beat_file(tmp_path, os.getpid()).touch()
    assert check(tmp_path) == (True, "1 workers beating")
    now = time.time()
    os.utime(beat_file(tmp_path, os.getpid()), (now - STALE_SECONDS - 5, now - STALE_SECONDS - 5))
    healthy, why = check(tmp_path, now=now)
    assert not healthy
    assert why == f"worker {os.getpid()}: no beat for 35 s"


@pytest.mark.slow
def test_served_workers_beat_and_a_killed_workers_metrics_are_folded(tmp_path: Path) -> None:
    heartbeat = tmp_path / "heartbeat"
    with served(tmp_path, RIICHI_HEARTBEAT_DIR=str(heartbeat)) as (url, proc):
        for _ in range(5):
            assert scored(url).status_code == 200
        deadline = time.monotonic() + 20
        while len(list(heartbeat.glob("*.beat"))) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        probe = subprocess.run(
            [sys.executable, "-m", "service.liveness"],
            cwd=ROOT,
            env={**os.environ, "RIICHI_HEARTBEAT_DIR": str(heartbeat)},
            capture_output=True,
            text=True,
            timeout=10,
        )
        workers = worker_pids(proc)
        victim = next(w for w in workers if (tmp_path / "metrics" / f"counter_{w}.db").exists())
        os.kill(victim, signal.SIGKILL)
        deadline = time.monotonic() + 20  # respawned within a second; folded within COMPACT_SECONDS (5)
        while (tmp_path / "metrics" / f"counter_{victim}.db").exists() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = sorted(p.name for p in (tmp_path / "metrics").iterdir())
        counted = COUNTER.search(httpx.get(f"{url}/metrics", timeout=5).text)

    assert probe.returncode == 0, probe.stderr
    assert probe.stdout.strip() == "2 workers beating"
    assert f"counter_{victim}.db" not in left
    assert "counter_dead.db" in left
    assert not any(name.endswith(f"_{victim}.db") for name in left)
    assert counted is not None
    assert float(counted[1]) == 5  # the killed worker's share still counted
