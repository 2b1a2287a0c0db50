"""The Creative Commons marks a licence line carries, drawn on a PDF page.

The badge is drawn, not embedded as an image: two rings, "cc" in the first and the
attribution figure in the second, in one ink, so it prints in black alone on a
press and stays sharp at any size.
"""

from __future__ import annotations

from ..ink import Ink
from .fonts import register_quicksand
from .surface import PdfSurface


def draw_cc_by(surface: PdfSurface, x: float, cy: float, width: float, ink: Ink) -> None:
    """The two round Creative Commons marks, ``width`` wide from ``x``, centred on ``cy``: "cc" and the
    attribution figure."""
    radius = width / 4.4
    canvas = surface.canvas
    canvas.saveState()
    surface.use_ink(ink)
    canvas.setLineWidth(radius * 0.16)
    left, right = x + radius * 1.08, x + width - radius * 1.08
    for cx in (left, right):
        canvas.circle(cx, cy, radius, stroke=1, fill=0)
    _, bold = register_quicksand()
    size = radius * 1.15
    canvas.setFont(bold, size)
    canvas.drawCentredString(left, cy - size * 0.34, "cc")
    canvas.circle(right, cy + radius * 0.52, radius * 0.17, stroke=0, fill=1)
    body = canvas.beginPath()
    body.roundRect(right - radius * 0.3, cy - radius * 0.22, radius * 0.6, radius * 0.5, radius * 0.1)
    canvas.drawPath(body, stroke=0, fill=1)
    for side in (-1, 1):
        leg_x = right + side * radius * 0.13 - radius * 0.1
        canvas.rect(leg_x, cy - radius * 0.62, radius * 0.2, radius * 0.45, stroke=0, fill=1)
    canvas.restoreState()
