"""The coinche paths, `/v1/coinche/...`, a module each as the classic paths are in service/api:
the auction (`bidding`), a deal scored, dealt and replayed (`deals`), a game (`games`), the
rules (`rules`), the play of a card (`play`) and a trick (`tricks`), all on one blueprint
(`blueprint.blp`), with the request types they share (`schemas`). Analysis, advice and review
serve both variants from service/api/analysis.py, advice.py and review.py.
"""
