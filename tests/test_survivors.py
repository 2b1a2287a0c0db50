"""Promises no test held: each test here fails on a mutant that used to survive (named in its docstring).

Every expected value is worked out here from the promise itself (a file changed, a cell left empty,
the published 10 x 7 deck sheet), never read from the code under test.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
import textwrap
from pathlib import Path

import pytest

from grawlix_print import cache
from grawlix_print.errors import StudioError

# --- cache.code_digest: every file of the package, by name and place -------------------------------


@pytest.fixture
def package(tmp_path, monkeypatch) -> Path:
    """A package of its own on the path: a module, a sub-package and a C file."""
    root = tmp_path / "site" / "survivor_package"
    (root / "inner").mkdir(parents=True)
    (root / "__init__.py").write_text("A = 1\n")
    (root / "inner" / "__init__.py").write_text("")
    (root / "inner" / "deep.py").write_text("B = 2\n")
    (root / "engine.c").write_text("int f(void) { return 1; }\n")
    (root / "data.toml").write_text("x = 1\n")
    (root / "z.toml").write_text("z = 1\n")
    monkeypatch.syspath_prepend(str(root.parent))
    importlib.invalidate_caches()
    yield root
    sys.modules.pop("survivor_package", None)


def digest() -> str:
    cache._package_digest.cache_clear()
    return cache.code_digest("survivor_package.inner.deep")


@pytest.mark.parametrize("change", ["a file in a sub-folder", "a C file", "a renamed file", "a file moved to a sub-folder"])
def test_code_digest_changes_with_any_file_of_the_package(change, package):
    """Mutants: the walk kept to the top folder; .c dropped from CODE_SUFFIXES; the names (and so
    the places) of files left out of the hash."""
    before = digest()
    if change == "a file in a sub-folder":
        (package / "inner" / "deep.py").write_text("B = 3\n")
    elif change == "a C file":
        (package / "engine.c").write_text("int f(void) { return 2; }\n")
    elif change == "a renamed file":
        (package / "data.toml").rename(package / "datb.toml")  # the same bytes, the same place in the order
    else:
        (package / "z.toml").rename(package / "inner" / "z.toml")  # the same name and bytes, last either way
    assert digest() != before
    assert digest() == digest()  # and it is stable


def _aged(path: Path, seconds: float = 3600) -> None:
    """The file's time set back, as a package's files are long after their install."""
    past = path.stat().st_mtime_ns - int(seconds * 1e9)
    os.utime(path, ns=(past, past))


def _reads(monkeypatch) -> list[str]:
    """The package files read (their names), as each digest is made."""
    read: list[str] = []
    original = Path.read_bytes

    def counted(self: Path) -> bytes:
        if "survivor_package" in str(self):
            read.append(self.name)
        return original(self)

    monkeypatch.setattr(Path, "read_bytes", counted)
    return read


def test_a_package_file_is_read_again_only_when_its_stamp_changes(package, monkeypatch):
    """The digest is kept per file in the cache: a second run reads no file whose size, time and
    inode are as the first run left them, and one whose bytes changed (the same size, another time)
    is read and changes the digest. Mutants: the stamp not compared (the kept digest always used);
    the time left out of it."""
    for path in package.rglob("*"):
        if path.is_file():
            _aged(path)
    read = _reads(monkeypatch)
    first = digest()
    assert sorted(read) == ["__init__.py", "__init__.py", "data.toml", "deep.py", "engine.c", "z.toml"]
    read.clear()
    assert digest() == first and read == []
    deep = package / "inner" / "deep.py"
    deep.write_text("B = 3\n")  # as many bytes as before
    _aged(deep, 60)
    assert digest() != first and read == ["deep.py"]


def test_a_file_changed_just_now_is_read_every_time(package, monkeypatch):
    """Another change within the same tick of the file system's clock would keep size and time: a
    file younger than ``RACY_NS`` is never taken on its stamp (git's racily clean files). Mutant:
    every file's digest kept, however young."""
    read = _reads(monkeypatch)
    digest()
    read.clear()
    digest()
    assert len(read) == 6  # the fixture's files were all written just now


def test_a_damaged_record_of_the_package_files_is_made_again(package, monkeypatch, tmp_path):
    """A kept record that is not JSON (a full disk, an edit by hand) is read as nothing kept."""
    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path / "cache"))
    for path in package.rglob("*"):
        if path.is_file():
            _aged(path)
    first = digest()
    kept = list((tmp_path / "cache").glob("package-files-*"))
    assert len(kept) == 1
    kept[0].write_bytes(b"{not json")
    read = _reads(monkeypatch)
    assert digest() == first and len(read) == 6


