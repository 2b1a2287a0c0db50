"""One registry for every plug-in seam (grawlix_print.registry), one failure policy over all of them.

For each seam (a game, a product, an imposition, a layout element, a shape) a package is installed
for the test as pip would leave it (a ``.dist-info`` folder with its entry points, on ``sys.path``)
holding four plug-ins: one that works, one whose module fails to import, one that is not what the
seam takes, and one under a built-in's name. Each is then asked for through the seam's own lookup
(the function the rest of the studio calls), listed, and listed by ``grawlix-print games``.
"""

from __future__ import annotations

import re
import subprocess
import sys
from dataclasses import dataclass
from typing import Callable

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.errors import StudioError
from grawlix_print.registry import SEAMS, Registry, failures, registries
from plugins import CHECKOUT, on_path

PACKAGE = "seamkit"


def _game(name: str):
    from grawlix_print.games import game_class

    return game_class(name)


def _product(name: str):
    from grawlix_print.products import product

    return product(name)


def _imposition(name: str):
    from grawlix_print.products.leaflet.impositions import imposition

    return imposition(name)


def _shape(name: str):
    from grawlix_print.pieces.shapes import shape_named

    return shape_named(name)


def _element(name: str):
    from grawlix_print.games.spreadsheet.elements import element_type

    return element_type(name)


@dataclass(frozen=True)
class Seam:
    """A seam as a plug-in author meets it: its registry, a working entry's code, the seam's lookup."""

    seam: str
    built_in: str
    code: str
    """A module defining ``GOOD`` (the working entry, called ``good``) and ``WRONG`` (something else)."""
    lookup: Callable[[str], object]
    refusal: str
    """What the one line says of ``WRONG``."""


SEAM_CASES = [
    Seam("game", "permutations", '''
from grawlix_print.plugin import Game, plain_presentation


class GOOD(Game):
    name = "good"
    summary = "a game of the registry's tests"
    title = "Good"

    def rulebook(self):
        raise NotImplementedError

    def presentation(self):
        return plain_presentation()


WRONG = object()
''', _game, "is not a grawlix_print.Game subclass"),
    Seam("product", "sheets", '''
from dataclasses import dataclass

from grawlix_print.products import Product


@dataclass(frozen=True)
class Options:
    pass


class GOOD(Product):
    name = "good"
    summary = "a product of the registry's tests"
    heading = "Tests"
    options = Options

    def offers(self, game):
        return False

    def jobs(self, game, papers, options, kit=()):
        return []

    def run(self, game, out, params):
        return []


WRONG = Options
''', _product, "is not a grawlix_print Product subclass"),
    Seam("imposition", "booklet", '''
from grawlix_print.products.leaflet.impositions import Imposition

GOOD = Imposition("good", lambda game, folder, paper, reading: [], lambda paper, name: [])
WRONG = "a two-up"
''', _imposition, "is a str, not a grawlix_print Imposition"),
    Seam("layout element", "text", '''
from grawlix_print.games.spreadsheet.elements import LayoutElement


class GOOD(LayoutElement):
    type = "good"
    summary = "an element of the registry's tests"
    keys = {}

    def step(self, filled):
        return None


WRONG = 42
''', _element, "is not a LayoutElement subclass"),
    Seam("shape", "hexagon", '''
from grawlix_print.pieces.shapes import Rectangular

GOOD = Rectangular("good")
WRONG = Rectangular("other")
''', _shape, "the PieceShape it names calls itself 'other', not 'wrong'"),
]


def test_every_seam_is_tested_here():
    assert sorted(s.seam for s in SEAM_CASES) == sorted(SEAMS)
    for found in registries():
        assert isinstance(found, Registry) and found.group == "grawlix_print." + found.plural.replace(" ", "_")


