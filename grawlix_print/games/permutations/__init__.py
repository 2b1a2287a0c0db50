"""Permutations: a card game of secret bids, collected cards and colour sets.

``deck`` says what the cards are (read from ``templates/components.toml``),
``engine`` plays the game (set-up, auctions, rounds, dummies, random
play-outs), ``scoring`` scores a round's collections and ``score_file``
reads a round's collections from a file and words the scores. Nothing here
draws or prints: the card sheets and the rulebook are built on top.
"""
