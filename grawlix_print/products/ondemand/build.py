"""The files each print-on-demand service takes, sized, named and ordered as it asks.

For each service (``services``), each kind of piece it prints gets a folder
of its own: The Game Crafter's and MakePlayingCards' an image per distinct
face and one back (the back every piece of that deck shares), DriveThruCards'
one PDF per deck. Beside them, ``GET-IT-PRINTED.html`` (``guide``) says which
file to upload where, which card stock and finish to choose, and that ink
on card is duller than a screen.

A face is rendered once, at the product's exact size, and each service's
image is a crop of it (``pieces.raster``): The Game Crafter's 825 x 1125 px
and MakePlayingCards' 822 x 1122 px poker cards are the same picture with
1/8 in and 0.12 in of bleed. DriveThruCards' PDF is drawn in vectors in CMYK,
as the press sheets are, each ink held to the service's 240 % total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from PIL.Image import Transpose

from ...drawing.document import MM as mm
from ...drawing.document import Document, Metadata
from ...drawing.ink import Ink
from ...drawing.pdf.surface import PdfSurface
from ...drawing.surface import Surface
from ...errors import StudioError
from ...facts.wording import capitalised, possessive
from ...files import Written, slug, write_bytes, write_text
from ...games.base import RULEBOOK_FILE, Game
from ...notes import note
from ...pieces.faces import FaceStyle, PieceFace
from ...pieces.kinds import Piece, PieceKind, kinds_to_mark
from ...pieces.raster import PRINT_DPI, png, render
from .services import FIT_MM, MAX_INK, SERVICES, Service, Size

GUIDE = "GET-IT-PRINTED.html"
"""Upper case, as README files are, so that it comes first in a listing of its folder and the kit's index."""


def marked(name: str, marking: str) -> str:
    """``cards`` is ``cards-letters`` for a marked set: every folder and file of one says so."""
    return name if marking == "none" else f"{name}-{marking}"


@dataclass(frozen=True)
class Deck:
    """The pieces of one kind that share a back, as one upload: its folder, back and pieces. Most kinds
    are one deck; pieces with backs of their own make one more deck per back."""

    kind: PieceKind
    folder: str
    back: PieceFace | None
    pieces: tuple[Piece, ...]

    @property
    def count(self) -> int:
        return sum(piece.count for piece in self.pieces)


def decks_of(kind: PieceKind) -> list[Deck]:
    """The kind's pieces grouped by the back they are printed with, the kind's own back first."""
    groups: dict[str, tuple[PieceFace | None, list[Piece]]] = {}
    for piece in kind.pieces:
        back = kind.back_of(piece)
        groups.setdefault(back.name if back is not None else "", (back, []))[1].append(piece)
    folder = slug(kind.name)
    return [
        Deck(kind, folder if k == 0 else f"{folder}-{slug(name)}", back, tuple(pieces))
        for k, (name, (back, pieces)) in enumerate(groups.items())
    ]


@dataclass(frozen=True)
class Export:
    """What one service got: its folder, each deck with the service's product and files, and the
    kinds it does not print."""

    service: Service
    folder: str
    decks: tuple[tuple[Deck, Size, tuple[str, ...]], ...]
    left_out: tuple[PieceKind, ...]


def chosen_services(game: Game, names: Sequence[str] | None) -> list[Service]:
    """The services to export for: those named (each must print one of the game's kinds), or every
    service that prints one."""
    kinds = game.piece_kinds()
    if names is None:
        return [s for s in SERVICES.values() if any(s.size_of(kind) for kind in kinds)]
    chosen = []
    for name in names:
        service = SERVICES[name]
        if not any(service.size_of(kind) for kind in kinds):
            pieces = ", ".join(f"{kind.plural} of {kind.width:g} x {kind.height:g} mm" for kind in kinds)
            sizes = ", ".join(dict.fromkeys(size.label for size in service.sizes))
            raise StudioError(f"{service.name} prints none of {game.name}'s pieces ({pieces}); it prints {sizes}")
        chosen.append(service)
    return chosen


