"""``grawlix-print watch``: the designer's loop, edit -> save -> look at the new leaflet (or sheets).

The products the game's designer looks at while editing (``Game.watched``:
the leaflet; for a game made of tables, its sheets first) and their previews
are rebuilt in one long-lived process, so a rebuild costs only the work
itself, not the start-up and imports of a new command. A save rebuilds only
the steps that read the saved file (a table's row: the sheets and the
rulebook that counts its rows; the rules' text: the rulebook alone). File events come from the operating system through
watchfiles; its grouping of events is cut from the 1.6 s default to a few
milliseconds, since a save is one burst of events and the target from save
to new PDF is 150 ms. A failed rebuild prints its one-line error and the
loop goes on: the next save may fix it.
"""

from __future__ import annotations

import fnmatch
import os
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from ..errors import StudioError, Problems
from ..files import os_error
from .app import main, one_line
from .options import EVERY_PAPER, out_option, paper_option, papers, templates_option
from .settings import (
    PYPROJECT_FILE, SETTINGS_FILE, Settings, apply_settings, beside_templates, resolve_game, settings_folders, worded,
)  # fmt: skip

if TYPE_CHECKING:
    from ..files import Written
    from ..games import Game


@dataclass(frozen=True)
class Rebuilt:
    """What a rebuild wrote, in a few words, and a line for each paper it did not build that
    the change would break."""

    summary: str
    warnings: tuple[str, ...] = ()


STEP_MS = 5  # a save's events end when none has come for this long...
DEBOUNCE_MS = 50  # ...or when the first of them is this old


@main.command(short_help="Rebuild the leaflet (or sheets) and previews on every save.")
@out_option
@paper_option
@templates_option
@click.pass_context
def watch(ctx: click.Context, out: Path, paper: str, game: str | None, templates: Path | None) -> None:
    """Build the leaflet and its previews, then again whenever a template is saved.

    Watches the templates folder and the settings file (grawlix.toml), and
    writes leaflet/ and previews/ in the --out folder as `grawlix-print all`
    does; for a game made of tables, its sheets too (sheets/), first. A save
    rebuilds what reads the saved file. Each rebuild prints one line with its
    time, or its errors (one line each), and the watch goes on; a panel that
    would not fit on another paper the kit builds is a warning line. For a
    plug-in game (given by --game) whose package can be edited, saving one of
    its .py files starts the watch again, with the new code. Ctrl-C stops it.
    """
    chosen, _ = resolve_game(ctx, game, templates)
    folder, builtin = chosen.templates, chosen.is_builtin
    if ctx.get_parameter_source("out") == ParameterSource.DEFAULT:
        out = beside_templates(out, folder)

    def rebuild(changed: Iterable[Path] | None = None) -> Rebuilt:
        from ..games import game as bound
        from ..products import product

        settings = resolve_game(ctx, game, templates)[1]
        options = apply_settings(ctx, {"paper": paper}, settings)
        built = papers(options["paper"])
        rules = bound(templates=folder)
        written = rebuilt(rules, out, built, settings, changed)
        if not written:
            return Rebuilt("nothing reads it")
        pdfs = [item.path.name for item in written if item.path.suffix == ".pdf"]
        done = f"{', '.join(pdfs)} and {len(written) - len(pdfs)} previews"
        kit = papers(str(settings.for_command("all").get("paper", EVERY_PAPER)))
        unfit = product("leaflet").unfit(rules, [p for p in kit if p not in built])
        return Rebuilt(done, tuple(f"warning: {p}; `grawlix-print all` builds this paper too" for p in unfit))

    click.echo(f"watching {folder}/ and its settings; Ctrl-C stops")
    try:
        watch_templates(folder, rebuild, click.echo, builtin, code_folder(chosen))
    except KeyboardInterrupt:
        pass  # Ctrl-C is how a watch ends: no message, exit status 0


