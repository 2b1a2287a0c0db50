"""Who sits at the table: seats, dummies and which cards are in play, by player count.

Kept apart from the engine so that reading a deck file can check that the
deck deals evenly for every player count without importing the engine.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...errors import StudioError
from ...facts.wording import join_words


@dataclass(frozen=True)
class Seating:
    """The table for one player count.

    ``seats`` counts every hand dealt, the dummies' too; ``special_cards``
    says whether the multicoloured and the colourless card are in play.
    """

    players: int
    seats: int
    special_cards: bool

    @property
    def dummies(self) -> int:
        """Seats nobody plays: they keep the number of hands (and the auctions' pools) fixed."""
        return self.seats - self.players


SEATINGS: dict[int, Seating] = {
    # Four seats for two or three players: the auctions stay four-way, which the
    # 48 coloured cards deal evenly (four hands of 11 and a pool of 4).
    2: Seating(2, 4, False),
    3: Seating(3, 4, False),
    # Five seats for four or five players: the two special cards come in, so 50
    # cards deal as five hands of 9 and a pool of 5.
    4: Seating(4, 5, True),
    5: Seating(5, 5, True),
}
"""Seats and special cards by player count; every other number follows from these."""

PLAYER_COUNTS: tuple[int, ...] = tuple(SEATINGS)


def seating(players: int) -> Seating:
    """The table for ``players`` players; any other count is a one-line error."""
    try:
        return SEATINGS[players]
    except (KeyError, TypeError):
        counts = join_words([str(n) for n in PLAYER_COUNTS], "or")
        raise StudioError(f"Permutations is played by {counts} players, not {players}") from None


def hand_size(cards: int, seats: int) -> int:
    """Cards in each hand when ``cards`` are dealt to ``seats`` hands plus a pool of one per seat.

    The pool holds one card per seat because every auction hands each seat one
    card. Raises ValueError when the cards don't deal evenly (the deck reader
    turns it into a StudioError naming the file).
    """
    hand, left = divmod(cards - seats, seats)
    if left or hand < 1:
        raise ValueError(f"{cards} cards don't deal evenly to {seats} seats plus a pool of {seats}")
    return hand
