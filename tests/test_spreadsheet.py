"""A game made of tables and layouts (issue 26), built for real and read back.

The decks are written here (``spreadsheet_decks``); what the PDFs, images and
pages hold is measured on the files (pdfplumber, pypdf, Pillow) and compared
with the rows and numbers the tests wrote.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pdfplumber
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.games import game

from commands import run_here
from conftest import PROJECT
from spreadsheet_decks import BLEED, CARD, COST_PT, MM, NAME_PT, RULES_PT, Card, cards_54, dedent, write_deck


def cli(*args: str):
    return CliRunner().invoke(main, list(args))


@pytest.fixture(scope="module")
def deck_54(tmp_path_factory) -> tuple[Path, list[Card]]:
    cards = cards_54()
    return write_deck(tmp_path_factory.mktemp("deck") / "templates", cards), cards


@pytest.fixture(scope="module")
def sheets_54(deck_54, tmp_path_factory) -> Path:
    templates, _ = deck_54
    out = tmp_path_factory.mktemp("out")
    result = cli("sheets", "--templates", str(templates), "-o", str(out))
    assert result.exit_code == 0, result.output
    return out / "sheets" / "cards-a4.pdf"


def _near(a: float, b: float, tolerance: float = 0.05) -> bool:
    return abs(a - b) <= tolerance


def _faces(pdf: pdfplumber.PDF) -> list[tuple[int, dict, list[dict]]]:
    """Every filled rectangle a card's size plus its bleed, with the characters inside its cut."""
    width, height = ((CARD[0] + 2 * BLEED) * MM, (CARD[1] + 2 * BLEED) * MM)
    found = []
    for number, page in enumerate(pdf.pages):
        for rect in page.rects:
            if _near(rect["width"], width, 0.2) and _near(rect["height"], height, 0.2):
                cut = (rect["x0"] + BLEED * MM, rect["top"] + BLEED * MM, rect["x1"] - BLEED * MM, rect["bottom"] - BLEED * MM)
                chars = [c for c in page.chars if cut[0] <= (c["x0"] + c["x1"]) / 2 <= cut[2] and cut[1] <= (c["top"] + c["bottom"]) / 2 <= cut[3]]
                found.append((number, {"cut": cut, "rect": rect}, chars))
    return found


def _text(chars: list[dict]) -> str:
    """The characters as lines read top to bottom, left to right, joined by spaces."""
    lines: dict[float, list[dict]] = {}
    for char in chars:
        key = next((k for k in lines if abs(k - char["bottom"]) < 1.0), char["bottom"])
        lines.setdefault(key, []).append(char)
    words = []
    for key in sorted(lines):
        row = sorted(lines[key], key=lambda c: c["x0"])
        text = ""
        for before, char in zip([None, *row], row):
            if before is not None and char["x0"] - before["x1"] > 0.15 * char["size"]:
                text += " "
            text += char["text"]
        words.append(text.strip())
    return " ".join(w for w in words if w)


def test_a_54_card_deck_with_two_layouts_prints_every_cards_text_and_size_as_its_table_says(deck_54, sheets_54):
    _, cards = deck_54
    by_name = {card.name: card for card in cards}
    seen: dict[str, int] = {}
    with pdfplumber.open(sheets_54) as pdf:
        faces = _faces(pdf)
        fronts = 0
        for _, box, chars in faces:
            left, top, right, bottom = box["cut"]
            # The cut is the card's size: the bleed's rectangle less the bleed, as the table's kind says.
            assert _near(right - left, CARD[0] * MM, 0.2) and _near(bottom - top, CARD[1] * MM, 0.2)
            names = [n for n in by_name if n in _text([c for c in chars if _near(c["size"], 11) or _near(c["size"], 10)])]
            if not names:
                assert "Test Deck" in _text(chars)  # a back
                continue
            fronts += 1
            assert len(names) == 1, names
            card = by_name[names[0]]
            seen[card.name] = seen.get(card.name, 0) + 1
            name_size = NAME_PT[card.layout]
            name_chars = [c for c in chars if _near(c["size"], name_size)]
            assert _text(name_chars) == card.name
            # Each layout puts the name where its box is: the crew's at the top, the event's at the foot, right-aligned.
            if card.layout == "crew":
                assert all(c["top"] - top < 13 * MM for c in name_chars)
                assert min(c["x0"] for c in name_chars) == pytest.approx(left + 5 * MM, abs=0.5)
            else:
                assert all(c["bottom"] - top > 76 * MM for c in name_chars)
                assert max(c["x1"] for c in name_chars) == pytest.approx(left + 58.5 * MM, abs=0.5)
            cost = _text([c for c in chars if _near(c["size"], COST_PT)])
            assert cost == card.cost
            rules_chars = [c for c in chars if _near(c["size"], RULES_PT)]
            assert _text(rules_chars) == card.plain_rules
            assert all(top + 50 * MM - 0.5 <= c["top"] and c["bottom"] <= top + 80 * MM + 0.5 for c in rules_chars)
            bold = {c["text"] for c in rules_chars if "Bold" in c["fontname"]}
            assert bold == (set(card.rules.split("**")[1]) if "**" in card.rules else set())
    assert set(seen) == set(by_name)  # every row printed, and nothing else
    assert all(count in (1, by_name[name].count) for name, count in seen.items())
    assert fronts == sum(seen.values())


