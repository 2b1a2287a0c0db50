"""Playtest statistics: what a game's rules do to play, measured by playing many games.

This layer knows no game: a game offers a ``Playtester`` (``protocol``); the
runner plays seeded games in batches on an executor (``runner``), their counts
add up in a ``Tally`` (``tally``), and the report turns them into figures with
intervals (``stats``, ``report``), plots (``plots``) and a one-page PDF (``pdf``).
"""

from .protocol import Credits, GameResult, Measure, Playtester, RefusedVariant

MAX_GAMES = 10**7
"""The most games one playtest plays: minutes of random games on two cores, never a day."""

DEFAULT_SEED = 1
"""The seed a playtest plays with unless told (``--seed``): the contract suite's games are its first ones."""

__all__ = ["DEFAULT_SEED", "MAX_GAMES", "Credits", "GameResult", "Measure", "Playtester", "RefusedVariant"]
