"""Inks: one colour as a screen shows it and as a press prints it.

Every drawing takes its colours as ``Ink``; each back end picks the screen
(RGB) or the print (CMYK) values, so the drawing code never knows which.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
RGB = tuple[float, float, float]
CMYK = tuple[float, float, float, float]


@dataclass(frozen=True)
class Ink:
    """One colour as a screen shows it (``rgb``) and as a press prints it (``cmyk``).

    Screen products (previews, the web edition, the reading leaflet) use
    ``rgb``; print products use ``cmyk``, so both come from one definition.
    """

    rgb: RGB
    cmyk: CMYK
