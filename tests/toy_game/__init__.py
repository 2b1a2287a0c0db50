"""A toy game for the tests: the third user of every seam a game plugs into (docs/games.md).

``ToyGame`` is a real ``Game`` subclass with its own templates (``templates/``): square picture
tiles (30 mm, four colours with letters and marks, two back designs), round tokens (20 mm,
no colours) and cards of another size than poker cards (57 x 89 mm), all drawn from shapes
(``pieces``). A product that works from a game's kinds alone makes its files for the toy too.

It is registered the way a third-party plug-in is: an entry point in the group
``grawlix_print.games`` of an installed distribution. ``installed()`` writes that
distribution's metadata (a ``.dist-info`` folder, as pip leaves one) into a folder, puts the
folder on ``sys.path`` and clears the registry's caches, so ``game("toy")`` and
``grawlix-print ... --game toy`` find it through ``importlib.metadata`` as they would find any
plug-in; nothing is installed for good, and no other test sees it. Use the ``toy_game``
fixture (``conftest.py``), or ``environment()`` for a command in a process of its own.

Installed, its pieces have no relief; ``raised.RaisedToy`` is the toy with each tile's picture
raised for a 3D print (``pieces.kinds(..., reliefs=True)``), or with other kinds (``raised.emblem_squares``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cached_property
from pathlib import Path

from grawlix_print.errors import StudioError
from grawlix_print.files import read_toml
from grawlix_print.games.base import Game
from grawlix_print.games.presentation import Presentation, Typography
from grawlix_print.pieces.kinds import PieceKind

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
NAME = "toy"
DISTRIBUTION = "grawlix_print_toy_game-0.1.dist-info"


class ToyGame(Game):
    """Square picture tiles, round tokens and 57 x 89 mm cards: pieces and nothing else to play."""

    name = NAME
    summary = "a toy for the tests: square picture tiles, round tokens and 57 x 89 mm cards"

    @cached_property
    def _components(self) -> dict:
        return read_toml(self.templates / "components.toml")

    @property
    def title(self) -> str:
        return str(self._components["title"])

    def rulebook(self):
        raise StudioError(f"{self.name} has no rules to print: it is a toy for the tests")

    def presentation(self) -> Presentation:
        from grawlix_print.drawing.fonts import CAPRASIMO, QUICKSAND, QUICKSAND_BOLD

        return Presentation(Typography(QUICKSAND, QUICKSAND_BOLD, CAPRASIMO), "booklet")

    def piece_kinds(self) -> tuple[PieceKind, ...]:
        from .pieces import kinds

        return kinds(str(self.templates / "components.toml"))


@contextmanager
def installed(folder: Path) -> Iterator[Path]:
    """The toy registered as an installed plug-in while the block runs: its distribution's metadata
    in ``folder`` (on ``sys.path``, with this package's folder), the games' registry re-read."""
    from plugins import on_path

    info = folder / DISTRIBUTION
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: grawlix-print-toy-game\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[grawlix_print.games]\n{NAME} = toy_game:ToyGame\n")
    with on_path(folder, HERE.parent):
        yield folder


def environment(folder: Path) -> dict[str, str]:
    """The environment of a ``grawlix-print`` process that finds the toy (``installed`` into ``folder``)."""
    path = os.pathsep.join([str(folder), str(HERE.parent), str(HERE.parent.parent), os.environ.get("PYTHONPATH", "")])
    return {**os.environ, "PYTHONPATH": path.rstrip(os.pathsep)}
