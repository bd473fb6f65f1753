#!/usr/bin/env python3
"""Writes a seeded chess corpus for the pgn-reader baseline (issue 28).

usage: gen_corpus.py GAMES SEED OUT [--annotate FRACTION]

Each game is random legal play from the initial position (python-chess), to its end
or 160 plies, with the Seven Tag Roster, so that the collection looks like lanrick's
self-play corpus: many games, tags, a result. With --annotate, that fraction of the
moves gets a comment or a NAG, as `lanrick selfplay --annotate` does. The same
arguments give the same file, byte for byte (Python's `random` with the seed, and
python-chess's move order).
"""

import argparse
import random

import chess
import chess.pgn


def game(rng: random.Random, number: int, annotate: float) -> str:
    board = chess.Board()
    g = chess.pgn.Game()
    g.headers["Event"] = f"baseline {number}"
    g.headers["Site"] = "random play"
    g.headers["Date"] = "2026.11.25"
    g.headers["Round"] = str(number)
    g.headers["White"] = "random"
    g.headers["Black"] = "random"
    node = g
    plies = 0
    while not board.is_game_over() and plies < 160:
        move = rng.choice(list(board.legal_moves))
        board.push(move)
        node = node.add_variation(move)
        if annotate and rng.random() < annotate:
            if rng.random() < 0.5:
                node.comment = "a comment on this move"
            else:
                node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 10]))
        plies += 1
    g.headers["Result"] = board.result(claim_draw=False) if board.is_game_over() else "*"
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return g.accept(exporter)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int)
    ap.add_argument("seed", type=int)
    ap.add_argument("out")
    ap.add_argument("--annotate", type=float, default=0.0)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        for n in range(1, a.games + 1):
            f.write(game(rng, n, a.annotate))
            f.write("\n\n")


if __name__ == "__main__":
    main()