@pytest.fixture
def installed(tmp_path):
    """A package of plug-ins for every seam, installed while the test runs: each seam's group holds
    ``good``, ``broken`` (its module raises on import), ``wrong`` and a built-in's name."""
    site = tmp_path / "site"
    package = site / PACKAGE
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "templates").mkdir()  # the working game's own templates, beside its module
    (package / "templates" / "components.toml").write_text('game = "good"\ntitle = "Good"\n')
    (package / "broken.py").write_text("import math\n\nraise RuntimeError('half-written')\n")
    (package / "impostor.py").write_text("raise SystemExit('an impostor was imported')\n")
    groups = []
    for number, case in enumerate(SEAM_CASES):
        module = f"seam{number}"
        (package / f"{module}.py").write_text(case.code)
        found = next(r for r in registries() if r.seam == case.seam)
        groups.append(f"[{found.group}]\ngood = {PACKAGE}.{module}:GOOD\nbroken = {PACKAGE}.broken:GOOD\n"
                      f"wrong = {PACKAGE}.{module}:WRONG\n{case.built_in} = {PACKAGE}.impostor:GOOD\n")
    info = site / f"{PACKAGE}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {PACKAGE}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("\n".join(groups))
    with on_path(site):
        yield site
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(f"{PACKAGE}.")]:
        del sys.modules[name]


@pytest.mark.parametrize("case", SEAM_CASES, ids=lambda c: c.seam)
def test_a_working_plug_in_is_found_and_listed(installed, case):
    found = next(r for r in registries() if r.seam == case.seam)
    entry = case.lookup("good")
    assert "good" in found.names() and found.entries()["good"] is entry
    assert found.names()[: len(found.built_in)] == tuple(found.built_in)  # the built-in ones first


@pytest.mark.parametrize("case", SEAM_CASES, ids=lambda c: c.seam)
def test_a_plug_in_that_fails_to_import_is_one_line_naming_its_file_and_line(installed, case):
    with pytest.raises(StudioError) as raised:
        case.lookup("broken")
    message = str(raised.value)
    assert message.startswith(f"{case.seam} broken: it does not load: RuntimeError: half-written while it was imported at ")
    assert re.search(rf"{PACKAGE}/broken\.py:3\b", message) and "\n" not in message
    with pytest.raises(StudioError) as again:  # the same line again, its module not imported twice
        case.lookup("broken")
    assert str(again.value) == message
    found = next(r for r in registries() if r.seam == case.seam)
    assert "broken" not in found.entries() and found.failed()["broken"] == message
    assert "good" in found.entries()  # never fatal to the others


@pytest.mark.parametrize("case", SEAM_CASES, ids=lambda c: c.seam)
def test_a_plug_in_that_is_not_what_the_seam_takes_is_one_line(installed, case):
    with pytest.raises(StudioError) as raised:
        case.lookup("wrong")
    assert raised.value.where == f"{case.seam} wrong ({PACKAGE}.seam{SEAM_CASES.index(case)}:WRONG)"
    assert case.refusal in raised.value.what


@pytest.mark.parametrize("case", SEAM_CASES, ids=lambda c: c.seam)
def test_a_plug_in_cannot_take_a_built_ins_name(installed, case, capsys):
    """The name stays the built-in's, the impostor's module is never imported, and a note says so."""
    found = next(r for r in registries() if r.seam == case.seam)
    assert found.names().count(case.built_in) == 1 and found.points()[case.built_in] is found.built_in[case.built_in]
    assert case.lookup(case.built_in) is not None
    assert f"{PACKAGE}.impostor" not in sys.modules
    said = capsys.readouterr().err
    assert (f"note: the plug-in {case.seam} {case.built_in} ({PACKAGE}.impostor:GOOD) is not loaded:"
            f" a built-in {case.seam} has that name\n") in said


def test_games_lists_every_failing_plug_in_of_every_seam_one_line_each(installed):
    result = CliRunner().invoke(main, ["games"])
    assert result.exit_code == 0, result.output
    assert re.findall(r"^(\S+): ", result.stdout, re.MULTILINE) == ["grawlix", "permutations", "spreadsheet", "good"], result.stderr
    lines = result.stderr.splitlines()
    for case in SEAM_CASES:
        for name in ("broken", "wrong"):
            mine = [line for line in lines if line.startswith(f"error: {case.seam} {name}")]
            assert len(mine) == 1, (case.seam, name, result.stderr)
    assert sorted(failures()) == sorted(line.removeprefix("error: ") for line in lines if line.startswith("error: "))


