"""Colour vision: whether a player who sees colours differently can still tell two inks apart.

About one man in twelve sees colours differently. The three complete forms are
simulated with the matrices of Machado, Oliveira and Fernandes (2009, "A
physiologically-based model for simulation of color vision deficiency", IEEE
TVCG 15(6)), severity 1.0, applied to linear sRGB; each colour as the
simulated eye sees it is taken to CIELAB (D65) and pairs are compared with
CIEDE2000 (Sharma, Wu and Dalal, 2005).

``DISTINCT`` is the difference two colours need for a player to name them
apart at the table: a ΔE2000 of about 1 is just noticeable side by side, and 2
to 10 is a difference seen at a glance when the two lie next to each other.
Pieces are compared across a table, one at a time, in home lighting and on
small marks, so a wide margin is asked: 15, where two colours read as two
colours rather than two shades of one. It is strict: the designer's
Permutations inks are Goldenrod and ForestGreen 26 apart at the least (his
rulebook's LimeGreen and Goldenrod 2.3, under deuteranopia), but red and
ForestGreen only about 14 to a deuteranope, green and RoyalBlue 14 to a
tritanope; such pairs are why faces carry their colour's letter.

This module knows no game: a game says which colours its players must tell
apart (``Game.colours_to_tell_apart``), the kit and ``check`` report pairs
that fall short.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations

from .ink import RGB, Ink

DISTINCT = 15.0
"""The smallest CIEDE2000 difference between two colours a player must tell apart (see above)."""

Matrix = tuple[tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]]

SIMULATIONS: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}  # fmt: skip
"""Machado et al. (2009), severity 1.0, on linear RGB: the eye without one kind of cone."""
VISIONS = ("normal", *SIMULATIONS)


def _linear(value: float) -> float:
    """An sRGB component (0-1) as linear light (IEC 61966-2-1)."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _encoded(value: float) -> float:
    value = min(1.0, max(0.0, value))
    return value * 12.92 if value <= 0.0031308 else 1.055 * value ** (1 / 2.4) - 0.055


def seen(rgb: RGB, vision: str) -> RGB:
    """``rgb`` (sRGB, 0-1) as an eye with ``vision`` sees it, in sRGB again (out-of-gamut clipped)."""
    if vision == "normal":
        return rgb
    matrix = SIMULATIONS[vision]
    light = [_linear(c) for c in rgb]
    r, g, b = (_encoded(sum(m * c for m, c in zip(row, light))) for row in matrix)
    return r, g, b


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIELAB of an sRGB colour, white point D65."""
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_2000(first: tuple[float, float, float], second: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference between two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    dl, dc = l2 - l1, c2 - c1
    if c1 * c2 == 0:
        dh = 0.0
    elif abs(h2 - h1) <= 180:
        dh = h2 - h1
    else:
        dh = h2 - h1 - 360 if h2 > h1 else h2 - h1 + 360
    dh_big = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    l_mean, c_bar = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))  # fmt: skip
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_bar
    s_h = 1 + 0.015 * c_bar * t
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_t = -2 * math.sqrt(c_bar**7 / (c_bar**7 + 25**7)) * math.sin(math.radians(2 * rotation))
    return math.sqrt((dl / s_l) ** 2 + (dc / s_c) ** 2 + (dh_big / s_h) ** 2 + r_t * (dc / s_c) * (dh_big / s_h))


def difference(first: Ink, second: Ink, vision: str) -> float:
    """How far apart two inks look (their screen colours) to an eye with ``vision``: ΔE2000."""
    return delta_e_2000(lab(seen(first.rgb, vision)), lab(seen(second.rgb, vision)))


@dataclass(frozen=True)
class Confusion:
    """Two colours that look too alike to an eye with ``vision``."""

    first: str
    second: str
    vision: str
    delta_e: float

    def __str__(self) -> str:
        return f"{self.first} and {self.second} differ by ΔE {self.delta_e:.1f} under {self.vision} (at least {DISTINCT:g} is needed)"


def confusions(colours: Mapping[str, Ink]) -> list[Confusion]:
    """Every pair of ``colours`` (name -> ink) that some eye sees less than ``DISTINCT`` apart, the
    closest first; for each pair only the vision that sees it closest."""
    found = []
    for (name_a, ink_a), (name_b, ink_b) in combinations(colours.items(), 2):
        vision = min(VISIONS, key=lambda v: difference(ink_a, ink_b, v))
        delta = difference(ink_a, ink_b, vision)
        if delta < DISTINCT:
            found.append(Confusion(name_a, name_b, vision, delta))
    return sorted(found, key=lambda c: c.delta_e)
