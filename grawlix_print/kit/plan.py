"""What ``grawlix-print all`` builds: every product in every edition, with previews.

Each step function calls one product's own build, then renders previews of
what it wrote, so a step's files and their previews are cached together.
Products are imported inside the steps: the 3D step (CadQuery) runs in a
worker process and the others never load it.
"""

from __future__ import annotations

from pathlib import Path

from ..files import Written
from ..tile.identity import COLOURS
from ..tile.look import ink
from .build import Step

PAPERS = ("a4", "letter")
MARKINGS = ("none", "letters", "shapes")
PREVIEWS = "previews"


def kit_steps(sheet_options: dict, stl_options: dict) -> list[Step]:
    """The steps of a full build; options are those recorded for ``sheets`` and ``stl``."""
    steps = [
        Step(f"leaflet-{paper}", leaflet_step, {"paper": paper, "reading": paper == "a4"})
        for paper in PAPERS
    ]
    steps += [
        Step(
            f"sheets-{paper}-{markings}",
            sheets_step,
            {**sheet_options, "paper": paper, "markings": markings},
            reads_templates=False,
        )
        for paper in PAPERS
        for markings in MARKINGS
    ]
    steps.append(Step("web", web_step))
    steps.append(Step("3d", stl_step, stl_options, heavy=True, reads_templates=False))
    return steps


def leaflet_step(out: Path, templates: Path, paper: str, reading: bool) -> list[Written]:
    from ..leaflet.build import build_leaflet

    written = build_leaflet(out / "leaflet", templates, paper, reading=reading)
    return written + _pdf_previews(written, out / PREVIEWS)


def web_step(out: Path, templates: Path) -> list[Written]:
    import sys

    from ..web.build import HTML, build_web
    from ..web.previews import page_screenshots

    written = build_web(out / "web", templates)
    shots, note = page_screenshots(out / "web" / HTML, out / PREVIEWS)
    if note:
        sys.stderr.write(f"note: {note}\n")
    return written + shots


def sheets_step(out: Path, templates: Path, **options) -> list[Written]:
    from ..sheets.build import build_sheets

    written = build_sheets(out / "sheets", templates, **options)
    return written + _pdf_previews(written, out / PREVIEWS, width_px=700)


def stl_step(out: Path, templates: Path, **options) -> list[Written]:
    from ..solid.build import build_stl

    written = build_stl(out / "3d", templates, **options)
    return written + _plate_previews(written, out / PREVIEWS)


def _pdf_previews(written: list[Written], folder: Path, width_px: int = 1100) -> list[Written]:
    from .previews import pdf_previews

    return [
        preview
        for item in written
        if item.path.suffix == ".pdf"
        for preview in pdf_previews(item.path, folder, width_px)
    ]


def _plate_previews(written: list[Written], folder: Path) -> list[Written]:
    """A picture of each STL plate: bodies in the base grey, glyphs in red."""
    from stl import mesh

    from .previews import mesh_preview

    previews = []
    for item in written:
        if item.path.suffix == ".stl" and "plate" in item.kind:
            triangles = mesh.Mesh.from_file(str(item.path)).vectors.astype(float)
            path = folder / f"{item.path.stem}.png"
            previews.append(
                mesh_preview(
                    triangles, path, item.path.name, item.params["body_height"], ink(COLOURS[0]).rgb
                )
            )
    return previews
