"""Each service's "get it printed" page: which file to upload where, what to choose, what to expect.

One short, self-contained HTML page per service folder, light or dark as the
reader's system asks, that the kit's index lists first in its section. It
names the service's product for each deck, the files in upload order, the
faces printed more than once, the card stock and finish to choose, the bleed
and safe zone the files already keep, and that ink on card is duller than a
screen.
"""

from __future__ import annotations

from collections import Counter
from html import escape

from ...facts.wording import capitalised
from ...games.base import Game
from ...units import MM_PER_UNIT
from .build import Deck, Export
from .services import DPI, MAX_INK, Service, Size
from ...html_page import PALETTE, html_page

STYLE = PALETTE + """main { max-width: 46rem; margin: 0 auto; padding: 1rem 1rem 3rem; }
h1 { font-size: 1.8rem; line-height: 1.2; }
h2 { margin-top: 2rem; border-bottom: 2px solid var(--rule); padding-bottom: .2rem; font-size: 1.3rem; }
a { color: var(--link); }
.panel { background: var(--panel); padding: .6rem 1rem; border-radius: .4rem; }
.quiet { color: var(--quiet); }
code { overflow-wrap: anywhere; }
"""

CHOICES = {
    "the-game-crafter": (
        "Cards: The Game Crafter prints them on its own card stock; where it offers a UV coating, take it"
        " for cards that are shuffled often (it protects the ink and helps them slide). Chits are punched"
        " out of thick board: there is nothing to choose."
    ),
    "makeplayingcards": (
        "Choose a black-core card stock, so that no back shows through a card held to the light: its"
        " smooth one (S33, superior smooth) is the usual choice for games, its linen one (M31) if you like a"
        " textured card that fans easily. Round corners are standard."
    ),
    "drivethrucards": (
        "Take the premium card stock where you are offered a choice; it is thicker and coated, and"
        " wears better under shuffling. Round corners are cut by the service: the file has none."
    ),
}
"""The card stock and finish to choose at each service, in a sentence or two."""


def _inches(size: Size) -> str:
    w, h = size.inches
    return f"{w:g} x {h:g} in"


def _px(length_mm: float) -> int:
    return round(length_mm / MM_PER_UNIT["in"] * DPI)


def _whole_px(service: Service, size: Size) -> tuple[int, int]:
    w, h = size.mm
    return _px(w + 2 * service.bleed_mm), _px(h + 2 * service.bleed_mm)


def _repeated(deck: Deck) -> str:
    """The faces printed more than once, with their counts: what a quantity box must say."""
    counts = Counter({piece.face.name: 0 for piece in deck.pieces})
    for piece in deck.pieces:
        counts[piece.face.name] += piece.count
    more = [f"{name} x {count}" for name, count in counts.items() if count > 1]
    return ", ".join(more)


def _steps(service: Service, deck: Deck, size: Size, files: tuple[str, ...]) -> list[str]:
    """The upload steps for one deck, as list items (HTML)."""
    fronts = [f for f in files if not f.endswith("/back.png")]
    back = next((f for f in files if f.endswith("/back.png")), None)
    n = deck.count
    kind = escape(deck.kind.plural)
    the = escape(deck.kind.noun.the(n))
    folder = f"<code>{escape(deck.folder)}/</code>"
    repeated = _repeated(deck)
    quantity = f" Some faces are printed more than once: set their quantity ({escape(repeated)})." if repeated else ""
    if service.pdf:
        return [
            f"Sign in to the service's publisher pages and make a new print-on-demand card product, {escape(size.label)}"
            f", of {n} cards.",
            f"Upload <code>{escape(files[0])}</code> as its card file: {2 * n} pages, each card's back then its"
            " front, in the deck's order.",
            "Order one printed proof copy before you make the title available.",
        ]
    if size.folds:
        return _board_steps(deck, size, fronts)
    if service.key == "the-game-crafter":
        chit = "Chit" in size.name
        steps = [f"Open your game at the site and add a component: <b>{escape(size.name)}</b> ({_inches(size)}), "
                 f"for {the}."]  # fmt: skip
        if back is not None:
            steps.append(f"Upload <code>{escape(back)}</code> as the back{' of every chit' if chit else ''}.")
        steps.append(f"Upload the {len(fronts)} faces in {folder} (a {'chit' if chit else 'card'} each).{quantity}")
        return steps
    steps = [
        f"Choose custom game cards, <b>{escape(size.name)}</b> ({_inches(size)}), and the number of cards: {n} (the deck's"
        f" {kind}; a price step may round it up: the extra cards come blank).",
        f"Fronts, <i>different images</i>: upload the {len(fronts)} files in {folder}, whose names keep the"
        f" deck's order.{quantity}",
    ]
    if back is not None:
        steps.append(f"Backs, <i>same image</i> for every card: <code>{escape(back)}</code>.")
    return steps


