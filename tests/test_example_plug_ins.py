"""A product and an imposition as plug-ins: the built-in ones and the examples (examples/score-pad,
examples/saddle-stitch), registered as pip would install them, keep their contract suites
(grawlix_print.testing), and the examples' own tests pass."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grawlix_print.testing import IMPOSITION_CHECKS, PRODUCT_CHECKS, run_imposition_check, run_product_check
from plugins import environment, registered

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


@pytest.mark.parametrize("check", PRODUCT_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("name", ["leaflet", "sheets", "boxes"])
def test_built_in_products_keep_the_product_contract(name, check):
    """The suite a plug-in product is held to holds for the built-in ones (the quicker of them)."""
    run_product_check(name, check, "permutations")


@pytest.mark.parametrize("check", IMPOSITION_CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize(("name", "game"), [("tri-fold", "grawlix"), ("booklet", "permutations"), ("booklet", None)])
def test_built_in_impositions_keep_the_imposition_contract(name, game, check):
    run_imposition_check(name, check, game)


@pytest.fixture(scope="module")
def score_pad(tmp_path_factory):
    with registered(EXAMPLES / "score-pad", tmp_path_factory.mktemp("score-pad")) as name:
        yield name


@pytest.fixture(scope="module")
def saddle_stitch(tmp_path_factory):
    with registered(EXAMPLES / "saddle-stitch", tmp_path_factory.mktemp("saddle-stitch")) as name:
        yield name


@pytest.mark.parametrize("check", PRODUCT_CHECKS, ids=lambda c: c.__name__)
def test_the_example_product_keeps_the_contract(score_pad, check):
    run_product_check(score_pad, check, "permutations")


@pytest.mark.parametrize("check", IMPOSITION_CHECKS, ids=lambda c: c.__name__)
def test_the_example_imposition_keeps_the_contract(saddle_stitch, check):
    run_imposition_check(saddle_stitch, check)


def own_tests(folder: Path, distribution: str) -> subprocess.CompletedProcess:
    metadata = next(Path(p) for p in sys.path if list(Path(p).glob(f"{distribution}-*.dist-info")))
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=", "tests",
                           "-k", "not contract"], cwd=folder, capture_output=True, text=True,
                          env=environment(folder, metadata), timeout=600)  # fmt: skip


def test_the_example_products_own_tests_pass(score_pad):
    """Its grid measured in the PDF's vectors, and its options read from grawlix.toml by the kit."""
    run = own_tests(EXAMPLES / "score-pad", "grawlix_print_score_pad")
    assert run.returncode == 0 and "3 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-2000:]


def test_the_example_impositions_own_tests_pass(saddle_stitch):
    """Its sheets folded by an oracle of the tests' own, and its pages printed large."""
    run = own_tests(EXAMPLES / "saddle-stitch", "grawlix_print_saddle_stitch")
    assert run.returncode == 0 and "4 passed" in run.stdout, run.stdout[-3000:] + run.stderr[-2000:]


def test_a_game_of_tables_may_name_a_plug_ins_imposition(saddle_stitch, tmp_path):
    from grawlix_print.errors import StudioError
    from grawlix_print.testing import imposition_game

    assert imposition_game(saddle_stitch, tmp_path / "a").presentation().imposition == "saddle-stitch"
    with pytest.raises(StudioError, match=r"rulebook\.imposition: 'quarto' is not one of tri-fold, booklet, saddle-stitch"):
        imposition_game("quarto", tmp_path / "b").presentation()


def guide_code(page: str) -> dict:
    """The first Python sample of a guide's page, run (its sample is kept true so): its names."""
    import re

    text = (Path(__file__).resolve().parent.parent / "docs" / page).read_text()
    namespace: dict = {}
    exec(compile(re.findall(r"```python\n(.*?)```", text, re.DOTALL)[0], page, "exec"), namespace)
    return namespace


def test_the_product_guides_product_keeps_the_contract_and_lists_the_pieces(monkeypatch, tmp_path):
    import pdfplumber

    from grawlix_print import build_product
    from grawlix_print.products import PRODUCTS

    monkeypatch.setattr(PRODUCTS, "built_in", dict(PRODUCTS.built_in))
    PRODUCTS.add(guide_code("writing-a-product.md")["Contents"], "contents")
    try:
        for check in PRODUCT_CHECKS:
            run_product_check("contents", check, "permutations")
        written = build_product("contents", tmp_path, game="permutations", papers=["letter"])
    finally:
        PRODUCTS.clear()
    with pdfplumber.open(written[0].path) as pdf:
        (page,) = pdf.pages
        assert page.extract_text().splitlines() == ["50 cards, 63.5 x 88.9 mm"]  # the deck: 48 coloured, 0 and 49
        assert abs(page.width * 25.4 / 72 - 215.9) < 0.1


def test_the_imposition_guides_imposition_keeps_the_contract_one_page_a_sheet(monkeypatch, tmp_path):
    import pdfplumber

    from grawlix_print.products.leaflet.impositions import IMPOSITIONS
    from grawlix_print.testing import imposition_game

    monkeypatch.setattr(IMPOSITIONS, "built_in", dict(IMPOSITIONS.built_in))
    IMPOSITIONS.add(guide_code("writing-an-imposition.md")["SINGLE"])
    try:
        for check in IMPOSITION_CHECKS:
            run_imposition_check("single", check)
        g = imposition_game("single", tmp_path / "templates")
        written = IMPOSITIONS.load("single").build(g, tmp_path / "out", "a4", True)
        pages = g.rulebook().sections
    finally:
        IMPOSITIONS.clear()
    with pdfplumber.open(written[0].path) as pdf:
        assert len(pdf.pages) == len(pages)
        assert all(abs(p.width * 25.4 / 72 - 105) < 0.1 and abs(p.height * 25.4 / 72 - 148) < 0.1 for p in pdf.pages)
