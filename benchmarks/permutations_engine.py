"""Benchmark of Permutations' random play-outs: complete random games per second on one core.

    python benchmarks/permutations_engine.py            # every player count
    python benchmarks/permutations_engine.py 3 5        # some player counts

A game is complete: three rounds of auctions with every seat bidding at
random and every player collecting at random, then scored (stars, colour
sets, moon bonus, sun penalty). The process is pinned to one core and timed
by CPU time, best of a few runs, so other work on the machine disturbs it
little. The interactive ``Match`` is timed too, with random players, for
comparison.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from grawlix_print.games.permutations.engine import Match  # noqa: E402
from grawlix_print.games.permutations.playout import random_playout  # noqa: E402

GAMES = 20_000
REPEATS = 5


def one_core() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


def playouts_per_second(players: int) -> float:
    playout = random_playout(players)
    rng = random.Random(players)
    playout.play(rng, GAMES)  # fills the score caches, as a long run would have
    best = 0.0
    for _ in range(REPEATS):
        start = time.process_time()
        playout.play(rng, GAMES)
        best = max(best, GAMES / (time.process_time() - start))
    return best


def game_states_per_second(players: int, games: int = 200) -> float:
    choices = random.Random(players)
    start = time.process_time()
    for seed in range(games):
        game = Match(players, random.Random(seed))
        while not game.is_over:
            for seat in game.to_bid:
                game.bid(seat, choices.choice(game.legal_bids(seat)))
            while game.to_collect is not None:
                seat = game.to_collect
                game.collect(seat, choices.choice(game.legal_collections(seat)))
    return games / (time.process_time() - start)


def main(argv: list[str]) -> None:
    one_core()
    for players in [int(a) for a in argv] or [2, 3, 4, 5]:
        fast = playouts_per_second(players)
        slow = game_states_per_second(players)
        print(
            f"{players} players: {fast:,.0f} random games/s (play-outs), {slow:,.0f} games/s (Match, random players)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
