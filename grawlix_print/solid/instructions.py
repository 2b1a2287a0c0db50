"""The plain-text printing notes written next to the models.

The one fact that matters is where to change filament; it is given three
ways, as each slicer's preview shows it, because they count differently:
PrusaSlicer labels a layer with its top Z and its number from 1, Orca
Slicer and Bambu Studio show the same number above the same Z, and Cura's
preview numbers layers from 1 while its G-code comments count from 0.
"""

from __future__ import annotations

import math
import textwrap
from dataclasses import dataclass

from ..tile.identity import COLOURS, TILES
from ..tile.sizes import SolidTile
from .layers import LayerPlan, describe_snap, mm_text

WIDTH = 78


@dataclass(frozen=True)
class Listing:
    """The files to describe, by role."""

    files: tuple[tuple[str, str], ...]
    """(file name, what it holds), in the order they should be listed."""
    raised_plate: str | None = None
    threemf_example: str | None = None
    flat_plate: str | None = None
    flat_count: int = 0


def instructions_text(layers: LayerPlan, tile: SolidTile, listing: Listing) -> str:
    """The whole notes file: settings, files, the swap, the six batches, slicer steps."""
    sections = [_heading(layers, tile), _files(listing)]
    if listing.raised_plate:
        sections += [
            _swap(layers),
            _batches(listing.raised_plate),
            _slicers(layers, listing.raised_plate),
        ]
        if listing.threemf_example:
            sections.append(_multi_material(listing.threemf_example))
    if listing.flat_plate:
        sections.append(_flat(layers, tile, listing))
    return "\n\n".join(sections) + "\n"


def _heading(layers: LayerPlan, tile: SolidTile) -> str:
    title = "GRAWLIX 3D-PRINTED TILES: HOW TO PRINT THEM"
    first, layer = mm_text(layers.first), mm_text(layers.layer)
    size, body, relief = mm_text(tile.size), mm_text(tile.body_height), mm_text(tile.relief)
    return "\n".join(
        [
            title,
            "=" * len(title),
            "",
            _wrap(
                f"These files are made for a slicer set to a first layer of {first} mm "
                f"and a layer height of {layer} mm. The colour change has to fall "
                "exactly where the body ends, so if you slice with other layer heights, make the "
                "files again with those heights:"
            ),
            "",
            f"    grawlix-print stl --first-layer-height {first} --layer-height {layer}",
            "",
            _wrap(
                f"A tile is {size} x {size} mm with a {body} mm body and the glyph raised "
                f"{relief} mm above it, {mm_text(tile.body_height + tile.relief)} mm in all."
            ),
            "",
            _wrap(_sentence(describe_snap(layers))),
        ]
    )


def _files(listing: Listing) -> str:
    width = max(len(name) for name, _ in listing.files) + 2
    lines = ["FILES"]
    for name, what in listing.files:
        lines.append(_wrap(f"{name:<{width}}{what}", indent="  ", hang="  " + " " * width))
    return "\n".join(lines)


def _swap(layers: LayerPlan) -> str:
    n, z, body = layers.swap_layer, layers.swap_layer_top, mm_text(layers.body)
    return "\n".join(
        [
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
    )


def _batches(raised_plate: str) -> str:
    names = ", ".join(c.name for c in COLOURS)
    return "\n".join(
        [
            "SIX BATCHES",
            _wrap(
                f"A full set is {len(TILES)} tiles: the six glyphs in each of six colours. Print "
                f"{raised_plate} six times, each time base colour first and one accent colour "
                f"after the change: {names}. Any six colours that are easy to tell apart will do.",
                indent="  ",
            ),
        ]
    )


def _slicers(layers: LayerPlan, raised_plate: str) -> str:
    n, z = layers.swap_layer, layers.swap_layer_top
    first, layer = mm_text(layers.first), mm_text(layers.layer)
    return "\n".join(
        [
            "SETTING THE CHANGE IN YOUR SLICER",
            "  PrusaSlicer, Orca Slicer, Bambu Studio",
            _steps(
                [
                    f"Load {raised_plate}. Set first layer height {first} mm and layer height "
                    f"{layer} mm; leave variable (adaptive) layer height off. Slice.",
                    f"In the preview, drag the upper handle of the vertical layer slider to "
                    f"layer {n}, shown with Z {z:.2f}.",
                    'PrusaSlicer: click the "+" beside the handle to add a colour change (M600). '
                    'If your printer\'s firmware has no M600, right-click the "+" and choose '
                    '"Add pause print" instead. Orca Slicer, Bambu Studio: right-click the '
                    'handle\'s "+" and choose "Change filament" (or "Add pause").',
                    f"Export the G-code. The printer stops before layer {n} for the new filament.",
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


def _multi_material(threemf_example: str) -> str:
    return "\n".join(
        [
            "MULTI-MATERIAL PRINTERS (AMS, MMU, tool changers)",
            _wrap(
                f"Open a 3MF plate such as {threemf_example} instead of pausing. Each tile is one "
                'object with two parts: "body" on filament 1 (shown grey) and "glyph" on '
                "filament 2 (shown in the plate's accent colour). PrusaSlicer reads the parts and "
                "their filaments as they are. If your slicer shows a tile as a single part, "
                "right-click it and choose Split > To parts, then give the glyph parts the "
                "accent filament.",
                indent="  ",
            ),
        ]
    )


def _flat(layers: LayerPlan, tile: SolidTile, listing: Listing) -> str:
    plates = math.ceil(len(TILES) / listing.flat_count)
    return "\n".join(
        [
            "FLAT BLANK TILES",
            _wrap(
                f"{listing.flat_plate} holds {listing.flat_count} plain tiles, "
                f"{mm_text(tile.size)} x {mm_text(tile.size)} x {mm_text(layers.body)} mm, in one "
                f"colour with no change: print it {plates} times for a set of {len(TILES)}, for "
                "example to carry the stickers from the sticker sheets.",
                indent="  ",
            ),
        ]
    )


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + "."


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
