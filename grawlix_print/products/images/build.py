"""Every printable face as a PNG, per kind of piece, and each kind as a Tabletop Simulator saved object.

Print-on-demand services ask for one image per distinct face at 300 dpi,
each with 1/8 in of bleed on every side (a poker card, 2.5 x 3.5 in,
becomes 2.75 x 3.75 in: 825 x 1125 px), and one per back. Each kind of piece
has a folder of its own (``cards/``, ``tiles/``), so that a game with tiles
and cards gets both and no two kinds' files can share a name; a back is
named by its design (``back-light.png``).

For Tabletop Simulator, ``tts/`` holds one saved object per kind
(``tts/GAME-KIND.json``, see ``tts``) and the pictures it loads: cards as
deck sheets at 150 dpi (``tts/cards/deck-1.png``, the back beside them),
tiles and tokens one 300 dpi picture each, cut to their outline.

Every face is rendered once, by the same code as the sheets, and every
picture of it is a crop of that rendering (``pieces.raster``). A marked set
(``--markings letters``) ends every name in ``-letters``, as the sheets'
names do, so it sits beside the plain set instead of replacing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from ...errors import StudioError
from ...facts.wording import paragraph
from ...files import Written, slug, write_bytes, write_text
from ...games.base import Game
from ...notes import note
from ...pieces.faces import PieceFace
from ...pieces.kinds import Piece, PieceKind, kinds_to_mark
from ...pieces.raster import PRINT_DPI, pixels, png
from ...units import MM_PER_UNIT
from ..colour_blind import default_marking, kind_marking
from . import tts
from .rendering import PRINT_BLEED_MM, FaceFiles, FaceWork, in_turn
TTS_FOLDER = "tts"
NOTES_FILE = "README.txt"
SAVED_OBJECTS = (
    ("Windows", r"Documents\My Games\Tabletop Simulator\Saves\Saved Objects"),
    ("macOS", "~/Library/Tabletop Simulator/Saves/Saved Objects"),
    ("Linux", "~/.local/share/Tabletop Simulator/Saves/Saved Objects"),
)
"""Where Tabletop Simulator keeps the saved objects its *Objects > Saved Objects* menu lists."""


def local_address(folder: Path) -> str:
    """The address of ``folder/tts`` on this computer, for saved objects that load local pictures."""
    return (folder / TTS_FOLDER).resolve().as_uri() + "/"


def marked(name: str, marking: str) -> str:
    """A file's name for ``marking``: ``card-08.png`` is ``card-08-shapes.png``, as the sheets name theirs,
    so that marked images sit beside the plain ones instead of replacing them; unmarked, ``name``."""
    stem, dot, suffix = name.rpartition(".")
    return name if marking == "none" else f"{stem}-{marking}{dot}{suffix}"


def marked_kinds(game: Game, marking: str) -> tuple[PieceKind, ...]:
    """The kinds whose images ``marking`` makes (``kinds_to_mark``); a kind left out for having no
    colours is named in a note, its unmarked images serving."""
    every = game.piece_kinds()
    kinds = kinds_to_mark(every, marking, game.name)
    for kind in every:
        if all(kind is not marked for marked in kinds):
            one = kind.count == 1
            note(f"{kind.noun.the(kind.count)} {'has' if one else 'have'} no colours to mark:"
                 f" {'its' if one else 'their'} unmarked images serve")
    return kinds


def backs_of(kind: PieceKind) -> list[tuple[str, PieceFace]]:
    """Every back a kind's pieces may be printed with, by file stem, each once: each of the kind's
    designs (``back-light``), then the pieces' own backs that are none of them, under their own names."""
    found = [(f"back-{design}", face) for design, face in kind.backs.items()]
    for piece in kind.pieces:
        if piece.back is not None and all(piece.back != face and piece.back.name != stem for stem, face in found):
            found.append((piece.back.name, piece.back))
    return found


