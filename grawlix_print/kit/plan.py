"""What ``grawlix-print all`` builds: every product the game offers, each as its cached steps (the kit's plan).

Nothing here knows a product: the plan asks each installed product
(``grawlix_print.products``) whether the game offers it, what options it
takes, which jobs make it, and which files it will hold; a new product is a
new plug-in, not an edit here. Products are imported inside the steps: the
3D step (OpenCASCADE) runs in a worker process, and a build without it never
loads OpenCASCADE.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..extras import EXTRAS
from ..files import Written
from ..games import Game, game
from ..options import options_from
from ..papers import KIT_PAPERS
from ..products import Job, Planned, Product, failed_products, offered, product
from ..products.base import PIECES

if TYPE_CHECKING:
    from .build import Step

PAPERS = KIT_PAPERS
"""The papers ``all`` builds unless told otherwise, by key."""


def options_for(chosen: Product, given: Any) -> Any:
    """A product's options: an instance of its options dataclass, or one made from a dict of values
    (None: the defaults)."""
    if isinstance(given, chosen.options):
        return given
    return options_from(chosen.options, dict(given or {}))


def installed_products(game: Game, only: Iterable[str] | None = None) -> tuple[tuple[Product, ...], list[str]]:
    """The products to build, and a line for each one left out: its extra is not installed, or it is
    a plug-in that does not load.

    Unasked (``only`` None), such a product is skipped with that line; asked for
    by name, it is the one-line error.
    """
    kept: list[Product] = []
    skipped = [] if only is not None else [f"{reason}: left out of the kit" for reason in failed_products().values()]
    for candidate in offered(game, only):
        extra = EXTRAS[candidate.extra] if candidate.extra else None
        if extra is None or extra.installed():
            kept.append(candidate)
        elif only is None:
            skipped.append(extra.skipped)
        else:
            extra.require()
    return tuple(kept), skipped


def working(game: Game, made: Sequence[Product], options: Mapping[str, Any] | None, asked: bool) -> tuple[Product, ...]:
    """The products with something to make with their options: an idle one (``Product.idle``) is
    left out without a word, unless they were ``asked`` for by name (``all --only errata``, the
    product's own command): then its reason is the one-line error."""
    from ..errors import StudioError

    kept = []
    for candidate in made:
        reason = candidate.idle(game, options_for(candidate, (options or {}).get(candidate.name)))
        if reason is None:
            kept.append(candidate)
        elif asked:
            raise StudioError(reason)
    return tuple(kept)


def kit_files(
    game: Game,
    built: Sequence[Product],
    papers: Sequence[str],
    options: Mapping[str, Any],
    out: Path | None = None,
) -> tuple[Planned, ...]:
    """The files the kit will hold that a reader of the rules may want: those the products being
    built will write, and those of the game's other products that ``out`` already holds (a build of
    some products alone keeps the others). Never a file the kit will not hold."""
    names = {p.name for p in built}
    found: list[Planned] = []
    for candidate in installed_products(game)[0]:
        planned = candidate.planned(game, papers, options_for(candidate, options.get(candidate.name)))
        if candidate.name in names:
            found += planned
        elif out is not None:
            found += [file for file in planned if (out / file.path).is_file()]
    return tuple(found)


def kit_steps(
    game: Game,
    only: Iterable[str] | None = None,
    papers: Sequence[str] = PAPERS,
    options: Mapping[str, Any] | None = None,
    out: Path | None = None,
) -> list[Step]:
    """The steps that build the game's products named in ``only`` (None: all it offers) for ``papers``.

    ``options`` maps a product's name to its options (an options instance, or a dict of values).
    """
    options = options or {}
    chosen = installed_products(game, only)[0]
    kit = kit_files(game, chosen, papers, options, out)
    return [
        step_of(game, entry, job)
        for entry in chosen
        for job in entry.jobs(game, papers, options_for(entry, options.get(entry.name)), kit)
    ]


def command_steps(game: Game, made: Product, papers: Sequence[str], options: Any, out: Path) -> list[Step]:
    """The steps of one product's own command (``grawlix-print sheets``): built as ``all`` builds its
    steps, cached, staged and switched in at once, with the kit's other files (and its links) kept."""
    working(game, [made], {made.name: options}, asked=True)  # an idle product's own command: its reason
    kit = kit_files(game, [made], PAPERS, {}, out) if made.name == "web" else ()
    return [step_of(game, made, job) for job in made.command_jobs(game, papers, options_for(made, options), kit)]


def step_of(game: Game, made: Product, job: Job) -> Step:
    """A product's job as a step of the kit's build; a job that draws pieces (``PIECES``) reads what
    the game says its pieces are drawn from."""
    from .build import Step

    params = {"product": made.name, "params": job.params}
    reads = game.piece_files() if job.reads == PIECES else job.reads
    return Step(job.name, run_job, params, job.heavy, reads, made.name, job.tools)


_BOUND: dict[Path, Game] = {}
"""The game each build under way was planned with, by its templates folder (``bound``)."""


@contextmanager
def bound(chosen: Game) -> Iterator[None]:
    """While the block runs, the steps of ``chosen``'s templates run on ``chosen`` itself (here, or
    in a worker forked from here) instead of reading the templates again: a deck's tables, layouts
    and every face's text are read and set once a build, not once a step."""
    key = chosen.templates.resolve()
    before = _BOUND.get(key)
    _BOUND[key] = chosen
    try:
        yield
    finally:
        if before is None:
            _BOUND.pop(key, None)
        else:
            _BOUND[key] = before


def run_job(out: Path, templates: Path, product: str, params: dict) -> list[Written]:
    """One job of a product, as a kit step runs it (here or in the worker process): its files and
    their previews."""
    from ..products import product as named

    made = named(product)
    chosen = _BOUND.get(Path(templates).resolve()) or game(templates=templates)
    try:
        return made.run(chosen, out, params)
    except ImportError:  # the product's extra found but broken: one line, not a traceback
        broken = EXTRAS[made.extra].loads() if made.extra else None
        if broken is None:
            raise
        raise EXTRAS[str(made.extra)].unusable(broken) from None


def output_folder(out: Path, name: str) -> Path:
    """Where product ``name`` writes inside ``out``, for ``all`` and the single commands alike."""
    return product(name).folder(out)
