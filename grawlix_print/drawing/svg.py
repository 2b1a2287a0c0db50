"""The SVG back end of the drawing layer: ``Surface`` calls as SVG elements.

Drawing code works y-up, as in PDF; the document flips the whole picture once
(text is flipped back where it stands). Stamps become ``<symbol>``-like groups
in ``<defs>`` placed with ``<use>``. Colours are the inks' screen values. Output
is deterministic: numbers are rounded to a fixed precision and ids are
numbered in the order of first use.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from html import escape

from .ink import Ink
from .figure import Figure
from .surface import Face, Path, Pen, Surface


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


class SvgSurface:
    """Collects SVG elements for a picture ``width`` x ``height`` units, origin bottom left.

    ``ids`` prefixes every id, so several pictures can share one HTML page.
    """

    def __init__(self, width: float, height: float, ids: str = "g") -> None:
        self.width, self.height, self.ids = width, height, ids
        self._body: list[str] = []
        self._defs: list[str] = []
        self._stamps: dict[Hashable, str] = {}
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
        self, x: float, y: float, text: str, face: Face, size: float, ink: Ink, centred: bool = True
    ) -> None:
        self._faces[face.name] = face
        anchor = ' text-anchor="middle"' if centred else ""
        weight = ' font-weight="bold"' if face.bold else ""
        self._body.append(
            f'<text transform="translate({number(x)} {number(y)}) scale(1 -1)"'
            f' font-family="{escape(face.css)}"{weight} font-size="{number(size)}"'
            f' fill="{colour(ink)}"{anchor}>{escape(text)}</text>'
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
        self._defs.append(f'<clipPath id="{ident}"><path d="{path_data(path)}"/></clipPath>')
        self._body.append(f'<g clip-path="url(#{ident})">')
        try:
            yield
        finally:
            self._body.append("</g>")

    def stamp(self, key: Hashable, reach: float, draw: Callable[[Surface], None]) -> None:
        ident = self._stamps.get(key)
        if ident is None:
            ident = self._stamps[key] = f"{self.ids}-stamp{len(self._stamps)}"
            outer, self._body = self._body, []
            draw(self)
            self._defs.append(f'<g id="{ident}">{"".join(self._body)}</g>')
            self._body = outer
        self._body.append(f'<use href="#{ident}"/>')

    @property
    def faces(self) -> list[Face]:
        """The typefaces the picture's text asks for, for a page that embeds them."""
        return [self._faces[name] for name in sorted(self._faces)]

    def element(
        self, title: str = "", description: str = "", standalone: bool = True, style: str = ""
    ) -> str:
        """The picture as one ``<svg>`` element, sized in pixels by its units.

        ``title`` and ``description`` become the picture's accessible name and
        description (``role="img"``), read out where the picture stands;
        ``style`` is CSS for the picture alone (a standalone file's web fonts).
        """
        w, h = number(self.width), number(self.height)
        namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
        label = f' aria-labelledby="{self.ids}-title"' if title else ""
        head = [
            f'<svg{namespace} viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img"{label}>'
        ]
        if title:
            head.append(f'<title id="{self.ids}-title">{escape(title)}</title>')
        if description:
            head.append(f"<desc>{escape(description)}</desc>")
        if style:
            head.append(f"<style>{style}</style>")
        defs = [f"<defs>{''.join(self._defs)}</defs>"] if self._defs else []
        body = [f'<g transform="matrix(1 0 0 -1 0 {h})">', *self._body, "</g>", "</svg>"]
        return "\n".join(head + defs + body)


def drawn(picture: Figure, cell: float = 40.0, ids: str = "g") -> SvgSurface:
    """A figure drawn on an SVG surface, ``cell`` pixels per grid square (or per card).

    The same figure drawn by the PDF back end gives the same drawing; the
    caller turns the surface into an element (with its title, and fonts if it
    stands alone).
    """
    width, height = picture.size(cell)
    surface = SvgSurface(width, height, ids)
    picture.draw(surface, 0.0, height, cell)
    return surface


def picture_svg(picture: Figure, cell: float = 40.0, title: str = "", description: str = "") -> str:
    """A figure as a standalone SVG picture, like ``chess.svg.board``."""
    return drawn(picture, cell).element(title, description)