def back_stem(kind: PieceKind, piece: Piece) -> str | None:
    """The file stem of the back ``piece`` is played with: its own (one of the kind's designs is named
    by its design), else the kind's default."""
    if piece.back is None:
        return f"back-{next(iter(kind.backs))}" if kind.backs else None
    design = next((name for name, face in kind.backs.items() if face == piece.back), None)
    return f"back-{design}" if design is not None else piece.back.name


def _unique(names: Sequence[str], where: str) -> None:
    seen = set()
    for name in names:
        if name in seen:
            raise StudioError(f"two pictures would both be called {name}.png: each face needs a name of its own", where)
        seen.add(name)


@dataclass(frozen=True)
class KindImages:
    """What was written for one kind, for the notes: its folder, faces and backs, and for Tabletop
    Simulator its saved object and, for cards, its sheets."""

    kind: PieceKind
    folder: str
    faces: tuple[str, ...]
    backs: tuple[str, ...]
    saved_object: str
    sheets: tuple[tuple[str, tts.Sheet], ...]
    cut_px: tuple[int, int]
    whole_px: tuple[int, int]
    marking: str


def build_images(
    game: Game, out: str | Path, markings: str | None = None, tts_url: str = "", final: Path | None = None,
    workers: int | None = None,
) -> list[Written]:  # fmt: skip
    """Every face and back as a print PNG per kind, the Tabletop Simulator saved objects with their
    pictures, and a notes file, in ``out``. ``tts_url`` is where the saved objects find the ``tts``
    folder's pictures (ending in ``/``); empty, they find them in ``final/tts`` on this computer
    (``final``: where the files will be once written, if not ``out``). The faces are rendered on
    ``workers`` processes (None: every core), one at a time each (``rendering``)."""
    if markings is None:  # by default each kind carries its colours' letters where they look alike
        chosen = [(kind, kind_marking(kind)) for kind in game.piece_kinds()]
        markings = default_marking(game)
    else:
        chosen = [(kind, markings) for kind in marked_kinds(game, markings)]
    game.check()
    if not chosen:
        raise StudioError(f"{game.name} has no printable pieces to make images of")
    out = Path(out)
    prefix = tts_url or local_address(final or out)
    for kind, _ in chosen:
        stems = [face.name for face in kind.faces] + [stem for stem, _ in backs_of(kind)]
        _unique(stems, f"{kind.source or game.name}: {kind.name}")
    work = [w for kind, marking in chosen for w in _work(kind, marking, out)]
    files = in_turn(work, workers)
    written: list[Written] = []
    made = []
    for kind, marking in chosen:
        items, info = _kind(game, kind, out, marking, prefix, files)
        written += items
        made.append(info)
    path = write_text(out / marked(NOTES_FILE, markings), notes(game, made, markings, tts_url))
    written.append(Written(path, "image notes", {"markings": markings}))
    return written


def kind_params(kind: PieceKind) -> dict[str, str]:
    """What a written file's record says of its kind: its name, and its words (for the kit's index)."""
    return {"kind": kind.name, "piece": kind.singular, "plural": kind.plural}


def _work(kind: PieceKind, marking: str, out: Path) -> list[FaceWork]:
    """A kind's faces and backs to render, each once, in the order their files are made: a deck's
    as its sheets show them (each run's back, then its faces), so that each sheet is pasted and
    written as its faces come; then the rest (a tile's faces and backs as they are listed). Each
    print image goes to ``out``/KIND/STEM.png, a tile's own picture to ``out``/tts/KIND/STEM.png."""
    sides = {face.name: face for face in kind.faces} | dict(backs_of(kind))
    folder = slug(kind.name)

    def printed(stem: str) -> Path:
        return out / folder / marked(f"{stem}.png", marking)

    if tts.laid_face_up(kind):
        tiles = {face.name for face in kind.faces} | {s for p in kind.pieces if (s := back_stem(kind, p))}
        turn = kind.piece_shape.tts_turn
        return [FaceWork(stem, face, marking, printed(stem), out / TTS_FOLDER / folder / marked(f"{stem}.png", marking)
                         if stem in tiles else None, turn=turn) for stem, face in sides.items()]  # fmt: skip
    shown = dict.fromkeys(stem for back, faces in _runs(kind).items() for stem in ([back] if back else []) + faces)
    order = [*shown, *(stem for stem in sides if stem not in shown)]
    return [FaceWork(stem, sides[stem], marking, printed(stem), slot=stem in shown) for stem in order]