def rebuilt(chosen: Game, out: Path, sheets: tuple[str, ...], settings: Settings, changed: Iterable[Path] | None) -> list[Written]:
    """The watched products' steps that read a changed file (every step when ``changed`` is None, or
    when a settings file changed), with their previews, in the game's order. A step that draws
    pieces and can be cut by kind (``Product.for_kinds``) is rebuilt for the kinds drawn from a
    changed file (``Game.kind_files``: a deck's table, its layouts) and no others."""
    from ..options import OptionError, options_from
    from ..products import product
    from ..products.base import PIECES

    paths = None if changed is None else [_inside(path, chosen.templates) for path in changed]
    everything = paths is None or None in paths
    saved = [path for path in paths or () if path]
    written: list[Written] = []
    for name in chosen.watched:
        made = product(name)
        if not made.offers(chosen):
            continue
        try:
            options = options_from(made.options, settings.for_command(made.command_name()))
        except OptionError as error:
            raise worded(error, settings.labels.get(made.command_name(), {}), settings.source) from None
        for job in made.jobs(chosen, sheets if made.papers else (), options):
            params: dict | None = job.params
            if everything:
                pass
            elif job.reads == PIECES:
                kinds = [kind.name for kind in chosen.piece_kinds() if reads_any(saved, chosen.kind_files(kind))]
                cut = made.for_kinds(chosen, job.params, kinds) if kinds else {}
                params = job.params if cut is None else cut or None  # {}: none of this step's kinds changed
            elif not reads_any(saved, job.reads):
                params = None
            if params is not None:
                written += made.run(chosen, out, params)
    return written


def reads_any(paths: Iterable[str], patterns: Iterable[str]) -> bool:
    """Whether any of the saved files (paths below the templates folder) matches a step's patterns."""
    return any(fnmatch.fnmatchcase(path, pattern) for path in paths for pattern in patterns)


def _inside(path: Path, templates: Path) -> str | None:
    """A changed file's path below the templates folder, as the steps' patterns name it; None for one
    outside it (a settings file)."""
    try:
        return path.resolve().relative_to(templates.resolve()).as_posix()
    except ValueError:
        return None


def watch_templates(
    templates: Path, rebuild: Callable[..., str | Rebuilt], report: Callable[..., None], builtin: bool = False,
    code: Path | None = None,
) -> None:
    """Run ``rebuild`` now and after every change to the templates or settings, until Ctrl-C.

    ``report(line, err=...)`` gets one line per rebuild. A saved ``.py`` file in ``code`` (a plug-in
    game's own package) starts the watch again, so the rebuilds run the new code.
    """
    from watchfiles import DefaultFilter, watch

    _run(rebuild, report, "first build")
    default_filter = DefaultFilter()

    def wanted(change, path: str) -> bool:
        return default_filter(change, path) and (is_input(Path(path), templates, builtin) or is_code(Path(path), code))

    gone_reported = False
    while True:
        if not templates.is_dir():  # moved away or deleted (a branch switched): wait for it to return
            if not gone_reported:
                _run(rebuild, report, templates.name)  # the rebuild's own one line: no such folder
            while not templates.is_dir():
                time.sleep(0.1)
            _run(rebuild, report, f"{templates.name} is back")
        gone_reported = False
        try:
            folders = watched_folders(templates, builtin) + code_folders(code, templates)
            for changes in watch(
                *folders,
                watch_filter=wanted,
                debounce=DEBOUNCE_MS,
                step=STEP_MS,
                recursive=False,
            ):
                if any(is_code(Path(path), code) for _, path in changes):
                    report(f"{time.strftime('%H:%M:%S')} {_changed_names(changes)}: the game's code changed;"
                           " starting again with it")  # fmt: skip
                    _start_again()
                _run(rebuild, report, _changed_names(changes), [Path(path) for _, path in changes])
                gone_reported = not templates.is_dir()
                if gone_reported or watched_folders(templates, builtin) + code_folders(code, templates) != folders:
                    break  # a folder came or went: watch the new set
        except FileNotFoundError:  # a watched folder went as the watch began or ran: watch anew
            continue


