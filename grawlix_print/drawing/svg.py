"""The SVG back end of the drawing layer: ``Surface`` calls as SVG elements.

Drawing code works y-up, as in PDF; the document flips the whole picture once
(text is flipped back where it stands). Stamps become ``<symbol>``s in ``<defs>``
placed with ``<use>``; pictures on one page may share them (``SvgDefs``), so a
tile drawn in five diagrams is written once. A picture may carry its own
background, so it keeps its lines on a dark page. Colours are the inks' screen
values. Output is deterministic: numbers are rounded to a fixed precision and
ids are numbered in the order of first use.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from html import escape

from .ink import Ink
from .figure import Figure
from .surface import Face, Path, Pen, Raster, Surface


def number(value: float) -> str:
    """A coordinate to a thousandth of a unit, without trailing zeros or a minus zero."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def colour(ink: Ink) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in ink.rgb)


def path_data(path: Path) -> str:
    parts = []
    for operation in path.operations:
        parts.append(operation[0] + " ".join(number(v) for v in operation[1:]))
    return "".join(parts)


class SvgDefs:
    """Stamps drawn once and placed by ``<use>``: one picture's own, or a whole page's.

    A page's are written once, in a hidden ``<svg>`` (``element``) before its pictures.
    """

    def __init__(self, ids: str) -> None:
        self.ids = ids
        self.stamps: dict[Hashable, str] = {}
        self.symbols: list[str] = []

    def element(self) -> str:
        """A hidden ``<svg>`` that holds the shared symbols, for the top of a page."""
        return (
            '<svg aria-hidden="true" focusable="false" width="0" height="0" style="position:absolute">'
            f"<defs>{''.join(self.symbols)}</defs></svg>"
        )