def _runs(kind: PieceKind) -> dict[str, list[str]]:
    """A deck's faces by the back they are dealt with ("": none)."""
    runs: dict[str, list[str]] = {}
    for piece in kind.pieces:
        runs.setdefault(back_stem(kind, piece) or "", []).append(piece.face.name)
    return runs


def _kind(game: Game, kind: PieceKind, out: Path, marking: str, prefix: str,
          files: Iterator[FaceFiles]) -> tuple[list[Written], KindImages]:  # fmt: skip
    """One kind's print images, Tabletop Simulator pictures and saved object, its faces taken from
    ``files`` in the order ``_work`` gave them."""
    folder = slug(kind.name)
    fronts = {face.name: face for face in kind.faces}
    sides = fronts | dict(backs_of(kind))
    printed: dict[str, Written] = {}
    params = {"dpi": PRINT_DPI, "bleed_mm": round(PRINT_BLEED_MM, 4), "markings": marking, **kind_params(kind)}
    here = f"{TTS_FOLDER}/{folder}"
    shown: list[Written] = []

    works = {work.stem: work for work in _work(kind, marking, out)}

    def take(stem: str) -> FaceFiles:
        """The next face, its files written (its print image, and a tile's own picture)."""
        made, work = next(files), works[stem]
        assert made.stem == stem, (made.stem, stem)
        what = "face image" if stem in fronts else "back image"
        printed[stem] = Written(work.print_path, what, {**params, "pixels": list(made.print_px), "face": sides[stem].description})
        if work.tile_path is not None:
            shown.append(Written(work.tile_path, "tts tile image", {"dpi": tts.TILE_DPI, **kind_params(kind), "markings": marking}))
        return made

    if tts.laid_face_up(kind):
        for stem in works:
            take(stem)
        objects, sheets = _tiles(kind, here, marking, prefix), list[tuple[str, tts.Sheet]]()
    else:
        objects, sheets = _deck(game, kind, out, here, marking, prefix, take, shown)
    for stem in sides:  # what the deck's sheets did not need, in the order the notes list it
        if stem not in printed:
            take(stem)
    written = [printed[stem] for stem in sides] + shown
    name = marked(f"{slug(game.title, game.name)}-{folder}.json", marking)  # a renamed variant's own name
    path = write_text(out / TTS_FOLDER / name, tts.saved_object(objects))
    count = sum(piece.count for piece in kind.pieces)
    written.append(Written(path, "tts saved object", {**kind_params(kind), "pieces": count, "markings": marking,
                                                      "object": "deck" if sheets else "tiles"}))  # fmt: skip
    info = KindImages(
        kind, folder, tuple(marked(f"{f.name}.png", marking) for f in kind.faces),
        tuple(marked(f"{stem}.png", marking) for stem, _ in backs_of(kind)), name, tuple(sheets),
        (pixels(kind.faces[0].width, PRINT_DPI), pixels(kind.faces[0].height, PRINT_DPI)),
        tuple(printed[kind.faces[0].name].params["pixels"]), marking,
    )  # fmt: skip
    return written, info


def _tiles(kind: PieceKind, here: str, marking: str, prefix: str) -> list[dict]:
    """The tiles laid out, each naming its face's and back's own pictures (cut to their outline)."""
    relative = len(TTS_FOLDER) + 1

    def url(stem: str | None) -> str:
        return tts.address(prefix, f"{here}/{marked(f'{stem}.png', marking)}"[relative:]) if stem else ""

    laid = [
        tts.Tile(piece.face.description, "", url(piece.face.name), url(back_stem(kind, piece) or piece.face.name), piece.count)
        for piece in kind.pieces
    ]  # fmt: skip
    return tts.tiles(kind, laid)


