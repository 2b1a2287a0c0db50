"""The ``grawlix-print`` command line: parse options, call the library, report.

Kept thin on purpose. Every user error arrives here as a GrawlixError and
leaves as one line on stderr with exit status 1; usage errors exit with 2.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import click
from click.core import ParameterSource

from .errors import GrawlixError
from .solid.layers import DEFAULT_FIRST_LAYER_MM, DEFAULT_LAYER_MM
from .tile.sizes import SOLID_TILE

TEMPLATES_HELP = "Templates folder with rules.toml (default: ./templates or the project's own)."

# Options shared by the commands that write files.
templates_option = click.option(
    "--templates", type=click.Path(path_type=Path), default=None, help=TEMPLATES_HELP
)
out_option = click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder to write into.",
)


def _option_label(param, fallback: str = "value") -> str:
    return f"--{param.name.replace('_', '-')}" if param is not None else fallback


class OneLineChoice(click.Choice):
    """A choice whose bad value is a one-line error (exit status 1), like every other bad input."""

    def convert(self, value, param, ctx):
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter:
            raise GrawlixError(
                f"{_option_label(param)} {value!r} is not one of {', '.join(self.choices)}"
            ) from None


paper_option = click.option(
    "--paper",
    type=OneLineChoice(["a4", "letter"], case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper size.",
)


class Length(click.ParamType):
    """A length option (``25.4``, ``25.4mm``, ``2.54cm``, ``1in``), converted to millimetres.

    A bad value is a one-line error with exit status 1, like every other bad input.
    """

    name = "length"

    def convert(self, value, param, ctx):
        if isinstance(value, float):
            return value
        from .units import parse_length

        return parse_length(value, _option_label(param, "length"))


LENGTH = Length()


def with_settings(command):
    """Fill options the user did not give from grawlix.toml (or pyproject) next to templates/.

    The wrapped command receives ``templates`` as the resolved folder.
    """

    @functools.wraps(command)
    @click.pass_context
    def wrapper(ctx: click.Context, **options):
        from .game.templates import find_templates

        templates = find_templates(options.get("templates"))
        options["templates"] = templates
        recorded = recorded_options(ctx.info_name, templates, ctx)
        for key, value in recorded.items():
            if ctx.get_parameter_source(key) is ParameterSource.DEFAULT:
                options[key] = value
        return command(**options)

    return wrapper


def recorded_options(name: str, templates: Path, ctx: click.Context | None = None) -> dict:
    """The options recorded for command ``name`` beside ``templates``, converted like flags.

    An unknown key, or a value its option refuses, is an error naming the settings file.
    """
    from .settings import load_settings

    settings = load_settings(templates.parent, set(main.commands))
    known = {n: {p.name for p in cmd.params} - {"templates"} for n, cmd in main.commands.items()}
    for key in settings.common:
        if not any(key in params for params in known.values()):
            raise GrawlixError(f"unknown setting {key!r}", settings.source)
    command = main.commands[name]
    ctx = ctx or click.Context(command, info_name=name)
    params = {p.name: p for p in command.params}
    recorded = {}
    for key, value in settings.for_command(name).items():
        if key not in known[name]:
            if key in settings.commands.get(name, {}):
                raise GrawlixError(f"unknown setting {key!r} in [{name}]", settings.source)
            continue  # a top-level key meant for another command
        try:
            recorded[key] = params[key].type_cast_value(ctx, value)
        except click.BadParameter as error:
            raise GrawlixError(f"{key}: {error.message}", settings.source) from None
        except GrawlixError as error:
            raise GrawlixError(f"{key}: {error.what}", settings.source) from None
    return recorded


def report_written(written) -> None:
    """One line per file written, so the user sees what went where."""
    for item in written:
        click.echo(f"wrote {item.path} ({item.kind})")


class _Commands(click.Group):
    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except GrawlixError as error:
            click.echo(f"error: {error}", err=True)
            ctx.exit(1)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="grawlix-print")
def main() -> None:
    """Print-and-play kit for the tile game Grawlix: leaflet, tile sheets and 3D tiles."""


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per file, one per line.")
@templates_option
def check(files: tuple[Path, ...], as_json: bool, templates: Path | None) -> None:
    """Check position files against the rules and show their legal locations."""
    from .facts.report import position_record, position_text
    from .game.positions import load_position
    from .game.templates import find_templates, load_rules

    rules = load_rules(find_templates(templates))
    failed = 0
    for file in files:
        try:
            position = load_position(file, rules)
        except GrawlixError as error:
            click.echo(f"error: {error}", err=True)
            failed += 1
            continue
        if as_json:
            click.echo(json.dumps(position_record(position, str(file)), ensure_ascii=False))
        else:
            click.echo(position_text(position, str(file)) + "\n")
    if failed:
        raise SystemExit(1)


@main.command()
@out_option
@paper_option
@click.option("--tile-size", type=LENGTH, default=None,
              help="Side of one tile, cut line to cut line: 25.4, 25.4mm, 2.54cm or 1in."
                   "  [default: 25.4mm, one inch]")
@click.option("--bleed", type=LENGTH, default=None,
              help="How far a card-stock tile's face runs past its cut lines.  [default: 2mm]")
@click.option("--backs/--no-backs", default=True, show_default=True,
              help="Print tile backs on the card-stock sheets.")
@click.option("--arrangement", type=OneLineChoice(["duplex", "gutter-fold"]), default=None,
              help="Backs on the next page for two-sided printing (duplex, the default), "
                   "or beside the fronts to fold and glue (gutter-fold).")
@click.option("--markings", type=OneLineChoice(["none", "letters", "shapes"]), default="none",
              show_default=True, help="Colour-blind markings in the tile corners.")
@templates_option
@with_settings
def sheets(out: Path, paper: str, tile_size: float | None, bleed: float | None, backs: bool,
           arrangement: str | None, markings: str, templates: Path) -> None:  # fmt: skip
    """Card-stock tile sheets and sticker sheets (PDF) for a paper set of tiles.

    Options not given come from grawlix.toml ([sheets] or top level) beside the
    templates folder; the sheets themselves take nothing from templates/.
    """
    from .sheets.build import build_sheets

    report_written(build_sheets(out, templates, paper.lower(), tile_size, bleed, backs,
                                arrangement, markings))  # fmt: skip


def _length_option(name: str, default: float, help: str):
    return click.option(name, type=LENGTH, default=f"{default:g}mm", show_default=True, help=help)


@main.command()
@out_option
@click.option(
    "--style",
    type=OneLineChoice(["raised", "flat"], case_sensitive=False),
    default=None,
    help="Only raised tiles (glyph on top, two colours) or only flat blank tiles. [default: both]",
)
@_length_option("--tile-size", SOLID_TILE.size, "Side of a tile.")
@_length_option("--body-height", SOLID_TILE.body_height, "Body height; snapped to a layer top.")
@_length_option("--relief", SOLID_TILE.relief, "How far the glyph stands above the body.")
@_length_option("--layer-height", DEFAULT_LAYER_MM, "Your slicer's layer height.")
@_length_option("--first-layer-height", DEFAULT_FIRST_LAYER_MM, "Your slicer's first-layer height.")
@templates_option
@with_settings
def stl(
    out: Path,
    style: str | None,
    tile_size: float,
    body_height: float,
    relief: float,
    layer_height: float,
    first_layer_height: float,
    templates: Path,
) -> None:
    """3D-printable tiles: STL plates and single tiles, multi-material 3MF, printing notes.

    The body height is snapped to a layer boundary of your slicer settings, so
    that one filament change prints the glyph in the accent colour. Options not
    given come from grawlix.toml ([stl] or top level) beside the templates folder.
    """
    from .solid.build import build_stl, plan_stl, stl_options
    from .solid.layers import describe_snap

    options = dict(style=style, tile_size=tile_size, body_height=body_height, relief=relief,
                   layer_height=layer_height, first_layer_height=first_layer_height)  # fmt: skip
    click.echo(describe_snap(plan_stl(stl_options(**options)).layers))
    for item in build_stl(out, templates, **options):
        triangles = item.params.get("triangles")
        extra = f", {triangles:,} triangles" if triangles is not None else ""
        click.echo(f"wrote {item.path} ({item.kind}{extra})")


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
    from .leaflet.build import build_leaflet

    report_written(build_leaflet(out, templates, paper.lower()))


# Recorded [sheets] and [stl] options that `all` passes on; paper, markings and
# style are not among them, since `all` makes every edition.
KIT_SHEET_OPTIONS = ("tile_size", "bleed", "backs", "arrangement")
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

    from .kit.build import build_kit, check_output_folder
    from .kit.plan import kit_steps

    start = time.perf_counter()
    check_output_folder(out)
    sheets = recorded_options("sheets", templates)
    solid = recorded_options("stl", templates)
    steps = kit_steps(
        {k: v for k, v in sheets.items() if k in KIT_SHEET_OPTIONS},
        {k: v for k, v in solid.items() if k in KIT_STL_OPTIONS},
    )
    if quiet:
        outcomes = build_kit(steps, out, templates)
    else:
        with click.progressbar(
            length=len(steps),
            label="Building the kit",
            item_show_func=lambda name: name,
            file=click.get_text_stream("stderr"),
        ) as bar:

            def advance(outcome) -> None:
                bar.update(1, outcome.step)

            outcomes = build_kit(steps, out, templates, on_step=advance)
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