def _board_steps(deck: Deck, size: Size, fronts: list[str]) -> list[str]:
    """A folding board's steps: the product to add, its face to upload, what folding asks of the picture."""
    kind = deck.kind
    steps = [f"Open your game at the site and add a component: <b>{escape(size.name)}</b> ({_inches(size)}),"
             f" for {escape(kind.noun.the(deck.count))}"
             + (f" (a component each: quantity {deck.count} if they are alike)." if deck.count > 1 else ".")]  # fmt: skip
    steps.append(f"Upload {' and '.join(f'<code>{escape(f)}</code>' for f in fronts)} as its face"
                 f"{'s' if len(fronts) > 1 else ''}: it is printed on one side, and folds {escape(size.folds)}.")  # fmt: skip
    if deck.back is not None:
        steps.append(f"The {escape(kind.singular)}'s back ({escape(deck.back.description)}) is not printed there: a"
                     " folding board has one printed side.")  # fmt: skip
    steps.append("Look at it in the site's 3D viewer before you order: keep words and small pieces of the picture off"
                 " the folds.")
    return steps


def guide_html(game: Game, export: Export, marking: str) -> str:
    """The page for ``export`` (one service's files for ``game``)."""
    service = export.service
    title = f"{game.title} at {service.name}: get it printed"
    body = [f"<h1>{escape(title)}</h1>"]
    intro = (f"Everything in this folder is made for <a href=\"{escape(service.site)}\">{escape(service.name)}</a>"
             + (f", and works as it is at {escape(service.also)}" if service.also else "")
             + ". Upload the files as they are: they are the size the service asks for, with its bleed.")  # fmt: skip
    if marking != "none":
        intro += f" The faces carry each colour's {escape(marking.removesuffix('s'))}, for colour-blind players."
    body.append(f'<p class="panel">{intro}</p>')
    for deck, size, files in export.decks:
        body.append(f"<h2>{escape(capitalised(deck.kind.plural))}{escape(_own_back(deck))}: {escape(size.label)}</h2>")
        body.append("<ol>" + "".join(f"<li>{step}</li>" for step in _steps(service, deck, size, files)) + "</ol>")
        body.append(f"<p>{_size_words(service, deck, size)}</p>")
    body.append("<h2>Card stock and finish</h2>")
    choices = CHOICES[service.key]
    if any(size.folds for _, size, _ in export.decks):
        choices += (" Folding boards are printed in gloss on one side, wrapped round thick board, and folded by the"
                    " service: there is nothing to choose but the size, which the file already is.")  # fmt: skip
    body.append(f"<p>{escape(choices)}</p>")
    body.append("<h2>Colours print duller than a screen shows them</h2>")
    body.append(
        "<p>A screen glows; card only reflects the light that falls on it, and no ink reaches a screen's"
        " brightest reds, greens and blues: those print visibly darker and greyer, the other colours a little."
        + (" The file is already in print inks (CMYK)." if service.pdf else
           " The images are screen colours (RGB): the service turns them into its inks.")
        + " Order a single copy first and look at it in daylight before you order more.</p>"
    )  # fmt: skip
    if export.left_out:
        left = "; ".join(
            f"{escape(kind.plural)} ({kind.width:g} x {kind.height:g} mm, {escape(kind.piece_shape.name)})" for kind in export.left_out
        )  # fmt: skip
        sizes = ", ".join(f"{escape(s.name)} ({_inches(s)})" for s in service.sizes)
        body.append(f'<p class="quiet">Not here: {left}. {escape(service.name)} has no product of that size; it prints {sizes}.'
                    " The kit's images and sheets have them.</p>")  # fmt: skip
    return html_page(title, STYLE.strip(), body)


def _own_back(deck: Deck) -> str:
    default = deck.kind.back
    if deck.back is None or default is None or deck.back.name == default.name:
        return ""
    return f" with the back {deck.back.name}"


def _size_words(service: Service, deck: Deck, size: Size) -> str:
    """The numbers the files keep, for whoever checks them against the service's template."""
    w, h = _whole_px(service, size)
    cw, ch = _px(size.mm[0]), _px(size.mm[1])
    bleed = service.bleed_px
    safe = service.safe_mm / MM_PER_UNIT["in"]
    if service.pdf:
        return escape(
            f"Each page is {w / DPI:g} x {h / DPI:g} in: the card, {_inches(size)}, with {service.bleed_mm / MM_PER_UNIT['in']:g} in"
            f" of bleed on every side (its TrimBox and BleedBox say so), in CMYK with at most {MAX_INK:.0%} ink."
            f" Text and marks stay {safe:g} in inside the cut; no crop marks."
        )  # fmt: skip
    return escape(
        f"Each image is {w} x {h} px at {DPI} dpi: the cut is the middle {cw} x {ch} px ({_inches(size)}),"
        f" with {bleed:g} px of bleed on every side. Text and marks stay {safe:.3g} in inside the cut"
        f" ({service.safe_mm / MM_PER_UNIT['in'] * DPI:g} px)."
    )  # fmt: skip
