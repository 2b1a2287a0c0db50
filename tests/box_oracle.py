"""A second reading of a box's net from its PDF, and a fold oracle that closes it in 3D.

Shares no code with the product: it reads the page's stroked lines (black, solid:
cuts; plain dashes: mountain folds; dash and dot: valley folds, as the notes say),
finds the panels as the faces of the plane graph those lines make, folds every
panel about its fold in 3D (mountain away from the print, valley towards it), and
reports the folded panels, so a test can check that the box closes: every panel
lies on a face of one cuboid, every face is covered, every glue flap lands on a
panel it can be glued to.
"""

from __future__ import annotations

import math
from collections import deque
from dataclasses import dataclass

import numpy as np
from pdf_vectors import _numbers, _operations, apply, multiply
from pypdf import PdfReader

MM = 25.4 / 72
Point = tuple[float, float]
Segment = tuple[Point, Point]


@dataclass
class NetLines:
    """One page's net: cut and fold segments in millimetres (page coordinates), its trim and bleed boxes."""

    cuts: list[Segment]
    mountains: list[Segment]
    valleys: list[Segment]
    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]
    colour_ops: set[str]


def read_net(path, index: int) -> NetLines:
    """The black straight strokes drawn outside any clip (the pictures on the box are clipped), in mm."""
    reader = PdfReader(str(path))
    page = reader.pages[index]
    trim = tuple(float(v) * MM for v in page.trimbox)
    bleed = tuple(float(v) * MM for v in page.bleedbox)
    data = page.get_contents().get_data()
    state = {"ctm": (1, 0, 0, 1, 0, 0), "w": 1.0, "dash": (), "K": (), "clip": False}
    stack, path, segments, pending_clip = [], [], [], False
    cuts, mountains, valleys, ops = [], [], [], set()
    for segment, _strings, _names, op in _operations(data):
        if op == b"q":
            stack.append(dict(state))
        elif op == b"Q":
            state = stack.pop()
        elif op == b"cm":
            state["ctm"] = multiply(_numbers(segment), state["ctm"])
        elif op == b"w":
            state["w"] = _numbers(segment)[0]
        elif op == b"d":
            state["dash"] = _numbers(segment.rsplit(b"]", 1)[0] + b"]")
        elif op in (b"k", b"K", b"rg", b"RG", b"g", b"G", b"sc", b"SC", b"scn", b"SCN"):
            ops.add(op.decode())
            if op == b"K":
                state["K"] = _numbers(segment)
        elif op == b"m":
            x, y = _numbers(segment)
            path = [apply(state["ctm"], x, y)]
        elif op == b"l":
            x, y = _numbers(segment)
            point = apply(state["ctm"], x, y)
            segments.append((path[-1], point))
            path.append(point)
        elif op in (b"W", b"W*"):
            pending_clip = True
        elif op in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n", b"re", b"c", b"h"):
            if op == b"S" and not state["clip"] and state["K"] == (0.0, 0.0, 0.0, 1.0):
                a, b, c, d = state["ctm"][:4]
                width = state["w"] * math.sqrt(abs(a * d - b * c)) * MM
                mm = [((x0 * MM, y0 * MM), (x1 * MM, y1 * MM)) for (x0, y0), (x1, y1) in segments]
                if width < 0.5:
                    if not state["dash"]:
                        cuts += mm
                    elif len(state["dash"]) == 2:
                        mountains += mm
                    else:
                        valleys += mm
            if op in (b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b", b"b*", b"n"):
                segments = []
                if pending_clip:
                    state["clip"], pending_clip = True, False
    inside = [s for s in cuts if all(trim[0] - 0.01 <= x <= trim[2] + 0.01 and trim[1] - 0.01 <= y <= trim[3] + 0.01 for x, y in s)]
    return NetLines(inside, mountains, valleys, trim, bleed, ops)


# --- panels: the faces of the plane graph ------------------------------------------------------------


def _key(p: Point) -> tuple[int, int]:
    return (round(p[0] * 100), round(p[1] * 100))


def panels_of(lines: list[Segment]) -> list[list[Point]]:
    """The bounded faces of the graph the segments make (anticlockwise), each a panel of the net."""
    points: dict[tuple[int, int], Point] = {}
    for a, b in lines:
        points.setdefault(_key(a), a)
        points.setdefault(_key(b), b)
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for a, b in lines:  # split each segment at every vertex lying on it (a T-junction)
        ka, kb = _key(a), _key(b)
        ax, ay = points[ka]
        bx, by = points[kb]
        length = math.hypot(bx - ax, by - ay)
        if length < 1e-6:
            continue
        on = []
        for key, (px, py) in points.items():
            t = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length**2
            off = abs((px - ax) * (by - ay) - (py - ay) * (bx - ax)) / length
            if 1e-6 < t < 1 - 1e-6 and off < 0.02:
                on.append((t, key))
        chain = [ka, *(key for _, key in sorted(on)), kb]
        for u, v in zip(chain, chain[1:]):
            if u != v:
                edges.add((u, v))
                edges.add((v, u))
    around: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for u, v in edges:
        around.setdefault(u, []).append(v)
    for u, ends in around.items():
        ux, uy = points[u]
        ends.sort(key=lambda v: math.atan2(points[v][1] - uy, points[v][0] - ux))
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    faces = []
    for start in edges:
        if start in seen:
            continue
        face, edge = [], start
        while edge not in seen:
            seen.add(edge)
            u, v = edge
            face.append(points[u])
            ends = around[v]
            back = ends.index(u)
            edge = (v, ends[back - 1])  # the first edge clockwise from the way back
        if _area(face) > 1e-3:
            faces.append(face)
    return faces


def _area(polygon: list[Point]) -> float:
    return 0.5 * sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]))


