"""Tabletop Simulator's saved-object format, as published, to check the images product's JSON against.

From the game's knowledge base (Berserk Games, "Save File Format": the
serialized ``SaveState`` / ``ObjectState`` / ``TransformState`` /
``CustomDeckState`` / ``CustomImageState`` classes; "Custom Deck": a sheet of
at most 10 x 7 cards whose last slot is the hidden card, a card's id the deck's
key times 100 plus its slot; "Custom Tile": Type, Thickness, Stackable,
Stretch), with the fields the game writes today that the knowledge base's
class listing predates (GUID, Snap, Hands, CustomTile...), as public saved
objects and the typed declarations of the game's API show them. Written from
those pages, not from the code under test: ``problems`` lists what a file
breaks, empty for a good one.
"""

from __future__ import annotations

from collections.abc import Iterator
from numbers import Real

SAVE_KEYS = {
    "SaveName": str, "Date": str, "VersionNumber": str, "GameMode": str, "GameType": str, "GameComplexity": str,
    "Tags": list, "Gravity": Real, "PlayArea": Real, "Table": str, "Sky": str, "Note": str, "Rules": str,
    "PlayerTurn": str, "TabStates": dict, "LuaScript": str, "LuaScriptState": str, "XmlUI": str, "ObjectStates": list,
}  # fmt: skip
OBJECT_KEYS = {
    "GUID": str, "Name": str, "Transform": dict, "Nickname": str, "Description": str, "GMNotes": str,
    "ColorDiffuse": dict, "Locked": bool, "Grid": bool, "Snap": bool, "IgnoreFoW": bool, "Autoraise": bool,
    "Sticky": bool, "Tooltip": bool, "GridProjection": bool, "HideWhenFaceDown": bool, "Hands": bool,
    "CardID": int, "SidewaysCard": bool, "DeckIDs": list, "CustomDeck": dict, "CustomImage": dict,
    "LuaScript": str, "LuaScriptState": str, "XmlUI": str, "ContainedObjects": list, "Number": int,
    "MaterialIndex": int, "MeshIndex": int,
}  # fmt: skip
TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool, "Type": int}  # fmt: skip
CUSTOM_IMAGE = {"ImageURL": str, "ImageSecondaryURL": str, "ImageScalar": Real, "WidthScale": Real, "CustomTile": dict}
CUSTOM_TILE = {"Type": int, "Thickness": Real, "Stackable": bool, "Stretch": bool}
TILE_TYPES = {0: "box", 1: "hex", 2: "circle", 3: "rounded"}
CARD_TYPES = {0: "rectangle (rounded)", 1: "rectangle", 2: "hex (rounded)", 3: "hex", 4: "circle"}
NAMES = {"Card", "DeckCustom", "Deck", "Custom_Tile", "Custom_Token", "Custom_Board", "Bag"}
MOST_COLUMNS, MOST_ROWS = 10, 7


def _typed(where: str, data: dict, schema: dict, required: tuple[str, ...] = ()) -> Iterator[str]:
    for key in required:
        if key not in data:
            yield f"{where}: no {key}"
    for key, value in data.items():
        if key not in schema:
            yield f"{where}: unknown key {key}"
        elif isinstance(value, bool) and schema[key] is not bool:
            yield f"{where}.{key}: a boolean where {schema[key].__name__} belongs"
        elif not isinstance(value, schema[key]):
            yield f"{where}.{key}: {type(value).__name__}, not {schema[key].__name__}"


def problems(save: object) -> list[str]:
    """Every way ``save`` (a parsed saved object) breaks the published format."""
    if not isinstance(save, dict):
        return ["not a JSON object"]
    found = list(_typed("save", save, SAVE_KEYS, ("ObjectStates",)))
    states = save.get("ObjectStates")
    if isinstance(states, list):
        if not states:
            found.append("save: no objects")
        for k, state in enumerate(states):
            found += _object(f"ObjectStates[{k}]", state)
    return found


def _object(where: str, state: object) -> list[str]:
    if not isinstance(state, dict):
        return [f"{where}: not an object"]
    found = list(_typed(where, state, OBJECT_KEYS, ("Name", "Transform")))
    name = state.get("Name")
    if name not in NAMES:
        found.append(f"{where}: no object is called {name!r}")
    transform = state.get("Transform")
    if isinstance(transform, dict):
        found += [f"{where}.Transform: no {key}" for key in TRANSFORM if key not in transform]
        found += [f"{where}.Transform.{key}: not a number" for key, v in transform.items()
                  if isinstance(v, bool) or not isinstance(v, Real)]  # fmt: skip
        found += [f"{where}.Transform: unknown key {key}" for key in transform if key not in TRANSFORM]
    decks = state.get("CustomDeck")
    if isinstance(decks, dict):
        for key, deck in decks.items():
            found += _deck(f"{where}.CustomDeck[{key}]", key, deck)
    if name == "Card":
        found += _card(where, state)
    if name == "DeckCustom":
        found += _deck_object(where, state)
    if name == "Custom_Tile":
        found += _tile(where, state)
    return found


