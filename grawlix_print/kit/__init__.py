"""``grawlix-print all``: every product in one staged, cached build, with previews and a manifest.

``build_all`` here is the builder, for the command and the Python API alike;
``plan`` says what it builds (the products and each one's steps), ``build``
how (cached steps, staging, the all-or-nothing switch), ``index`` the kit's
own index page.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..errors import StudioError
from ..games import Game, game as find_game
from ..notes import note
from .plan import PAPERS

log = logging.getLogger(__name__)

if TYPE_CHECKING:
    from ..files import Written
    from ..products import Product
    from .build import Outcome, Step


def _logged_start(steps: int) -> None:
    log.debug("%d steps to build or keep", steps)


def _logged_step(outcome: Outcome) -> None:
    log.debug("%s %s", "kept" if outcome.reused else "built", outcome.step)


def build_all(
    out: str | Path,
    templates: str | Path | None = None,
    only: Iterable[str] | None = None,
    papers: Sequence[str] = PAPERS,
    options: Mapping[str, Any] | None = None,
    *,
    game: str | Game | None = None,
    on_start: Callable[[int], None] = _logged_start,
    on_step: Callable[[Outcome], None] = _logged_step,
    on_note: Callable[[str], None] = note,
) -> list[Written]:
    """Build the game's kit (or the products in ``only``) into ``out``, as ``grawlix-print all`` does.

    ``game`` is a game (or its name); None means the game ``templates`` names,
    else ./templates's, else the default game.

    Each product goes into its own sub-folder, with previews and a
    ``manifest.json``; unchanged steps of an earlier build are re-used.
    ``options`` maps a product to its options, e.g. ``{"sheets": {"bleed": 0}}``
    (or an instance of the product's options dataclass).
    Returns every file of the products built, re-used ones included.

    For a progress display: ``on_start`` hears the number of steps once the
    output folder is usable, ``on_step`` each step's outcome as it is done,
    ``on_note`` what the user may want to know (another build to wait for,
    screenshots skipped...). Without them, the notes are log records of the
    ``grawlix_print`` logger (``notes``) and each step one at ``DEBUG``. A file where the folder should be is a
    ``StudioError`` before any of them is called.
    """
    from .build import build_kit
    from .plan import bound, installed_products, kit_steps, working

    out = Path(out)
    chosen = resolved(game, templates)
    chosen.check()
    wanted, skipped = installed_products(chosen, only)  # 3D without CadQuery: a note, the rest built
    for note in skipped:
        on_note(note)
    wanted = working(chosen, wanted, options, asked=only is not None)  # an errata sheet without a previous version
    steps = kit_steps(chosen, [p.name for p in wanted], papers, options, out)
    with bound(chosen):
        outcomes = build_kit(steps, out, chosen.templates, on_step=on_step, on_note=on_note, on_start=on_start,
                             last=lambda files: index_step_for(chosen, files), code=_code(chosen, wanted))  # fmt: skip
    return _written(out, outcomes)


def _code(game: Game, made: Iterable[Product]) -> str:
    """What the kit's steps run: this package, the game's own package and the products' packages."""
    from ..cache import code_digest

    return code_digest(__name__, type(game).__module__, *(type(p).__module__ for p in made))


def _written(out: Path, outcomes: Iterable[Outcome]) -> list[Written]:
    from ..files import Written

    return [Written(out / entry["path"], entry["kind"], entry["params"]) for o in outcomes for entry in o.files]


def build_command(
    made: Product, game: Game, out: Path, options: Any, papers: Sequence[str] = (),
    on_note: Callable[[str], None] = lambda note: None,
) -> list[Outcome]:  # fmt: skip
    """One product's own command into ``out``, all or nothing like ``all``: its steps are cached,
    staged and switched in at once (Ctrl-C, a full disk, a name taken by a folder leave the
    previous files exactly as they were), the manifest lists what the folder holds, and a kit's
    index there is made again."""
    from .build import build_kit
    from .index import INDEX
    from .plan import bound, command_steps

    ready(made, game)
    game.check()
    steps = command_steps(game, made, papers, options, out)
    last = (lambda files: index_step_for(game, files)) if _is_file(out / INDEX) else None
    with bound(game):
        return build_kit(steps, out, game.templates, on_note=on_note, last=last, code=_code(game, [made]))


def ready(made: Product, game: Game) -> None:
    """Refuse, in one line, a product the game does not offer, then one whose extra is not installed
    (never asking to install something the game could not use)."""
    from ..extras import EXTRAS

    if not made.offers(game):
        raise made.refusal(game)
    if made.extra:
        EXTRAS[made.extra].require()


def _is_file(path: Path) -> bool:
    """Whether ``path`` is a file; a name the system refuses (too long) is none (the build says why)."""
    try:
        return path.is_file()
    except OSError:
        return False


def index_step_for(game: Game, files: list[dict]) -> Step:
    """The kit's ``index.html``, made from the records of every other file (not their bytes)."""
    from .build import Step
    from .index import index_step

    records = [{k: f[k] for k in ("path", "kind", "params")} for f in files]
    try:
        version = game.front_matter.version
    except StudioError:  # a game with no rulebook to read: its kit has no version to name
        version = ""
    return Step("index", index_step, {"title": game.title, "files": records, "version": version}, reads=())


def resolved(game: str | Game | None, templates: str | Path | None) -> Game:
    """A game given as itself, by name, or by its templates folder."""
    if isinstance(game, Game):
        return game
    return find_game(game, templates)


def build_product(
    name: str, out: str | Path, templates: str | Path | None = None, *, game: str | Game | None = None,
    papers: Sequence[str] = ("a4",), **options: Any,
) -> list[Written]:  # fmt: skip
    """One product (by name, or by its command: ``stl``) into ``out/NAME/``, as its command writes it
    (same options, as keyword arguments)."""
    from ..notes import note
    from ..products import product

    return _written(Path(out), build_command(product(name), resolved(game, templates), Path(out), options, papers, note))


def build_leaflet(
    out: str | Path, templates: str | Path | None = None, *, game: str | Game | None = None, paper: str = "a4"
) -> list[Written]:
    """The rules leaflet into ``out/leaflet/``, as ``grawlix-print leaflet -o OUT`` writes it."""
    return build_product("leaflet", out, templates, game=game, papers=(paper,))


def build_sheets(
    out: str | Path, templates: str | Path | None = None, *, game: str | Game | None = None, paper: str = "a4",
    **options: Any,
) -> list[Written]:  # fmt: skip
    """The sheets into ``out/sheets/``, as ``grawlix-print sheets -o OUT`` writes them (same options)."""
    return build_product("sheets", out, templates, game=game, papers=(paper,), **options)


def build_web(out: str | Path, templates: str | Path | None = None, *, game: str | Game | None = None) -> list[Written]:
    """The web editions into ``out/web/``, as ``grawlix-print web --no-previews -o OUT`` writes them."""
    return build_product("web", out, templates, game=game, previews=False)


def build_stl(
    out: str | Path, templates: str | Path | None = None, *, game: str | Game | None = None, **options: Any
) -> list[Written]:
    """The 3D tiles into ``out/3d/``, as ``grawlix-print stl -o OUT`` writes them (same options)."""
    return build_product("3d", out, templates, game=game, **options)
