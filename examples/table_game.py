"""A coinche game at the referee's table: three bots (the table's advice) and one player
who plays at random, to the target. The loop keeps no rule of the game: the table says
whose turn it is, what that seat may do, and when the deal and the game are over.

    python examples/table_game.py [REFEREE_URL] [TARGET]
"""

import json
import random
import sys
import urllib.request

REFEREE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
RULES = {"target": int(sys.argv[2]) if len(sys.argv) > 2 else 2000}
BOTS = {0, 1, 2}  # seat 3 is the random player


def post(path, body):
    data = json.dumps(body).encode()
    asked = urllib.request.Request(REFEREE + path, data, {"Content-Type": "application/json"})
    with urllib.request.urlopen(asked) as answer:
        return json.load(answer)


def deal(number):
    return {"seed": f"tutorial game, deal {number}"}


def play_game(chooser):
    body = {"dealer": 0, **deal(0), "next_deal": deal(1), "rules": RULES}
    table, deals = post("/v1/coinche/table", body), 1
    while table["phase"] != "game_over":
        seat, kind = table["to_act"], "call" if table["phase"] == "auction" else "card"
        action = None
        if table["announceable"]:  # belote, rebelote: said with the card
            action = {"seat": seat, "announce": table["announceable"][0]}
        elif seat in BOTS:
            asked = {**body, "samples": 8, "advice_seed": f"bot {seat}"}
            action = post("/v1/coinche/table/advice", asked)["action"]
        if action is None:
            action = {"seat": seat, kind: chooser.choice(table["legal"])}
        table = post("/v1/coinche/table", {**body, "action": action})
        body.update(table["record"])
        if table["next"]:  # the deal is over: the next one, dealt, the game so far
            deals += 1
            body = {**table["next"]["body"], "next_deal": deal(deals), "rules": RULES}
            table = table["next"]["table"]
    return table, deals


if __name__ == "__main__":
    final, deals = play_game(random.Random(1))
    totals, winner = final["game"]["totals"], final["game"]["winner"]
    print(f"{deals} deals, totals {totals[0]} to {totals[1]}: team {winner} wins")
