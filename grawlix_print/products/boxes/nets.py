"""The flat nets of the boxes: panels, the folds between them, the cut round them, the glue flaps.

Pure geometry in millimetres, y up, the printed side facing the reader: a net
is a tree of panels (polygons) joined by folds; whatever edge of a panel is no
fold is cut. Seen from the printed side, a *mountain* fold turns the panel
beyond it away from the reader (the print stays outside, as on every wall of
these boxes); a *valley* fold turns it towards the reader (a tray's floor tabs,
which fold back under an inner wall whose print faces into the tray).

Card has a thickness (``stock``). A panel's size is measured between the
middles of the card at its folds, so a box whose inside must be ``w`` across
has panels ``w`` plus a card's thickness (half at each fold) across, and more
where other layers of card lie inside it:

* the tuck box's panels are its inside plus one thickness each way;
* the tray's base is its inside plus three thicknesses each way (its walls, and the
  corner flaps or the inner walls lying against them), its walls the depth plus two
  (the base, and the floor tabs the pieces stand on); an inner wall is four
  thicknesses shorter than the wall it folds over (it stands inside the corner
  flaps) and one lower (it reaches down to the tabs).

Tests fold these nets in 3D from the PDF's lines alone (``tests/box_oracle.py``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...drawing.geometry import Box

Point = tuple[float, float]
Line = tuple[Point, Point]

EPSILON = 1e-6

NOTCH_MM = 10.0
"""The largest thumb notch at the top of a tuck box's front (its radius): a finger pulls the cards out."""
TUCK_MM = 15.0
"""The deepest tuck flap: enough to hold a lid shut by friction."""
DUST_MIN_MM = 8.0
"""The shortest dust flap worth folding (a thin deck's flaps are longer than its depth)."""
GLUE_MM = 8.0
"""The widest glue flap: room for a line of glue, no more to line up."""
TAB_MM = 10.0
"""How far a tray's floor tabs reach in: the pieces standing on them keep the inner walls down."""
TUCK_INSET_MM = 1.0
"""A tuck flap is this much narrower than its lid at each end, so it slides in past the walls."""


@dataclass(frozen=True)
class Panel:
    """One flat piece of the net: its outline (anticlockwise), and whether it is a glue flap (glue
    goes on its printed side, which lands on the unprinted inside of another panel)."""

    name: str
    outline: tuple[Point, ...]
    glue: bool = False

    @property
    def edges(self) -> list[Line]:
        points = self.outline
        return [(points[k], points[(k + 1) % len(points)]) for k in range(len(points))]


@dataclass(frozen=True)
class Fold:
    """A fold between two panels, from ``start`` to ``end``; ``valley`` if it folds towards the print."""

    start: Point
    end: Point
    valley: bool = False


@dataclass(frozen=True)
class Area(Box):
    """Where something is printed on a panel: its rectangle, and the turn (degrees anticlockwise) that
    makes it read upright on the folded box."""

    angle: float = 0.0


@dataclass(frozen=True)
class Net:
    """A box's net: ``kind`` is ``tuck box``, ``tray`` or ``lid``; ``inside`` the room it leaves
    (width, height or length, depth), ``areas`` where its words and pictures go, by name."""

    kind: str
    inside: tuple[float, float, float]
    panels: tuple[Panel, ...]
    folds: tuple[Fold, ...]
    areas: dict[str, Area] = field(default_factory=dict)

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        xs = [x for panel in self.panels for x, _ in panel.outline]
        ys = [y for panel in self.panels for _, y in panel.outline]
        return (min(xs), min(ys), max(xs), max(ys))

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self.bounds
        return (x1 - x0, y1 - y0)

    @property
    def valleys(self) -> bool:
        return any(fold.valley for fold in self.folds)

    def cuts(self) -> list[Line]:
        """Every edge of every panel that is no fold: the lines to cut along, each once."""
        found: list[Line] = []
        folds = [(fold.start, fold.end) for fold in self.folds]
        for panel in self.panels:
            for edge in panel.edges:
                for piece in _without(edge, folds):
                    if not any(_same(piece, other) for other in found):
                        found.append(piece)
        return found


# --- shapes -----------------------------------------------------------------------------


def flap(a: Point, b: Point, depth: float, taper: float = 0.0) -> tuple[Point, ...]:
    """A panel hinged on the line from ``a`` to ``b``, reaching ``depth`` to its right (seen going
    from ``a`` to ``b``), its far edge ``taper`` shorter at each end; anticlockwise."""
    (ax, ay), (bx, by) = a, b
    length = math.hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = uy, -ux  # the right-hand side
    return (
        a,
        (ax + nx * depth + ux * taper, ay + ny * depth + uy * taper),
        (bx + nx * depth - ux * taper, by + ny * depth - uy * taper),
        b,
    )


