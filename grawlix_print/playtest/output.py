"""Writing a playtest report: its JSON, the PNG of every plot and the one-page PDF, each atomically."""

from __future__ import annotations

from pathlib import Path

from ..files import Written, write_bytes
from .protocol import Credits
from .report import json_text

STEM = "playtest"


def write_report(out: Path, record: dict, credits: Credits) -> list[Written]:
    """The report's files in ``out``: ``playtest.json``, ``playtest-<plot>.png``, ``playtest.pdf``.

    Each file is whole or not there (``files.write_bytes``); the JSON, which
    says how many games the figures hold, is written last.
    """
    from .pdf import report_pdf
    from .plots import plots

    pictures = plots(record)
    written = []
    for name, png in pictures.items():
        written.append(Written(write_bytes(out / f"{STEM}-{name}.png", png), f"plot of the {name}"))
    pdf = report_pdf(record, pictures, credits)
    written.append(Written(write_bytes(out / f"{STEM}.pdf", pdf), "one-page report"))
    text = json_text(record) + "\n"
    written.append(Written(write_bytes(out / f"{STEM}.json", text.encode()), "figures"))
    return written