def test_the_deck_as_kinds_counts_its_rows_and_names_its_faces(deck_54):
    templates, cards = deck_54
    kind = game(templates=templates).piece_kinds()[0]
    assert kind.size == CARD and kind.count == sum(card.count for card in cards)
    assert [piece.count for piece in kind.pieces] == [card.count for card in cards]
    assert [piece.face.name for piece in kind.pieces][:2] == ["card-01", "card-02"]
    assert {name: face.name for name, face in kind.backs.items()} == {"back": "card-back"}  # by its layout


# --- tables ------------------------------------------------------------------------------------


ROWS = [["Lantern", "moon", "2", "Draw a card; then discard one."], ["Café Noir", "sun", "", "Gain 1.\nThen 2."]]


@pytest.mark.parametrize("delimiter", [",", ";", "\t", "|"])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "cp1252"])
def test_csv_tables_are_read_whatever_their_delimiter_and_encoding(tmp_path, delimiter, encoding):
    import csv
    import io

    from grawlix_print.games.spreadsheet.tables import read_table

    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=delimiter, lineterminator="\r\n")
    writer.writerow(["name", "suit", "cost", "text"])
    writer.writerows(ROWS)
    path = tmp_path / "cards.csv"
    path.write_bytes(buffer.getvalue().encode(encoding))
    table = read_table(path, "cards.csv")
    assert table.columns == ("name", "suit", "cost", "text")
    assert [[row.cells[c] for c in table.columns] for row in table.rows] == ROWS
    assert [(row.number, row.first) for row in table.rows] == [(2, "Lantern"), (3, "Café Noir")]


def test_an_xlsx_sheet_is_read_by_its_name_with_numbers_as_the_sheet_shows_them(tmp_path):
    from openpyxl import Workbook

    from grawlix_print.games.spreadsheet.tables import read_table

    book = Workbook()
    book.active.title = "Notes"
    book.active.append(["not this sheet"])
    cards = book.create_sheet("Cards")
    cards.append(["name", "cost", "weight"])
    cards.append(["Lantern", 2, 1.5])
    cards.append([None, None, None])
    cards.append(["Kite", 3.0, None])
    book.save(tmp_path / "deck.xlsx")
    table = read_table(tmp_path / "deck.xlsx", "deck.xlsx", "cards")
    assert table.columns == ("name", "cost", "weight")
    assert [(r.number, r.cells) for r in table.rows] == [
        (2, {"name": "Lantern", "cost": "2", "weight": "1.5"}), (4, {"name": "Kite", "cost": "3", "weight": ""}),
    ]  # fmt: skip


def test_toml_rows_take_every_key_as_a_column(tmp_path):
    from grawlix_print.games.spreadsheet.tables import read_table

    (tmp_path / "coins.toml").write_text('[[rows]]\nvalue = 1\ncount = 20\n\n[[rows]]\nvalue = 5\nnote = "gold"\n')
    table = read_table(tmp_path / "coins.toml", "coins.toml")
    assert table.columns == ("value", "count", "note")
    assert [r.cells for r in table.rows] == [{"value": "1", "count": "20", "note": ""}, {"value": "5", "count": "", "note": "gold"}]


# --- bad input: one line, the file, the row and the field; nothing written -----------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


