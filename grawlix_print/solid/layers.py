"""Where layers end: snapping the body height so the glyph starts on a layer boundary.

A slicer prints layer 1 from Z = 0 to the first-layer height and every later
layer one layer height higher, so layer ``n`` ends at
``first + (n - 1) * layer``. A filament swap can only happen between layers,
so the body must end at one of those heights; the glyph's first layer is the
one that starts there. Pure arithmetic, no CAD.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import GrawlixError

DEFAULT_LAYER_MM = 0.2
DEFAULT_FIRST_LAYER_MM = 0.2
MAX_LAYER_MM = 1.0
"""No FDM nozzle in common use lays a thicker layer; a larger value is a typo."""

SNAP_RULE = "the nearest layer top (a tie goes up)"

_DIGITS = 6  # heights are kept to a nanometre, far below any printer's step


@dataclass(frozen=True)
class LayerPlan:
    """The body height snapped to the user's layers, and the layer that starts the glyph."""

    first: float
    layer: float
    requested_body: float
    body: float
    body_layers: int
    """Layers printed in the base colour; the body ends at the top of the last of them."""

    @property
    def swap_layer(self) -> int:
        """The first glyph-only layer (counted from 1), printed in the accent colour."""
        return self.body_layers + 1

    @property
    def swap_layer_top(self) -> float:
        """The Z a slicer's preview shows for the swap layer: its top."""
        return round(self.body + self.layer, _DIGITS)

    @property
    def snapped(self) -> bool:
        return not math.isclose(self.body, self.requested_body, abs_tol=10**-_DIGITS)


def _check_layer_height(value: float, name: str) -> None:
    if not math.isfinite(value) or value <= 0 or value > MAX_LAYER_MM:
        raise GrawlixError(
            f"{name} must be more than 0 and at most {MAX_LAYER_MM:g} mm, not {value:g} mm"
        )


def plan_layers(body: float, first: float, layer: float) -> LayerPlan:
    """Snap ``body`` to the nearest layer top (a tie goes up), refusing impossible settings."""
    _check_layer_height(first, "--first-layer-height")
    _check_layer_height(layer, "--layer-height")
    if not math.isfinite(body) or body <= 0:
        raise GrawlixError(f"--body-height must be greater than zero, not {body:g} mm")
    if first > body:
        raise GrawlixError(
            f"--first-layer-height {first:g} mm is larger than the body ({body:g} mm)"
        )
    steps = (body - first) / layer
    # Round half up, forgiving the float noise in e.g. (10 - 0.3) / 0.2 = 48.49999...
    whole = math.floor(round(steps, 9) + 0.5)
    snapped = round(first + whole * layer, _DIGITS)
    return LayerPlan(first, layer, body, snapped, whole + 1)


def describe_snap(plan: LayerPlan) -> str:
    """One line for the terminal and the notes: the body height and why it is that."""
    top = (
        f"the top of layer {plan.body_layers} (first layer {mm_text(plan.first)} mm + "
        f"{plan.body_layers - 1} layers of {mm_text(plan.layer)} mm)"
    )
    if plan.snapped:
        return (
            f"body height {mm_text(plan.body)} mm, not {mm_text(plan.requested_body)} mm: "
            f"snapped to {top}, {SNAP_RULE}"
        )
    return f"body height {mm_text(plan.body)} mm: exactly {top}"


def mm_text(value: float) -> str:
    """A height without float noise or trailing zeros: 10.1, 0.28, 10."""
    return f"{value:.{_DIGITS}f}".rstrip("0").rstrip(".")
