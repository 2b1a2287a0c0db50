"""``grawlix-print all``: the whole kit."""

from __future__ import annotations

from pathlib import Path

import click

from .app import main
from .options import out_option, templates_option
from .settings import recorded_options, with_settings

# Recorded [sheets] and [stl] options that `all` passes on; paper, markings and
# style are not among them, since `all` makes every edition.
KIT_SHEET_OPTIONS = ("tile_size", "bleed", "backs", "arrangement", "sticker_size", "back_design")
KIT_STL_OPTIONS = ("tile_size", "body_height", "relief", "layer_height", "first_layer_height")


@main.command("all")
@out_option
@templates_option
@click.option("--quiet", "-q", is_flag=True, help="No progress display and no summary.")
@with_settings
def build_all(out: Path, templates: Path, quiet: bool) -> None:
    """Everything to print: leaflet, tile and sticker sheets, 3D tiles, previews, manifest.

    Steps whose inputs, options and code are unchanged since the last build are
    re-used. New files replace the old ones only once every step has succeeded.
    Options for the sheets and the 3D tiles come from grawlix.toml ([sheets], [stl]).
    """
    import time

    from ..kit.build import build_kit, check_output_folder
    from ..kit.plan import kit_steps

    start = time.perf_counter()
    check_output_folder(out)
    sheets = recorded_options("sheets", templates)
    solid = recorded_options("stl", templates)
    steps = kit_steps(
        {k: v for k, v in sheets.items() if k in KIT_SHEET_OPTIONS},
        {k: v for k, v in solid.items() if k in KIT_STL_OPTIONS},
    )

    def note(text: str) -> None:
        click.echo(f"note: {text}", err=True)

    if quiet:
        outcomes = build_kit(steps, out, templates, on_note=note)
    else:
        with click.progressbar(
            length=len(steps),
            label="Building the kit",
            item_show_func=lambda name: name,
            file=click.get_text_stream("stderr"),
        ) as bar:

            def advance(outcome) -> None:
                bar.update(1, outcome.step)

            outcomes = build_kit(steps, out, templates, on_step=advance, on_note=note)
        click.echo(kit_summary(out, outcomes, time.perf_counter() - start))


def kit_summary(out: Path, outcomes, seconds: float) -> str:
    """What was written where: files per folder, and how many steps were re-used."""
    reused = sum(o.reused for o in outcomes)
    suffixes: dict[str, list[str]] = {}
    for entry in (f for o in outcomes for f in o.files):
        path = Path(entry["path"])
        suffixes.setdefault(path.parts[0], []).append(path.suffix.lstrip("."))
    lines = [
        f"{sum(map(len, suffixes.values()))} files in {out}/ from {len(outcomes)} steps "
        f"({len(outcomes) - reused} built, {reused} unchanged) in {seconds:.1f} s:"
    ]
    for folder, found in sorted(suffixes.items()):
        lines.append(f"  {folder + '/':<10} {len(found):>3} ({', '.join(sorted(set(found)))})")
    lines.append("  manifest.json lists every file with its kind, options and sha256")
    return "\n".join(lines)
