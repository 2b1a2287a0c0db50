"""Layer arithmetic for the filament swap, and the printing notes that state it (no CAD)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.errors import StudioError
from grawlix_print.products.solid.instructions import Files, Plate, instructions_text
from grawlix_print.products.solid.layers import describe_snap, plan_layers
from grawlix_print.products.solid.plates import Bed
from grawlix_print.games import game
from grawlix_print.products.solid.kinds import solid_kinds
from tileset import COLOURS
from grawlix_print.products.solid.dimensions import SOLID_TILE


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


@settings(deadline=None)  # no timing in tests: the machine is shared
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
    with pytest.raises(StudioError, match=message):
        plan_layers(body, first, layer)


def test_the_snap_is_stated():
    assert "not 10 mm" in describe_snap(plan_layers(10, 0.3, 0.2))
    assert "a tie goes up" in describe_snap(plan_layers(10, 0.3, 0.2))
    assert "exactly the top of layer 50" in describe_snap(plan_layers(10, 0.2, 0.2))
    assert "relief 3.96 mm, not 4 mm: 33 whole layers" in describe_snap(plan_layers(9.8, 0.2, 0.12, 4))


@pytest.mark.parametrize(
    "relief, first, layer, expected",
    [("4.8", "0.2", "0.2", "4.8"), ("4.8", "0.28", "0.12", "4.8"), ("4", "0.2", "0.12", "3.96"),
     ("4.8", "0.2", "0.28", "4.76"), ("0.3", "0.2", "0.2", "0.4")],  # 1.5 layers: a tie goes up
)  # fmt: skip
def test_the_glyph_top_is_a_layer_top_too(relief, first, layer, expected):
    plan = plan_layers(9.8, float(first), float(layer), float(relief))
    assert plan.relief == pytest.approx(float(expected), abs=1e-9)
    steps = Fraction(expected) / Fraction(layer)
    assert steps.denominator == 1 and plan.relief_layers == steps
    top = nearest_layer_top(str(Fraction(str(plan.top)).limit_denominator(10**6)), first, layer)
    assert float(top[0]) == pytest.approx(plan.top, abs=1e-9)  # the top is itself a layer top


def test_profiles_that_suit_the_published_heights():
    from grawlix_print.products.solid.layers import COMMON_PROFILES, suited_profiles

    plan = plan_layers(SOLID_TILE.body_height, 0.2, 0.2, SOLID_TILE.relief)
    expected = []
    for first, layer in COMMON_PROFILES:  # brute force: list every layer top up to the glyph's top
        tops = {Fraction(str(first)) + k * Fraction(str(layer)) for k in range(200)}
        if Fraction("9.8") in tops and Fraction("14.6") in tops:
            expected.append((first, layer))
    assert suited_profiles(plan) == expected
    assert [layer for _, layer in expected] == [0.08, 0.1, 0.12, 0.15, 0.16, 0.2, 0.24]


def notes(plan, plates, markings="none"):
    files = Files(tuple(plates), markings, Bed(), solid_kinds(game())[0], "grawlix")
    return instructions_text(plan, SOLID_TILE, files)


def test_notes_give_the_swap_as_each_slicer_shows_it():
    plan = plan_layers(10, 0.3, 0.2, 4.8)  # body 10.1 = top of layer 50; layer 51 is 10.1..10.3
    text = notes(plan, [Plate("plate.stl", "raised", 6, 30, 3),
                        Plate("grawlix-raised-red-colour-change.3mf", "3MF one-nozzle plate", 6,
                              30, 3, colour="red"),
                        Plate("flat.stl", "flat", 12, 60, 0)])  # fmt: skip
    assert "CHANGE FILAMENT AT Z = 10.1 MM" in text
    assert "after layer 50 and before layer 51" in text
    assert '"10.30 (51)"' in text  # PrusaSlicer's slider label
    assert '"51" above "10.30"' in text  # Orca Slicer / Bambu Studio
    assert "layer 51" in text and ";LAYER:50" in text  # Cura preview and its G-code
    assert 'Set its "Layer" to 51' in text  # Cura's Filament Change script
    assert "pause after layer 50" in text  # Cura's Pause at height script
    assert "grawlix-raised-<colour>-colour-change.3mf" in text
    for colour in COLOURS:
        assert colour.name in text
    assert "six times" in text and "base colour first" in text
    assert "about 30 g base + 3 g accent" in " ".join(text.split())
    assert max(len(line) for line in text.splitlines()) <= 80


def test_flat_only_notes_have_no_colour_change():
    plan = plan_layers(9.8, 0.2, 0.2)
    text = notes(plan, [Plate("flat.stl", "flat", 16, 60, 0)])
    assert "CHANGE" not in text and "M600" not in text and "pause" not in text.lower()
    assert "16 plain tiles" in text and "No supports" in text


# --- boundaries that a mutant of layers.py would move -----------------------------


def exact_top(z: float, first: Fraction, layer: Fraction) -> bool:
    """Independently, in fractions: a slicer with these layers ends a layer exactly at ``z``."""
    steps = (Fraction(str(round(z, 6))) - first) / layer
    return steps.denominator == 1 and steps >= 0


def test_a_relief_of_exactly_one_layer_is_allowed_and_one_under_it_refused():
    plan = plan_layers(9.8, 0.2, 0.2, 0.2)
    assert plan.relief_layers == 1 and plan.relief == pytest.approx(0.2) and plan.top == pytest.approx(10.0)
    plan = plan_layers(9.8, 0.2, 0.12, 0.12)
    assert plan.relief_layers == 1
    with pytest.raises(StudioError, match="less than one 0.2 mm layer"):
        plan_layers(9.8, 0.2, 0.2, 0.199)


@pytest.mark.parametrize("first, layer", [(0.2, 0.2), (0.3, 0.2), (0.28, 0.12), (0.08, 0.08)])
def test_the_first_layer_top_is_itself_a_layer_top(first, layer):
    from grawlix_print.products.solid.layers import is_layer_top

    assert is_layer_top(first, first, layer)  # z == first: the top of layer 1
    assert is_layer_top(first + layer, first, layer)
    assert not is_layer_top(first - layer, first, layer)  # under the first layer's top: no layer ends there
    assert not is_layer_top(first + layer / 2, first, layer)


common = st.sampled_from([(Fraction("0.2"), Fraction(l)) for l in ("0.08", "0.1", "0.12", "0.16", "0.2", "0.24", "0.28")]
                         + [(Fraction("0.3"), Fraction("0.2")), (Fraction("0.28"), Fraction("0.12"))])  # fmt: skip


@settings(deadline=None)
@given(profile=common, body=st.integers(min_value=30, max_value=1500), relief=st.integers(min_value=28, max_value=700))
def test_suited_profiles_need_both_the_body_top_and_the_glyph_top_on_a_layer_top(profile, body, relief):
    """Brute force over every common profile: a profile suits the files only when the slicer ends
    a layer exactly at the body's top and at the glyph's top."""
    from grawlix_print.products.solid.layers import COMMON_PROFILES, suited_profiles

    first, layer = profile
    plan = plan_layers(body / 100, float(first), float(layer), relief / 100)
    expected = [
        (f, l)
        for f, l in COMMON_PROFILES
        if exact_top(plan.body, Fraction(str(f)), Fraction(str(l)))
        and exact_top(plan.top, Fraction(str(f)), Fraction(str(l)))
    ]
    assert suited_profiles(plan) == expected


def test_a_glyph_top_off_a_profiles_layers_rules_it_out():
    """9.8 mm suits 0.24 mm layers (0.2 + 40 x 0.24) but a 4.6 mm relief puts the glyph's top
    at 14.4 mm, between two of their layer tops: that profile would leave the glyph a thin top."""
    from grawlix_print.products.solid.layers import suited_profiles

    plan = plan_layers(9.8, 0.2, 0.2, 4.6)
    assert exact_top(plan.body, Fraction("0.2"), Fraction("0.24"))
    assert not exact_top(plan.top, Fraction("0.2"), Fraction("0.24"))
    assert (0.2, 0.24) not in suited_profiles(plan)
    assert (0.2, 0.24) in suited_profiles(plan_layers(9.8, 0.2, 0.2))  # flat: only the body counts