# --- a game of tables: counts, conditions, the safe box ---------------------------------------------


def table(counts: list[str]):
    from grawlix_print.games.spreadsheet.tables import read_csv

    lines = ["name,count", *(f"card {k},{count}" for k, count in enumerate(counts))]
    return read_csv(("\n".join(lines) + "\n").encode(), "cards.csv")


def test_an_empty_count_cell_is_one_piece_and_zero_none():
    """Mutant: an empty cell read as 0 (or refused)."""
    from grawlix_print.games.spreadsheet.faces import counts

    assert counts(table(["", "0", "3", " "]), "count", "kinds.cards.count_column") == [1, 0, 3, 1]


def test_the_per_row_bound_is_ten_thousand_taken_and_one_more_refused():
    """Mutant: ``>=`` for ``>`` at MAX_COUNT."""
    from grawlix_print.games.spreadsheet.faces import counts

    assert counts(table(["10000"]), "count", "x") == [10_000]
    with pytest.raises(StudioError, match="10,001 is over 10,000 pieces of one kind"):
        counts(table(["10001"]), "count", "x")


@pytest.mark.parametrize(("written", "cell", "shown"), [
    ("suit = Moon", "moon", True), ("suit = moon", "MOON", True), ("SUIT = moon", "Moon", True),
    ("suit != MOON", "moon", False), ("suit = moon", "sun", False),
])  # fmt: skip
def test_when_compares_columns_and_values_case_aside(written, cell, shown):
    """Mutant: the value compared as typed (``==`` without casefold)."""
    from grawlix_print.games.spreadsheet.values import condition

    assert condition(written, "when").holds({"suit": cell}) is shown


@pytest.mark.parametrize(("safe", "box"), [(None, (3.0, 3.0, 57.5, 82.9)), ("4", (4.0, 4.0, 55.5, 80.9))])
def test_the_built_in_safe_box_is_the_trim_less_the_safe_margin_on_every_side(safe, box, tmp_path):
    """Mutant: the safe box's size less one margin, not two (or its corner at the trim's)."""
    from grawlix_print.games.spreadsheet.layouts import read_layout

    (tmp_path / "layouts").mkdir()
    head = f"safe = {safe}\n" if safe else ""
    (tmp_path / "layouts" / "card.toml").write_text(head + '[[elements]]\ntype = "rectangle"\nbox = "safe"\nfill = "black"\n')
    found = read_layout(tmp_path, "card", "x", (63.5, 88.9)).boxes["safe"]
    assert (found.x, found.y, found.width, found.height) == pytest.approx(box)


# --- Tabletop Simulator ------------------------------------------------------------------------------


def grawlix_tiles():
    from grawlix_print.games import game

    return next(k for k in game("grawlix").piece_kinds() if k.name == "tiles")


def test_stacked_copies_of_a_tile_lie_one_tile_thickness_apart_and_never_inside_one_another():
    """Mutant: the copies' spacing (``copy * 2 * TILE_THICKNESS``) changed. A tile's centre rises by
    twice its thickness a copy: each lies on the one below with room to settle (Tabletop Simulator
    drops it), none starts inside another."""
    from grawlix_print.products.images import tts

    objects = tts.tiles(grawlix_tiles(), [tts.Tile("a", "", "face.png", "back.png", 3)])
    heights = [o["Transform"]["posY"] for o in objects]
    thickness = objects[0]["CustomImage"]["CustomTile"]["Thickness"]
    assert len(objects) == 3 and thickness > 0
    assert [round(b - a, 9) for a, b in zip(heights, heights[1:])] == [round(2 * thickness, 9)] * 2
    assert len({(o["Transform"]["posX"], o["Transform"]["posZ"]) for o in objects}) == 1


