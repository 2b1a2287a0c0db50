"""Writing a playtest's or a sweep's report: its JSON, a PNG per plot and the PDF, all or nothing."""

from __future__ import annotations

import os
import secrets
import shutil
from contextlib import suppress
from pathlib import Path

from ..errors import StudioError
from ..files import Written, make_folder, os_error, write_bytes
from .protocol import Credits

STEM = "playtest"
SWEEP_STEM = "sweep"


def publish(folder: Path, files: dict[str, bytes]) -> list[Path]:
    """Put ``files`` (name -> bytes) into ``folder`` all or nothing: each is written into a staging
    folder beside it, and only when all are there are they renamed in, so a run that fails (a full
    disk, Ctrl-C, a folder where a file goes) leaves the report that was there before as it was.

    The one place a report's files are written; the products' common switch can take its place.
    """
    make_folder(folder)
    for name in files:
        if (folder / name).is_dir():
            raise StudioError("cannot write: a folder is in the way", str(folder / name))
    staging = folder.with_name(f".{folder.name}.{secrets.token_hex(4)}.staging")
    try:
        for name, data in files.items():
            write_bytes(staging / name, data)
        for name in files:
            try:
                os.replace(staging / name, folder / name)
            except OSError as error:
                raise os_error(error, "write", folder / name) from None
    finally:
        with suppress(OSError):
            shutil.rmtree(staging)
    return [folder / name for name in files]


def write_report(out: Path, record: dict, credits: Credits, figures_only: bool = False) -> list[Written]:
    """The report's files in ``out``: ``playtest.json``, ``playtest-<plot>.png``, ``playtest.pdf``;
    ``figures_only``, the JSON alone (what ``--json`` asks for: no plot is drawn, no PDF library loaded)."""
    from .report import json_text

    files: dict[str, bytes] = {}
    charts: dict = {}
    if not figures_only:
        from .pdf import report_pdf
        from .plots import plots, png

        charts = plots(record)
        files = {f"{STEM}-{name}.png": png(chart) for name, chart in charts.items()}
        files[f"{STEM}.pdf"] = report_pdf(record, charts, credits)
    files[f"{STEM}.json"] = (json_text(record) + "\n").encode()
    kinds = {f"{STEM}-{name}.png": f"plot of the {name}" for name in charts}
    kinds.update({f"{STEM}.pdf": "report", f"{STEM}.json": "figures"})
    return [Written(path, kinds[path.name]) for path in publish(out, files)]


def write_sweep(out: Path, record: dict, credits: Credits, rules: tuple[str, str] | None) -> list[Written]:
    """A sweep's files in ``out``: ``sweep.json``, ``sweep-<figure>.png`` (heat maps), ``sweep.pdf``,
    and, given ``rules`` (the name of the file the game keeps its rules in, and its suggested text),
    ``sweep-<name>``: ``sweep-rules.toml`` for ``rules.toml``."""
    from .pdf import sweep_pdf
    from .plots import heat_maps, png
    from .report import json_text
    from .sweep import shown_figures

    charts = heat_maps(record, shown_figures(record))
    files = {f"{SWEEP_STEM}-{name}.png": png(chart) for name, chart in charts.items()}
    files[f"{SWEEP_STEM}.pdf"] = sweep_pdf(record, charts, credits)
    kinds = {f"{SWEEP_STEM}-{name}.png": f"heat map of {name.replace('-', ' ')}" for name in charts}
    if rules is not None:
        name, text = rules
        files[f"{SWEEP_STEM}-{name}"] = text.encode()
        kinds[f"{SWEEP_STEM}-{name}"] = "the suggested rules"
    files[f"{SWEEP_STEM}.json"] = (json_text(record) + "\n").encode()
    kinds.update({f"{SWEEP_STEM}.pdf": "report", f"{SWEEP_STEM}.json": "figures"})
    return [Written(path, kinds[path.name]) for path in publish(out, files)]
