"""``grawlix-print all``: every product in one staged, cached build, with previews and a manifest.

``build_all`` here is the builder, for the command and the Python API alike;
``plan`` says what it builds (the products and each one's steps), ``build``
how (cached steps, staging, the all-or-nothing switch), ``previews`` the PNGs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .plan import PAPERS, PRODUCT_NAMES

if TYPE_CHECKING:
    from ..files import Written
    from .build import Outcome


def build_all(
    out: str | Path,
    templates: str | Path | None = None,
    only: Iterable[str] = PRODUCT_NAMES,
    papers: Sequence[str] = PAPERS,
    options: dict[str, dict] | None = None,
    *,
    on_start: Callable[[int], None] = lambda steps: None,
    on_step: Callable[[Outcome], None] = lambda outcome: None,
    on_note: Callable[[str], None] = lambda note: None,
) -> list[Written]:
    """Build the kit (or the products in ``only``) into ``out``, as ``grawlix-print all`` does.

    Each product goes into its own sub-folder, with previews and a
    ``manifest.json``; unchanged steps of an earlier build are re-used.
    ``options`` maps a product to its options, e.g. ``{"sheets": {"bleed": 0}}``.
    Returns every file of the products built, re-used ones included.

    For a progress display: ``on_start`` hears the number of steps once the
    output folder is usable, ``on_step`` each step's outcome as it is done,
    ``on_note`` what the user may want to know (another build to wait for,
    screenshots skipped...). A file where the folder should be is a
    ``GrawlixError`` before any of them is called.
    """
    from ..files import Written
    from ..games.templates import find_templates
    from .build import build_kit
    from .plan import kit_steps

    out = Path(out)
    steps = kit_steps(only, papers, options)
    outcomes = build_kit(
        steps, out, find_templates(templates), on_step=on_step, on_note=on_note, on_start=on_start
    )
    return [
        Written(out / entry["path"], entry["kind"], entry["params"])
        for outcome in outcomes
        for entry in outcome.files
    ]