FAULTS = {
    "a column the table lacks": (
        lambda t: _edit(t / "layouts" / "crew.toml", 'text = "{rules}"', 'text = "{ruels}"'),
        ["layouts/crew.toml: elements[5]", "no column 'ruels' in", "cards.csv"],
    ),
    "a missing picture": (
        lambda t: (t / "layouts" / "crew.toml").write_text(CREW_WITH_ART.format(picture="art/none.png")),
        ["cards.csv: row 2 (Card 01", "elements[6].image", "no picture 'art/none.png'"],
    ),
    "an unreadable picture": (
        lambda t: ((t / "art").mkdir(), (t / "art" / "bad.png").write_bytes(b"not a png"),
                   (t / "layouts" / "crew.toml").write_text(CREW_WITH_ART.format(picture="art/bad.png"))),
        ["cards.csv: row 2 (Card 01", "elements[6].image", "art/bad.png: cannot read the picture"],
    ),
    "a picture outside the templates": (
        lambda t: (t / "layouts" / "crew.toml").write_text(CREW_WITH_ART.format(picture="../outside.png")),
        ["cards.csv: row 2 (Card 01", "elements[6].image", "'../outside.png' is outside the templates folder"],
    ),
    "a missing typeface": (
        lambda t: _edit(t / "layouts" / "crew.toml", "size = 11\n", 'size = 11\nfont = "fonts/none.ttf"\n'),
        ["cards.csv: row 2 (Card 01", "elements[2].font", "no typeface file 'fonts/none.ttf'"],
    ),
    "an unreadable typeface": (
        lambda t: ((t / "fonts").mkdir(), (t / "fonts" / "bad.ttf").write_bytes(b"nope"),
                   _edit(t / "layouts" / "crew.toml", "size = 11\n", 'size = 11\nfont = "fonts/bad.ttf"\n')),
        ["cards.csv: row 2 (Card 01", "elements[2].font", "cannot read the typeface 'bad.ttf'"],
    ),
    "a typeface outside the templates": (
        lambda t: _edit(t / "layouts" / "crew.toml", "size = 11\n", 'size = 11\nfont = "../../x.ttf"\n'),
        ["elements[2].font", "'../../x.ttf' is outside the templates folder"],
    ),
    "a text that does not fit even at its smallest": (
        lambda t: _edit(t / "layouts" / "crew.toml", "size = 9\n", "size = 9\nmin_size = 7\n") or
        _edit(t / "cards.csv", "Card 02", "Card 02 " + "with far too many words " * 30),
        ["cards.csv: row 3 (Card 02", "layouts/crew.toml: elements[2].text", "does not fit its box (40 x 8 mm) even at 11 pt"],
    ),
    "a malformed CSV row": (
        lambda t: _edit(t / "cards.csv", "Card 03", "Card 03,extra,cells"),
        ["cards.csv: row 4 (Card 03", "has 7 cells, the header 5"],
    ),
    "an XLSX without the named sheet": (
        lambda t: (_xlsx(t / "cards.xlsx"), _edit(t / "components.toml", 'table = "cards.csv"', 'table = "cards.xlsx"\nsheet = "Deck"')),
        ["cards.xlsx", "no sheet called 'Deck' (its sheets: Cards)"],
    ),
    "a count that is not a whole number": (
        lambda t: _edit(t / "cards.csv", ",1\n", ",1.5\n"),
        ["cards.csv: row 2 (Card 01", "count: '1.5' is not a whole number"],
    ),
    "a count over 10,000": (
        lambda t: _edit(t / "cards.csv", ",1\n", ",10001\n"),
        ["cards.csv: row 2 (Card 01", "count: 10,001 is over 10,000"],
    ),
    "a size no paper holds": (
        lambda t: _edit(t / "components.toml", "size = [63.5, 88.9]", "size = [63.5, 290]"),
        ["components.toml: kinds.cards.size", "63.5 x 290 mm: no A4 or US Letter sheet holds"],
    ),
    "an element of an unknown type": (
        lambda t: _edit(t / "layouts" / "crew.toml", 'type = "circle"', 'type = "ellipse"'),
        ["layouts/crew.toml: elements[3].type", "unknown type 'ellipse'"],
    ),
    "an icon nobody drew": (
        lambda t: _edit(t / "cards.csv", "Card 02", "Card 02 :comet:"),
        ["cards.csv: row 3 (Card 02", "elements[2].text", "no icon :comet:"],
    ),
    "a character the typeface lacks": (
        lambda t: _edit(t / "cards.csv", "Card 02", "Card 02 \u2603"),
        ["cards.csv: row 3 (Card 02", "elements[2].text", "has no '\u2603'"],
    ),
    "a back that names a column": (
        lambda t: _edit(t / "layouts" / "back.toml", 'text = "{title}"', 'text = "{name}"'),
        ["layouts/back.toml: elements[2]", "a back is the same for every card: it may name {title}, not a column ({name})"],
    ),
    "a colour that is none": (
        lambda t: _edit(t / "layouts" / "crew.toml", 'fill = "#2667d1"', 'fill = "{cost}"'),
        ["cards.csv: row 2 (Card 01", "elements[3].fill", "is not a colour"],
    ),
}

CREW_WITH_ART = dedent("""
    [boxes]
    name = [5, 5, 40, 8]
    art = [5, 20, 50, 20]

    [[elements]]
    type = "rectangle"
    box = "bleed"
    fill = "crew"

    [[elements]]
    type = "text"
    box = "name"
    text = "{{name}}"

    [[elements]]
    type = "text"
    box = "art"
    text = "{{rules}}"
    size = 6

    [[elements]]
    type = "text"
    box = "name"
    text = "{{cost}}"
    align = "right"

    [[elements]]
    type = "circle"
    box = "art"
    stroke = "black"

    [[elements]]
    type = "image"
    box = "art"
    image = "{picture}"
""")


def _xlsx(path: Path) -> None:
    from openpyxl import Workbook

    book = Workbook()
    book.active.title = "Cards"
    book.active.append(["name", "layout", "cost", "rules", "count"])
    book.save(path)


