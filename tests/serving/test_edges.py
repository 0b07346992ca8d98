"""The shipped proxy configuration's edges: its idle upstream connections are closed before granian
closes them, and ``/metrics`` is not served through it."""

from __future__ import annotations

import re
from pathlib import Path

import httpx

from service.serve import SETTINGS

from .conftest import NGINX_CONF, nginx, served


def test_nginx_drops_idle_upstream_connections_before_granian_does() -> None:
    upstream = re.search(r"upstream riichi \{(.*?)\}", NGINX_CONF.read_text(), re.S)
    assert upstream is not None
    timeout = re.search(r"keepalive_timeout (\d+)s;", upstream.group(1))
    assert timeout is not None
    assert int(timeout.group(1)) * 1000 < int(SETTINGS["HEADER_READ_TIMEOUT_MS"])


def test_metrics_are_not_public_through_nginx(tmp_path: Path) -> None:
    with served(tmp_path) as (url, _), nginx(tmp_path, url) as proxy:
        direct = httpx.get(f"{url}/metrics", timeout=10)
        public = httpx.get(f"{proxy}/metrics", timeout=10)
        scored = httpx.get(f"{proxy}/v1/yaku", timeout=10)
    assert direct.status_code == 200
    assert public.status_code == 404
    assert public.headers["content-type"] == "application/problem+json"
    assert "riichi_http_requests_total" not in public.text
    assert scored.status_code == 200