def test_a_deck_hides_its_faces_in_hands():
    """Mutant: ``BackIsHidden`` False (the other players would see the faces in a hand)."""
    from grawlix_print.games import game
    from grawlix_print.products.images import tts

    kind = next(k for k in game("permutations").piece_kinds() if k.name == "cards")
    states = tts.deck(kind, "T", [tts.Card("one", "", 1, 0), tts.Card("two", "", 1, 1)],
                      [tts.DeckImages("f.png", "b.png", 10, 7)])  # fmt: skip
    decks = [d for state in states for d in state["CustomDeck"].values()]
    assert decks and all(d["BackIsHidden"] is True for d in decks)


@pytest.mark.parametrize(("faces", "sheets"), [(69, [69]), (70, [69, 1]), (139, [69, 69, 1])])
def test_a_deck_past_69_faces_takes_another_sheet(faces, sheets):
    """Mutant: 70 faces a sheet (the 70th slot is the hidden card's: 10 x 7 - 1 = 69)."""
    from grawlix_print.products.images import tts

    found = tts.sheet_grid(faces, (375, 525))  # a poker card at 150 dpi: 10 x 7 fit in 4,096 px
    assert [s.faces for s in found] == sheets
    assert all(s.columns * s.rows >= s.faces + 1 for s in found)
    assert (found[0].columns, found[0].rows) == (10, 7)


# --- sweeps: the balanced boundary ---------------------------------------------------------------------


@pytest.mark.parametrize(("p", "balanced"), [(0.05, True), (0.0499999, False), (0.5, True)])
def test_a_variant_is_balanced_from_p_of_five_percent(p, balanced, monkeypatch):
    """Mutant: ``>`` for ``>=`` at LEVEL (p exactly 0.05 is not significant at 5 %)."""
    from grawlix_print.playtest import sweep
    from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, run

    from playtest_toys import Nim

    job = Job(Nim(), 2, ("random", "random"), 200, 1)
    outcome = run(job, Pool(InlineExecutor(), 1))
    monkeypatch.setattr(sweep, "normal_p_value", lambda z: p)
    found = sweep.sweep_figures(job, outcome)
    assert found["first_seat_p_value"] is not None and found["balanced"] is balanced


# --- Permutations: which of two equal sets is turned face down -------------------------------------------


def test_of_two_largest_sets_the_first_in_deck_order_goes_face_down():
    """Mutants: the last largest set turned down; the multicoloured card's later colour kept on a tie."""
    from grawlix_print.games.permutations.scoring import colour_choice, face_down_set

    assert face_down_set((2, 3, 3, 1)) == 1 and face_down_set((0, 0, 0, 0)) is None
    plain = colour_choice((2, 3, 3, 1), multicoloured=False)
    assert plain.face_down == 1 and plain.points == 4 + 9 + 1
    # Two of each colour: the multicoloured card makes any one set three (turned down, 3 x 4 left face
    # up: 12) alike; red, the first in deck order, is kept.
    tied = colour_choice((2, 2, 2, 2), multicoloured=True)
    assert tied.multicoloured_as == 0 and tied.face_down == 0 and tied.points == 12


# --- card sheets: the smallest card and the clearance ----------------------------------------------


def spec(width: float, height: float = 88.9, bleed: float = 3.0):
    from grawlix_print.products.sheets.cards import CardSheetSpec

    return CardSheetSpec("a4", (width, height), bleed)


def test_a_card_of_twenty_millimetres_a_side_is_taken_and_less_refused():
    """Mutant: ``<=`` for ``<`` at MIN_CARD_MM."""
    from grawlix_print.products.sheets.cards import check_card_spec

    check_card_spec(spec(20.0, 20.0, 1.0))
    with pytest.raises(StudioError, match="too small to read a card"):
        check_card_spec(spec(19.99, 20.0, 1.0))


def test_cards_across_a_sheet_leave_the_clearance_on_both_sides():
    """Mutant: the clearance left on one side only. A4 is 210 mm across; each side keeps the bleed,
    the crop mark's offset and its length, so three cards fit exactly (210 - 2 x clearance) / 3 wide,
    and a hundredth of a millimetre wider only two."""
    from grawlix_print.products.sheets.cards import CROP_OFFSET_MM, MIN_CROP_MM, grid

    clearance = 3.0 + CROP_OFFSET_MM + MIN_CROP_MM
    exact = (210.0 - 2 * clearance) / 3
    assert grid(spec(exact))[0] == 3
    assert grid(spec(exact + 0.01))[0] == 2
