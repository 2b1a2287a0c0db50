"""The printing conditions a press file may name (PDF/X's output intent), as plain values: a
product's list of services names them without loading the PDF library (``pdfx`` writes them)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PrintingCondition:
    """A registered printing condition: the press and paper the CMYK values are meant for.

    ``identifier`` is its reference name in ``registry``; ``condition`` says it in
    words for a person at the print shop, ``info`` is the short name software shows.
    """

    identifier: str
    condition: str
    info: str
    registry: str = "http://www.color.org"


FOGRA39 = PrintingCondition(
    "FOGRA39",
    "Sheet-fed offset on coated paper (paper type 1 or 2, 115 g/m2), ISO 12647-2:2004/Amd 1",
    "Coated FOGRA39 (ISO 12647-2:2004)",
)
"""Offset on coated paper: the condition most print shops in Europe proof to, and which
they accept from anywhere (the inks here are plain process CMYK chosen by eye)."""

SWOP = PrintingCondition(
    "CGATS TR 001",
    "Web offset on coated publication paper (SWOP), CGATS TR 001",
    "U.S. Web Coated (SWOP) v2",
)
"""The US publication press: what a service that asks for SWOP is given (OneBookShelf's
print-on-demand, DriveThruCards', sets its files up in "SWOP (Coated)"), named in the ICC registry
as ``CGATS TR 001``."""