def inside(point: Point, polygon: list[Point]) -> bool:
    x, y = point
    found = False
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            found = not found
    return found


def area(polygon: list[Point]) -> float:
    return _area(polygon)


# --- folding ---------------------------------------------------------------------------------------


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    x, y, z = axis / np.linalg.norm(axis)
    c, s = math.cos(angle), math.sin(angle)
    return np.array([
        [c + x * x * (1 - c), x * y * (1 - c) - z * s, x * z * (1 - c) + y * s],
        [y * x * (1 - c) + z * s, c + y * y * (1 - c), y * z * (1 - c) - x * s],
        [z * x * (1 - c) - y * s, z * y * (1 - c) + x * s, c + z * z * (1 - c)],
    ])  # fmt: skip


def _shares(polygon: list[Point], fold: Segment) -> bool:
    """Whether the fold lies along one of the polygon's edges (both its ends on that edge)."""
    (ax, ay), (bx, by) = fold
    for (px, py), (qx, qy) in zip(polygon, polygon[1:] + polygon[:1]):
        length = math.hypot(qx - px, qy - py)
        if length < 1e-6:
            continue

        def on(x: float, y: float) -> bool:
            off = abs((x - px) * (qy - py) - (y - py) * (qx - px)) / length
            t = ((x - px) * (qx - px) + (y - py) * (qy - py)) / length**2
            return off < 0.02 and -1e-3 <= t <= 1 + 1e-3

        if on(ax, ay) and on(bx, by) and math.hypot(bx - ax, by - ay) > 1e-3:
            return True
    return False


def fold(panels: list[list[Point]], folds: list[tuple[Segment, bool, float]], root: int) -> list[np.ndarray]:
    """Each panel's corners in 3D once every fold is turned: ``folds`` are (segment, valley, degrees).
    The print faces +z before folding; a mountain fold turns the panel beyond it towards -z."""
    placed: dict[int, tuple[np.ndarray, np.ndarray]] = {root: (np.eye(3), np.zeros(3))}  # x -> R x + t
    queue = deque([root])
    while queue:
        parent = queue.popleft()
        rotation, shift = placed[parent]
        for segment, valley, degrees in folds:
            if not _shares(panels[parent], segment):
                continue
            for child, polygon in enumerate(panels):
                if child in placed or not _shares(polygon, segment):
                    continue
                a = np.array([*segment[0], 0.0])
                b = np.array([*segment[1], 0.0])
                far = max(polygon, key=lambda p: abs(np.cross(b - a, np.array([*p, 0.0]) - a)[2]))
                probe = np.array([*far, 0.0])
                turn = None
                for sign in (1, -1):
                    candidate = _rotation(b - a, sign * math.radians(degrees))
                    z = (candidate @ (probe - a))[2]
                    if (z > 0) == valley and abs(z) > 1e-6 or degrees == 180 and sign == 1:
                        turn = candidate
                        break
                assert turn is not None
                # the child's net point p goes to: parent's placement of (a + turn (p - a))
                child_rotation = rotation @ turn
                child_shift = rotation @ (a - turn @ a) + shift
                placed[child] = (child_rotation, child_shift)
                queue.append(child)
    assert len(placed) == len(panels), f"{len(panels) - len(placed)} panels are joined by no fold"
    return [
        np.array([placed[k][0] @ np.array([x, y, 0.0]) + placed[k][1] for x, y in polygon])
        for k, polygon in enumerate(panels)
    ]
