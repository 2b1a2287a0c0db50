"""docs/writing-a-game.md: every Python sample runs, one after another in one namespace, as the guide
promises; the files it says ``new`` writes are the ones it writes; and the methods it calls required
are the base class's abstract ones."""

from __future__ import annotations

import re
import sys
import types
from pathlib import Path

import pytest

from grawlix_print.cli.new import plugin_files
from grawlix_print.games.base import Game

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "writing-a-game.md"


def samples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.DOTALL)


def run_samples(monkeypatch) -> types.ModuleType:
    """As a module of its own (dataclasses look their module up), each sample after the one before."""
    found = samples()
    assert len(found) >= 6
    module = types.ModuleType("writing_a_game_samples")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    for number, code in enumerate(found, 1):
        exec(compile(code, f"{GUIDE.name} sample {number}", "exec"), module.__dict__)  # noqa: S102
    return module


def test_every_sample_runs(monkeypatch):
    assert run_samples(monkeypatch).game.title == "Three in a Row"


@pytest.mark.needs_3d
def test_the_guides_hexagonal_tiles_print_in_3d_as_it_says(monkeypatch, tmp_path):
    """The guide's terrain tiles among the game's kinds, as it tells: ``stl`` writes the files it names,
    seven hexagonal bodies 30 mm across the flats with the sun raised on each, in its colours."""
    import trimesh

    from grawlix_print.products.solid.product import Solid, SolidOptions

    module = run_samples(monkeypatch)

    class WithTerrain(module.ThreeInARow):
        def piece_kinds(self):
            return (*super().piece_kinds(), module.terrain())

    scaffold = plugin_files("Three in a Row", tmp_path / "scaffold")  # the leaflet `new` writes: the files credit its authors
    (module.folder / "leaflet.md").write_bytes(next(data for path, data in scaffold.items() if path.name == "leaflet.md"))
    game = WithTerrain(module.folder)
    solid = Solid()
    (job,) = solid.jobs(game, [], SolidOptions())
    solid.run(game, tmp_path, job.params)
    out = tmp_path / "3d"
    assert (out / "three-in-a-row-raised-gold-colour-change.3mf").is_file()
    notes = (out / "three-in-a-row-3d-printing.txt").read_text()
    assert "terrain tiles" in notes and "symbol" in notes and "gold" in notes
    plate = trimesh.load(out / "three-in-a-row-raised-plate.stl", force="mesh")
    bodies = plate.split()
    assert len(bodies) == 7
    for body in bodies:
        assert body.is_watertight
        assert body.extents[:2] == pytest.approx([30.0, 60 / 3**0.5], abs=0.01)
        assert body.extents[2] == pytest.approx(14.6, abs=1e-3)  # the sun stands 4.8 mm on a 9.8 mm body


def test_the_files_new_writes_are_the_guides(tmp_path):
    written_table = GUIDE.read_text().split("What it writes:", 1)[1].split("\n\n", 2)[1]
    table = re.findall(r"^\| `([^`]+)` \|", written_table, re.MULTILINE)
    written = sorted(str(p.relative_to(tmp_path)) for p in plugin_files("Three in a Row", tmp_path))
    assert sorted(table) == written


def test_what_the_guide_calls_required_is_what_the_base_requires():
    text = GUIDE.read_text()
    required = text.split("**Must**:", 1)[1].split("**May**:", 1)[0]
    for method in sorted(Game.__abstractmethods__):
        assert f"`{method}" in required, method


def test_the_guides_hexagonal_board_prints_in_panels_on_a4_and_whole_on_a3(monkeypatch, tmp_path):
    """The guide's 200 mm hexagonal board among the game's kinds: on A4 its sheets are a map and two panels,
    on A3 one sheet, as the guide says; its map board's named seams make four panels."""
    import pdfplumber

    from grawlix_print.products.sheets.build import build_sheets

    module = run_samples(monkeypatch)

    class WithBoards(module.ThreeInARow):
        def piece_kinds(self):
            return (*super().piece_kinds(), module.hex_boards, module.maps)

    scaffold = plugin_files("Three in a Row", tmp_path / "scaffold")
    (module.folder / "leaflet.md").write_bytes(next(data for path, data in scaffold.items() if path.name == "leaflet.md"))
    game = WithBoards(module.folder)
    for paper, pages in (("a4", {"hex-boards-a4.pdf": 3, "maps-a4.pdf": 5}), ("a3", {"hex-boards-a3.pdf": 1, "maps-a3.pdf": 5})):
        written = {w.path.name: w.path for w in build_sheets(game, tmp_path / paper, paper)}
        for name, count in pages.items():
            with pdfplumber.open(written[name]) as pdf:
                assert len(pdf.pages) == count, name
