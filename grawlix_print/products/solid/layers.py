"""Where layers end: snapping the body and the glyph so both meet layer tops.

A slicer prints layer 1 from Z = 0 to the first-layer height and every later
layer one layer height higher, so layer ``n`` ends at
``first + (n - 1) * layer``. A filament change can only happen between
layers, so the body must end at one of those heights; the glyph's first layer
is the one that starts there. The glyph's top is snapped too (to a whole
number of layers above the body), so the slicer neither adds nor drops a thin
last layer. Pure arithmetic, no CAD.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ...options import OptionError

COLOUR_CHANGES = ("m600", "pause", "tool")
"""How a one-nozzle print turns to the accent colour at the first relief-only layer: a filament
change (M600), a pause for a change by hand (M601, or PAUSE on Klipper), or a switch to a second
tool or filament."""
DEFAULT_LAYER_MM = 0.2
DEFAULT_FIRST_LAYER_MM = 0.2
MAX_LAYER_MM = 1.0
"""No FDM nozzle in common use lays a thicker layer; a larger value is a typo."""

SNAP_RULE = "the nearest layer top (a tie goes up)"

COMMON_PROFILES: tuple[tuple[float, float], ...] = tuple(
    (0.2, layer) for layer in (0.08, 0.1, 0.12, 0.15, 0.16, 0.2, 0.24, 0.28)
)
"""(first layer, layer height) of the slicer profiles most people print with
(PrusaSlicer, Bambu Studio and Orca Slicer ship these for 0.4 mm nozzles)."""

_DIGITS = 6  # heights are kept to a nanometre, far below any printer's step


@dataclass(frozen=True)
class LayerPlan:
    """The body and glyph heights snapped to the user's layers."""

    first: float
    layer: float
    requested_body: float
    body: float
    body_layers: int
    """Layers printed in the base colour; the body ends at the top of the last of them."""
    requested_relief: float = 0.0
    relief_layers: int = 0
    """Layers of glyph above the body."""

    @property
    def relief(self) -> float:
        return round(self.relief_layers * self.layer, _DIGITS)

    @property
    def top(self) -> float:
        return round(self.body + self.relief, _DIGITS)

    @property
    def swap_layer(self) -> int:
        """The first relief-only layer (counted from 1), printed in the accent colour."""
        return self.body_layers + 1

    @property
    def swap_layer_top(self) -> float:
        """The Z a slicer's preview shows for the swap layer: its top."""
        return round(self.body + self.layer, _DIGITS)

    @property
    def snapped(self) -> bool:
        return not math.isclose(self.body, self.requested_body, abs_tol=10**-_DIGITS)

    @property
    def relief_snapped(self) -> bool:
        return not math.isclose(self.relief, self.requested_relief, abs_tol=10**-_DIGITS)


def _check_layer_height(value: float, name: str) -> None:
    if not math.isfinite(value) or value <= 0 or value > MAX_LAYER_MM:
        raise OptionError(f"{{{name}}} must be more than 0 and at most {MAX_LAYER_MM:g} mm, not {value:g} mm", name)


def _round_half_up(steps: float) -> int:
    """Round half up, forgiving float noise such as (10 - 0.3) / 0.2 = 48.49999..."""
    return math.floor(round(steps, 9) + 0.5)


def plan_layers(body: float, first: float, layer: float, relief: float | None = None) -> LayerPlan:
    """Snap ``body`` to the nearest layer top and ``relief`` to whole layers (ties go up).

    ``relief`` None plans the body alone (flat tiles have no glyph).
    """
    _check_layer_height(first, "first_layer_height")
    _check_layer_height(layer, "layer_height")
    if not math.isfinite(body) or body <= 0:
        raise OptionError(f"{{body_height}} must be greater than zero, not {body:g} mm", "body_height")
    if first > body:
        raise OptionError(f"{{first_layer_height}} {first:g} mm is larger than the body ({body:g} mm)", "first_layer_height")
    whole = _round_half_up((body - first) / layer)
    snapped = round(first + whole * layer, _DIGITS)
    if relief is None:
        return LayerPlan(first, layer, body, snapped, whole + 1)
    if not math.isfinite(relief) or relief < layer:
        raise OptionError(f"{{relief}} {relief:g} mm is less than one {layer:g} mm layer: the relief would not print", "relief")
    return LayerPlan(first, layer, body, snapped, whole + 1, relief, _round_half_up(relief / layer))


def is_layer_top(z: float, first: float, layer: float) -> bool:
    """Whether a slicer with these layers ends a layer exactly at ``z``."""
    steps = (z - first) / layer
    return steps > -1e-9 and abs(steps - round(steps)) < 1e-6


def suited_profiles(
    plan: LayerPlan, profiles: tuple[tuple[float, float], ...] = COMMON_PROFILES
) -> list[tuple[float, float]]:
    """The profiles whose layers end exactly at the body's top and the glyph's top."""
    return [
        (first, layer)
        for first, layer in profiles
        if is_layer_top(plan.body, first, layer)
        and (plan.relief_layers == 0 or is_layer_top(plan.top, first, layer))
    ]


def describe_snap(plan: LayerPlan, relief_word: str = "relief") -> str:
    """One line for the terminal and the notes: the body height and why it is that (``relief_word``:
    what the pieces' reliefs are called, a glyph)."""
    top = (
        f"the top of layer {plan.body_layers} (first layer {mm_text(plan.first)} mm + "
        f"{plan.body_layers - 1} layers of {mm_text(plan.layer)} mm)"
    )
    if plan.snapped:
        line = (
            f"body height {mm_text(plan.body)} mm, not {mm_text(plan.requested_body)} mm: "
            f"snapped to {top}, {SNAP_RULE}"
        )
    else:
        line = f"body height {mm_text(plan.body)} mm: exactly {top}"
    if plan.relief_layers and plan.relief_snapped:
        line += (
            f"; relief {mm_text(plan.relief)} mm, not {mm_text(plan.requested_relief)} mm: "
            f"{plan.relief_layers} whole layers, so the {relief_word}'s top is a layer top too"
        )
    return line


def mm_text(value: float) -> str:
    """A height without float noise or trailing zeros: 10.1, 0.28, 10."""
    return f"{value:.{_DIGITS}f}".rstrip("0").rstrip(".")
