"""Every problem in one run, and diagrams that fit their panel: the neutral layers, used by a toy game.

The rulebook reader and the leaflet's layout know no game. A toy ``TextFacts``
(beads on a string: a figure whose height is five beads, a placeholder it
cannot fill, a claim it finds false, a reference it cannot read) shows that
both work for any game, not only the two built in: the reader keeps every
problem with its file and line and goes on; a panel that lacks something is
not measured; a diagram shrinks to its panel within bounds, and when it
cannot, the error names it and a size that does fit, which is then checked.
"""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from pathlib import Path

import pytest
from reportlab.lib.units import mm

from grawlix_print.drawing.figure import Figure
from grawlix_print.drawing.fonts import QUICKSAND, QUICKSAND_BOLD
from grawlix_print.errors import Consequence, StudioError, Problems, gathered
from grawlix_print.games.presentation import Typography
from grawlix_print.products.leaflet.layout import SMALLEST_SHARE, Frame, PictureBox, boxes_for, lay_out, make_styles
from grawlix_print.rulebook import Diagram, Missing, read_rulebook, unsure

FRONT = '+++\nsubtitle = "s"\nversion = "1"\nauthors = ["a"]\ncontact = "c"\nlicence = "l"\nlicence_url = "u"\nsubject = "s"\nkeywords = []\n+++\n'


@dataclass(frozen=True)
class Beads(Figure):
    """A string of five beads, two beads wide: its height is five units."""

    def size(self, unit: float) -> tuple[float, float]:
        return 2 * unit, 5 * unit

    def cell_to_fit(self, width: float, largest: float) -> float:
        return min(largest, width / 2)

    def draw(self, surface, x: float, top: float, unit: float) -> None:
        pass

    @property
    def characters(self) -> str:
        return ""


class ToyFacts:
    """A game of beads: ``{count}`` is 3; ``{lost}`` names a string it could not read; claims
    ``{check true}`` hold and others do not; ``[beads]`` is the figure."""

    figure_unit = "bead"

    def references(self, text: str, first_line: int, source: str) -> list[StudioError]:
        return [StudioError("strings/lost.toml cannot be read", "strings/lost.toml")] if "{lost}" in text else []

    def names(self) -> tuple[str, ...]:
        return ("count", "lost")

    def value(self, name: str, where: str):
        if name == "count":
            return 3
        if name == "lost":
            raise Consequence("the lost string", where)
        raise StudioError(f"unknown placeholder {{{name}}}", where)

    def condition(self, text: str, where: str) -> tuple[bool, str]:
        return text.strip() == "yes", "it is not yes"

    def check(self, text: str, where: str) -> None:
        if text.strip() != "true":
            raise StudioError(f"the claim {text.strip()!r} is false", where)

    def figure(self, name: str, argument, unit_mm, line: int, where: str) -> Diagram:
        if name != "beads":
            raise LookupError(name)
        return Diagram("beads", "beads", line, "The beads", "five beads", Beads(), 20.0, unit_mm)

    def figure_names(self) -> tuple[str, ...]:
        return ("beads",)


def _read(tmp_path: Path, body: str):
    path = tmp_path / "rules.md"
    path.write_text(FRONT + body)
    return read_rulebook(path, ToyFacts(), "Beads"), str(path)


def test_the_reader_keeps_every_problem_and_goes_on(tmp_path):
    text, source = _read(tmp_path, (
        "::: panel one\n\nThere are {count} beads.{check true}\n\n{nonsense} and {check false}\n\n"
        "::: panel two\n\n{check also false}\n\n[beads]\n\n::: panel three\n\nThe {lost} string. [beads]\n"
    ))  # fmt: skip
    found = [(p.where, p.what) for p in text.problems]
    assert found == [  # the references first, then the claims, then what the text fills in
        ("strings/lost.toml", "strings/lost.toml cannot be read"),
        (f"{source}:15", "the claim 'false' is false"),
        (f"{source}:19", "the claim 'also false' is false"),
        (f"{source}:15", "unknown placeholder {nonsense}"),
    ]
    # The lost string's placeholder follows from the unreadable reference: not said twice.
    assert not any("lost string" in what for _, what in found)
    sections = {s.name: s for s in text.sections}
    assert unsure(sections["one"]) and unsure(sections["three"]) and not unsure(sections["two"])
    assert any(isinstance(b, Diagram) and b.unit == "bead" for b in sections["two"].blocks)
    assert all(not isinstance(b, Missing) for b in sections["two"].blocks)