@pytest.mark.parametrize("fault", list(FAULTS))
def test_bad_input_is_one_line_naming_file_row_and_field_and_nothing_is_written(tmp_path, fault):
    cards = cards_54()[:6]
    templates = write_deck(tmp_path / "templates", cards)
    spoil, words = FAULTS[fault]
    spoil(templates)
    out = tmp_path / "out"
    # In this process, answered as the installed command answers (tests/commands.py): eighteen faults.
    result = run_here("all", "--templates", str(templates), "-o", str(out), "--only", "sheets,images")
    assert result.returncode == 1, result.stdout
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in result.stderr, (word, result.stderr)
    assert not any(path.is_file() for path in out.rglob("*")) if out.exists() else True


# --- the rulebook's placeholders, from the tables --------------------------------------------------


def test_the_rulebook_names_counts_and_lists_from_the_tables(tmp_path):
    cards = cards_54()
    templates = write_deck(tmp_path / "templates", cards)
    facts = game(templates=templates).text_facts
    crew = [c for c in cards if c.layout == "crew"]
    assert facts.value("cards.count", "x") == sum(c.count for c in cards)
    assert facts.value("cards.rows", "x") == len(cards)
    assert facts.value("cards.count where layout = event", "x") == sum(c.count for c in cards if c.layout == "event")
    assert facts.value('cards.rows where layout = "crew" and cost = 3', "x") == sum(1 for c in crew if c.cost == "3")
    listed = facts.value("cards where cost = 9", "x")
    assert [piece[0].text for piece in listed.items] == [c.name for c in crew if c.cost == "9"]
    values = facts.value("cards.layout", "x")
    assert [piece[0].text for piece in values.items] == ["crew", "event"]
    assert facts.condition(f"cards.count > {sum(c.count for c in cards) - 1}", "x")[0]
    assert not facts.condition(f"cards.count > {sum(c.count for c in cards)}", "x")[0]
    assert not facts.condition("cards where cost = 10", "x")[0]
    with pytest.raises(Exception, match="no column 'suit'"):
        facts.value("cards where suit = moon", "leaflet.md:9")
    with pytest.raises(Exception, match="no rules engine"):
        facts.check("players 2: dummies", "leaflet.md:9")


def test_a_claim_in_the_rulebook_is_refused_in_one_line(tmp_path):
    templates = write_deck(tmp_path / "templates", cards_54()[:3])
    _edit(templates / "leaflet.md", "{cards.count} cards.", "{cards.count} cards.{check cards are fun}")
    result = cli("leaflet", "--templates", str(templates), "-o", str(tmp_path / "out"))
    assert result.exit_code == 1
    assert "leaflet.md:18: {check cards are fun}: this game has no rules engine" in result.output


# --- faces alike in PDF and SVG -----------------------------------------------------------------------


def test_a_face_sets_the_same_words_at_the_same_places_in_pdf_and_svg(deck_54, tmp_path):
    """One face drawn by the PDF back end and by the SVG one: each run of text starts at the same
    point (millimetres), in the same size."""
    import io

    from reportlab.lib.units import mm
    from reportlab.pdfgen.canvas import Canvas

    from grawlix_print.drawing.pdf.surface import PdfSurface
    from grawlix_print.drawing.svg import SvgSurface
    from grawlix_print.pieces.faces import FaceStyle

    templates, cards = deck_54
    face = game(templates=templates).piece_kinds()[0].pieces[0].face
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(face.width * mm, face.height * mm), invariant=1)
    canvas.scale(mm, mm)
    face.draw(PdfSurface(canvas, cmyk=False, unit_pt=mm), 0, 0, face.width, face.height, FaceStyle())
    canvas.showPage()
    canvas.save()
    svg = SvgSurface(face.width, face.height)
    face.draw(svg, 0, 0, face.width, face.height, FaceStyle())
    placed = re.findall(r'<text transform="(?:translate\(([\d.-]+) ([\d.-]+)\)|matrix\([^)]* ([\d.-]+) ([\d.-]+)\))[^"]*"[^>]*font-size="([\d.]+)"[^>]*>([^<]*)</text>', svg.element())
    runs = [(float(x or mx), face.height - float(y or my), float(size) / (25.4 / 72), text) for x, y, mx, my, size, text in placed]
    with pdfplumber.open(io.BytesIO(buffer.getvalue())) as pdf:
        chars = pdf.pages[0].chars
        assert runs
        for x, top_from_above, size, text in runs:
            # Where each glyph's origin is (its text matrix), on the baseline.
            first = next(c for c in chars if c["text"] == text[0] and abs(c["matrix"][4] / MM - x) < 0.01)
            assert abs(first["size"] - size) < 0.01
            assert abs(first["matrix"][5] / MM - (face.height - top_from_above)) < 0.01
        printed = "".join(c["text"] for c in chars).replace(" ", "")
        assert printed == "".join(text for *_, text in runs).replace(" ", "")
    assert cards[0].name in "".join(text for *_, text in runs)


# --- new --data, then all -----------------------------------------------------------------------------


