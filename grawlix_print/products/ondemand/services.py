"""The print-on-demand services and what each asks for: sizes, bleed, safe zone, files, order.

Every number here is the service's own, as its templates and upload pages
gave them when this was written (checked again in ``tests/test_on_demand``):

- **The Game Crafter** takes one PNG per card face and one for the back, at
  300 dpi with 1/8 in (37.5 px) of bleed on every side: its poker deck
  template is 825 x 1125 px for a 2.5 x 3.5 in card, its mini deck 600 x 825
  px for 1.75 x 2.5 in; its punch-out chits (a front and a back each) follow
  the same rule, the large square chit 375 x 375 px for 1 in. The safe zone,
  where text is never cut, is 1/8 in inside the cut.
- **MakePlayingCards** (and its sister site **PrinterStudio**, the same
  uploader) takes one image per face and one back at 300 dpi with 0.12 in
  (a whole number of pixels) of bleed on every side: 822 x 1122 px for a poker card, 597 x 1122 px
  for a domino card (1.75 x 3.5 in); its bridge card (2.25 x 3.5 in) by the
  same rule, 747 x 1122 px. Its safe zone is as wide as its bleed, inside the cut.
- **DriveThruCards** takes one PDF per deck, one card per page, each card's
  back then its front (page 1 the back of card 1, page 2 its front, and so on
  through the deck: the pages' order is the printed deck's), CMYK with at most
  240 % total ink, 1/8 in of bleed on every side (a poker card's page is 2.75 x
  3.75 in), no crop marks, as PDF/X-1a:2003. Its safe zone is 1/8 in inside
  the cut. Its print-on-demand (OneBookShelf's, as for DriveThruRPG and
  DMsGuild) sets files up for the US press, "SWOP (Coated)" (OneBookShelf's
  requirements as tatoskok.com/2019/08/13/using-affinity-publisher-for-dmsguild-print-on-demand
  sums them up), so its PDF names SWOP (``pdfx.SWOP``), not FOGRA39, as its
  printing condition.

Folding boards, at **The Game Crafter** (its help page "Game Boards",
help.thegamecrafter.com/article/90-game-boards, and each product's page at
thegamecrafter.com/make/products/NAME give the artwork's pixels, which two
public projects that upload to it record alike: github.com alex-gon's
thegamecrafter-mcp-server and a CardForge plan): the Bi-Fold Game Board is
2775 x 5475 px (9 x 18 in, folded in half to 9 x 9), the Quad-Fold 5475 x
5475 px (18 x 18 in, folded in four), the Large Quad-Fold 6075 x 6075 px (20
x 20 in), the Medium Six-Fold 4875 x 4875 px (16 x 16 in) and the Six-Fold
8175 x 5475 px (27 x 18 in): each its cut with 1/8 in (37.5 px) of bleed on
every side, as its cards. A folding board is printed on its face only
("one-sided gloss"): a board's back design is not printed there. A board
may be the product turned a quarter (an 18 x 9 in board is the Bi-Fold's
image turned).

A kind of piece is printed by a service when one of the service's products
has its form, outline and size (within ``FIT_MM``); the faces are drawn at
the product's exact size. Which of a service's pieces an outline is printed as
(``square``, ``round``, ``oblong``) is the shape registry's to say
(``pieces.shapes``: ``PieceShape.service``).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...drawing.printing import FOGRA39, SWOP, PrintingCondition
from ...pieces.kinds import Form, PieceKind
from ...units import MM_PER_UNIT

INCH = MM_PER_UNIT["in"]
FIT_MM = 1.0
"""How far a piece's size may be from a product's and still be printed as it: a 57 x 89 mm card
is a bridge card (57.15 x 88.9 mm); a 60 mm one is not."""
DPI = 300


@dataclass(frozen=True)
class Size:
    """One of a service's products: its name there, the pieces it makes (forms, and the outline as
    the shape registry's ``service`` names it) and its cut size in inches."""

    name: str
    forms: tuple[Form, ...]
    shape: str
    inches: tuple[float, float]
    folds: str = ""
    """How a folding board folds (``in half``, ``in four``...), "" for a piece that does not."""

    @property
    def mm(self) -> tuple[float, float]:
        return self.inches[0] * INCH, self.inches[1] * INCH

    @property
    def label(self) -> str:
        """``Quad-Fold Game Board (18 x 18 in)``: its name and its size, as a guide says it."""
        w, h = self.inches
        return f"{self.name} ({w:g} x {h:g} in)"

    def fits(self, kind: PieceKind) -> bool:
        return self.takes(kind) and self.off(kind) <= FIT_MM

    def takes(self, kind: PieceKind) -> bool:
        """Whether the kind's form and outline are this product's (a folding board any four-sided one: its
        size says which)."""
        outline = kind.piece_shape.service
        return kind.form in self.forms and (outline == self.shape or bool(self.folds) and outline in FOUR_SIDED)

    def off(self, kind: PieceKind) -> float:
        """How far the kind's size is from this product's, in millimetres (the worse side), the board
        turned a quarter if that is nearer (a folding board's image is turned to the product's)."""
        width, height = self.mm
        upright = max(abs(kind.width - width), abs(kind.height - height))
        if not self.folds:
            return upright
        return min(upright, max(abs(kind.width - height), abs(kind.height - width)))

    def turned(self, kind: PieceKind) -> bool:
        """Whether the kind's face is turned a quarter to be this product's image."""
        width, height = self.mm
        return bool(self.folds) and max(abs(kind.width - width), abs(kind.height - height)) > FIT_MM