def _deck(game: Game, kind: PieceKind, out: Path, here: str, marking: str, prefix: str,
          take: Callable[[str], FaceFiles], written: list[Written]) -> tuple[list[dict], list[tuple[str, tts.Sheet]]]:  # fmt: skip
    """The cards as deck sheets at 150 dpi, one run of sheets per back (most kinds have one), each
    sheet's last slot showing that back, and the deck that deals them. Each sheet is pasted as its
    faces come (``take``: each face is on one sheet) and written before the next is begun."""
    from PIL import Image

    slot = (pixels(kind.width, tts.CARD_DPI), pixels(kind.height, tts.CARD_DPI))
    relative = len(TTS_FOLDER) + 1
    sheets, images, cards = [], [], []
    number = 0
    for stem, faces in _runs(kind).items():
        hidden = take(stem).slot() if stem else Image.new("RGB", slot, (255, 255, 255))
        back_name = f"{here}/{marked((stem or 'back') + '.png', marking)}"
        path = write_bytes(out / back_name, png(hidden, tts.CARD_DPI))
        written.append(Written(path, "deck back", {"dpi": tts.CARD_DPI, **kind_params(kind), "markings": marking}))
        place: dict[str, tuple[int, int]] = {}
        first = 0
        for sheet in tts.sheet_grid(len(faces), slot):
            number += 1
            picture = Image.new("RGB", (sheet.columns * slot[0], sheet.rows * slot[1]), (255, 255, 255))
            for k, name in enumerate(faces[first : first + sheet.faces]):
                row, column = divmod(k, sheet.columns)
                picture.paste(take(name).slot(), (column * slot[0], row * slot[1]))
                place[name] = (number, k)
            picture.paste(hidden, ((sheet.columns - 1) * slot[0], (sheet.rows - 1) * slot[1]))
            first += sheet.faces
            name = f"{here}/{marked(f'deck-{number}.png', marking)}"
            path = write_bytes(out / name, png(picture, tts.CARD_DPI))
            del picture
            written.append(Written(path, "deck sheet", {"dpi": tts.CARD_DPI, "columns": sheet.columns, "rows": sheet.rows,
                                                        "faces": sheet.faces, "markings": marking, **kind_params(kind)}))  # fmt: skip
            sheets.append((name[relative:], sheet))
            images.append(tts.DeckImages(tts.address(prefix, name[relative:]), tts.address(prefix, back_name[relative:]),
                                         sheet.columns, sheet.rows))  # fmt: skip
        for piece in (p for p in kind.pieces if (back_stem(kind, p) or "") == stem):
            deck_id, k = place[piece.face.name]
            cards += [tts.Card(piece.face.description, "", deck_id, k)] * piece.count
    return tts.deck(kind, game.title, cards, images), sheets


def _size_words(info: KindImages) -> str:
    (w, h), (cw, ch) = info.whole_px, info.cut_px
    inch = MM_PER_UNIT["in"]
    inches = f"{w / PRINT_DPI:g} x {h / PRINT_DPI:g} in"
    return (f"{w} x {h} px ({inches}) at {PRINT_DPI} dpi; the cut is the middle {cw} x {ch} px,"
            f" {info.kind.width:g} x {info.kind.height:g} mm ({info.kind.width / inch:.3g} x {info.kind.height / inch:.3g} in)")  # fmt: skip


