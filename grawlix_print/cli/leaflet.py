"""``grawlix-print leaflet``: the rules leaflet."""

from __future__ import annotations

from pathlib import Path

from .app import main, report_written
from .options import out_option, paper_option, templates_option
from .settings import with_settings


@main.command()
@out_option
@paper_option
@templates_option
@with_settings
def leaflet(out: Path, paper: str, templates: Path) -> None:
    """Rules leaflet: a two-sided tri-fold for PAPER and a reading edition for screens.

    The text is templates/leaflet.md; its numbers, lists and diagrams come from
    rules.toml, the example positions and the rules engine.
    """
    from ..leaflet.build import build_leaflet

    report_written(build_leaflet(out, templates, paper.lower()))
