"""Layer arithmetic for the filament swap, and the printing notes that state it (no CAD)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from grawlix_print.errors import GrawlixError
from grawlix_print.solid.instructions import Listing, instructions_text
from grawlix_print.solid.layers import describe_snap, plan_layers
from grawlix_print.tile.identity import COLOURS
from grawlix_print.tile.sizes import SOLID_TILE


def nearest_layer_top(body: str, first: str, layer: str) -> tuple[Fraction, int]:
    """Brute force in exact fractions: every layer top, the nearest one, ties upward."""
    body, first, layer = Fraction(body), Fraction(first), Fraction(layer)
    tops = [(first + k * layer, k + 1) for k in range(int((body - first) / layer) + 3)]
    return min(tops, key=lambda top: (abs(top[0] - body), -top[0]))


@pytest.mark.parametrize(
    "body, first, layer, expected, layers",
    [
        ("10", "0.2", "0.2", "10", 50),
        ("10", "0.3", "0.2", "10.1", 50),  # 9.9 and 10.1 tie: upward
        ("10", "0.28", "0.12", "10", 82),
        ("9.5", "0.24", "0.16", "9.52", 59),
        ("9.95", "0.2", "0.1", "10", 99),  # 9.9 and 10.0 tie: upward
        ("0.3", "0.3", "0.2", "0.3", 1),  # the body is just the first layer
    ],
)  # fmt: skip
def test_body_snaps_to_the_nearest_layer_top(body, first, layer, expected, layers):
    plan = plan_layers(float(body), float(first), float(layer))
    assert plan.body == pytest.approx(float(expected), abs=1e-9)
    assert plan.body_layers == layers
    assert (Fraction(expected), layers) == nearest_layer_top(body, first, layer)
    assert plan.swap_layer == layers + 1
    assert plan.swap_layer_top == pytest.approx(float(expected) + float(layer), abs=1e-9)


decimals = st.integers(min_value=5, max_value=100).map(lambda n: Fraction(n, 100))


@given(first=decimals, layer=decimals, extra=st.integers(min_value=0, max_value=5000))
def test_snapped_body_is_always_a_layer_top(first, layer, extra):
    body = first + Fraction(extra, 100)
    plan = plan_layers(float(body), float(first), float(layer))
    top, number = nearest_layer_top(str(body), str(first), str(layer))
    assert plan.body == pytest.approx(float(top), abs=1e-6)
    assert plan.body_layers == number
    assert abs(Fraction(plan.body).limit_denominator(10**6) - body) <= layer / 2


@pytest.mark.parametrize(
    "body, first, layer, message",
    [
        (10, 0.2, 0, "--layer-height must be more than 0"),
        (10, 0.2, 1.2, "at most 1 mm"),
        (10, 0, 0.2, "--first-layer-height must be more than 0"),
        (10, 1.5, 0.2, "at most 1 mm"),
        (0.5, 0.6, 0.2, "larger than the body"),
        (-1, 0.2, 0.2, "--body-height must be greater than zero"),
    ],
)  # fmt: skip
def test_impossible_layers_are_refused(body, first, layer, message):
    with pytest.raises(GrawlixError, match=message):
        plan_layers(body, first, layer)


def test_the_snap_is_stated():
    assert "not 10 mm" in describe_snap(plan_layers(10, 0.3, 0.2))
    assert "a tie goes up" in describe_snap(plan_layers(10, 0.3, 0.2))
    assert "exactly the top of layer 50" in describe_snap(plan_layers(10, 0.2, 0.2))


def test_notes_give_the_swap_as_each_slicer_shows_it():
    plan = plan_layers(10, 0.3, 0.2)  # body 10.1 = top of layer 50; layer 51 is 10.1..10.3
    tile = SOLID_TILE
    listing = Listing(
        (("plate.stl", "six tiles"), ("plate-red.3mf", "multi"), ("flat.stl", "blanks")),
        raised_plate="plate.stl",
        threemf_example="plate-red.3mf",
        flat_plate="flat.stl",
        flat_count=12,
    )
    text = instructions_text(plan, tile, listing)
    assert "CHANGE FILAMENT AT Z = 10.1 MM" in text
    assert "after layer 50 and before layer 51" in text
    assert '"10.30 (51)"' in text  # PrusaSlicer's slider label
    assert '"51" above "10.30"' in text  # Orca Slicer / Bambu Studio
    assert "layer 51" in text and ";LAYER:50" in text  # Cura preview and its G-code
    assert 'Set its "Layer" to 51' in text  # Cura's Filament Change script
    assert "pause after layer 50" in text  # Cura's Pause at height script
    for colour in COLOURS:
        assert colour.name in text
    assert "six times" in text and "base colour first" in text
    assert "print it 3 times for a set of 36" in text
    assert max(len(line) for line in text.splitlines()) <= 80
