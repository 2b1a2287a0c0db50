"""Length options: the units users type, and refusals for everything else."""

from __future__ import annotations

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.units import parse_length


@pytest.mark.parametrize(
    "text, mm",
    [("25.4", 25.4), ("25.4mm", 25.4), ("2.54cm", 25.4), ("1in", 25.4), ("1 IN", 25.4),
     ("72pt", 25.4), (".5mm", 0.5)],
)  # fmt: skip
def test_units(text, mm):
    assert parse_length(text) == pytest.approx(mm)


@pytest.mark.parametrize(
    "text, message",
    [("0", "greater than zero"), ("-3mm", "greater than zero"), ("3furlongs", "unknown unit"),
     ("abc", "not a length"), ("", "not a length"), ("1e999", "not a length")],
)  # fmt: skip
def test_refusals(text, message):
    with pytest.raises(StudioError, match=message):
        parse_length(text, "--tile-size")


def test_a_number_too_large_for_a_float_is_refused_in_one_line():
    """A TOML integer has no limit: 10**400 is not a length (not an OverflowError)."""
    with pytest.raises(StudioError, match="not a length"):
        parse_length(10**400, "--tile-size")