def test_built_ins_need_no_metadata(tmp_path):
    """A process that sees no installed distribution at all still has every seam's built-in entries
    (a built-in added to the package is there without a reinstall)."""
    code = (
        "import importlib.metadata as m\n"
        "m.entry_points = lambda **kw: []\n"
        "from grawlix_print.registry import registries\n"
        "for found in registries():\n"
        "    print(found.seam, len(found.entries()), len(found.built_in), sorted(found.failed()))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                            env={"PYTHONPATH": str(CHECKOUT), "PATH": "/usr/bin:/bin"})  # fmt: skip
    assert result.returncode == 0, result.stderr
    for line in result.stdout.splitlines():
        seam, loaded, built_in, failed = line.rsplit(" ", 3)
        assert loaded == built_in and int(loaded) >= 2 and failed == "[]", line


def test_a_built_in_name_reads_no_packages_metadata(monkeypatch):
    import importlib.metadata

    def refuse(**kw):
        raise AssertionError("the installed packages' metadata was read")

    monkeypatch.setattr(importlib.metadata, "entry_points", refuse)
    for found in registries():
        found.clear()
        name = next(iter(found.built_in))
        assert name in found and found.load(name) is not None
        found.clear()


def test_debug_shows_a_failing_plug_ins_traceback(installed, monkeypatch):
    monkeypatch.setenv("GRAWLIX_PRINT_DEBUG", "1")
    with pytest.raises(RuntimeError, match="half-written"):
        _product("broken")


def test_the_entry_points_read_directly_hold_every_one_importlib_metadata_finds(installed, monkeypatch):
    """``installed.declared`` reads the packages' entry points without importlib.metadata: it finds
    all of them (the plug-ins' above, and this package's own older record), and with none but this
    package's own in a group, the seam reads no metadata at all."""
    import importlib.metadata

    from grawlix_print.installed import declared, plug_ins_declared

    known = declared()
    assert known is not None
    for found in registries():
        assert {(p.name, p.value) for p in importlib.metadata.entry_points(group=found.group)} <= set(known[found.group])
        assert plug_ins_declared(found.group)

    def refuse(**kw):
        raise AssertionError("the installed packages' metadata was read")

    monkeypatch.setattr(importlib.metadata, "entry_points", refuse)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p != str(installed)])
    for found in registries():
        found.clear()
        assert not plug_ins_declared(found.group) and found.names() == tuple(found.built_in)


def test_metadata_the_direct_reading_cannot_read_is_left_to_importlib_metadata(tmp_path, monkeypatch):
    """A zip of packages on ``sys.path``, or an entry-point file with a line that is no entry point:
    the direct reading does not guess, and importlib.metadata is asked."""
    import zipfile

    from grawlix_print.installed import declared, plug_ins_declared

    with zipfile.ZipFile(tmp_path / "plugins.zip", "w") as archive:
        archive.writestr("dicekit-0.1.dist-info/entry_points.txt", "[grawlix_print.games]\ndice = dicekit:Dice\n")
    monkeypatch.setattr(sys, "path", [*sys.path, str(tmp_path / "plugins.zip")])
    declared.cache_clear()
    assert declared() is None and plug_ins_declared("grawlix_print.games")
    info = tmp_path / "odd-0.1.dist-info"
    info.mkdir()
    (info / "entry_points.txt").write_text("[grawlix_print.shapes]\n# a comment\nnothing to read\n")
    monkeypatch.setattr(sys, "path", [*sys.path[:-1], str(tmp_path)])
    declared.cache_clear()
    assert declared() is None
    monkeypatch.undo()
    declared.cache_clear()
    assert declared() is not None


def test_the_importlib_metadata_backport_finds_what_python_finds_and_another_finder_is_left_to_importlib(monkeypatch):
    """A library that loaded the importlib_metadata backport put its finder of distributions in
    ``sys.meta_path``: it reads the folders on ``sys.path`` as Python's own, so the direct reading
    still answers; a finder of any other kind may find distributions elsewhere, and it does not."""
    from grawlix_print.installed import declared

    def finder(module: str, name: str) -> object:
        kind = type(name, (), {"__module__": module, "find_distributions": lambda self, context=None: iter(())})
        return kind()

    for module, name, answers in [("importlib_metadata", "MetadataPathFinder", True), ("zipped_plugins", "Finder", False),
                                  ("importlib_metadata", "OtherFinder", False)]:  # fmt: skip
        monkeypatch.setattr(sys, "meta_path", [*sys.meta_path, finder(module, name)])
        declared.cache_clear()
        assert (declared() is not None) is answers, (module, name)
        monkeypatch.undo()
    declared.cache_clear()