def _deck(where: str, key: str, deck: object) -> list[str]:
    if not isinstance(deck, dict):
        return [f"{where}: not an object"]
    found = list(_typed(where, deck, CUSTOM_DECK, ("FaceURL", "BackURL", "NumWidth", "NumHeight")))
    if not (isinstance(key, str) and key.isdigit() and int(key) >= 1):
        found.append(f"{where}: a deck's key is a whole number from 1, not {key!r}")
    columns, rows = deck.get("NumWidth"), deck.get("NumHeight")
    if isinstance(columns, int) and not 1 <= columns <= MOST_COLUMNS:
        found.append(f"{where}.NumWidth: {columns} is not 1 to {MOST_COLUMNS}")
    if isinstance(rows, int) and not 1 <= rows <= MOST_ROWS:
        found.append(f"{where}.NumHeight: {rows} is not 1 to {MOST_ROWS}")
    if deck.get("Type", 0) not in CARD_TYPES:
        found.append(f"{where}.Type: {deck.get('Type')} is no card shape")
    for url in ("FaceURL", "BackURL"):
        if not str(deck.get(url, "")).strip():
            found.append(f"{where}.{url}: empty")
    return found


def _slot_ok(where: str, card_id: object, decks: dict) -> list[str]:
    """A card's id names a deck of ``decks`` (id // 100) and a slot on its sheet (id % 100), not its
    last slot (the hidden card)."""
    if not isinstance(card_id, int) or isinstance(card_id, bool):
        return [f"{where}: CardID {card_id!r} is not a whole number"]
    deck = decks.get(str(card_id // 100))
    if not isinstance(deck, dict):
        return [f"{where}: CardID {card_id} names deck {card_id // 100}, which its CustomDeck lacks"]
    slots = deck.get("NumWidth", 0) * deck.get("NumHeight", 0)
    if not 0 <= card_id % 100 < slots - 1:
        return [f"{where}: CardID {card_id} is slot {card_id % 100} of a {slots}-slot sheet (the last is the hidden card)"]
    return []


def _card(where: str, state: dict) -> list[str]:
    found = [] if "CardID" in state else [f"{where}: a card needs a CardID"]
    decks = state.get("CustomDeck")
    if not isinstance(decks, dict):
        return found + [f"{where}: a custom card needs its CustomDeck"]
    return found + _slot_ok(where, state.get("CardID"), decks)


def _deck_object(where: str, state: dict) -> list[str]:
    found = []
    ids, contained, decks = state.get("DeckIDs"), state.get("ContainedObjects"), state.get("CustomDeck")
    if not isinstance(ids, list) or not isinstance(contained, list) or not isinstance(decks, dict):
        return [f"{where}: a deck needs DeckIDs, ContainedObjects and CustomDeck"]
    if len(ids) < 2:
        found.append(f"{where}: a deck holds at least two cards")
    if len(ids) != len(contained):
        found.append(f"{where}: {len(ids)} DeckIDs for {len(contained)} cards")
    for k, (card_id, card) in enumerate(zip(ids, contained)):
        found += _slot_ok(f"{where}.DeckIDs[{k}]", card_id, decks)
        if isinstance(card, dict):
            if card.get("Name") != "Card":
                found.append(f"{where}.ContainedObjects[{k}]: a deck holds cards, not {card.get('Name')!r}")
            if card.get("CardID") != card_id:
                found.append(f"{where}.ContainedObjects[{k}]: CardID {card.get('CardID')} where DeckIDs says {card_id}")
            own = card.get("CustomDeck", {})
            if isinstance(own, dict) and any(own.get(key) != decks.get(key) for key in own):
                found.append(f"{where}.ContainedObjects[{k}]: its CustomDeck differs from the deck's")
        found += _object(f"{where}.ContainedObjects[{k}]", card)
    return found


def _tile(where: str, state: dict) -> list[str]:
    image = state.get("CustomImage")
    if not isinstance(image, dict):
        return [f"{where}: a custom tile needs its CustomImage"]
    found = list(_typed(f"{where}.CustomImage", image, CUSTOM_IMAGE, ("ImageURL", "CustomTile")))
    if not str(image.get("ImageURL", "")).strip():
        found.append(f"{where}.CustomImage.ImageURL: empty")
    tile = image.get("CustomTile")
    if isinstance(tile, dict):
        found += _typed(f"{where}.CustomImage.CustomTile", tile, CUSTOM_TILE, ("Type",))
        if tile.get("Type") not in TILE_TYPES:
            found.append(f"{where}.CustomImage.CustomTile.Type: {tile.get('Type')} is no tile shape")
        if isinstance(tile.get("Thickness"), Real) and not tile["Thickness"] > 0:
            found.append(f"{where}.CustomImage.CustomTile.Thickness: not above zero")
    return found


def urls(save: dict) -> set[str]:
    """Every image address a saved object loads."""
    found = set()

    def walk(state: dict) -> None:
        for deck in state.get("CustomDeck", {}).values():
            found.update((deck["FaceURL"], deck["BackURL"]))
        image = state.get("CustomImage")
        if image:
            found.update(u for u in (image.get("ImageURL"), image.get("ImageSecondaryURL")) if u)
        for inner in state.get("ContainedObjects", []):
            walk(inner)

    for state in save["ObjectStates"]:
        walk(state)
    return found