def test_new_data_then_all_builds_a_whole_kit_from_a_fresh_folder(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True, cwd=tmp_path, env=env)

    made = run("new", "Lantern Fair", "--data")
    assert made.returncode == 0, made.stderr
    assert 'title = "Lantern Fair"' in (tmp_path / "lantern-fair" / "templates" / "components.toml").read_text()
    built = run("all", "--templates", "lantern-fair/templates", "-o", "kit", "--quiet")
    assert built.returncode == 0, built.stderr
    kit = tmp_path / "kit"
    for name in ("sheets/cards-a4.pdf", "sheets/cards-letter.pdf", "leaflet/leaflet-a4.pdf", "web/rules.html",
                 "images/cards/card-01.png", "images/cards/back-card-back.png", "images/tts/cards/deck-1.png",
                 "images/tts/lantern-fair-cards.json", "index.html"):  # fmt: skip
        assert (kit / name).is_file(), name
    assert not (kit / "images/cards/card-back.png").exists()  # the back once, under its design's name
    manifest = json.loads((kit / "manifest.json").read_text())
    assert any(entry["path"] == "sheets/cards-a4.pdf" for step in manifest["steps"].values() for entry in step["files"])
    page = (kit / "web" / "rules.html").read_text()
    assert 'id="diagram-gallery-cards"' in page and 'id="diagram-gallery-coins"' in page
    again = run("new", "Lantern Fair", "--data")
    assert again.returncode == 1 and again.stderr.startswith("error: lantern-fair/templates/") and "nothing written" in again.stderr
    assert run("new", "Lantern Fair").returncode == 1


