"""Tabletop Simulator saved objects: a kind of piece as a JSON file to drop into *Saved Objects*.

The format is the game's save file (its knowledge base: "Save File
Format"), holding only ``ObjectStates``, as the game writes a saved object
itself. Cards are a ``DeckCustom``: each ``CustomDeck`` entry is one sheet
of faces (``FaceURL``, at most ``SHEET_COLUMNS`` x ``SHEET_ROWS``, the last
slot the picture other players see of a card in a hand) and its back
(``BackURL``); a card is ``CardID`` = the sheet's deck id x 100 + its slot,
and ``DeckIDs`` lists the deck's cards in order, a card printed three times
three times, each with its name (``Nickname``).

Tiles and tokens lie face up on the table, so they are ``Custom_Tile``
objects, not cards: a tile has thickness and its own outline (square,
round, hexagonal), stacks with tiles like it and is never hidden in a hand;
each has its face and back as images of their own (``ImageURL``,
``ImageSecondaryURL``) at 300 dpi, so the tiles are as sharp on screen as on
paper and no sheet's size limit applies. They are laid out in rows as a
game's supply is, copies of a tile stacked.

Where the images are, is the user's to say: the addresses are ``prefix``
plus each image's path below the ``tts`` folder (``file:///`` for a folder
on this computer, ``https://`` for a web host).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from urllib.parse import quote

from ...pieces.kinds import Form, PieceKind
from ...units import MM_PER_UNIT

SHEET_COLUMNS, SHEET_ROWS = 10, 7
"""The largest deck sheet Tabletop Simulator cuts up."""
MIN_GRID = 2
"""Its custom deck takes a sheet at least two cards wide and two high."""
MAX_SHEET_PX = 4096
"""The largest texture side its knowledge base recommends (a custom deck, "4096 x whatever height fits")."""
CARD_DPI = 150
"""Card sheets' resolution: ten poker cards across are 3750 px at 150 dpi, under ``MAX_SHEET_PX``."""
TILE_DPI = 300
"""A tile's own image: print resolution, since each tile is one image (no sheet to fit)."""
POKER_HEIGHT_MM = 88.9
"""A card at scale 1 is the height of a poker card; its width follows the sheet slot's shape."""
TILE_INCHES_AT_SCALE_1 = 1.3
"""A ``Custom_Tile`` at scale 1 measured against cards at scale 1 (a poker card 3.5 in tall): about
1.3 in across. The knowledge base gives no figure; this is a community measurement, good enough for
pieces to look their size beside each other (a player rescales any object with + and -)."""
TILE_THICKNESS = 0.1
"""In table units (about an inch): a tenth, card-stock tiles on the table."""
TILE_GAP = 0.25
"""Space between laid-out tiles, as a fraction of a tile."""


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: its faces (in slots from the top left, row by row) and its grid."""

    faces: int
    columns: int
    rows: int


def sheet_grid(count: int, slot_px: tuple[int, int]) -> list[Sheet]:
    """The sheets for ``count`` faces of ``slot_px`` each: as few sheets as fit, each at most
    ``SHEET_COLUMNS`` x ``SHEET_ROWS`` and ``MAX_SHEET_PX`` a side, its last slot kept for the hidden
    card, and no more rows than its faces and that slot need."""
    w, h = slot_px
    most_columns = max(MIN_GRID, min(SHEET_COLUMNS, MAX_SHEET_PX // w))
    most_rows = max(MIN_GRID, min(SHEET_ROWS, MAX_SHEET_PX // h))
    per_sheet = most_columns * most_rows - 1
    sheets = []
    for first in range(0, count, per_sheet):
        faces = min(per_sheet, count - first)
        columns = max(MIN_GRID, min(most_columns, faces + 1))
        sheets.append(Sheet(faces, columns, max(MIN_GRID, math.ceil((faces + 1) / columns))))
    return sheets


@dataclass(frozen=True)
class Card:
    """One card of a deck as the saved object names it: which sheet (1-based deck id), which slot."""

    name: str
    description: str
    deck: int
    slot: int


@dataclass(frozen=True)
class DeckImages:
    """The addresses of one sheet's faces and of its back."""

    face: str
    back: str
    columns: int
    rows: int


@dataclass(frozen=True)
class Tile:
    """One tile or token as the saved object lays it out."""

    name: str
    description: str
    face: str
    back: str
    count: int


def address(prefix: str, path: str) -> str:
    """An image's address: ``prefix`` (ending in ``/``) and its path below the ``tts`` folder."""
    return prefix + quote(path)


def _guid(*parts: object) -> str:
    """A fixed six-hex-digit id per object (the game re-numbers one that clashes on its table)."""
    return hashlib.sha256(":".join(map(str, parts)).encode()).hexdigest()[:6]


def _transform(x: float, y: float, z: float, face_down: bool, scale: float, scale_y: float = 1.0,
               turn: float = 0.0) -> dict:  # fmt: skip
    return {"posX": float(round(x, 4)), "posY": float(round(y, 4)), "posZ": float(round(z, 4)),
            "rotX": 0.0, "rotY": (180.0 + turn) % 360, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale, 4), "scaleY": round(scale_y, 4), "scaleZ": round(scale, 4)}  # fmt: skip


