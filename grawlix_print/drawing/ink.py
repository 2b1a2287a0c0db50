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

    @property
    def overprints(self) -> bool:
        """Black ink alone (100 % K) prints over what lies beneath instead of knocking it out.

        On an offset press the black plate never lands exactly on the colour
        plates; a black line or letter that knocks out the colour under it
        shows a white halo where they miss. Printed over, it cannot. Only pure
        black does this: any other ink would mix with what lies beneath.
        """
        return self.cmyk == (0.0, 0.0, 0.0, 1.0)


BLACK = Ink((0.08, 0.08, 0.08), (0.0, 0.0, 0.0, 1.0))
"""Text, outlines and marks: black ink alone, never a rich black of four inks, so
it stays sharp when a press's plates sit slightly out of register (and overprints)."""
PAPER = Ink((1.0, 1.0, 1.0), (0.0, 0.0, 0.0, 0.0))
"""The paper itself: white on screen, no ink at all on a press."""


def hex_ink(text: str) -> Ink:
    """``#rrggbb`` as an ink: the screen colour as given, the press colour by the usual conversion
    (black from the darkest part, pure ``#000000`` as black ink alone, so text overprints)."""
    digits = text[1:]
    if len(digits) == 3:
        digits = "".join(d * 2 for d in digits)
    r, g, b = (int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))
    k = 1 - max(r, g, b)
    if k >= 1:
        return Ink((0.0, 0.0, 0.0), (0.0, 0.0, 0.0, 1.0))
    c, m, y = ((1 - part - k) / (1 - k) for part in (r, g, b))
    return Ink((r, g, b), tuple(round(v, 4) for v in (c, m, y, k)))  # type: ignore[arg-type]