def _front_with_notch(width: float, height: float, radius: float, steps: int = 24) -> tuple[Point, ...]:
    """The tuck box's front: a rectangle with a half circle cut down into the middle of its top edge."""
    cx = width / 2
    arc = [(cx + radius * math.cos(-math.pi * k / steps), height + radius * math.sin(-math.pi * k / steps))
           for k in range(steps + 1)]  # fmt: skip
    return ((0.0, 0.0), (width, 0.0), (width, height), *arc, (0.0, height))


# --- the two boxes -----------------------------------------------------------------------


def tuck_box(inside: tuple[float, float, float], stock: float) -> Net:
    """A tuck box for a deck: ``inside`` is the room for the cards (width, height, depth).

    A strip of front, side, back and side, closed by a glue flap inside the front; a lid on the
    back and a bottom on the front (a reverse tuck), each with a tuck flap, and two dust flaps on
    the sides at each end. The front has a thumb notch at the top.
    """
    w, h, d = inside
    W, H, D = w + stock, h + stock, d + stock
    notch = min(NOTCH_MM, W / 5, H / 6)
    tuck = min(TUCK_MM, H / 4)
    dust = min(W / 2 - 2, max(D, DUST_MIN_MM))
    glue = min(GLUE_MM, W / 2 - notch - 1)
    inset = TUCK_INSET_MM
    tuck_taper = min(0.3 * tuck, 0.2 * (W - 2 * inset))
    dust_taper = min(0.3 * D, 0.5 * dust)
    x1, x2, x3, x4 = W, W + D, 2 * W + D, 2 * W + 2 * D  # the body's folds, left to right
    panels = (
        Panel("front", _front_with_notch(W, H, notch)),
        Panel("side", flap((x1, 0.0), (x1, H), D)),
        Panel("back", flap((x2, 0.0), (x2, H), W)),
        Panel("side", flap((x3, 0.0), (x3, H), D)),
        Panel("glue flap", flap((x4, 0.0), (x4, H), glue, min(glue, 0.2 * H)), glue=True),
        Panel("lid", flap((x3, H), (x2, H), D)),
        Panel("tuck flap", flap((x3 - inset, H + D), (x2 + inset, H + D), tuck, tuck_taper)),
        Panel("dust flap", flap((x2, H), (x1, H), dust, dust_taper)),
        Panel("dust flap", flap((x4, H), (x3, H), dust, dust_taper)),
        Panel("bottom", flap((0.0, 0.0), (x1, 0.0), D)),
        Panel("tuck flap", flap((inset, -D), (x1 - inset, -D), tuck, tuck_taper)),
        Panel("dust flap", flap((x1, 0.0), (x2, 0.0), dust, dust_taper)),
        Panel("dust flap", flap((x3, 0.0), (x4, 0.0), dust, dust_taper)),
    )
    folds = (
        Fold((x1, 0.0), (x1, H)), Fold((x2, 0.0), (x2, H)), Fold((x3, 0.0), (x3, H)), Fold((x4, 0.0), (x4, H)),
        Fold((x2, H), (x3, H)), Fold((x2 + inset, H + D), (x3 - inset, H + D)),
        Fold((x1, H), (x2, H)), Fold((x3, H), (x4, H)),
        Fold((0.0, 0.0), (x1, 0.0)), Fold((inset, -D), (x1 - inset, -D)),
        Fold((x1, 0.0), (x2, 0.0)), Fold((x3, 0.0), (x4, 0.0)),
    )  # fmt: skip
    margin = min(3.0, 0.06 * W)
    areas = {
        "front": Area(margin, margin, W - margin, H - notch - margin),
        "spine": Area(x1, 0.0, x2, H, 90.0),
        "side": Area(x3, 0.0, x4, H, 90.0),
        "back": Area(x2 + margin, margin, x3 - margin, H - margin),
    }
    return Net("tuck box", inside, panels, folds, areas)


