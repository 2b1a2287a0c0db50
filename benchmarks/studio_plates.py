"""grawlix-print's code making only a 3D set's plates, one binary STL a plate: the like-with-like side
of ``bench.py stl``, beside OpenSCAD rendering the same plates (benchmarks/plate.scad,
benchmarks/hexagon_plate.scad) one after another.

    python benchmarks/studio_plates.py OUT [--templates DIR] [--one-nozzle]

Every piece of the game's first 3D kind, as many of each as the set holds, body and relief as one
solid, a bed's worth (180 x 180 mm) to a plate, as the set's full-set 3MF files lay them out: the
plates a player prints the set on. With ``--one-nozzle``: the one-nozzle STL plates the set holds
(one accent's pieces, printed once per accent). Start-up included, as a user runs a command: Python,
the game, the plan and its checks, OpenCASCADE's import, each relief built and meshed once and copied
into place, the files. No 3MF, STEP, notes or pictures.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--templates", default=None)
    parser.add_argument("--one-nozzle", action="store_true")
    args = parser.parse_args()

    from grawlix_print.files import write_bytes
    from grawlix_print.kit import resolved
    from grawlix_print.products.solid.build import Credits, _Products
    from grawlix_print.products.solid.kinds import solid_kinds
    from grawlix_print.products.solid.mesh import placed, stl_bytes
    from grawlix_print.products.solid.plan import plan_stl, stl_options

    import numpy as np

    game = resolved(None, args.templates)
    plan = plan_stl(stl_options("raised"), solid_kinds(game)[0])
    made = _Products(plan, Credits.of(game))
    if args.one_nozzle:  # one accent's pieces (the same reliefs in every accent: printed once per accent)
        pieces, stem = made.batch(made.accents[0]), f"{plan.slug}-one-nozzle-plate"
    else:
        pieces, stem = [piece for piece in made.pieces for _ in range(piece.count)], f"{plan.slug}-set-plate"
    queue = iter(pieces)
    for number, centres in enumerate(plan.layout(len(pieces)), 1):
        triangles = np.concatenate([placed(made._whole(next(queue)).triangles, [centre]) for centre in centres])
        write_bytes(args.out / f"{stem}-{number}.stl", stl_bytes(triangles, f"grawlix-print plate {number}"))


if __name__ == "__main__":
    main()
