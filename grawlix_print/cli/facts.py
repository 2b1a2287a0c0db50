"""``grawlix-print facts``: what the engine proves about the game (cached after the first run)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from .app import main
from .options import templates_option
from .settings import with_settings


@main.command(short_help="What the engine proves: no grid of 36 tiles, nor of 35.")
@click.option("--json", "as_json", is_flag=True, help="One JSON object with every figure.")
@templates_option
@with_settings
def facts(as_json: bool, templates: Path) -> None:
    """Prove that no legal grid holds all 36 tiles (nor 35) and find one of 34.

    Searches every reduced Latin square of order six for an orthogonal mate
    (the thirty-six officers problem). The answer is cached; --json prints
    max_tiles, full_grid_possible, squares_searched, seconds and the rest.
    The proof needs no templates folder, only settings are read.
    """
    from ..games.grawlix.proof import WHY_NOT_35, cached_proof

    proof = cached_proof()
    if as_json:
        click.echo(json.dumps(proof.record(), ensure_ascii=False, sort_keys=True))
        return
    tiles = proof.grid_tiles()
    picture = [
        " ".join(str(tiles.get((r, c), ".")).ljust(2) for c in range(proof.order)) for r in range(proof.order)
    ]
    lines = [
        f"Reduced Latin squares of order {proof.order} searched: {proof.squares_searched:,} "
        f"({proof.isotopy_classes} isotopy classes, {proof.main_classes} main classes)",
        f"Transversals per main class: {', '.join(map(str, proof.transversals))}",
        f"Squares with an orthogonal mate: {proof.squares_with_mate}, so a legal grid of all "
        f"{proof.order ** 2} tiles is {'possible' if proof.full_grid_possible else 'impossible'}",
        f"{proof.order ** 2 - 1} tiles: impossible too. {WHY_NOT_35}",
        f"The most tiles a legal grid holds: {proof.max_tiles}, for example:",
        *("    " + row for row in picture),
        f"(search: {proof.seconds:.2f} s when first run; cached since)",
    ]
    click.echo("\n".join(lines))
