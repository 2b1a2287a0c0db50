"""Permutations: a card game of secret bids, collected cards and colour sets.

``deck`` says what the cards are (read from ``templates/components.toml``),
``table`` who sits at the table for each player count, ``engine`` plays the
game (set-up, auctions, rounds, dummies), ``playout`` plays many random games
fast, ``scoring`` scores a round's collections and the game, and
``score_file`` reads a round's collections from a file and words the scores.
Nothing here draws or prints: the card sheets and the rulebook build on it.
"""