class SvgSurface:
    """Collects SVG elements for a picture ``width`` x ``height`` units, origin bottom left.

    ``ids`` prefixes every id, so several pictures can share one HTML page;
    ``defs`` are symbols shared with the page's other pictures (None: its own).
    """

    unit_pt = 0.75
    """A CSS pixel is three quarters of a point."""

    def __init__(self, width: float, height: float, ids: str = "g", defs: SvgDefs | None = None) -> None:
        self.width, self.height, self.ids = width, height, ids
        self._body: list[str] = []
        self._shared = defs is not None
        self._defs = defs if defs is not None else SvgDefs(ids)
        self._faces: dict[str, Face] = {}
        self._clips = 0

    def shape(
        self, path: Path, fill: Ink | None = None, pen: Pen | None = None, even_odd: bool = False
    ) -> None:
        if fill is None and pen is None:
            return
        attributes = [f'd="{path_data(path)}"', f'fill="{colour(fill)}"' if fill else 'fill="none"']
        if fill is not None and even_odd:
            attributes.append('fill-rule="evenodd"')
        if pen is not None:
            attributes += [f'stroke="{colour(pen.ink)}"', f'stroke-width="{number(pen.width)}"']
            if pen.round:
                attributes += ['stroke-linecap="round"', 'stroke-linejoin="round"']
            if pen.dash:
                attributes.append(f'stroke-dasharray="{" ".join(number(d) for d in pen.dash)}"')
        self._body.append(f"<path {' '.join(attributes)}/>")

    def text(
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True,
        slant: float = 0.0,
    ) -> None:  # fmt: skip
        self._faces[face.name] = face
        anchor = ' text-anchor="middle"' if centred else ""
        weight = ' font-weight="bold"' if face.bold else ""
        # Flipped back upright where it stands (the picture is y-up), leaning by ``slant``.
        place = f"matrix(1 0 {number(-slant)} -1 {number(x)} {number(y)})" if slant else f"translate({number(x)} {number(y)}) scale(1 -1)"
        self._body.append(
            f'<text transform="{place}"'
            f' font-family="{escape(face.css)}"{weight} font-size="{number(size)}"'
            f' fill="{colour(ink)}"{anchor}>{escape(text)}</text>'
        )

    def image(self, picture: Raster, x: float, y: float, width: float, height: float) -> None:
        data = base64.b64encode(picture.data).decode("ascii")
        # A unit square stretched over the box, its top row at the top (the picture is y-up).
        self._body.append(
            f'<image width="1" height="1" preserveAspectRatio="none"'
            f' transform="matrix({number(width)} 0 0 {number(-height)} {number(x)} {number(y + height)})"'
            f' href="data:{picture.mime};base64,{data}"/>'
        )

    @contextmanager
    def transformed(
        self, dx: float = 0.0, dy: float = 0.0, angle: float = 0.0, scale: float = 1.0
    ) -> Iterator[None]:
        steps = []
        if dx or dy:
            steps.append(f"translate({number(dx)} {number(dy)})")
        if angle:
            steps.append(f"rotate({number(angle)})")
        if scale != 1.0:
            steps.append(f"scale({number(scale)})")
        self._body.append(f'<g transform="{" ".join(steps)}">' if steps else "<g>")
        try:
            yield
        finally:
            self._body.append("</g>")

    @contextmanager
    def clipped(self, path: Path) -> Iterator[None]:
        ident = f"{self.ids}-clip{self._clips}"
        self._clips += 1
        self._defs.symbols.append(f'<clipPath id="{ident}"><path d="{path_data(path)}"/></clipPath>')
        self._body.append(f'<g clip-path="url(#{ident})">')
        try:
            yield
        finally:
            self._body.append("</g>")

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        defs = self._defs
        ident = defs.stamps.get(key)
        if ident is None:
            ident = defs.stamps[key] = f"{defs.ids}-stamp{len(defs.stamps)}"
            outer, self._body = self._body, []
            draw(self)
            r = number(reach)
            defs.symbols.append(
                f'<symbol id="{ident}" viewBox="-{r} -{r} {number(2 * reach)} {number(2 * reach)}"'
                f' overflow="visible">{"".join(self._body)}</symbol>'
            )
            self._body = outer
        r = number(reach)
        self._body.append(f'<use href="#{ident}" x="-{r}" y="-{r}" width="{number(2 * reach)}" height="{number(2 * reach)}"/>')

    @property
    def faces(self) -> list[Face]:
        """The typefaces the picture's text asks for, for a page that embeds them."""
        return [self._faces[name] for name in sorted(self._faces)]

    def element(
        self, title: str = "", description: str = "", standalone: bool = True, style: str = "",
        background: Ink | None = None, pad: float = 0.0,
    ) -> str:  # fmt: skip
        """The picture as one ``<svg>`` element, sized in pixels by its units.

        ``title`` and ``description`` become the picture's accessible name and
        description (``role="img"``), read out where the picture stands;
        ``style`` is CSS for the picture alone (a standalone file's web fonts).
        ``background`` fills the picture and ``pad`` units around it, so its
        dark lines keep their contrast on a dark page (GitHub's dark theme).
        """
        w, h, p = number(self.width + 2 * pad), number(self.height + 2 * pad), number(pad)
        namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
        label = f' aria-labelledby="{self.ids}-title"' if title else ""
        head = [
            f'<svg{namespace} viewBox="-{p} -{p} {w} {h}" width="{w}" height="{h}" role="img"{label}>'
            if pad else f'<svg{namespace} viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img"{label}>'
        ]
        if title:
            head.append(f'<title id="{self.ids}-title">{escape(title)}</title>')
        if description:
            head.append(f"<desc>{escape(description)}</desc>")
        if style:
            head.append(f"<style>{style}</style>")
        if background is not None:
            head.append(f'<rect x="-{p}" y="-{p}" width="{w}" height="{h}" fill="{colour(background)}"/>')
        defs = [f"<defs>{''.join(self._defs.symbols)}</defs>"] if self._defs.symbols and not self._shared else []
        body = [f'<g transform="matrix(1 0 0 -1 0 {number(self.height)})">', *self._body, "</g>", "</svg>"]
        return "\n".join(head + defs + body)


def drawn(picture: Figure, cell: float = 40.0, ids: str = "g", defs: SvgDefs | None = None) -> SvgSurface:
    """A figure drawn on an SVG surface, ``cell`` pixels per grid square (or per card).

    The same figure drawn by the PDF back end gives the same drawing; the
    caller turns the surface into an element (with its title, and fonts if it
    stands alone).
    """
    width, height = picture.size(cell)
    surface = SvgSurface(width, height, ids, defs)
    picture.draw(surface, 0.0, height, cell)
    return surface


def picture_svg(picture: Figure, cell: float = 40.0, title: str = "", description: str = "") -> str:
    """A figure as a standalone SVG picture, like ``chess.svg.board``."""
    return drawn(picture, cell).element(title, description)