def notes(game: Game, made: Sequence[KindImages], marking: str, tts_url: str) -> str:
    """What the images are and how to use them, for whoever uploads them or plays online."""
    bleed_px = PRINT_BLEED_MM / MM_PER_UNIT["in"] * PRINT_DPI
    lines = [f"{game.title}: images of every face", "", "For print-on-demand services (300 dpi, 1/8 in of bleed):"]
    for info in made:
        count = len(info.faces)
        lines.append(
            f"  {info.folder}/: {info.kind.noun.count(count)}"
            f" ({info.faces[0]}" + (f" to {info.faces[-1]})" if count > 1 else ")")
            + (f" and {_backs_words(info.backs)}" if info.backs else "")
            + f", each {_size_words(info)}, with {bleed_px:g} px (1/8 in) of bleed on every side."
        )
    lines += ["  Keep text and marks 1/8 in inside the cut: the designs already do.",
              f"  Colour-blind markings: {_markings_words(made, marking)}.", ""]  # fmt: skip
    lines += _tts_words(game, made, marking, tts_url)
    return "\n".join(paragraph(p.lstrip(), p[: len(p) - len(p.lstrip())], "  ") for p in lines)


def _markings_words(made: Sequence[KindImages], marking: str) -> str:
    """The set's marking, or each kind's where they differ (the default marks only the kinds whose
    colours look alike)."""
    if all(info.marking == marking for info in made):
        return marking
    return "; ".join(f"{info.marking} on the {info.kind.plural}" for info in made)


def _backs_words(backs: Sequence[str]) -> str:
    return f"the back ({backs[0]})" if len(backs) == 1 else f"the backs ({', '.join(backs)})"


def _tts_words(game: Game, made: Sequence[KindImages], marking: str, tts_url: str) -> list[str]:
    where = (f"the addresses under {tts_url}, where you put the contents of {TTS_FOLDER}/" if tts_url
             else f"this folder's {TTS_FOLDER}/, where it is now on this computer (move it, and build again"
             " to find it there)")  # fmt: skip
    lines = ["For Tabletop Simulator: a saved object for each kind of piece, in " + f"{TTS_FOLDER}/:"]
    for info in made:
        what = ("one deck, face down, each card named" if info.sheets
                else "laid out face up as a Custom Tile" + (", each named, copies stacked" if info.kind.count > 1 else ""))  # fmt: skip
        lines.append(f"  {TTS_FOLDER}/{info.saved_object}: {info.kind.noun.the(info.kind.count)}, {what}.")
    lines += [
        "  1. Copy the .json files into Tabletop Simulator's saved objects folder: "
        + "; ".join(f"{system}: {path}" for system, path in SAVED_OBJECTS) + ".",
        "  2. In the game: Objects > Saved Objects, and click one to put it on the table.",
        f"  The pictures load from {where}. Pictures on your computer only you can see.",
        "  To play with others, their computers must load the pictures from the internet, either:",
        "  a) Steam Cloud: with the pieces on your table, open Modding > Cloud Manager and click the upload"
        " arrow at its top (upload all): every picture on the table goes to your Steam Cloud. Then"
        " right-click each deck or the tiles and save them again (Save Object), so that the saved objects"
        " keep the new addresses; or",
        f"  b) your own web host: put the contents of {TTS_FOLDER}/ there and build again with"
        " --tts-url https://example.org/your-folder/ (or tts-url under [images] in grawlix.toml): the"
        " saved objects then name those addresses.",
        "",
    ]
    decks = [info for info in made if info.sheets]
    if decks:
        lines.append("To make a deck by hand instead (Objects > Components > Custom > Deck):")
        for info in decks:
            slot = (pixels(info.kind.width, tts.CARD_DPI), pixels(info.kind.height, tts.CARD_DPI))
            for name, sheet in info.sheets:
                lines.append(f"  Face: {TTS_FOLDER}/{name}, Width {sheet.columns}, Height {sheet.rows},"
                             f" Number {sheet.faces}; {slot[0]} x {slot[1]} px a card at {tts.CARD_DPI} dpi.")  # fmt: skip
        lines += ["  Back: the back beside each sheet. Each sheet's last slot shows the back: it is the card"
                  " other players see in your hand, so Back is Hidden may be on or off.", ""]  # fmt: skip
    return lines