def build_on_demand(
    game: Game, out: str | Path, services: Sequence[str] | None = None, markings: str | None = None
) -> list[Written]:
    """Every chosen service's files and guide for ``game``'s pieces, in ``out`` (a folder per service).
    ``markings`` None: the colour-blind default (``colour_blind``), letters where colours look alike."""
    from ..colour_blind import default_marking
    from .guide import guide_html

    if markings is None:
        markings = default_marking(game)
    kinds = kinds_to_mark(game.piece_kinds(), markings, game.name)
    chosen = chosen_services(game, services)
    if not chosen:
        raise StudioError(f"none of the print-on-demand services prints {game.name}'s pieces")
    check_near_misses(kinds, chosen)
    game.check()
    out = Path(out)
    planned: list[list[Written | Path]] = []  # each service's files in order: a PDF as written, an image by its path
    wanted: dict[tuple[str, str, tuple[float, float]], list[Image]] = {}  # each face at each size, and its images
    exports = []
    for service in chosen:
        folder = marked(service.key, markings)
        made, left = [], []
        files_of_service: list[Written | Path] = []
        for kind in kinds:
            size = service.size_of(kind)
            if size is None:
                left.append(kind)
                continue
            for deck in decks_of(kind):
                if service.pdf:
                    files, items = _drive_thru_files(game, service, size, deck, out / folder, markings)
                    files_of_service += items
                else:
                    images = _deck_images(service, size, deck, out / folder)
                    for image in images:
                        wanted.setdefault((kind.name, image.face.name, rendered_size(size, kind)), []).append(image)
                    files = [f"{deck.folder}/{image.path.name}" for image in images]
                    files_of_service += [image.path for image in images]
                made.append((deck, size, tuple(files)))
        exports.append(Export(service, folder, tuple(made), tuple(left)))
        planned.append(files_of_service)
    drawn = _write_images(wanted, markings)
    written: list[Written] = []
    for export, in_order in zip(exports, planned):
        written += [drawn[item] if isinstance(item, Path) else item for item in in_order]
        path = write_text(out / export.folder / GUIDE, guide_html(game, export, markings))
        written.append(Written(path, "print guide", {"service": export.service.name, "markings": markings}))
    return written


def check_near_misses(kinds: Sequence[PieceKind], services: Sequence[Service]) -> None:
    """A board almost the size of a service's folding board was meant for it: one line saying the size
    to make it, naming the kind, its file and key, before anything is written."""
    for service in services:
        for kind in kinds:
            size = service.near(kind)
            if size is None:
                continue
            w, h = size.mm
            where = f"{kind.source}: {kind.name}.size" if kind.source else f"{kind.name}.size"
            raise StudioError(f"the {kind.singular} is {kind.width:g} x {kind.height:g} mm, not the {w:g} x {h:g} mm of"
                              f" {service.name}'s {size.label} (within {FIT_MM:g} mm): make it that size to order"
                              " it there", where)  # fmt: skip


def rendered_size(size: Size, kind: PieceKind) -> tuple[float, float]:
    """The size a face is rendered at for ``size``: the product's, turned back a quarter for a board that
    is the product turned (its image is then turned to the product's)."""
    width, height = size.mm
    return (height, width) if size.turned(kind) else (width, height)


@dataclass(frozen=True)
class Image:
    """One image a service takes: the face, the bleed it is cut with, where it goes, what it says."""

    face: PieceFace
    bleed_mm: float
    path: Path
    params: dict
    turned: bool = False
    """Whether it is the face turned a quarter (a board turned to a folding board's template)."""


def _deck_images(service: Service, size: Size, deck: Deck, folder: Path) -> list[Image]:
    """One deck's images for one service: its faces in deck order, then the back."""
    faces = list(dict.fromkeys(piece.face for piece in deck.pieces))
    numbered = service.key != "the-game-crafter"  # an uploader that keeps the files' order needs it in their names
    width = len(str(len(faces)))
    sides: list[tuple[str, PieceFace, str]] = [
        (f"{k:0{width}d}-{face.name}.png" if numbered else f"{face.name}.png", face, "front")
        for k, face in enumerate(faces, 1)
    ]
    if deck.back is not None and not size.folds:  # a folding board is printed on its face alone
        sides.append(("back.png", deck.back, "back"))
    return [Image(face, service.bleed_mm, folder / deck.folder / name,
                  {"service": service.name, "kind": deck.kind.name, "product": size.name, "side": side,
                   "face": face.description, "dpi": PRINT_DPI}, size.turned(deck.kind))  # fmt: skip
            for name, face, side in sides]


def _write_images(wanted: dict[tuple[str, str, tuple[float, float]], list[Image]], marking: str) -> dict[Path, Written]:
    """Each face rendered once at each size a service takes, every service's image of it cut and
    written, and the rendering let go before the next (a deck's thousands of faces at 300 dpi would
    not fit in memory together); what was written, by path."""
    from ...heap import kept_for_reuse

    written = {}
    with kept_for_reuse():
        for (_, _, size_mm), images in wanted.items():
            rendered = render(images[0].face, marking, size_mm, PRINT_DPI)
            for image in images:
                picture = rendered.with_bleed(image.bleed_mm)
                if image.turned:  # the board turned a quarter, as the product's template stands
                    picture = picture.transpose(Transpose.ROTATE_90)
                path = write_bytes(image.path, png(picture, PRINT_DPI))
                written[path] = Written(path, "print-on-demand image",
                                        {**image.params, "pixels": list(picture.size), "markings": marking})  # fmt: skip
            del rendered
    return written


