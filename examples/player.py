#!/usr/bin/env python3
"""player.py: a player for catan-match in Python, speaking catan-player(5).

It reads its view (JSON) to decide.  A settlement goes where the dice pay
most (the chances of the numbers on the hexes around the intersection,
found from the board in the view); otherwise it prefers, among the legal
moves: a city, a development card, a road while it holds spare cards, the
roll; a maritime trade when it holds 5 cards or more; it accepts an offer
that gives it more cards than it takes; otherwise it ends its turn, or
takes the first legal move (discards, the robber, neutral pieces).  Run it
in a match:

    catan-match --seeds 1-4 'exec:python3 examples/player.py' greedy
"""
import json
import math
import sys

PREFERENCES = [" build city ", " buy", " roll", " build road "]


def node_hexes():
    """The hexes (numbered from 1) around each intersection (numbered from 1),
    as catan-state(5) numbers them: both in reading order on the board of
    rows of 3, 4, 5, 4 and 3 pointy-topped hexes."""
    corners = {}
    h = 0
    for r, n in enumerate([3, 4, 5, 4, 3]):
        for c in range(n):
            h += 1
            x, y = (c + (5 - n) / 2) * math.sqrt(3), r * 1.5
            for k in range(6):
                a = math.radians(30 + 60 * k)
                corners.setdefault((round(y + math.sin(a), 3), round(x + math.cos(a), 3)), []).append(h)
    return [corners[k] for k in sorted(corners)]


NODE_HEXES = node_hexes()


def node_value(view, node):
    """The number of the 36 rolls of two dice that pay a settlement on node."""
    hexes = view["board"]["hexes"]
    return sum(6 - abs(7 - hexes[h - 1]["token"]) for h in NODE_HEXES[node - 1] if hexes[h - 1]["token"])


def choose(view, colour, legal):
    settlements = [m for m in legal if " build settlement " in m]
    if settlements and len(view["board"]["hexes"]) == 19:
        return max(settlements, key=lambda m: node_value(view, int(m.split()[-1])))
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
