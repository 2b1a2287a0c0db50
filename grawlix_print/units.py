"""Lengths as users type them: ``25.4``, ``25.4mm``, ``2.54cm``, ``1in``, ``72pt``."""

from __future__ import annotations

import math
import re

from .errors import StudioError

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72}
_LENGTH = re.compile(r"^\s*([+-]?(?:\d+(?:\.\d*)?|\.\d+))\s*([a-z]*)\s*$", re.IGNORECASE)


def parse_length(text: str | float, name: str = "length", allow_zero: bool = False) -> float:
    """Millimetres from a number with an optional unit (millimetres when none is given).

    ``text`` may also be a number (a value from a settings file): it is checked
    exactly like the same number typed on the command line. Negative lengths
    are refused, and zero too unless ``allow_zero`` (a bleed of 0 means none).
    """
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        try:
            number, unit = float(text), "mm"
        except OverflowError:  # an integer too large for a float (TOML integers have no limit)
            number, unit = math.inf, "mm"
    else:
        match = _LENGTH.match(str(text))
        if not match:
            raise StudioError(f"{name} {text!r} is not a length such as 25.4mm, 2.54cm or 1in")
        number, unit = float(match.group(1)), (match.group(2).lower() or "mm")
    if unit not in MM_PER_UNIT:
        raise StudioError(
            f"{name} {text!r} has an unknown unit {unit!r} (use {', '.join(MM_PER_UNIT)})"
        )
    value = number * MM_PER_UNIT[unit]
    if not math.isfinite(value):
        raise StudioError(f"{name} {text!r} is not a length such as 25.4mm, 2.54cm or 1in")
    if value < 0 or (value == 0 and not allow_zero):
        least = "zero or more" if allow_zero else "greater than zero"
        raise StudioError(f"{name} must be {least}, not {text!r}")
    return value
