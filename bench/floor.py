"""The framework floor: the cheapest endpoint on the referee's own stack.

A bare Flask app with the same JSON provider, served by the same gunicorn configuration: it
parses the request's JSON body and returns a constant. Whatever the referee costs above this
is ours to explain (bench/http.py measures both side by side).
"""

from __future__ import annotations

from flask import Flask, request

from service.app import OrjsonProvider

_CONSTANT = {"ok": True}


def create_floor() -> Flask:
    floor = Flask("floor")
    floor.json = OrjsonProvider(floor)  # the referee's JSON provider

    @floor.post("/v1/<path:endpoint>")
    def parse_and_answer(endpoint: str) -> dict[str, bool]:
        request.get_json()
        return _CONSTANT

    return floor


app = create_floor()