def _drive_thru_files(game: Game, service: Service, size: Size, deck: Deck, folder: Path,
                      marking: str) -> tuple[list[str], list[Written]]:  # fmt: skip
    """One deck as one PDF, for a service that takes a PDF (DriveThruCards)."""
    path = _drive_thru_pdf(game, service, size, deck, folder / f"{slug(game.title, game.name)}-{deck.folder}.pdf", marking)
    params = {"service": service.name, "kind": deck.kind.name, "piece": deck.kind.singular, "plural": deck.kind.plural,
              "product": size.name, "cards": deck.count, "pages": 2 * deck.count, "markings": marking, "colour": "cmyk"}  # fmt: skip
    return [path.name], [Written(path, "print-on-demand pdf", params)]


# --- DriveThruCards: one CMYK PDF per deck, back then front ------------------------------------


def limited(ink: Ink, most: float = MAX_INK) -> Ink:
    """``ink`` with its total held to ``most``: black kept, cyan, magenta and yellow scaled down
    together (the hue kept, the colour a little lighter), as a printer's ink limit does."""
    c, m, y, k = ink.cmyk
    if c + m + y + k <= most + 1e-9:
        return ink
    scale = max(0.0, most - k) / (c + m + y)
    return Ink(ink.rgb, (c * scale, m * scale, y * scale, k))


class InkLimitedSurface(PdfSurface):
    """A CMYK PDF surface that holds every ink to ``most`` total, counting the inks it had to hold."""

    def __init__(self, canvas, cmyk: bool = True, unit_pt: float = mm, most: float = MAX_INK) -> None:
        super().__init__(canvas, cmyk=cmyk, unit_pt=unit_pt)
        self.most = most
        self.held: set[tuple[float, ...]] = set()

    def _held(self, ink: Ink) -> Ink:
        safe = limited(ink, self.most)
        if safe is not ink:
            self.held.add(ink.cmyk)
        return safe

    def _fill(self, ink: Ink) -> None:
        super()._fill(self._held(ink))

    def _stroke_colour(self, ink: Ink) -> None:
        super()._stroke_colour(self._held(ink))


def credits_of(game: Game) -> tuple[tuple[str, ...], str, str, tuple[str, ...]]:
    """The authors, licence, its address and keywords the PDF's metadata carries (from the rulebook,
    when the game has one written)."""
    if (game.templates / RULEBOOK_FILE).is_file():
        meta = game.front_matter
        return meta.authors, meta.licence, meta.licence_url, meta.keywords
    return (game.title,), "licence as in the game's rulebook", "", ()


def _drawn(face: PieceFace, w: float, h: float, style: FaceStyle) -> Callable[[Surface], None]:
    return lambda surface: face.draw(surface, 0.0, 0.0, w, h, style)


def _drive_thru_pdf(game: Game, service: Service, size: Size, deck: Deck, path: Path, marking: str) -> Path:
    """The deck as DriveThruCards takes it: one card a page, the card's back then its front, a card
    printed twice twice, pages of the card and its bleed with a TrimBox and BleedBox, in CMYK."""
    w, h = size.mm
    b = service.bleed_mm
    authors, licence, licence_url, keywords = credits_of(game)
    document = Document(Metadata(
        f"{game.title}: {deck.kind.plural} for {service.name}",
        f"{capitalised(deck.kind.noun.the(deck.count))} of {game.title}, {size.label}, each back then front, with"
        f" {b:.3g} mm of bleed.", (*keywords, "print on demand", "cards"), authors, licence, licence_url,
    ), cmyk=True, unit=mm, press=True, surface=InkLimitedSurface, condition=service.condition)  # fmt: skip
    held: set[tuple[float, ...]] = set()
    for piece in deck.pieces:
        for _ in range(piece.count):
            for face in (deck.back, piece.face):
                trim, bleed = (b, b, b + w, b + h), (0, 0, w + 2 * b, h + 2 * b)
                with document.page(w + 2 * b, h + 2 * b, trim, bleed) as surface:
                    if face is not None:  # a card with no back design gets a blank back page
                        style = FaceStyle(b, marking)
                        with surface.transformed(b, b):  # each face once in the file: the backs repeat
                            surface.stamp((face.name, w, h, style), max(w, h) + b, _drawn(face, w, h, style))
                    assert isinstance(surface, InkLimitedSurface)
                    held = surface.held
    if held:
        note(f"{len(held)} of the {possessive(deck.kind.plural)} inks were held to {MAX_INK:.0%} total ink for {service.name}")
    return document.save(path)
