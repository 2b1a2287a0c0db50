"""A reportlab canvas set up the same way for every PDF: deterministic, fonts embedded, metadata.

``invariant`` drops reportlab's creation date and random document id, so the
same inputs give the same bytes. A document's metadata is given once and
written twice: in the Info dictionary and as an XMP packet.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from ... import __version__
from ...files import write_bytes
from ...papers import paper_size
from .fonts import register_quicksand
from .xmp import XmpFields, attach_xmp


def paper_points(paper: str, landscape: bool = False) -> tuple[float, float]:
    """Width and height of paper ``paper`` in points, portrait unless ``landscape``."""
    size = paper_size(paper)
    width, height = size.width, size.height
    if landscape:
        width, height = height, width
    return width * mm, height * mm


@dataclass(frozen=True)
class Metadata:
    """What a PDF says about itself: its title and subject, and the game's keywords, authors
    and licence (a product takes them from the templates' front matter or ``game.credits``)."""

    title: str
    subject: str
    keywords: tuple[str, ...]
    authors: tuple[str, ...]
    licence: str
    licence_url: str


_XMP: WeakKeyDictionary[Canvas, XmpFields] = WeakKeyDictionary()
"""Each canvas's XMP fields, so that ``pdfx.press_ready`` can add its own and write the packet again."""


def new_canvas(buffer: io.BytesIO, pagesize: tuple[float, float], meta: Metadata, compressed: bool = True) -> Canvas:
    """A canvas writing into ``buffer``, ``meta`` in its Info dictionary and its XMP packet;
    call ``finish`` to save it to a file atomically. ``compressed`` False: its pages' streams are
    not deflated (a page rendered at once and thrown away)."""
    meta = _plain_spaces(meta)
    body, _ = register_quicksand()
    # A TrueType initial font keeps reportlab from declaring Helvetica, which it never embeds.
    canvas = Canvas(buffer, pagesize=pagesize, invariant=1, pageCompression=int(compressed), initialFontName=body)
    creator = f"grawlix-print {__version__}"
    canvas.setTitle(meta.title)
    canvas.setAuthor(" and ".join(meta.authors))
    canvas.setSubject(f"{meta.subject} Licence: {meta.licence}.")
    canvas.setKeywords(", ".join(meta.keywords))
    canvas.setCreator(creator)
    set_xmp_fields(
        canvas,
        XmpFields(
            title=meta.title,
            authors=meta.authors,
            description=meta.subject,
            keywords=meta.keywords,
            licence=f"{meta.licence}. {meta.licence_url}",
            licence_url=meta.licence_url,
            creator_tool=creator,
        ),
    )
    return canvas


def xmp_fields(canvas: Canvas) -> XmpFields | None:
    """What the canvas's XMP packet says (None for a canvas ``new_canvas`` did not make)."""
    return _XMP.get(canvas)


def set_xmp_fields(canvas: Canvas, fields: XmpFields) -> None:
    """Make ``fields`` the canvas's XMP packet (replacing any before it)."""
    _XMP[canvas] = fields
    attach_xmp(canvas, fields)


def _plain_spaces(meta: Metadata) -> Metadata:
    """Metadata with no-break spaces as plain ones: they keep "CC BY 4.0" on one line of a
    page, and mean nothing in a document's properties, where they only trip up searches."""
    def plain(text: str) -> str:
        return text.replace("\u00a0", " ")

    return Metadata(
        plain(meta.title), plain(meta.subject), tuple(plain(k) for k in meta.keywords),
        tuple(plain(a) for a in meta.authors), plain(meta.licence), meta.licence_url,
    )  # fmt: skip


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Save without reportlab's default ASCII85 wrapping of page and form streams.

    ASCII85 keeps a PDF 7-bit clean, which no printer or viewer needs today; it
    makes files a quarter larger and, in reportlab's pure-Python encoder, costs
    a tenth of a second per build. The setting is global, so it is restored.
    """
    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before


def saved(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Save the canvas (binary streams) and return the PDF's bytes."""
    with _binary_streams():
        canvas.save()
    return buffer.getvalue()


def finish(canvas: Canvas, buffer: io.BytesIO, path: Path) -> Path:
    """Save the canvas and write the PDF under ``path`` in one atomic step."""
    return write_bytes(path, saved(canvas, buffer))
