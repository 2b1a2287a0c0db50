"""The sheet layout's promises, for any tile size, bleed, paper and arrangement."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from grawlix_print.errors import StudioError
from grawlix_print.papers import PRINTER_PAPERS
from grawlix_print.products.sheets.layout import SheetSpec, card_spec, sheet_pages, sticker_spec
from tileset import TILES

PAGE_MM = {"a4": (210.0, 297.0), "letter": (215.9, 279.4), "a3": (297.0, 420.0), "tabloid": (279.4, 431.8)}
"""The papers as ISO 216 and ANSI give them (Tabloid is 11 x 17 in), not as the code under test does."""

specs = st.one_of(
    st.builds(
        card_spec,
        paper=st.sampled_from(PRINTER_PAPERS),
        tile_size=st.floats(10, 60),
        bleed=st.floats(0.0, 2.5),
        backs=st.booleans(),
        arrangement=st.none(),
    ),
    st.builds(
        card_spec,
        paper=st.sampled_from(PRINTER_PAPERS),
        tile_size=st.floats(10, 40),
        bleed=st.floats(0.0, 2.5),
        backs=st.just(True),
        arrangement=st.just("gutter-fold"),
    ),
    st.builds(sticker_spec, paper=st.sampled_from(PRINTER_PAPERS), square=st.floats(10, 120)),
)


def overlap(a, b) -> bool:
    return a.x0 < b.x1 - 1e-9 and b.x0 < a.x1 - 1e-9 and a.y0 < b.y1 - 1e-9 and b.y0 < a.y1 - 1e-9


MARGIN = 6.35  # mm (a quarter inch) that home printers may leave blank, clear of all but the cut guides


@settings(max_examples=60, deadline=None)
@given(specs)
def test_every_tile_once_nothing_overlaps_and_all_inside_the_margin(spec: SheetSpec):
    pages = sheet_pages(spec, TILES, 6)
    fronts = [p.piece for page in pages for p in page.fronts]
    sets = pages[0].sets
    assert sorted(t.index for t in fronts) == sorted(list(range(len(TILES))) * sets)  # whole sets
    assert sets == 1 or sum(page.side != "back" for page in pages) == 1  # only where a set takes part of a page
    for page in pages:
        assert page.size == PAGE_MM[spec.paper]
        width, height = page.size
        cuts = [p.cut for p in page.fronts + page.backs]
        bled = [c.grown(spec.bleed) for c in cuts]
        for a, b in itertools.combinations(cuts, 2):
            assert not overlap(a, b)
            # tiles and stickers share their cuts (stand edge to edge)
            apart = max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1)
            assert apart >= -1e-9
        for c in cuts:
            assert c.width == pytest.approx(spec.tile_size)
            assert c.height == pytest.approx(spec.tile_size)
        for box in bled + [page.calibration, page.note]:
            assert box.x0 >= MARGIN - 1e-9 and box.y0 >= MARGIN - 1e-9
            assert box.x1 <= width - MARGIN + 1e-9 and box.y1 <= height - MARGIN + 1e-9
        for box in [page.calibration, page.note]:
            assert not any(overlap(box, b) for b in bled)
        for (x0, y0), (x1, y1) in page.crop_marks:
            mark = type(bled[0])(min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
            assert not any(overlap(mark.grown(1e-6), b) for b in bled)
            assert MARGIN - 1e-9 <= min(x0, x1) and max(x0, x1) <= width - MARGIN + 1e-9


@settings(max_examples=40, deadline=None)
@given(specs)
def test_backs_mirror_their_fronts(spec: SheetSpec):
    """Duplex: turned over the long edge, (x, y) meets (width - x, y). Gutter-fold: across the fold."""
    pages = sheet_pages(spec, TILES, 6)
    if spec.backs == "duplex":
        assert [p.side for p in pages] == ["front", "back"] * (len(pages) // 2)
        for front, back in zip(pages[::2], pages[1::2]):
            width = front.size[0]
            for f, b in zip(front.fronts, back.backs):
                assert f.piece == b.piece
                assert b.cut.x0 == pytest.approx(width - f.cut.x1)
                assert (b.cut.y0, b.cut.y1) == (f.cut.y0, f.cut.y1)
            mirrored = sorted((width - x, y) for x, y in front.targets)
            flat = [v for point in sorted(back.targets) for v in point]
            assert flat == pytest.approx([v for point in mirrored for v in point])
    elif spec.backs == "gutter-fold":
        for page in pages:
            (fold_x, _), _ = page.fold
            assert fold_x == page.size[0] / 2
            for f, b in zip(page.fronts, page.backs):
                assert f.cut.x1 <= fold_x <= b.cut.x0
                assert b.cut.x0 - fold_x == pytest.approx(fold_x - f.cut.x1)
    else:
        assert all(not page.backs for page in pages)


def test_all_36_fit_on_one_a4_or_letter_sheet_at_one_inch():
    for paper in ("a4", "letter"):
        pages = sheet_pages(card_spec(paper, 25.4, 2.0, True, None), TILES, 6)
        assert [len(p.fronts) for p in pages] == [36, 0]
        rows = {round(p.cut.y0, 6) for p in pages[0].fronts}
        assert len(rows) == 6  # one colour per row, as the supply is laid out


def test_default_stickers_leave_1_45mm_a_side_on_their_squares():
    assert sticker_spec("a4", 25.4).tile_size == pytest.approx(22.5)  # the designer's own size
    assert sticker_spec("a4", 40.0).tile_size == pytest.approx(37.1)
    assert sticker_spec("a4", 11.0).tile_size == pytest.approx(10.0)  # never under the 10 mm minimum
    assert sticker_spec("a4", 25.4, 25.4).tile_size == 25.4  # the exact size, when asked


@pytest.mark.parametrize("spec, message", [
    (SheetSpec(tile_size=190), "does not fit on A4"),
    (sticker_spec("a4", 25.4, 26.0), "larger than the 25.4 mm squares"),
    (SheetSpec(tile_size=9), "too small"),
    (SheetSpec(bleed=7), "quarter"),
    (SheetSpec(bleed=-1), "negative"),
    (SheetSpec(paper="legal"), "unknown paper"),
    (SheetSpec(backs="sideways"), "unknown arrangement"),
])  # fmt: skip
def test_impossible_sheets_are_refused(spec, message):
    with pytest.raises(StudioError, match=message):
        sheet_pages(spec, TILES, 6)


def test_the_layout_is_pure_geometry():
    """No drawing back end behind the geometry: importing it loads neither reportlab nor fontTools."""
    code = ("import sys, grawlix_print.products.sheets.layout\n"
            "print(sorted(m for m in ('reportlab', 'fontTools') if m in sys.modules))")  # fmt: skip
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_small_tiles_fill_the_page_with_whole_sets():
    """Issue 19: a set of 10 mm tiles took 6 % of an A4 sheet. Now the page holds as many sets as
    fit, each laid out as the supply (six columns by six rows), none cut in two."""
    from grawlix_print.products.sheets.layout import card_spec

    (front, back) = sheet_pages(card_spec("a4", 10.0, 2.0, True, None), TILES, 6)
    assert front.sets == 9  # 18 columns and 22 rows fit: three sets across, three down
    assert len(front.fronts) == 9 * 36
    used = sum(p.cut.width * p.cut.height for p in front.fronts) / (210 * 297)
    assert used > 0.5
    one_inch = sheet_pages(card_spec("a4", 25.4, 2.0, True, None), TILES, 6)
    assert [page.sets for page in one_inch] == [1, 1]