def test_a_listener_hears_what_the_text_states(tmp_path):
    """Every placeholder filled (in its filter's words) and every condition decided, with its line, in
    reading order: what ``diff`` compares two versions by. Nothing listens to a build."""
    from grawlix_print.rulebook.stated import Stated, listening

    body = "::: panel one\n\n{count} beads, {count|digits} of them.\n\n{if yes}Yes.{end}{if no}No.{end} By {title}.\n"
    with listening() as heard:
        _, source = _read(tmp_path, body)
    assert heard == [
        Stated("if yes", "holds", f"{source}:15"), Stated("if no", "does not hold", f"{source}:15"),
        Stated("count", "three", f"{source}:13"), Stated("count", "3", f"{source}:13", "digits"),
        Stated("title", "Beads", f"{source}:15"),
    ]  # fmt: skip
    _read(tmp_path, body)  # outside the block: told to no one, and no error


def test_problems_print_each_on_its_own_line_at_most_twenty():
    many = [StudioError(f"problem {k}", f"file{k % 3}.toml:{k + 1}") for k in range(25)]
    several = Problems([*many, many[0], Problems(many[:2])])  # repeats and nesting flattened
    lines = several.lines()
    assert len(several.problems) == 25 and len(lines) == 22
    assert lines[:2] == ["file0.toml:1: problem 0", "file1.toml:2: problem 1"]
    assert lines[-2:] == ["and 5 more", "25 problems in 3 files"]
    assert Problems(many[:1]).lines() == ["file0.toml:1: problem 0"]  # one problem: its one line
    again = pickle.loads(pickle.dumps(several))  # as a worker process sends it back
    assert isinstance(again, Problems) and [str(p) for p in again.problems] == [str(p) for p in several.problems]
    with pytest.raises(StudioError) as one:
        gathered(many[:1])
    assert one.value is many[0]
    gathered([])  # nothing found: nothing raised


# --- diagrams that fit their panel ----------------------------------------------------------------

STYLES = make_styles(Typography(QUICKSAND, QUICKSAND, QUICKSAND_BOLD))


def _panel(tmp_path: Path, size: str = ""):
    text, _ = _read(tmp_path, f"::: panel one\n\nA few words before the beads.\n\n[beads{size}]\n")
    return text, text.sections[0]


def _picture(laid) -> PictureBox:
    return next(box for box, _ in laid.placed if isinstance(box, PictureBox))


def test_a_diagram_shrinks_to_fit_its_panel(tmp_path):
    text, panel = _panel(tmp_path)
    roomy = Frame(40 * mm, 150 * mm)
    assert _picture(lay_out(panel, boxes_for(panel, STYLES, roomy), roomy, "A4", text.source)).cell == pytest.approx(20 * mm)
    tight = Frame(40 * mm, 70 * mm)  # five beads of 20 mm and the words cannot fit in 70 mm
    laid = lay_out(panel, boxes_for(panel, STYLES, tight), tight, "A4", text.source)
    beads = _picture(laid)
    assert SMALLEST_SHARE * 20 * mm <= beads.cell < 20 * mm
    bottom = max(offset + box.height(tight.width, float("inf")) for box, offset in laid.placed)
    assert bottom <= tight.height + 0.01 and bottom > tight.height - 1  # it shrinks no more than it must


def test_a_diagram_too_large_even_shrunk_names_itself_and_a_size_that_fits(tmp_path):
    text, panel = _panel(tmp_path)
    frame = Frame(40 * mm, 40 * mm)  # even 10 mm beads (50 mm) are too tall
    with pytest.raises(StudioError) as refused:
        lay_out(panel, boxes_for(panel, STYLES, frame), frame, "A4", text.source)
    message = refused.value.what
    assert "the beads (line 15) would fit with beads of " in message and "smaller than the 10.0 mm" in message
    size = float(message.split("with beads of ")[1].split(" mm")[0])
    assert size < 10
    text, panel = _panel(tmp_path, f", bead {size}mm")  # the size it names fits
    laid = lay_out(panel, boxes_for(panel, STYLES, frame), frame, "A4", text.source)
    assert _picture(laid).cell == pytest.approx(size * mm)


def test_text_that_overflows_alone_is_told_to_shorten(tmp_path):
    text, panel = _panel(tmp_path)
    frame = Frame(40 * mm, 5 * mm)  # the words alone are taller
    with pytest.raises(StudioError, match="shorten its text"):
        lay_out(panel, boxes_for(panel, STYLES, frame), frame, "A4", text.source)
