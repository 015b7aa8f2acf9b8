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


def new_deal(number, dealer, game):
    return {"seed": f"tutorial game, deal {number}", "dealer": dealer, "game": game, "rules": RULES}


def play_game(chooser):
    body = new_deal(0, 0, [])
    table, deals = post("/v1/coinche/table", body), 0
    while table["phase"] != "game_over":
        if table["phase"] in ("deal_over", "redeal"):  # the next deal, the game so far
            game = body["game"] + ([table["game_entry"]] if table["game_entry"] else [])
            deals += 1
            body = new_deal(deals, table["next_dealer"], game)
            table = post("/v1/coinche/table", body)
            continue
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
    return table, deals + 1


if __name__ == "__main__":
    final, deals = play_game(random.Random(1))
    totals, winner = final["game"]["totals"], final["game"]["winner"]
    print(f"{deals} deals, totals {totals[0]} to {totals[1]}: team {winner} wins")