def code_folder(chosen: Game) -> Path | None:
    """The folder of a plug-in game's own package (its code may be edited, as in an editable
    install); None for a game whose code is this package's (built-in games, a game of tables)."""
    module = sys.modules.get(type(chosen).__module__)
    file = getattr(module, "__file__", None)
    if file is None or type(chosen).__module__.split(".")[0] == __name__.split(".")[0]:
        return None
    return Path(file).resolve().parent


def code_folders(code: Path | None, templates: Path) -> list[Path]:
    """``code`` and its sub-folders but its templates (already watched), caches and hidden ones."""
    if code is None:
        return []
    inside = [p for p in sorted(code.rglob("*")) if p.is_dir() and p.name != "__pycache__"
              and not any(part.startswith(".") for part in p.relative_to(code).parts)]  # fmt: skip
    templates = templates.resolve()
    return [p for p in (code, *inside) if p.resolve() != templates and templates not in p.resolve().parents]


def is_code(path: Path, code: Path | None) -> bool:
    """Whether a changed file is a Python file of the plug-in's package."""
    if code is None or path.suffix != ".py" or path.name.startswith("."):
        return False
    return code.resolve() in path.resolve().parents


def _start_again() -> None:
    """The watch again, in place of this process, as it was started: the new code is imported."""
    sys.stdout.flush()
    sys.stderr.flush()
    os.execv(sys.executable, [sys.executable, "-m", "grawlix_print", *sys.argv[1:]])


def watched_folders(templates: Path, builtin: bool = False) -> list[Path]:
    """Every folder of the templates tree (hidden ones aside) and where settings may be."""
    inside = [
        p
        for p in sorted(templates.rglob("*"))
        if p.is_dir() and not any(part.startswith(".") for part in p.relative_to(templates).parts)
    ]
    outside = [f for f in settings_folders(templates, builtin) if f.resolve() != templates.resolve()]
    return [templates, *inside, *outside]


def is_input(path: Path, templates: Path, builtin: bool = False) -> bool:
    """Whether a changed file is one a rebuild reads: a template or a settings file."""
    if path.name.startswith(".") or path.suffix == ".part":
        return False
    try:
        path.resolve().relative_to(templates.resolve())
        return True
    except ValueError:
        return path.name in (SETTINGS_FILE, PYPROJECT_FILE) and any(
            path.parent.resolve() == folder.resolve() for folder in settings_folders(templates, builtin)
        )


def _changed_names(changes: Iterable[tuple[object, str]]) -> str:
    """The files a save changed, for the report (an editor's temporary files left out)."""
    paths = {Path(path) for _, path in changes}
    names = sorted({p.name for p in paths if p.exists()} or {p.name for p in paths})
    return ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")


def _run(
    rebuild: Callable[..., str | Rebuilt], report: Callable[..., None], cause: str, changed: list[Path] | None = None
) -> None:
    """One rebuild (of what reads the ``changed`` files, or everything): a line with what was written
    and how long it took, or the errors."""
    clock = time.strftime("%H:%M:%S")
    start = time.perf_counter()
    try:
        done = rebuild() if changed is None else rebuild(changed)
        written, warnings = (done.summary, done.warnings) if isinstance(done, Rebuilt) else (done, ())
    except Problems as several:
        for line in several.lines():
            report(one_line(f"{clock} {cause}: error: {line}"), err=True)
    except StudioError as error:
        report(one_line(f"{clock} {cause}: error: {error}"), err=True)
    except OSError as error:
        report(one_line(f"{clock} {cause}: error: {os_error(error)}"), err=True)
    except Exception as error:  # noqa: BLE001  a bug: say so in one line, keep watching
        report(one_line(f"{clock} {cause}: error: {type(error).__name__}: {error}"), err=True)
    else:
        report(f"{clock} {cause}: {written} in {time.perf_counter() - start:.2f} s")
        for warning in warnings:  # a paper the kit builds that this change breaks
            report(one_line(f"{clock} {warning}"), err=True)
