"""bench/table.py compares like with like: the table's record and the replay's are the same
deal (the replay of the table's record is the replay it is timed against), and its in-process
measure prints each figure with the ratio."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from bench.table import bodies, endpoint_bodies, in_progress, main
from service.rules.table import table
from service.rules.variants import COINCHE


def test_each_table_is_timed_against_the_replay_of_its_own_deal() -> None:
    options = COINCHE.options(None)
    for _, played in in_progress(5):
        record, deal = played.record, played.deal
        state = table(COINCHE, record, options)
        assert state.phase == "play" and deal == state.deal
        assert COINCHE.replay(deal, options).to_move == state.to_act


def test_the_bodies_are_one_deal_the_endpoints_both_judge(client: FlaskClient) -> None:
    for pair in [bodies(), *endpoint_bodies(3)]:
        table_body, replay_body = pair["/v1/coinche/table"], pair["/v1/coinche/deals/replay"]
        state = client.post("/v1/coinche/table", json=table_body).get_json()
        replayed = client.post("/v1/coinche/deals/replay", json=replay_body).get_json()
        assert state["record"]["plays"] == replay_body["plays"]
        assert replayed["to_move"] == state["to_act"] and replayed["legal"] == state["legal"]


def test_the_in_process_measure_prints_each_figure_and_its_ratio(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.argv", ["bench.table", "--deals", "3", "--rounds", "1", "--no-http"])
    main()
    out = capsys.readouterr().out
    assert len(re.findall(r"table / replay: \d+\.\d\d", out)) == 2
    assert re.search(r"/v1/coinche/table +\d+\.\d us a call", out)
