"""The rules' diagrams as SVG: the leaflet's pictures, drawn by the same code through the SVG back end.

Each diagram of the text (supply chart, examples, cover art, largest grid)
becomes one ``<svg>`` with its text alternative as title and description.
A standalone file (beside the Markdown edition) embeds the web font of its
marker labels; a picture inside the HTML page shares the page's fonts.
"""

from __future__ import annotations

from ...drawing.ink import PAPER
from ...drawing.surface import Face
from ...drawing.svg import SvgDefs, drawn
from ...rulebook import Diagram
from .fonts import font_face_css

CELL_PX = 44.0
"""A grid square in CSS pixels: a grid of six columns is 264 px wide, inside a 360 px phone."""
PAD_PX = 10.0
"""The diagram's own background reaches this far around it."""
"""Every diagram carries its own white ground: on a dark page (GitHub's dark theme, a
browser in dark mode) a transparent one would lose its dark outlines and dashes."""


def diagram_svg(diagram: Diagram, standalone: bool, defs: SvgDefs | None = None, faces: list[Face] | None = None) -> str:
    """The diagram as an ``<svg>`` element (a whole file when ``standalone``); ``defs`` are the
    tiles a page's pictures share; ``faces`` collects the typefaces its text is set in (for a page
    that embeds them)."""
    surface = drawn(diagram.figure, _unit(diagram), ids=diagram.name, defs=defs)
    if faces is not None:
        faces += [face for face in surface.faces if face not in faces]
    style = ""
    if standalone and surface.faces:
        style = font_face_css(surface.faces, diagram.figure.characters)
    return surface.element(diagram.title, diagram.alt, standalone=standalone, style=style,
                           background=PAPER, pad=PAD_PX)  # fmt: skip


def diagram_width(diagram: Diagram) -> float:
    """The picture's width in CSS pixels, its background included."""
    return diagram.figure.size(_unit(diagram))[0] + 2 * PAD_PX


def _unit(diagram: Diagram) -> float:
    """The figure's unit in CSS pixels: a grid cell, or what the figure asks for."""
    return CELL_PX * diagram.figure.screen_scale


def diagram_file(diagram: Diagram) -> str:
    """The file name of a standalone diagram, beside the Markdown: ``diagrams/example-2.svg``."""
    return f"diagrams/{diagram.name}.svg"
