"""Permutations: a card game of secret bids, collected cards and colour sets.

``deck`` says what the cards are (read from ``templates/components.toml``),
``table`` who sits at the table for each player count, ``engine`` plays the
game (set-up, auctions, rounds, dummies), ``playout`` plays many random games
fast, ``scoring`` scores a round's collections and the game, and
``score_file`` reads a round's collections from a file and words the scores;
``cards`` draws a card's front and the backs, which the card sheets and the
images print.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from ...errors import GrawlixError
from ..base import Game, Typography
from ..templates import COMPONENTS_FILE

if TYPE_CHECKING:
    from ...components.faces import PieceFace
    from ...rulebook import RulebookText
    from .deck import Deck


class Permutations(Game):
    """Permutations: fifty numbered cards, secret bids, and colour sets that score their size squared."""

    name = "permutations"
    summary = "a card game of secret bids for two to five players, with dummy players"
    products = ("leaflet", "sheets", "web", "images")
    commands = ("score",)
    leaflet_format = "booklet"

    @cached_property
    def deck(self) -> Deck:
        """The cards of ``components.toml``."""
        from .deck import read_deck

        return read_deck(self.templates / COMPONENTS_FILE)

    @property
    def title(self) -> str:
        return self.deck.title

    def check(self) -> None:
        self.deck  # noqa: B018  (reads and checks components.toml)

    def rulebook(self) -> RulebookText:
        raise GrawlixError(f"the rulebook of {self.title} is not written yet")

    def typography(self) -> Typography:
        from ...drawing.fonts import QUICKSAND, QUICKSAND_BOLD

        return Typography(QUICKSAND, QUICKSAND_BOLD, QUICKSAND_BOLD)

    def faces(self) -> tuple[PieceFace, ...]:
        from .cards import card_faces

        return card_faces(self.deck)

    def back(self) -> PieceFace:
        from .cards import card_back

        return card_back(self.deck)
