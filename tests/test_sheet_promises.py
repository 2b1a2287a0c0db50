"""Promises of the sheet layout that a mutant once broke unseen (sheets/layout.py): the block
centred up and down, the registration targets' count, stickers packed edge to edge as tightly
as the page allows, and the largest bleed allowed. The expected values are worked out here from the page."""

from __future__ import annotations

import math

import pytest

from grawlix_print.errors import StudioError
from grawlix_print.papers import paper_size
from grawlix_print.products.sheets.layout import (
    FOOTER_GAP_MM, MARK_ZONE_MM, PRINT_MARGIN_MM, Box, bounds, card_spec,
    sheet_pages, sticker_spec,
)  # fmt: skip
from tileset import TILES


def area(spec) -> Box:
    """Where a block may go on the page: inside the printer's margin, above the footer, clear of crop marks."""
    paper = paper_size(spec.paper)
    zone = MARK_ZONE_MM  # tiles and stickers alike have crop marks around their block
    bottom = PRINT_MARGIN_MM + paper.calibration + FOOTER_GAP_MM + zone  # above the calibration square
    return Box(PRINT_MARGIN_MM + zone, bottom, paper.width - PRINT_MARGIN_MM - zone, paper.height - PRINT_MARGIN_MM - zone)


def block(page, bleed: float) -> Box:
    return bounds([p.cut for p in page.fronts]).grown(bleed)


SPECS = [
    card_spec("a4", 25.4, 2.0, True, None),
    card_spec("letter", 30.0, 0.0, False, None),
    card_spec("a4", 45.0, 3.0, True, None),
    sticker_spec("a4", 25.4),
    sticker_spec("letter", 40.0),
]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: f"{s.product}-{s.paper}-{s.tile_size:g}")
def test_the_block_is_centred_up_and_down_and_across(spec):
    room = area(spec)
    for page in sheet_pages(spec, TILES, 6):
        if page.side == "back":
            continue
        box = block(page, spec.bleed)
        assert box.y0 - room.y0 == pytest.approx(room.y1 - box.y1, abs=1e-6)  # as much room below as above
        assert box.x0 - room.x0 == pytest.approx(room.x1 - box.x1, abs=1e-6)


@pytest.mark.parametrize("size, rows", [(25.4, 6), (110.0, 1)])
def test_two_targets_beside_the_first_and_last_rows_or_two_for_one_row(size, rows):
    spec = card_spec("a4", size, 2.0, True, None)
    front = sheet_pages(spec, TILES, 6)[0]
    centres = sorted({round(p.cut.centre[1], 6) for p in front.fronts})
    assert len(centres) == rows
    box = block(front, spec.bleed)
    wanted = {round(y, 6) for y in (centres[0], centres[-1])}
    assert len(front.targets) == 2 * len(wanted)
    assert {round(y, 6) for _, y in front.targets} == wanted
    xs = sorted({round(x, 6) for x, _ in front.targets})
    assert len(xs) == 2 and xs[0] < box.x0 and xs[1] > box.x1  # one each side, outside the block
    assert len(sheet_pages(spec, TILES, 6)[1].targets) == len(front.targets)  # the back has them too


# 33.4 mm squares take 30.5 mm stickers: edge to edge, six fit across A4 with their bleed and all
# on one page.
@pytest.mark.parametrize("paper, square", [("a4", 25.4), ("letter", 25.4), ("a4", 33.4), ("a4", 40.0), ("letter", 60.0)])
def test_stickers_are_packed_edge_to_edge_as_tightly_as_the_page_allows(paper, square):
    spec = sticker_spec(paper, square)
    room = area(spec)
    pitch = spec.tile_size  # neighbours share a cut, as card tiles do
    across = math.floor((room.width - 2 * spec.bleed) / pitch + 1e-9)
    down = math.floor((room.height - 2 * spec.bleed) / pitch + 1e-9)
    pages = sheet_pages(spec, TILES, 6)
    assert len(pages) == math.ceil(len(TILES) / (across * down))  # no page more than the paper needs
    for page in pages:
        cuts = [p.cut for p in page.fronts]
        xs = sorted({round(c.x0, 6) for c in cuts})
        ys = sorted({round(c.y0, 6) for c in cuts})
        assert len(xs) <= across and len(ys) <= down
        for a, b in zip(xs, xs[1:]):
            assert b - a == pytest.approx(pitch)  # neighbours share a cut, across...
        for a, b in zip(ys, ys[1:]):
            assert b - a == pytest.approx(pitch)  # ...and down
        assert all(c.width == pytest.approx(spec.tile_size) for c in cuts)


