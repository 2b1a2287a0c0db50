"""What ``grawlix-print check`` says about a position and ``facts`` about the proof: JSON or text.

Everything here is read from the engine and the proof; this module only words it.
"""

from __future__ import annotations

from ...facts.wording import counted
from .tiles import TileSet
from .engine import Location
from .positions import Position
from .proof import Proof, why_not_one_short

LEGAL = "+"
EMPTY = "."


def position_record(position: Position, file: str) -> dict:
    """The machine-readable summary: counts, legal locations, what each marker allows."""
    grid = position.grid
    markers = {}
    for label, location in position.markers.items():
        allowed = grid.allowed(location)
        markers[label] = {
            "location": list(location),
            "legal": allowed.legal,
            "glyphs": [g.symbol for g in allowed.glyphs],
            "colours": [c.name for c in allowed.colours],
            "tiles": [t.token for t in allowed.tiles],
        }
    return {
        "file": file,
        "tiles": len(grid),
        "rows": grid.rows,
        "cols": grid.columns,
        "legal_locations": [list(loc) for loc in grid.legal_locations()],
        "markers": markers,
    }


def position_text(position: Position, file: str) -> str:
    """A readable summary and a picture of the grid with its legal locations marked.

    The picture shows the tiles, the legal locations and the markers next to
    them: never more than the ring of cells around the tiles, so its size is
    bounded by the rules, not by how far away a marker is. Markers outside
    it are only listed below it.
    """
    grid = position.grid
    legal = set(grid.legal_locations())
    ring = grid.bounds

    def near(location: Location) -> bool:
        return ring[0] - 1 <= location[0] <= ring[2] + 1 and ring[1] - 1 <= location[1] <= ring[3] + 1

    labels = {loc: label for label, loc in position.markers.items() if near(loc)}
    shown: list[Location] = [*grid.tiles(), *legal, *labels]
    top, bottom = min(r for r, _ in shown), max(r for r, _ in shown)
    left, right = min(c for _, c in shown), max(c for _, c in shown)

    rules = grid.rules
    lines = [
        f"{file}: {counted(len(grid), 'tile', str)} in {counted(grid.rows, 'row', str)} and "
        f"{counted(grid.columns, 'column', str)} "
        f"(at most {rules.max_rows} x {rules.max_columns}); {counted(len(legal), 'legal location', str)}",
        "",
        "      " + "".join(f"{c:>4}" for c in range(left, right + 1)),
    ]
    for row in range(top, bottom + 1):
        cells = []
        for column in range(left, right + 1):
            loc = (row, column)
            tile = grid.tile_at(loc)
            cells.append(
                tile.token if tile else labels.get(loc, LEGAL if loc in legal else EMPTY)
            )
        lines.append(f"{row:>6}" + "".join(f"{cell:>4}" for cell in cells))
    lines += ["", f"      {LEGAL} legal location   {EMPTY} empty"]
    for label, location in position.markers.items():
        allowed = grid.allowed(location)
        where = f"{label} at [{location[0]}, {location[1]}]"
        if not near(location):
            where += " (outside the picture)"
        if allowed.legal:
            lines.append(
                f"      {where}: legal; glyphs {' '.join(g.symbol for g in allowed.glyphs)}; "
                f"colours {', '.join(c.name for c in allowed.colours)}; "
                f"{len(allowed.tiles)} tiles fit"
            )
        else:
            lines.append(f"      {where}: not a legal location")
    return "\n".join(lines)


def proof_text(proof: Proof, tiles: TileSet) -> str:
    """The proof in a few lines: the square of the order's side, then the largest grid the
    rules allow, with a picture of it."""
    square, n, full = proof.square, proof.order, proof.order ** 2
    verdict = "possible" if square.possible else "impossible"
    lines = [f"The square: can all {full} tiles fill {n} rows and {n} columns?"]
    if square.method == "search":
        lines += [
            f"  Reduced Latin squares of order {n} searched: {square.squares_searched:,} "
            f"({square.isotopy_classes} isotopy classes, {square.main_classes} main classes)",
            f"  Transversals per main class: {', '.join(map(str, square.transversals))}",
            f"  Squares with an orthogonal mate: {square.squares_with_mate}, so a full square is {verdict}",
        ]
    else:
        lines.append(f"  {square.note} A full square is {verdict}.")
    if not square.possible:
        lines.append(f"  {full - 1} tiles: impossible too. {why_not_one_short(n)}")
    lines += [
        "",
        f"The largest legal grid within {proof.max_rows} rows and {proof.max_columns} columns "
        f"(rules.toml): {proof.max_tiles} tiles",
        f"  {proof.why_most}",
        f"  {proof.note}",
    ]
    if proof.largest_grid:
        grid = proof.grid_tiles(tiles)
        rows, columns = proof.span
        top, left = min(r for r, _ in grid), min(c for _, c in grid)
        picture = [
            " ".join(str(grid.get((top + r, left + c), ".")).ljust(2) for c in range(columns)) for r in range(rows)
        ]
        lines += ["  For example:", *("    " + row for row in picture)]
        lines.append(f"  (settled in {proof.seconds + square.seconds:.2f} s when first run; cached since)")
    return "\n".join(lines)