def test_what_new_data_writes_names_the_new_game_not_the_example(tmp_path):
    """Every file it writes, the opening comment of components.toml too: the example's name nowhere."""
    from commands import run_here

    made = run_here("new", 'My "Deck"', "--data", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    components = (tmp_path / "my-deck" / "templates" / "components.toml").read_text()
    assert components.startswith('# My "Deck": a game made of tables and layouts, with no code.\n')
    assert 'title = "My \\"Deck\\""' in components
    shipped = (PROJECT / "templates" / "spreadsheet" / "components.toml").read_text()
    example = shipped.split('title = "', 1)[1].split('"', 1)[0]
    for path in (tmp_path / "my-deck").rglob("*"):
        if path.is_file() and path.suffix in (".toml", ".md", ".csv"):
            assert example not in path.read_text(), path


# --- shrinking to fit -----------------------------------------------------------------------------


def test_a_long_text_is_set_smaller_to_fit_its_box_and_a_short_one_is_not(tmp_path):
    """Rules of many words shrink (never below min_size) and stay inside their box; short ones keep the size."""
    cards = [Card("Short", "crew", "1", "Draw a card.", 1),
             Card("Long", "crew", "2", " ".join(["trade a card from the market"] * 12) + ".", 1)]  # fmt: skip
    templates = write_deck(tmp_path / "templates", cards)
    _edit(templates / "layouts" / "crew.toml", "size = 9\n", "size = 9\nmin_size = 5\n")
    result = cli("sheets", "--templates", str(templates), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "out" / "sheets" / "cards-a4.pdf") as pdf:
        faces = {_text([c for c in chars if _near(c["size"], 11)]): (box, chars) for _, box, chars in _faces(pdf)}
    for name, wanted in (("Short", {9.0}), ("Long", None)):
        box, chars = faces[name]
        left, top, right, bottom = box["cut"]
        rules = [c for c in chars if c["size"] < 10.5 and c["text"].strip()]
        sizes = {round(c["size"], 2) for c in rules}
        if wanted is not None:
            assert sizes == wanted
        else:
            assert len(sizes) == 1 and 5 <= sizes.pop() < 9
        assert all(left + 6 * MM - 0.5 <= c["x0"] and c["x1"] <= left + 57.5 * MM + 0.5 for c in rules)
        assert all(top + 50 * MM - 0.5 <= c["top"] and c["bottom"] <= top + 80 * MM + 0.5 for c in rules)
        assert _text(rules).replace(" ", "") == next(c.plain_rules for c in cards if c.name == name).replace(" ", "")


# --- the seams: what a game's pieces are drawn from, what watch rebuilds --------------------------------


def test_a_game_says_what_its_pieces_are_drawn_from_and_the_kit_rereads_them(tmp_path):
    """The sheets' step reads the game's piece files: a saved table rebuilds it, a saved rulebook does not.
    Three users: Grawlix (components and typefaces), the spreadsheet game (tables, layouts, pictures) and
    a toy game here, whose pieces come from one data file of its own."""
    from grawlix_print.games.base import PIECE_FILES
    from grawlix_print.games.spreadsheet import Spreadsheet
    from grawlix_print.kit.plan import kit_steps

    class Toy(Spreadsheet):
        def piece_files(self) -> tuple[str, ...]:
            return ("deck/*.csv",)

    templates = write_deck(tmp_path / "templates", cards_54()[:4])
    reads = {type(g).__name__: {s.name: s.reads for s in kit_steps(g, only=["sheets", "leaflet"], papers=("a4",))}
             for g in (game("grawlix"), Spreadsheet(templates), Toy(templates))}  # fmt: skip
    assert reads["Grawlix"]["sheets-a4-none"] == PIECE_FILES
    assert reads["Spreadsheet"]["sheets-a4-none"] == Spreadsheet.piece_files(Spreadsheet(templates))
    assert reads["Toy"]["sheets-a4-none"] == ("deck/*.csv",)
    assert reads["Grawlix"]["leaflet-a4"] == ("*",)  # a game that does not say reads everything
    assert reads["Spreadsheet"]["leaflet-a4"] == ("leaflet.md", "components.toml", "cards.csv", "icons/*", "*.ttf")
    # Built twice: a saved table rebuilds the sheets; a saved rulebook only the rulebook.
    out = tmp_path / "kit"

    def built() -> dict[str, bool]:
        result = cli("all", "--templates", str(templates), "-o", str(out), "--only", "sheets,leaflet", "--paper", "a4")
        assert result.exit_code == 0, result.output
        return {name: step["key"] for name, step in json.loads((out / "manifest.json").read_text())["steps"].items()}

    first = built()
    _edit(templates / "cards.csv", "Card 02", "Card 2")
    second = built()
    assert second["sheets-a4-none"] != first["sheets-a4-none"]
    _edit(templates / "leaflet.md", "} cards.", "} cards in all.")
    third = built()
    assert third["sheets-a4-none"] == second["sheets-a4-none"] and third["leaflet-a4"] != second["leaflet-a4"]


def test_watch_rebuilds_the_steps_that_read_a_saved_file(tmp_path):
    """``watch``'s choice, on three games: Grawlix watches its leaflet, the spreadsheet game its sheets
    and leaflet, a toy game its sheets alone; a saved table rebuilds the sheets, a saved rulebook the
    rulebook, a settings file everything."""
    from grawlix_print.cli.settings import Settings
    from grawlix_print.cli.watch import rebuilt
    from grawlix_print.games.spreadsheet import Spreadsheet

    class SheetsOnly(Spreadsheet):
        watched = ("sheets",)

    templates = write_deck(tmp_path / "templates", cards_54()[:4])
    out = tmp_path / "out"

    def names(chosen, changed) -> set[str]:
        return {item.path.name for item in rebuilt(chosen, out, ("a4",), Settings(), changed) if item.path.suffix == ".pdf"}

    deck, toy = Spreadsheet(templates), SheetsOnly(templates)
    assert names(deck, None) == {"cards-a4.pdf", "leaflet-a4.pdf", "leaflet-reading-a4.pdf", "leaflet-press-a4.pdf"}
    assert names(deck, [templates / "cards.csv"]) == {"cards-a4.pdf", "leaflet-a4.pdf", "leaflet-reading-a4.pdf", "leaflet-press-a4.pdf"}
    assert names(deck, [templates / "layouts" / "crew.toml"]) == {"cards-a4.pdf"}  # the rulebook counts the rows alone
    assert names(deck, [templates / "leaflet.md"]) == {"leaflet-a4.pdf", "leaflet-reading-a4.pdf", "leaflet-press-a4.pdf"}
    assert names(deck, [tmp_path / "grawlix.toml"]) == {"cards-a4.pdf", "leaflet-a4.pdf", "leaflet-reading-a4.pdf", "leaflet-press-a4.pdf"}
    assert names(toy, [templates / "cards.csv"]) == {"cards-a4.pdf"}
    assert names(toy, [templates / "leaflet.md"]) == set()
    assert game("grawlix").watched == ("leaflet",)


def test_watch_on_a_deck_rebuilds_its_sheets_when_a_row_is_saved(tmp_path):
    from test_watch import Watcher, save

    templates = write_deck(tmp_path / "templates", cards_54()[:6])
    watcher = Watcher(tmp_path)
    try:
        stream, line = watcher.next_line()
        assert stream == "stdout" and line.startswith("watching")
        stream, line = watcher.next_line()
        assert stream == "stdout" and "first build: cards-a4.pdf, leaflet-a4.pdf, leaflet-reading-a4.pdf, leaflet-press-a4.pdf and" in line, line
        sheet = tmp_path / "out" / "sheets" / "cards-a4.pdf"
        before = sheet.read_bytes()
        save(templates / "cards.csv", (templates / "cards.csv").read_text().replace("Card 02", "Card Two"))
        stream, line = watcher.next_line()
        assert stream == "stdout" and " cards.csv: cards-a4.pdf, leaflet-a4.pdf" in line, line
        assert sheet.read_bytes() != before and (tmp_path / "out" / "previews" / "cards-a4-1.png").is_file()
        with pdfplumber.open(sheet) as pdf:
            assert "Card Two" in "".join(page.extract_text() or "" for page in pdf.pages)
        save(templates / "cards.csv", (templates / "cards.csv").read_text().replace("Card Two", "Card " + "word " * 200))
        stream, line = watcher.next_line()
        assert stream == "stderr" and "cards.csv: error: " in line and "row 3 (Card word" in line and "does not fit" in line
    finally:
        watcher.process.send_signal(2)
        watcher.process.wait(timeout=20)


def test_the_guide_draws_each_layout_with_its_boxes_bleed_and_safe_zone(deck_54, tmp_path):
    templates, cards = deck_54
    result = cli("guide", "--templates", str(templates), "-o", str(tmp_path))
    assert result.exit_code == 0, result.output
    with pdfplumber.open(tmp_path / "guide" / "layout-guide.pdf") as pdf:
        texts = [page.extract_text() for page in pdf.pages]
    assert len(texts) == 3  # crew, event (which extends crew) and the back
    assert "the layout 'crew'" in texts[0] and "the layout 'event', extending crew" in texts[1]
    for box in ("name: 5, 5 40 x 8", "cost: 48, 4 10 x 10", "rules: 6, 50 51.5 x 30"):
        assert box in texts[0], box
    assert "name: 5, 76 53.5 x 8" in texts[1]
    assert "bleed: 3 mm past the cut" in texts[0] and "safe zone: 3 mm inside the cut" in texts[0]


def test_the_same_tables_give_the_same_bytes_and_init_copies_the_example(tmp_path):
    templates = write_deck(tmp_path / "templates", cards_54()[:9])
    for out in ("one", "two"):
        result = cli("sheets", "--templates", str(templates), "-o", str(tmp_path / out))
        assert result.exit_code == 0, result.output
    assert (tmp_path / "one" / "sheets" / "cards-a4.pdf").read_bytes() == (tmp_path / "two" / "sheets" / "cards-a4.pdf").read_bytes()
    result = cli("init", "--game", "spreadsheet", str(tmp_path / "mine"))
    assert result.exit_code == 0, result.output
    shipped = game("spreadsheet").templates
    copied = {p.relative_to(tmp_path / "mine" / "templates") for p in (tmp_path / "mine" / "templates").rglob("*") if p.is_file()}
    assert copied == {p.relative_to(shipped) for p in shipped.rglob("*") if p.is_file()}
    assert (tmp_path / "mine" / "templates" / "art" / "night.png").read_bytes() == (shipped / "art" / "night.png").read_bytes()
    assert 'game = "spreadsheet"' in (tmp_path / "mine" / "grawlix.toml").read_text()


TOKENS = """
[kinds.tokens]
form = "token"
shape = "circle"
size = 20
table = "tokens.toml"
count_column = "count"
layout = "token"

[kinds.stalls]
form = "tile"
size = 30
table = "stalls.csv"
layout = "stall"
"""
TOKEN_LAYOUT = """
[[elements]]
type = "rectangle"
box = "bleed"
fill = "crew"

[[elements]]
type = "text"
box = "safe"
text = "{value}"
size = 14
align = "centre"
valign = "middle"
"""


def three_kinds(folder: Path) -> Path:
    """The test deck (its rulebook counts the cards) with round tokens and square stall tiles beside it."""
    templates = write_deck(folder, cards_54()[:12])
    (templates / "components.toml").write_text((templates / "components.toml").read_text() + TOKENS)
    (templates / "tokens.toml").write_text("[[rows]]\nvalue = 1\ncount = 3\n\n[[rows]]\nvalue = 2\ncount = 2\n")
    (templates / "stalls.csv").write_text("value\nFish\nTea\nKites\n")
    (templates / "layouts" / "token.toml").write_text(TOKEN_LAYOUT)
    (templates / "layouts" / "stall.toml").write_text('extends = "token"\n')
    return templates


def test_watch_rebuilds_the_kinds_a_saved_table_or_layout_draws_and_the_rulebook_that_counts_it(tmp_path):
    """Three kinds: a saved table or layout rebuilds that kind's sheets and previews only (a layout
    its kind's, and the kinds of the layouts that extend it), and the rulebook only when it names
    that kind's table; the rest of the output folder is not touched (its files' mtimes)."""
    from grawlix_print.cli.settings import Settings
    from grawlix_print.cli.watch import rebuilt
    from grawlix_print.games.spreadsheet import Spreadsheet

    templates = three_kinds(tmp_path / "templates")
    out = tmp_path / "out"
    leaflet = {"leaflet-a4.pdf", "leaflet-reading-a4.pdf", "leaflet-press-a4.pdf"}

    def saved(*names: str) -> set[str]:
        before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
        written = rebuilt(Spreadsheet(templates), out, ("a4",), Settings(), [templates / name for name in names])
        touched = {p.name for p in out.rglob("*") if p.is_file() and before.get(p) != p.stat().st_mtime_ns}
        assert touched == {item.path.name for item in written}  # what it says it wrote, and nothing else
        return {name for name in touched if name.endswith(".pdf")}

    first = {item.path.name for item in rebuilt(Spreadsheet(templates), out, ("a4",), Settings(), None)}
    pdfs = {name for name in first if name.endswith(".pdf")}
    tokens, stalls = ({name for name in pdfs if kind in name} for kind in ("tokens", "stalls"))
    assert len(tokens) == len(stalls) == 2  # each kind's card stock and its stickers
    assert pdfs == {"cards-a4.pdf", *tokens, *stalls, *leaflet}
    assert saved("tokens.toml") == tokens  # the tokens and their stickers, no rulebook
    assert saved("stalls.csv") == stalls
    assert saved("layouts/token.toml") == tokens | stalls  # the stalls' layout extends the tokens'
    assert saved("layouts/stall.toml") == stalls
    assert saved("layouts/crew.toml") == {"cards-a4.pdf"}  # the rulebook counts the cards: their layout is not its
    assert saved("cards.csv") == {"cards-a4.pdf", *leaflet}
    assert saved("leaflet.md") == leaflet
    assert saved("components.toml") == {"cards-a4.pdf", *tokens, *stalls, *leaflet}
    (templates / "leaflet.md").write_text((templates / "leaflet.md").read_text() + "\n{tokens.count} tokens.\n")
    assert saved("tokens.toml") == {*tokens, *leaflet}  # now it counts them


def test_the_rulebook_sets_the_games_own_icons_as_its_cards_do(tmp_path):
    """icons/coin.svg is :coin: on a card and {icon.coin} in the rules: the rulebook draws it among
    its words from the same file (its three filled shapes, disc, face and star, as three loops that
    cut one another out), in print and on the web; an icon the game lacks is one line naming them all."""
    import re

    templates = write_deck(tmp_path / "templates", cards_54()[:3])
    (templates / "icons").mkdir()
    shutil.copy(PROJECT / "templates" / "spreadsheet" / "icons" / "coin.svg", templates / "icons" / "coin.svg")
    _edit(templates / "leaflet.md", "{cards.count} cards.", "{cards.count} cards, each worth a {icon.coin} or a {icon.moon}.")
    result = cli("leaflet", "--templates", str(templates), "-o", str(tmp_path / "out"), "--paper", "a4")
    assert result.exit_code == 0, result.stderr
    result = cli("web", "--no-previews", "--templates", str(templates), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.stderr
    page = (tmp_path / "out" / "web" / "rules.html").read_text()
    drawn = re.findall(r'<svg class="drawn-glyph"[^>]*aria-label="(\w+)"[^>]*><path[^>]* d="([^"]+)"', page)
    assert {label for label, _ in drawn} == {"coin", "moon"}
    coin = next(d for label, d in drawn if label == "coin")
    assert coin.count("M") == 3  # the disc, its face and the star, from icons/coin.svg
    with pdfplumber.open(tmp_path / "out" / "leaflet" / "leaflet-a4.pdf") as pdf:
        text = "".join(page.extract_text() or "" for page in pdf.pages)
    assert "each worth a" in text and "icon" not in text
    _edit(templates / "leaflet.md", "{icon.coin}", "{icon.gem}")
    result = cli("leaflet", "--templates", str(templates), "-o", str(tmp_path / "out"), "--paper", "a4")
    assert result.exit_code == 1 and "no icon 'gem' for the rulebook (icons: star, moon, sun, coin;" in result.stderr


def test_a_board_of_tables_may_be_larger_than_the_paper_a_card_may_not():
    """A game of tables' board of 420 x 297 mm is read (its sheets print it in panels); a card that size
    is refused, naming the key, as no page holds it."""
    from grawlix_print.errors import StudioError
    from grawlix_print.games.spreadsheet.design import _kind

    table = {"size": [420, 297], "table": "boards.csv", "layout": "board"}
    assert _kind("boards", {**table, "form": "board"}, "components.toml: kinds.boards", Path(".")).size == (420.0, 297.0)
    with pytest.raises(StudioError, match="420 x 297 mm: no A4 or US Letter sheet holds") as refusal:
        _kind("maps", {**table, "form": "card"}, "components.toml: kinds.maps", Path("."))
    assert refusal.value.where == "components.toml: kinds.maps.size"


def test_words_set_alike_are_one_object_and_words_in_another_style_are_not():
    """A deck's texts repeat their words, and every face's words are kept while its images are made:
    a word is one object wherever it is set alike (same letters, face and lean), never shared with
    the same letters bold, italic or next to an icon, and measured as it is set."""
    from grawlix_print.games.spreadsheet.design import family, read_design
    from grawlix_print.games.spreadsheet.lettering import Line, width_em, words_of

    templates = PROJECT / "templates" / "spreadsheet"
    quicksand = family(read_design(templates).fonts, templates, "quicksand", "test")
    first = words_of("gain a coin, then gain **gain** *gain*", quicksand, {}, "first")
    later = words_of("gain\ngain", quicksand, {}, "later")
    plain, bold, italic = first[0], first[-2], first[-1]
    assert first[4] is plain and later[0] is plain and later[2] is plain and isinstance(later[1], Line)
    assert bold is not plain and bold.pieces[0].face == quicksand.bold and bold.width == width_em("gain", quicksand.bold)
    assert italic is not plain and italic.pieces[0].slant > 0 and plain.pieces[0].slant == 0
    assert plain.width == width_em("gain", quicksand.regular)
