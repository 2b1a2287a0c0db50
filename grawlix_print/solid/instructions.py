"""The plain-text printing notes written next to the models.

The one fact that matters is where to change filament; it is given as each
slicer's preview shows it, because they count differently: PrusaSlicer labels
a layer with its top Z and its number from 1, Orca Slicer and Bambu Studio
show the same number above the same Z, and Cura's preview numbers layers
from 1 while its G-code comments count from 0. Flat tiles get none of it.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from ..facts.wording import capitalised, join_words
from ..facts.wording import in_words
from ..components.tiles import TileSet
from .dimensions import SolidTile
from .layers import LayerPlan, describe_snap, mm_text, suited_profiles
from .plates import Bed

WIDTH = 78


@dataclass(frozen=True)
class Plate:
    """One file the notes list: what it holds and the filament it takes."""

    name: str
    kind: str
    tiles: int
    base_grams: float
    accent_grams: float
    colour: str | None = None
    plates: int = 1


@dataclass(frozen=True)
class Files:
    plates: tuple[Plate, ...]
    markings: str
    bed: Bed
    tiles: TileSet
    slug: str  # the game's title as file names begin

    def of_kind(self, *kinds: str) -> list[Plate]:
        return [p for p in self.plates if p.kind in kinds]


def full_set_kind(tiles: TileSet) -> str:
    """``3MF <n>-filament full set``: one filament for the bodies and one per colour."""
    return f"3MF {in_words(len(tiles.colours) + 1)}-filament full set"


def instructions_text(layers: LayerPlan, tile: SolidTile, files: Files) -> str:
    """The whole notes file: settings, files, the change, batches, slicer steps, settings."""
    raised = files.of_kind("raised", "3MF one-nozzle plate")
    sections = [_heading(layers, tile, bool(raised), files.tiles), _files(files)]
    if raised:
        sections += [_change(layers, files), _batches(files), _by_hand(layers, files)]
        if files.of_kind("3MF two-filament plate", full_set_kind(files.tiles)):
            sections.append(_multi_material(files))
    sections.append(_settings(layers, tile, bool(raised)))
    flat = files.of_kind("flat")
    if flat:
        sections.append(_flat(layers, tile, flat, len(files.tiles.tiles)))
    return "\n\n".join(sections) + "\n"


def _heading(layers: LayerPlan, tile: SolidTile, raised: bool, tiles: TileSet) -> str:
    title = f"{tiles.title.upper()} 3D-PRINTED TILES: HOW TO PRINT THEM"
    first, layer = mm_text(layers.first), mm_text(layers.layer)
    size, body = mm_text(tile.size), mm_text(tile.body_height)
    shape = f"A tile is {mm_text(tile.footprint)} x {mm_text(tile.footprint)} mm"
    if tile.fit:
        shape += f" ({size} mm less {mm_text(tile.fit)} mm of play, so a grid of them is not tight)"
    shape += f" with a {body} mm body"
    if raised:
        shape += (
            f" and the glyph raised {mm_text(tile.relief)} mm above it, "
            f"{mm_text(tile.body_height + tile.relief)} mm in all"
        )
    shape += "."
    if tile.elephant_foot:
        shape += (
            f" Its bottom edge has a {mm_text(tile.elephant_foot)} mm chamfer that takes up the "
            "flare of a squashed first layer, so tiles still lie flush side by side."
        )
    profiles = suited_profiles(layers)
    heights = "body's top and the glyph's top" if raised else "body's top"
    if profiles:
        firsts = sorted({mm_text(f) for f, _ in profiles})
        suits = (
            f"Slicer profiles that suit these files as they are (the {heights} fall on layer "
            f"tops): a first layer of {' or '.join(firsts)} mm with layers of "
            f"{join_words([mm_text(l) for _, l in profiles])} mm."
        )
    else:
        suits = "None of the common slicer profiles (first layer 0.2 mm) suits these heights."
    return "\n".join(
        [
            title,
            "=" * len(title),
            "",
            _wrap(
                f"These files are made for a slicer set to a first layer of {first} mm and a "
                f"layer height of {layer} mm. {suits} For any other layers, make the files "
                "again with your heights, for example:"
            ),
            "",
            f"    grawlix-print stl --first-layer-height {first} --layer-height {layer}",
            "",
            _wrap(shape),
            "",
            _wrap(f"{capitalised(describe_snap(layers))}."),
        ]
    )


def _files(files: Files) -> str:
    """One line per file, or per kind of file when there is one for each colour or plate."""
    groups: dict[str, list[Plate]] = {}
    for plate in files.plates:
        name = plate.name.replace(plate.colour, "<colour>") if plate.colour else plate.name
        groups.setdefault(re.sub(r"-\d+(\.\w+)$", r"-<n>\1", name), []).append(plate)
    rows = [(name, _what(group, files.tiles)) for name, group in groups.items()]
    width = max(len(name) for name, _ in rows) + 2
    lines = ["FILES"]
    if any(plate.colour for plate in files.plates):
        lines.append(f"  (<colour> is each of {', '.join(c.name for c in files.tiles.colours)})")
    if any("<n>" in name for name, _ in rows):
        lines.append("  (<n> numbers the plates a bed takes: 1, 2, ...)")
    for name, what in rows:
        lines.append(_wrap(f"{name:<{width}}{what}", indent="  ", hang="  " + " " * width))
    weights = "Weights are for PLA at the settings below (3 walls, 15 % infill); your "
    weights += "slicer's estimate is the one to trust."
    if files.of_kind("raised"):
        weights = (
            f"Also {files.slug}-raised-<glyph>.stl and .step: one tile per glyph, for reprints and "
            f"for remixing in CAD. {weights}"
        )
    lines.append(_wrap(weights, indent="  "))
    return "\n".join(lines)


def _what(group: list[Plate], tile_set: TileSet) -> str:
    plate = group[0]
    tiles = f"{plate.tiles} tiles"
    on = f" on {plate.plates} plates" if plate.plates > 1 else ""
    weight = f"about {_grams(plate.base_grams)} base"
    if plate.accent_grams:
        weight += f" + {_grams(plate.accent_grams)} accent"
    if len(group) > 1 and not plate.colour:  # numbered plates of one kind
        tiles = f"{sum(p.tiles for p in group)} tiles over {len(group)} plates"
        weight = f"about {_grams(max(p.base_grams for p in group))} base"
        if plate.accent_grams:
            weight += f" + {_grams(max(p.accent_grams for p in group))} accent"
        weight += " per plate"
    described = {
        "raised": f"{tiles}, one per glyph, for one nozzle: print once per accent colour",
        "3MF one-nozzle plate": f"{tiles} for one nozzle, the colour change already set",
        "3MF two-filament plate": f"{tiles}, body and glyph as parts on filaments 1 and 2",
        full_set_kind(tile_set): f"all {tiles}{on}, glyphs on filaments 2 to {len(tile_set.colours) + 1}",
        "flat": f"{tiles}, plain blanks in one colour",
    }[plate.kind]
    if plate.kind == "raised" and plate.colour:
        described = f"{tiles}, one per glyph, with the colour's marks"
    return f"{described}; {weight}"


def _grams(value: float) -> str:
    return f"{max(1, round(value))} g"


def _change(layers: LayerPlan, files: Files) -> str:
    n, z, body = layers.swap_layer, layers.swap_layer_top, mm_text(layers.body)
    example = next(iter(files.of_kind("3MF one-nozzle plate")), None)
    lines = [
        f"ONE NOZZLE: CHANGE FILAMENT AT Z = {body} MM",
        _wrap(
            "Start every plate in the base colour: white or a light grey shows the glyphs "
            f"best. The body ends at Z = {body} mm, the top of layer {n - 1}. Change to the "
            f"accent colour after layer {n - 1} and before layer {n}, the first layer that "
            f"holds only glyph: it starts at Z = {body} mm and ends at Z = {mm_text(z)} mm.",
            indent="  ",
        ),
        "",
        "  How the slicers' previews label that layer (all count layers from 1 and",
        "  show a layer's top, not its bottom):",
        f'    PrusaSlicer:                "{z:.2f} ({n})"',
        f'    Orca Slicer, Bambu Studio:  "{n}" above "{z:.2f}"',
        f"    Cura:                       layer {n}, no Z shown",
        f"                                (its G-code comment for it is ;LAYER:{n - 1})",
    ]
    if example:
        lines += [
            "",
            _wrap(
                f"The change is already in the one-nozzle 3MF files (such as {example.name}): "
                "open one in PrusaSlicer (choose \"Open as project\" if it asks), Bambu Studio "
                "or Orca Slicer, slice, and check that the preview shows the change at layer "
                f"{n}. PrusaSlicer puts an M600 there; each tile also carries its "
                f"{mm_text(layers.layer)} mm layer height, so your profiles are left as they "
                "are. If your slicer opens the tiles without the change, add it by hand as "
                "below.",
                indent="  ",
            ),
        ]
    lines += [
        "",
        _wrap(
            "No M600 on your printer? Printers without an automatic filament change (or Bambu "
            "printers without an AMS) need a pause instead: in PrusaSlicer right-click the "
            "change's marker and choose \"Add pause print\" (delete the colour change); in Bambu "
            "Studio and Orca Slicer right-click the \"+\" at that layer and choose \"Add pause\". "
            "When the printer stops, change the filament by hand and resume.",
            indent="  ",
        ),
    ]
    return "\n".join(lines)


def _batches(files: Files) -> str:
    tiles = files.tiles
    names = ", ".join(c.name for c in tiles.colours)
    glyphs, colours = in_words(len(tiles.glyphs)), in_words(len(tiles.colours))
    plates = files.of_kind("raised")
    where = plates[0].name if len(plates) == 1 else "the raised plates"
    whole = f"A full set is {len(tiles.tiles)} tiles: the {glyphs} glyphs in each of {colours} colours."
    if files.markings != "none":
        text = (
            f"{whole} Each colour has its own plate (its {files.markings} are raised in the "
            f"corners); print each once, base colour first and its accent colour after the "
            f"change: {names}."
        )
    else:
        text = (
            f"{whole} Print {where} {_times(len(tiles.colours))}, each time base colour first "
            f"and one accent colour after the change: {names}. Any {colours} colours that are "
            "easy to tell apart will do."
        )
    return "\n".join([f"{colours.upper()} BATCHES", _wrap(text, indent="  ")])


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{in_words(count)} times")


def _by_hand(layers: LayerPlan, files: Files) -> str:
    n, z = layers.swap_layer, layers.swap_layer_top
    first, layer = mm_text(layers.first), mm_text(layers.layer)
    plate = files.of_kind("raised")[0].name
    return "\n".join(
        [
            "SETTING THE CHANGE BY HAND (STL FILES)",
            "  Bambu Studio, Orca Slicer",
            _steps(
                [
                    f"Load {plate}. Set the first layer to {first} mm and the layer height to "
                    f"{layer} mm; leave variable (adaptive) layer height off. Slice.",
                    f"Drag the upper handle of the vertical layer slider to layer {n} ({z:.2f}).",
                    'No AMS: right-click the "+" beside the handle and choose "Add pause"; change '
                    "the filament by hand when the printer stops. With an AMS: choose \"Change "
                    'filament" and pick the accent colour.',
                ]
            ),
            "  PrusaSlicer",
            _steps(
                [
                    f"Load {plate}. Set first layer height {first} mm and layer height {layer} mm. "
                    "Slice.",
                    f"Drag the upper handle of the vertical layer slider to {z:.2f} ({n}) and "
                    'click the "+" beside it: a colour change (M600). Without M600, right-click '
                    'the "+" and choose "Add pause print" instead.',
                ]
            ),
            "  Cura",
            _steps(
                [
                    f'Set "Initial Layer Height" {first} mm and "Layer Height" {layer} mm; leave '
                    '"Use Adaptive Layers" off.',
                    "Extensions > Post Processing > Modify G-Code > Add a script > "
                    '"Filament Change".',
                    f'Set its "Layer" to {n}: the script puts the change before that layer, '
                    'counted as in Cura\'s preview. (The "Pause at height" script also works: '
                    f"pause after layer {n - 1}, the last body layer; read its layer description "
                    "first, since older versions of that script count from 0.)",
                    f"Slice, and check in the preview that layer {n} is the first with only glyph.",
                ]
            ),
        ]
    )


def _multi_material(files: Files) -> str:
    lines = ["MULTI-MATERIAL PRINTERS (AMS, MMU, tool changers)"]
    two = files.of_kind("3MF two-filament plate")
    if two:
        lines.append(
            _wrap(
                f"Open a two-filament 3MF such as {two[0].name} instead of changing filament: "
                'each tile is one object with two parts, "body" on filament 1 (shown grey) and '
                '"glyph" on filament 2 (shown in its accent colour). PrusaSlicer, Bambu Studio '
                "and Orca Slicer all read the parts and their filaments from the file; load the "
                "base colour as filament 1 and the accent colour as filament 2.",
                indent="  ",
            )
        )
    full = files.of_kind(full_set_kind(files.tiles))
    if full:
        plate = full[0]
        where = (
            "on one plate"
            if plate.plates == 1
            else f"on {plate.plates} plates side by side (if your slicer shows them on one "
            "plate, use Arrange)"
        )
        order = ", ".join(f"{c.index + 2} {c.name}" for c in files.tiles.colours)
        lines.append(
            _wrap(
                f"{plate.name} holds the whole set of {len(files.tiles.tiles)} tiles {where}: bodies on "
                f"filament 1, glyphs on {order}.",
                indent="  ",
            )
        )
    return "\n".join(lines)


def _settings(layers: LayerPlan, tile: SolidTile, raised: bool) -> str:
    items = [
        "No supports and no brim: every tile stands on its flat bottom.",
        "3 walls (perimeters) and 4 top and 4 bottom layers; 15 % infill is plenty.",
        f"Layers: first {mm_text(layers.first)} mm, then {mm_text(layers.layer)} mm, adaptive "
        "(variable) layer height off.",
    ]
    if tile.elephant_foot:
        items.append(
            "First layer: squash it as usual. The bottom chamfer allows for the flare, so "
            "leave your slicer's elephant-foot compensation as it is."
        )
    if raised:
        items.append(
            "Print the glyphs at a moderate speed (outer walls 40 mm/s or so) so small "
            "curves stay sharp."
        )
    return "\n".join(["PRINT SETTINGS THAT MATTER", *(_wrap(f"- {i}", "  ", "    ") for i in items)])


def _flat(layers: LayerPlan, tile: SolidTile, flat: list[Plate], set_size: int) -> str:
    count = sum(p.tiles for p in flat)
    names = join_words([p.name for p in flat])
    return "\n".join(
        [
            "FLAT BLANK TILES",
            _wrap(
                f"{names} hold{'s' if len(flat) == 1 else ''} {count} plain tiles, "
                f"{mm_text(tile.footprint)} x {mm_text(tile.footprint)} x "
                f"{mm_text(layers.body)} mm, in one colour with no change: enough for a set of "
                f"{set_size}, for example to carry the stickers from the sticker sheets.",
                indent="  ",
            ),
        ]
    )


def _steps(steps: list[str]) -> str:
    return "\n".join(
        _wrap(f"{i}. {step}", indent="    ", hang="       ") for i, step in enumerate(steps, 1)
    )


def _wrap(text: str, indent: str = "", hang: str | None = None) -> str:
    return textwrap.fill(
        text,
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent if hang is None else hang,
        break_on_hyphens=False,
    )

