"""The types of layout element, each one class (games/spreadsheet/elements.py): the built-in ones and
the example plug-in (examples/pips-element) keep the layout-element contract (grawlix_print.testing),
and a layout naming a plug-in's type that does not load is one line naming the layout and the plug-in."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.games import game
from grawlix_print.games.spreadsheet.elements import ELEMENTS
from grawlix_print.testing import ELEMENT_CHECKS, element_game, run_element_check
from plugins import environment, on_path, registered

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pips-element"


@pytest.mark.parametrize("check", ELEMENT_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", list(ELEMENTS.built_in))
def test_every_built_in_element_keeps_the_contract(name, check):
    run_element_check(name, check)


@pytest.fixture(scope="module")
def pips(tmp_path_factory):
    """examples/pips-element, registered as pip would install it."""
    with registered(EXAMPLE, tmp_path_factory.mktemp("pips")) as name:
        yield name


@pytest.mark.parametrize("check", ELEMENT_CHECKS, ids=lambda c: c.__name__)
def test_the_example_element_keeps_the_contract(pips, check):
    run_element_check(pips, check)


def test_the_example_elements_own_tests_pass(pips):
    """Its pips measured in a card sheet's vectors (examples/pips-element/tests)."""
    metadata = next(Path(p) for p in sys.path if list(Path(p).glob("grawlix_print_pips-*.dist-info")))
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "tests",
                          "-k", "not contract"], cwd=EXAMPLE, capture_output=True, text=True,
                         env=environment(EXAMPLE, metadata), timeout=600)  # fmt: skip
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "3 passed" in run.stdout


def test_a_contract_check_fails_for_an_element_that_crashes_on_a_bad_value(pips, monkeypatch):
    """The contract suite's refusal check catches a type that lets a bad value through to its drawing."""
    kind = ELEMENTS.load(pips)
    monkeypatch.setattr(type(kind), "read", lambda self, table, where: {"most": table.get("most", 5), "gap": 0.25,
                                                                         "shape": "circle"})  # fmt: skip
    with pytest.raises(AssertionError, match=r"pips\.most = \{ wrong = true \} raised TypeError"):
        run_element_check(pips, ELEMENT_CHECKS[-1])


def test_a_layout_naming_a_type_that_does_not_load_is_one_line(tmp_path):
    site = tmp_path / "site"
    (site / "glowkit").mkdir(parents=True)
    (site / "glowkit" / "__init__.py").write_text("from glowkit.missing import Glow\n")
    info = site / "glowkit-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: glowkit\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.layout_elements]\nglow = glowkit:Glow\n")
    folder = tmp_path / "game"
    element_game(ELEMENTS.load("text"), folder, {"text": "{name}"}).check()  # a game of one text element: it reads
    (folder / "layouts" / "check.toml").write_text('[[elements]]\ntype = "glow"\n')
    with on_path(site), pytest.raises(StudioError) as raised:
        game(templates=folder).check()
    message = str(raised.value)
    assert message.startswith(f"{folder / 'layouts' / 'check.toml'}: elements[1].type: layout element glow: it does"
                              " not load: ModuleNotFoundError: No module named 'glowkit.missing' while it was imported at ")
    assert message.count("glowkit/__init__.py:1") == 1 and "\n" not in message


def test_the_guides_element_keeps_the_contract_and_draws_its_share(monkeypatch, tmp_path):
    """docs/writing-a-layout-element.md's code runs: its Meter, registered, passes every check, and its
    bar is filled to the row's share of the box, measured in the face's pixels."""
    import re

    from grawlix_print.pieces.raster import render

    guide = (Path(__file__).resolve().parent.parent / "docs" / "writing-a-layout-element.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", guide, re.DOTALL)
    namespace: dict = {}
    exec(compile(blocks[0], "writing-a-layout-element.md", "exec"), namespace)
    monkeypatch.setattr(ELEMENTS, "built_in", dict(ELEMENTS.built_in))
    ELEMENTS.add(namespace["Meter"], "meter")
    try:
        exec(compile(blocks[1], "writing-a-layout-element.md", "exec"), namespace)
        for check in ELEMENT_CHECKS:
            namespace["test_contract"](check)
        face = element_game(ELEMENTS.load("meter"), tmp_path, row={"speed": "7"}).piece_kinds()[0].faces[0]
        image = render(face, dpi=200).cut().convert("RGB")
    finally:
        ELEMENTS.clear()
    from grawlix_print.testing import ELEMENT_BOX

    x, y, width, height = ELEMENT_BOX
    px = 200 / 25.4
    row = int((y + height / 2) * px)
    blue = [image.getpixel((c, row))[0] < 128 for c in range(image.width)]  # the bar's #3d5a98, not the paper
    start = blue.index(True)
    end = blue.index(False, start)  # the fill ends where the paper shows again, inside the outline
    assert abs(start / px - (x - height * 0.04)) < 0.15  # the outline's outer half, left of the box
    assert abs(end / px - (x + 0.7 * width)) < 0.15  # 7 out of 10: seven tenths of the box