def tray(inside: tuple[float, float, float], stock: float, kind: str = "tray") -> Net:
    """A tray (or, turned over, a lid) whose ``inside`` is length x width x depth.

    A base with four walls; the two long walls are double: their inner halves fold over the rim
    into the tray and their tabs lie on the floor, under the pieces. Each long wall's ends carry
    corner flaps, glued inside the short walls.
    """
    l, b, d = inside
    t = stock
    L, B, D = l + 3 * t, b + 3 * t, d + 2 * t
    low = D - t  # an inner wall, from the rim down to the tabs
    e = 2 * t  # an inner wall stands this far in from each end of its wall
    glue = min(GLUE_MM, b / 2 - 1)
    tab = min(TAB_MM, b / 2 - 1)
    glue_taper = min(glue, 0.3 * D)
    tab_taper = min(tab, 0.3 * (L - 2 * e))
    panels = (
        Panel("base", ((0.0, 0.0), (L, 0.0), (L, B), (0.0, B))),
        Panel("wall", flap((0.0, 0.0), (L, 0.0), D)),
        Panel("wall", flap((L, B), (0.0, B), D)),
        Panel("inner wall", flap((e, -D), (L - e, -D), low)),
        Panel("inner wall", flap((L - e, B + D), (e, B + D), low)),
        Panel("floor tab", flap((e, -D - low), (L - e, -D - low), tab, tab_taper)),
        Panel("floor tab", flap((L - e, B + D + low), (e, B + D + low), tab, tab_taper)),
        Panel("end wall", flap((0.0, B), (0.0, 0.0), D)),
        Panel("end wall", flap((L, 0.0), (L, B), D)),
        Panel("corner flap", flap((0.0, 0.0), (0.0, -D), glue, glue_taper), glue=True),
        Panel("corner flap", flap((L, -D), (L, 0.0), glue, glue_taper), glue=True),
        Panel("corner flap", flap((0.0, B + D), (0.0, B), glue, glue_taper), glue=True),
        Panel("corner flap", flap((L, B), (L, B + D), glue, glue_taper), glue=True),
    )
    folds = (
        Fold((0.0, 0.0), (L, 0.0)), Fold((0.0, B), (L, B)), Fold((0.0, 0.0), (0.0, B)), Fold((L, 0.0), (L, B)),
        Fold((e, -D), (L - e, -D)), Fold((e, B + D), (L - e, B + D)),
        Fold((e, -D - low), (L - e, -D - low), valley=True), Fold((e, B + D + low), (L - e, B + D + low), valley=True),
        Fold((0.0, -D), (0.0, 0.0)), Fold((L, -D), (L, 0.0)), Fold((0.0, B), (0.0, B + D)), Fold((L, B), (L, B + D)),
    )  # fmt: skip
    margin = min(3.0, 0.08 * min(L, B))
    areas = {"top": Area(margin, margin, L - margin, B - margin), "front": Area(0.0, -D, L, 0.0)}
    return Net(kind, inside, panels, folds, areas)


def outside(net: Net, stock: float) -> tuple[float, float, float]:
    """A tray's outside (length, width, height): its walls' outer faces, and its base's underside to the
    top of its folded rim; what a lid must cover."""
    l, b, d = net.inside
    t = stock
    return (l + 4 * t, b + 4 * t, d + 3 * t)


# --- cut lines ------------------------------------------------------------------------------


def _without(edge: Line, folds: list[Line]) -> list[Line]:
    """The parts of ``edge`` that no fold lying along it covers."""
    (ax, ay), (bx, by) = edge
    length = math.hypot(bx - ax, by - ay)
    if length < EPSILON:
        return []
    ux, uy = (bx - ax) / length, (by - ay) / length
    covered: list[tuple[float, float]] = []
    for (px, py), (qx, qy) in folds:
        # a fold lies along the edge if both its ends are on the edge's line
        if abs((px - ax) * uy - (py - ay) * ux) > EPSILON or abs((qx - ax) * uy - (qy - ay) * ux) > EPSILON:
            continue
        s, e = sorted(((px - ax) * ux + (py - ay) * uy, (qx - ax) * ux + (qy - ay) * uy))
        s, e = max(s, 0.0), min(e, length)
        if e - s > EPSILON:
            covered.append((s, e))
    pieces, at = [], 0.0
    for s, e in sorted(covered):
        if s - at > EPSILON:
            pieces.append((at, s))
        at = max(at, e)
    if length - at > EPSILON:
        pieces.append((at, length))
    return [((ax + ux * s, ay + uy * s), (ax + ux * e, ay + uy * e)) for s, e in pieces]


def _same(a: Line, b: Line) -> bool:
    def close(p: Point, q: Point) -> bool:
        return abs(p[0] - q[0]) < EPSILON and abs(p[1] - q[1]) < EPSILON

    return (close(a[0], b[0]) and close(a[1], b[1])) or (close(a[0], b[1]) and close(a[1], b[0]))
