"""The surface that keeps what is drawn filled (drawing/traced.py), what a layout element raises in
3D: shapes moved as nested transforms move them on a page, letters set as a PDF sets them (each
character its advance), strokes and clips left out, a raster picture refused."""

from __future__ import annotations

import math

import numpy as np
import pytest
from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTFont

from conftest import PROJECT
from grawlix_print.drawing.ink import Ink
from grawlix_print.drawing.surface import Face, Pen, Raster, polygon
from grawlix_print.drawing.traced import TracedSurface
from grawlix_print.errors import StudioError

INK = Ink((0.1, 0.2, 0.3), (0.0, 0.0, 0.0, 1.0))
CAPRASIMO = PROJECT / "grawlix_print" / "fonts" / "Caprasimo-Regular.ttf"


def _points(path) -> np.ndarray:
    return np.array([op[k : k + 2] for op in path.operations for k in range(1, len(op), 2)], dtype=float)


def _matrix(dx: float, dy: float, angle: float, scale: float) -> np.ndarray:
    """translate(dx, dy), then rotate(angle), then scale, as a PDF canvas applies them (3 x 3)."""
    c, s = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    return np.array([[1, 0, dx], [0, 1, dy], [0, 0, 1]]) @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]]) @ np.diag([scale, scale, 1])


def test_nested_transforms_move_a_shape_as_a_page_moves_it():
    surface = TracedSurface()
    corners = [(0.0, 0.0), (3.0, 0.0), (1.0, 2.0)]
    with surface.transformed(10, 5, angle=30, scale=2), surface.transformed(-1, 4, angle=-75, scale=0.5):
        surface.shape(polygon(corners), fill=INK)
    (path, ink), = surface.filled
    expected = _matrix(10, 5, 30, 2) @ _matrix(-1, 4, -75, 0.5) @ np.array([[x, y, 1] for x, y in corners]).T
    assert ink == INK and np.allclose(_points(path)[: len(corners)], expected[:2].T)


def test_strokes_and_clips_are_left_out_and_a_raster_is_refused():
    surface = TracedSurface()
    with surface.clipped(polygon([(0, 0), (1, 0), (0, 1)])):
        surface.shape(polygon([(0, 0), (5, 0), (5, 5)]), pen=Pen(INK, 0.3))
        surface.shape(polygon([(0, 0), (5, 0), (5, 5)]), fill=INK)
    assert len(surface.filled) == 1 and _points(surface.filled[0][0]).max() == 5  # not cut to the clip
    with pytest.raises(StudioError, match="no shapes to raise"):
        surface.image(Raster(b"", 1, 1, "image/png"), 0, 0, 1, 1)


@pytest.mark.parametrize("centred", [False, True])
def test_letters_stand_where_each_characters_advance_puts_them(centred):
    """'AV' at 12 mm from x = 4: A's outline from its own bounds, V's from A's advance on (fontTools'
    metrics of the same file, no kerning); centred, the line's middle on x."""
    font = TTFont(CAPRASIMO)
    glyphs, cmap, em = font.getGlyphSet(), font.getBestCmap(), font["head"].unitsPerEm
    advance = {c: glyphs[cmap[ord(c)]].width / em for c in "AV"}
    left = 4 - (advance["A"] + advance["V"]) * 12 / 2 if centred else 4
    surface = TracedSurface()
    surface.text(4, 1, "AV", Face("caprasimo", CAPRASIMO, "serif"), 12, INK, centred=centred)
    assert len(surface.filled) == 2
    for (path, _), character, start in zip(surface.filled, "AV", (0, advance["A"])):
        bounds = BoundsPen(glyphs)
        glyphs[cmap[ord(character)]].draw(bounds)
        x0, y0, x1, y1 = bounds.bounds
        points = _points(path)
        assert points[:, 0].min() == pytest.approx(left + (start + x0 / em) * 12, abs=0.02)
        assert points[:, 1].max() == pytest.approx(1 + y1 / em * 12, abs=0.02)  # the baseline at y = 1