def _object(name: str, guid: str, nickname: str, description: str, transform: dict, hands: bool) -> dict:
    """What every object in a save holds, as the game writes it."""
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": description,
        "GMNotes": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "IgnoreFoW": False,
        "Autoraise": True,
        "Sticky": True,
        "Tooltip": True,
        "GridProjection": False,
        "HideWhenFaceDown": hands,
        "Hands": hands,
    }


def _script() -> dict:
    return {"LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def deck(kind: PieceKind, title: str, cards: Sequence[Card], sheets: Sequence[DeckImages]) -> list[dict]:
    """The kind's cards as one face-down deck (a lone card as a card): ``ObjectStates``."""
    custom = {
        str(number): {"FaceURL": images.face, "BackURL": images.back, "NumWidth": images.columns,
                      "NumHeight": images.rows, "BackIsHidden": True, "UniqueBack": False,
                      "Type": kind.piece_shape.tts_deck}  # fmt: skip
        for number, images in enumerate(sheets, 1)
    }
    scale = kind.height / POKER_HEIGHT_MM
    sideways = kind.width > kind.height

    def card(item: Card, k: int, y: float) -> dict:
        return {
            **_object("Card", _guid(kind.name, "card", k), item.name, item.description,
                      _transform(0, y, 0, True, scale), True),  # fmt: skip
            "CardID": item.deck * 100 + item.slot,
            "SidewaysCard": sideways,
            "CustomDeck": {str(item.deck): custom[str(item.deck)]},
            **_script(),
        }

    if len(cards) == 1:
        return [card(cards[0], 0, 1.0)]
    return [{
        **_object("DeckCustom", _guid(kind.name, "deck"), f"{title}: {kind.plural}", kind.noun.count(len(cards)),
                  _transform(0, 1.0, 0, True, scale), True),  # fmt: skip
        "SidewaysCard": sideways,
        "DeckIDs": [item.deck * 100 + item.slot for item in cards],
        "CustomDeck": custom,
        **_script(),
        "ContainedObjects": [card(item, k, 1.0) for k, item in enumerate(cards)],
    }]  # fmt: skip


def tiles(kind: PieceKind, tiles: Sequence[Tile]) -> list[dict]:
    """The kind's tiles laid face up in rows (``kind.row`` a row, else a square), copies stacked:
    ``ObjectStates``."""
    inch = MM_PER_UNIT["in"]
    scale = max(kind.width, kind.height) / inch / TILE_INCHES_AT_SCALE_1
    pitch_x = kind.width / inch * (1 + TILE_GAP)
    pitch_z = kind.height / inch * (1 + TILE_GAP)
    per_row = kind.row or math.ceil(math.sqrt(len(tiles)))
    rows = math.ceil(len(tiles) / per_row)
    custom_type = kind.piece_shape.tts_tile  # its outline: the shape registry's (pieces.shapes)
    stretch, turn = kind.piece_shape.tts_stretch, kind.piece_shape.tts_turn
    objects = []
    for k, tile in enumerate(tiles):
        row, column = divmod(k, per_row)
        x = (column - (per_row - 1) / 2) * pitch_x
        z = ((rows - 1) / 2 - row) * pitch_z  # the first row farthest from the player
        for copy in range(tile.count):
            objects.append({
                **_object("Custom_Tile", _guid(kind.name, "tile", k, copy), tile.name, tile.description,
                          _transform(x, 1.0 + copy * 2 * TILE_THICKNESS, z, False, scale, turn=turn), False),  # fmt: skip
                "CustomImage": {
                    "ImageURL": tile.face,
                    "ImageSecondaryURL": tile.back,
                    "ImageScalar": 1.0,
                    "WidthScale": 0.0,
                    "CustomTile": {"Type": custom_type, "Thickness": TILE_THICKNESS, "Stackable": True,
                                   "Stretch": stretch},  # fmt: skip
                },
                **_script(),
            })  # fmt: skip
    return objects


def saved_object(objects: list[dict]) -> str:
    """The saved object's text: a save with nothing but its objects, as the game writes one."""
    save = {
        "SaveName": "",
        "Date": "",
        "VersionNumber": "",
        "GameMode": "",
        "GameType": "",
        "GameComplexity": "",
        "Tags": [],
        "Gravity": 0.5,
        "PlayArea": 0.5,
        "Table": "",
        "Sky": "",
        "Note": "",
        "TabStates": {},
        "LuaScript": "",
        "LuaScriptState": "",
        "XmlUI": "",
        "ObjectStates": objects,
    }
    return json.dumps(save, indent=2, ensure_ascii=False) + "\n"


def laid_face_up(kind: PieceKind) -> bool:
    """Whether the kind goes on the table as tiles (tiles and tokens) rather than as a deck."""
    return kind.form is not Form.CARD
