"""The referee's frame: its own app with an endpoint that does what the floor's does.

`create_app()` (Flask, flask-smorest, the problem handlers, the request-id, metrics and log
middleware, the body limit) plus `POST /bench/frame/v1/<endpoint>`, which parses the JSON body
and returns a constant, like bench/floor.py. Measured beside the floor and the referee
(`python -m bench.http --frame`), it splits the gap in two: floor to frame is what every
request costs for being served by the referee's app; frame to referee is an endpoint's own
work (loading, the rules, dumping, counting).
"""

from __future__ import annotations

from flask import request

from service.app import create_app

FRAME_PREFIX = "/bench/frame/v1"
_CONSTANT = {"ok": True}

app = create_app()


@app.post(f"{FRAME_PREFIX}/<path:endpoint>")
def parse_and_answer(endpoint: str) -> dict[str, bool]:
    request.get_json()
    return _CONSTANT