@pytest.mark.parametrize("size", [25.4, 12.0, 40.0])
def test_a_bleed_of_a_quarter_tile_is_the_most_allowed(size):
    assert sheet_pages(card_spec("a4", size, size / 4, True, None), TILES, 6)
    with pytest.raises(StudioError, match="more than a quarter"):
        sheet_pages(card_spec("a4", size, size / 4 + 0.01, True, None), TILES, 6)


# --- pieces cut round their outline, nested in offset rows ----------------------------------------


def _nested_specs():
    from grawlix_print.pieces.shapes import CIRCLE, FLAT_HEXAGON, HEXAGON

    r3 = math.sqrt(3)
    return [
        card_spec("a4", 20.0, 2.0, True, None, "none", None, True, CIRCLE),
        card_spec("a4", 20.0, 2.0, True, "gutter-fold", "none", 40 / r3, True, HEXAGON),
        card_spec("a4", 30.0, 2.0, True, None, "none", 60 / r3, True, HEXAGON),
        card_spec("letter", 20.0, 3.0, True, None, "none", 40 / r3, True, HEXAGON),
        card_spec("a4", 60 / r3, 2.0, True, None, "none", 30.0, True, FLAT_HEXAGON),
        sticker_spec("a4", 20.0, None, "none", 2.0, 40 / r3, True, HEXAGON),
    ]


def _gap(a, b) -> float:
    """The least distance between two convex polygons' outlines (they do not overlap here)."""

    def to_segment(point, s0, s1):
        (x, y), (x0, y0), (x1, y1) = point, s0, s1
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)))
        return math.hypot(x - x0 - t * dx, y - y0 - t * dy)

    edges = lambda pts: list(zip(pts, pts[1:] + pts[:1]))  # noqa: E731
    return min(min(to_segment(p, s0, s1) for p in a for s0, s1 in edges(b)),
               min(to_segment(p, s0, s1) for p in b for s0, s1 in edges(a)))  # fmt: skip


@pytest.mark.parametrize("spec", _nested_specs(), ids=lambda s: f"{s.shape.name}-{s.product}-{s.paper}-{s.tile_size:.1f}")
def test_nested_pieces_keep_two_bleeds_apart_inside_the_page_and_their_backs_behind_them(spec):
    pages = sheet_pages(spec, ["token"], 1)  # sets of one piece: a page holds as many as fit
    assert spec.nesting is not None and spec.nesting.shift > 0  # offset rows (or columns)
    room = area(spec)
    w, h = spec.piece
    front = pages[0]
    outlines = [[(p.cut.centre[0] + x, p.cut.centre[1] + y) for x, y in spec.shape.points(spec.piece, 0.01)] for p in front.fronts]
    close = 2 * max(w, h)
    for i, a in enumerate(outlines):
        for j in range(i + 1, len(outlines)):
            if math.dist(front.fronts[i].cut.centre, front.fronts[j].cut.centre) < close:
                assert _gap(a, outlines[j]) >= 2 * spec.bleed - 0.02  # each face's bleed its own
    box = block(front, spec.bleed)
    assert room.x0 - 1e-6 <= box.x0 and box.x1 <= room.x1 + 1e-6 and room.y0 - 1e-6 <= box.y0 and box.y1 <= room.y1 + 1e-6
    assert front.trim_box == bounds([p.cut for p in front.fronts + front.backs]) and front.bleed == spec.bleed
    assert not front.crop_marks and not front.guides  # nothing straight to cut between them
    # more of them than the old cells (each piece's box and bleed) held, or the cells themselves
    if spec.backs == "duplex":
        cells = math.floor(room.width / (w + 2 * spec.bleed)) * math.floor(room.height / (h + 2 * spec.bleed))
        assert len(front.fronts) > cells
    width = paper_size(spec.paper).width
    if spec.backs == "duplex":
        back = pages[1]
        assert back.side == "back" and len(back.backs) == len(front.fronts)
        for f, b in zip(front.fronts, back.backs):  # turned over on the long edge, each back behind its front
            assert b.piece == f.piece and b.cut.centre == pytest.approx((width - f.cut.centre[0], f.cut.centre[1]))
        mirrored = sorted((width - x, y) for x, y in front.targets)
        assert [v for p in sorted(back.targets) for v in p] == pytest.approx([v for p in mirrored for v in p])  # flat: approx takes no pairs
    elif spec.backs == "gutter-fold":
        fold = width / 2
        assert len(front.backs) == len(front.fronts)
        for f, b in zip(front.fronts, front.backs):  # mirrored across the fold
            assert b.cut.centre == pytest.approx((2 * fold - f.cut.centre[0], f.cut.centre[1]))
        assert all(p.cut.x1 + spec.bleed <= fold + 1e-6 for p in front.fronts)