CARDS = (Form.CARD,)
CHITS = (Form.TILE, Form.TOKEN)
BOARDS = (Form.BOARD,)
NEAR_MM = 25.4
"""A board within an inch of a folding board's size (but not within ``FIT_MM``) was meant for it: it is
refused, saying the size to make it, rather than left out without a word."""
OBLONG, SQUARE, ROUND = "oblong", "square", "round"
FOUR_SIDED = (SQUARE, OBLONG)


@dataclass(frozen=True)
class Service:
    """A print-on-demand service: its name, site, folder in the kit, bleed and safe zone (each in
    millimetres, on every side), the products it prints, and whether it takes a PDF per deck
    (else an image per face)."""

    key: str
    name: str
    site: str
    bleed_mm: float
    safe_mm: float
    sizes: tuple[Size, ...]
    pdf: bool = False
    also: str = ""
    """Another site that takes the same files."""
    condition: PrintingCondition = FOGRA39
    """The printing condition its PDF names (PDF/X's output intent): the one it asks for."""

    def size_of(self, kind: PieceKind) -> Size | None:
        return next((size for size in self.sizes if size.fits(kind)), None)

    def near(self, kind: PieceKind) -> Size | None:
        """The folding board a board almost matches (within ``NEAR_MM``, not within ``FIT_MM``), if any."""
        if kind.form not in BOARDS or self.size_of(kind) is not None:
            return None
        close = [size for size in self.sizes if size.takes(kind) and size.off(kind) <= NEAR_MM]
        return min(close, key=lambda size: size.off(kind), default=None)

    @property
    def bleed_px(self) -> float:
        return self.bleed_mm / INCH * DPI


GAME_CRAFTER = Service(
    "the-game-crafter", "The Game Crafter", "https://www.thegamecrafter.com", INCH / 8, INCH / 8,
    (
        Size("Poker Deck", CARDS, OBLONG, (2.5, 3.5)),
        Size("Bridge Deck", CARDS, OBLONG, (2.25, 3.5)),
        Size("Mini Deck", CARDS, OBLONG, (1.75, 2.5)),
        Size("Micro Deck", CARDS, OBLONG, (1.25, 1.75)),
        Size("Business Deck", CARDS, OBLONG, (2.0, 3.5)),
        Size("Tarot Deck", CARDS, OBLONG, (2.75, 4.75)),
        Size("Jumbo Deck", CARDS, OBLONG, (3.5, 5.5)),
        Size("Square Deck", CARDS, SQUARE, (3.5, 3.5)),
        Size("Small Square Chit", CHITS, SQUARE, (0.5, 0.5)),
        Size("Medium Square Chit", CHITS, SQUARE, (0.75, 0.75)),
        Size("Large Square Chit", CHITS, SQUARE, (1.0, 1.0)),
        Size("Small Circle Chit", CHITS, ROUND, (0.5, 0.5)),
        Size("Medium Circle Chit", CHITS, ROUND, (0.75, 0.75)),
        Size("Large Circle Chit", CHITS, ROUND, (1.0, 1.0)),
        Size("Bi-Fold Game Board", BOARDS, OBLONG, (9.0, 18.0), folds="in half"),
        Size("Quad-Fold Game Board", BOARDS, SQUARE, (18.0, 18.0), folds="in four"),
        Size("Large Quad-Fold Game Board", BOARDS, SQUARE, (20.0, 20.0), folds="in four"),
        Size("Medium Six-Fold Game Board", BOARDS, SQUARE, (16.0, 16.0), folds="in six"),
        Size("Six-Fold Game Board", BOARDS, OBLONG, (27.0, 18.0), folds="in six"),
    ),
)
MAKE_PLAYING_CARDS = Service(
    "makeplayingcards", "MakePlayingCards", "https://www.makeplayingcards.com", 0.12 * INCH, 0.12 * INCH,
    (
        Size("Poker size", CARDS, OBLONG, (2.5, 3.5)),
        Size("Bridge size", CARDS, OBLONG, (2.25, 3.5)),
        Size("Domino size", CARDS, OBLONG, (1.75, 3.5)),
    ),
    also="PrinterStudio (https://www.printerstudio.com)",
)
DRIVE_THRU_CARDS = Service(
    "drivethrucards", "DriveThruCards", "https://www.drivethrucards.com", INCH / 8, INCH / 8,
    (Size("Poker size", CARDS, OBLONG, (2.5, 3.5)),),
    pdf=True, condition=SWOP,
)
SERVICES = {service.key: service for service in (GAME_CRAFTER, MAKE_PLAYING_CARDS, DRIVE_THRU_CARDS)}
MAX_INK = 2.4
"""DriveThruCards' limit on total ink, cyan + magenta + yellow + black, anywhere on a card."""
