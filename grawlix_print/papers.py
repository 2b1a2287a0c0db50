"""The papers every printed product comes in: one table, by the key options and file names use."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import StudioError


@dataclass(frozen=True)
class Paper:
    """A paper size: its name in prose, its width and height held portrait, and its calibration square.

    The calibration square is printed on sheets so a user can check that the
    printer kept the scale: its side and its label are in the unit the
    paper's own country measures in.
    """

    name: str
    width: float
    height: float
    calibration: float
    calibration_label: str
    halves: str = ""
    """The paper that two of, side by side, make this one (A3 is two A4), if any: a product made for
    that paper (a leaflet) prints two to a sheet of this one."""


PAPERS = {
    "a4": Paper("A4", 210.0, 297.0, 50.0, "50 mm"),
    "letter": Paper("US Letter", 215.9, 279.4, 50.8, "2 in (50.8 mm)"),
    "a3": Paper("A3", 297.0, 420.0, 50.0, "50 mm", halves="a4"),
    "tabloid": Paper("Tabloid", 279.4, 431.8, 50.8, "2 in (50.8 mm)", halves="letter"),
    "a5": Paper("A5", 148.0, 210.0, 50.0, "50 mm"),
    "a6": Paper("A6", 105.0, 148.0, 25.0, "25 mm"),
}
"""Every paper size, by the key options and file names use."""

PRINTER_PAPERS = ("a4", "letter", "a3", "tabloid")
"""What printers are fed, so what the sheets and leaflets are printed on (``--paper``); the
smaller sizes are pages imposed on these (an A6 booklet on A4). A3 and Tabloid (11 x 17 in) are
the large papers of office and craft printers: a board that fits one is printed whole there."""

KIT_PAPERS = ("a4", "letter")
"""What the kit is built on unless a designer asks for more (``--paper a3`` or ``paper = "a4,a3"``
in grawlix.toml): the papers every home printer takes."""

def paper_size(key: str) -> Paper:
    """The paper called ``key`` (``"a4"``, ``"letter"``...); any other is a one-line error."""
    try:
        return PAPERS[key]
    except KeyError:
        raise StudioError(f"unknown paper {key!r} (use {', '.join(PAPERS)})") from None

