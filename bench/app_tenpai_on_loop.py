"""``service.app``'s application with ``POST /v1/tenpai`` run on the event loop, as before issue 16.

The *before* of ``bench/bench_tenpai_beside_score.py --tenpai-on-loop`` (served with
``ASGI_APP=bench.app_tenpai_on_loop:app python -m service.serve``). Litestar decides at registration
whether a synchronous handler runs in a worker thread, so the flag is turned off before the app is
built. Not part of the service: nothing in ``service/`` imports this module.
"""

from __future__ import annotations

from service.api.routes import study as study_routes

study_routes.tenpai.sync_to_thread = False

from service.app import create_app  # noqa: E402  (after the flag: the app registers the handler)

app = create_app()
