"""Permutations: a card game of secret bids, collected cards and colour sets.

``deck`` says what the cards are (read from ``templates/components.toml``),
``rules`` the numbers of its scoring and length (``templates/rules.toml``),
``table`` who sits at the table for each player count, ``engine`` plays the
game (set-up, auctions, rounds, dummies), ``playout`` plays many random games
fast, ``scoring`` scores a round's collections and the game, and
``score_file`` reads a round's collections from a file and words the scores;
``players`` (and ``search``) play it for ``grawlix-print playtest``;
``cards`` draws a card's front and the backs, which the card sheets and the
images print. ``facts`` answers the rulebook's placeholders and claims
(``templates/leaflet.md``, with its worked examples in ``templates/examples/``)
and ``pictures`` draws its figures; the products (the A6 booklet, the web
edition) only set them.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from ..base import RULEBOOK_FILE, Game
from ..presentation import Presentation, Typography
from ..templates import COMPONENTS_FILE, shipped_templates

if TYPE_CHECKING:
    from ...pieces.faces import PieceFace
    from ...pieces.kinds import PieceKind
    import click

    from ...rulebook import RulebookText
    from .deck import Deck
    from .facts import PermutationsFacts
    from .players import PermutationsPlaytester
    from .rules import Rules


QUOTE_GAMES = 10_000
"""Random games behind the figures the rules quote ({playtest.dummy_wins_percent}): a third of a
second per player count on the first build (the numpy play-outs), then read from the cache; a
percentage to within one."""


class Permutations(Game):
    """Permutations: fifty numbered cards, secret bids, and colour sets that score their size squared."""

    name = "permutations"
    summary = "a card game of secret bids for two to five players, with dummy players"

    @classmethod
    def builtin_templates(cls) -> Path:
        """Shipped with grawlix-print: ``templates/permutations`` at the repository's top (in the wheel too)."""
        return shipped_templates(cls.name)

    @cached_property
    def deck(self) -> Deck:
        """The cards of ``components.toml``."""
        from .deck import read_deck

        return read_deck(self.templates / COMPONENTS_FILE)

    @cached_property
    def rules(self) -> Rules:
        """The scoring numbers and rounds of ``rules.toml``."""
        from .rules import read_rules

        return read_rules(self.templates)

    @property
    def title(self) -> str:
        return self.deck.title

    def check(self) -> None:
        self.deck  # noqa: B018  (reads and checks components.toml)
        self.rules  # noqa: B018  (and rules.toml)
        super().check()

    def printed_names(self) -> Iterator[tuple[str, str]]:
        yield from super().printed_names()
        for colour in self.deck.colours:
            yield colour.name, f"[colours.{colour.name}]"

    # --- the rules' text --------------------------------------------------------------

    @cached_property
    def text_facts(self) -> PermutationsFacts:
        from ...playtest.quotable import Quotes
        from .facts import PermutationsFacts

        quotes = Quotes(self.playtester, QUOTE_GAMES, strategy="random")
        return PermutationsFacts(self.deck, self.rules, self.templates, self.presentation().typography, quotes)

    def rulebook(self) -> RulebookText:
        from ...rulebook import read_rulebook

        return read_rulebook(self.templates / RULEBOOK_FILE, self.text_facts, self.title)

    def presentation(self) -> Presentation:
        """TeX Gyre Schola (as Schola PnP) for the text, as the designer's rulebook, a round face for
        the title, and the star, moon and sun drawn where the text names an icon: an A6 booklet."""
        from ...drawing.fonts import SCHOLA, SCHOLA_BOLD
        from .pictures import TITLE_FACE, icon_glyphs

        return Presentation(Typography(SCHOLA, SCHOLA_BOLD, TITLE_FACE), "booklet", icon_glyphs())

    def playtester(self, budget: int | None = None) -> PermutationsPlaytester:
        from .players import playtester

        return playtester(self.deck, self.rules, self.front_matter, budget)

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        """The cards: fifty poker cards, each once, with one back."""
        from .cards import card_kind

        return (card_kind(self.deck),)

    def faces(self) -> tuple[PieceFace, ...]:
        from .cards import card_faces

        return card_faces(self.deck)

    def back(self) -> PieceFace:
        from .cards import card_back

        return card_back(self.deck)

    # --- commands only this game answers ------------------------------------------------

    @classmethod
    def commands(cls) -> tuple[click.Command, ...]:
        from .commands import score

        return (score,)


GAME = Permutations
"""The game this folder brings (the registry, ``grawlix_print.games``, loads it by this name)."""
