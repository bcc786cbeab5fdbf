#!/usr/bin/env python3
"""player.py: a player for catan-match in Python, speaking catan-player(7).

It reads its view (JSON) to know its hand, and prefers, among the legal
moves: a city, a settlement, a development card, a road while it holds
spare cards, the roll; a maritime trade when it holds 5 cards or more; it accepts an offer that gives it more cards than it
takes; otherwise it ends its turn, or takes the first legal move (set-up,
discards, the robber, neutral pieces).  Run it in a match:

    catan-match --seeds 1-4 'exec:python3 examples/player.py' greedy
"""
import json
import sys

PREFERENCES = [" build city ", " build settlement ", " buy", " roll", " build road "]


def choose(view, colour, legal):
    me = view["position"]["players"].get(colour, {})
    hand = me.get("hand", {})
    cards = sum(hand.values()) if isinstance(hand, dict) else 0
    for word in PREFERENCES:
        for move in legal:
            if word in move + " " and (word != " build road " or cards >= 4):
                return move
    if cards >= 5:
        for move in legal:
            if " trade " in move:
                return move
    for move in legal:
        if move.endswith(" accept"):
            offer = view["position"].get("offer") or {}
            if sum(offer.get("give", {}).values()) > sum(offer.get("get", {}).values()):
                return move
    for move in legal:
        if move.endswith(" end") or move.endswith(" reject") or move.endswith(" pass"):
            return move
    return legal[0]


def main():
    colour, view, legal = None, None, []
    for line in sys.stdin:
        line = line.rstrip("\n")
        word, _, rest = line.partition(" ")
        if word == "game":
            colour = rest.split()[1]
        elif word == "view":
            view = json.loads(rest)
        elif word == "legal":
            legal = [sys.stdin.readline().rstrip("\n") for _ in range(int(rest))]
        elif word == "go":
            print(choose(view, colour, legal), flush=True)
        elif word == "over":
            return


if __name__ == "__main__":
    main()
