"""A designer's tables: one row per piece, read from CSV, XLSX or TOML into plain text cells.

A deck kept in a spreadsheet is saved as CSV (with whatever delimiter and
encoding the spreadsheet chose), kept as the workbook itself (XLSX, one named
sheet per kind), or written by hand as TOML. Whichever it is, the game sees a
``Table``: a header of column names and rows of text cells, each row with its
number as the designer sees it (the spreadsheet's own row number: the header
is row 1) and its first cell, so every message can say
``cards.csv: row 7 (Lantern): cost: ...``.
"""

from __future__ import annotations

import csv
import datetime
import io
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import StudioError
from ...files import read_bytes, parse_toml

MAX_TABLE_BYTES = 16 << 20
"""A deck of a few thousand rows is a few hundred kilobytes; a workbook with pictures more."""
MAX_ROWS = 10_000
DELIMITERS = (",", ";", "\t", "|")
"""What spreadsheets write between cells: a comma, a semicolon where the comma is the decimal mark,
a tab (``.tsv``), or a bar."""
ENCODINGS = ("utf-8", "cp1252")
"""UTF-8 (any spreadsheet's "CSV UTF-8"), then Windows-1252 (Excel's plain "CSV" on Windows), which
reads any byte but five; a byte-order mark says UTF-8 or UTF-16 outright."""


@dataclass(frozen=True)
class Row:
    """One row: its number in the file (a spreadsheet's row number) and its cells by column name."""

    number: int
    cells: dict[str, str]
    first: str
    """Its first column's value: what the designer calls the row (``Lantern``)."""

    def label(self, source: str) -> str:
        """``cards.csv: row 7 (Lantern)``: where a message about this row points."""
        named = f" ({self.first})" if self.first.strip() else ""
        return f"{source}: row {self.number}{named}"


@dataclass(frozen=True)
class Table:
    """A header and its rows; ``source`` names the file (and sheet) for messages."""

    source: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]

    def column(self, name: str) -> str | None:
        """The column called ``name`` as the header spells it (case and outer spaces aside), or None."""
        wanted = column_key(name)
        return next((c for c in self.columns if column_key(c) == wanted), None)

    def require(self, name: str, where: str) -> str:
        """The column ``name``, or one line naming ``where`` and the columns there are."""
        found = self.column(name)
        if found is None:
            raise StudioError(f"no column {name!r} in {self.source} (its columns: {', '.join(self.columns)})", where)
        return found


def column_key(name: str) -> str:
    """How a column's name is compared: ``Cost``, ``cost`` and `` cost `` are one column."""
    return " ".join(name.split()).casefold()


def read_table(path: Path, shown: str, sheet: str | None = None) -> Table:
    """The table in ``path`` (``shown`` is how messages name it): CSV or TSV, XLSX (``sheet``, else the
    first), or TOML; any other kind of file is one line."""
    suffix = path.suffix.lower()
    if sheet is not None and suffix != ".xlsx":
        raise StudioError(f"sheet = {sheet!r} is for an XLSX workbook, not a {suffix or 'plain'} file", shown)
    if suffix not in (".csv", ".tsv", ".txt", ".xlsx", ".toml"):
        raise StudioError("a table is a .csv, .tsv, .xlsx or .toml file", shown)
    try:
        data = read_bytes(path, MAX_TABLE_BYTES)
    except StudioError as error:
        raise StudioError(error.what, shown) from None
    if suffix == ".xlsx":
        return read_xlsx(data, shown, sheet)
    if suffix == ".toml":
        return read_toml_rows(data, shown)
    return read_csv(data, shown)


# --- CSV -------------------------------------------------------------------------------------


def decoded(data: bytes, shown: str) -> str:
    """The file's text: a byte-order mark decides, else UTF-8, else Windows-1252."""
    if data.startswith(b"\xef\xbb\xbf"):
        candidates: tuple[str, ...] = ("utf-8-sig",)
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        candidates = ("utf-16",)
    else:
        candidates = ENCODINGS
    for encoding in candidates:
        try:
            return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")
        except UnicodeDecodeError:
            continue
    raise StudioError("cannot read: neither UTF-8 nor Windows-1252 text (save it as CSV UTF-8)", shown)


def delimiter_of(text: str) -> str:
    """The delimiter that splits the first lines into the most columns, the same number on each;
    a comma when no candidate splits the header at all (a one-column table)."""
    sample = "\n".join(text.split("\n")[:20])
    best, most = ",", 1
    for candidate in DELIMITERS:
        try:
            widths = [len(r) for r in csv.reader(io.StringIO(sample), delimiter=candidate) if any(c.strip() for c in r)]
        except csv.Error:
            continue
        if not widths or widths[0] <= most:
            continue
        steady = sum(width == widths[0] for width in widths) >= max(1, len(widths) - 1)  # the last line may be cut off
        if steady:
            best, most = candidate, widths[0]
    return best


def read_csv(data: bytes, shown: str) -> Table:
    """A CSV (or TSV) file's table: the first row is the header; blank rows are skipped; a row with
    more or fewer cells than the header, or a quote never closed, is one line naming the row."""
    text = decoded(data, shown)
    delimiter = delimiter_of(text)
    reader = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    records: list[tuple[int, list[str]]] = []
    try:
        for record in reader:
            records.append((reader.line_num, record))
            if len(records) > MAX_ROWS + 1:
                raise StudioError(f"more than {MAX_ROWS:,} rows", shown)
    except csv.Error as error:
        line = reader.line_num
        raise StudioError(f"malformed CSV ({error}); a quote opened in a cell must be closed", f"{shown}: row {line}") from None
    return _table(shown, [(number, cells) for number, cells in _numbered(records)], "cells")


def _numbered(records: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """Each record with its row number as a spreadsheet counts: the header is 1, the next record 2,
    whatever line breaks quoted cells hold."""
    return [(k + 1, cells) for k, (_, cells) in enumerate(records)]


def _table(shown: str, records: list[tuple[int, list[str]]], unit: str) -> Table:
    """A header and rows from numbered records of cells; blank records are skipped."""
    records = [(number, cells) for number, cells in records if any(cell.strip() for cell in cells)]
    if not records:
        raise StudioError("holds no header row: its first row names the columns", shown)
    (header_number, header), body = records[0], records[1:]
    columns = tuple(cell.strip() for cell in header)
    while columns and not columns[-1]:
        columns = columns[:-1]  # a spreadsheet may save empty cells past the last column
    for k, name in enumerate(columns):
        if not name:
            raise StudioError(f"column {k + 1} of the header has no name", f"{shown}: row {header_number}")
    seen: dict[str, str] = {}
    for name in columns:
        if column_key(name) in seen:
            raise StudioError(f"two columns are called {name!r}", f"{shown}: row {header_number}")
        seen[column_key(name)] = name
    rows = []
    for number, cells in body:
        while len(cells) > len(columns) and not cells[-1].strip():
            cells = cells[:-1]
        first = cells[0].strip() if cells else ""
        if len(cells) != len(columns):
            named = f" ({first})" if first else ""
            raise StudioError(
                f"has {len(cells)} {unit}, the header {len(columns)} ({', '.join(columns)}): a delimiter too many or too few?",
                f"{shown}: row {number}{named}",
            )
        rows.append(Row(number, {name: cell.strip() for name, cell in zip(columns, cells)}, first))
    if len(rows) > MAX_ROWS:
        raise StudioError(f"more than {MAX_ROWS:,} rows", shown)
    return Table(shown, columns, tuple(rows))


# --- XLSX ------------------------------------------------------------------------------------


MAX_COLUMNS = 200
"""Columns of a sheet: a deck's table has a dozen; a cell typed far out (``XFD1``) would make millions."""
MAX_UNPACKED_BYTES = 256 << 20
"""What a workbook may hold unpacked: an XLSX is a zip archive, and a small one can unpack to gigabytes."""


def read_xlsx(data: bytes, shown: str, sheet: str | None) -> Table:
    """The named sheet of a workbook (the first if none is named), each cell's value as shown text:
    whole numbers without ``.0``, a formula's last computed value (one never computed is refused,
    naming its cell), bold and italic typed in a cell as ``**bold**`` and ``*italic*``."""
    import zipfile

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, ValueError, OSError) as error:
        raise StudioError(f"cannot read: not an XLSX workbook ({error})", shown) from None
    if unpacked > MAX_UNPACKED_BYTES:
        raise StudioError(f"unpacks to {unpacked:,} bytes, more than a workbook may ({MAX_UNPACKED_BYTES:,}): save the table alone", shown)
    try:
        book = load_workbook(io.BytesIO(data), data_only=True, rich_text=True)
    except (InvalidFileException, zipfile.BadZipFile, KeyError, ValueError, TypeError, OSError) as error:
        raise StudioError(f"cannot read: not an XLSX workbook ({error})", shown) from None
    try:
        names = book.sheetnames
        chosen = names[0] if sheet is None else next((n for n in names if n.strip().casefold() == sheet.strip().casefold()), None)
        if chosen is None:
            raise StudioError(f"no sheet called {sheet!r} (its sheets: {', '.join(names)})", shown)
        where = f"{shown} [{chosen}]"
        cells = book[chosen]
        if cells.max_row > MAX_ROWS + 1:
            raise StudioError(f"more than {MAX_ROWS:,} rows (its last cell: {cells.dimensions.split(':')[-1]})", where)
        if cells.max_column > MAX_COLUMNS:
            raise StudioError(f"more than {MAX_COLUMNS:,} columns (its last cell: {cells.dimensions.split(':')[-1]})", where)
        uncomputed = _uncomputed(archive, names.index(chosen))
        records = []
        for number, row in enumerate(cells.iter_rows(), start=1):
            texts = []
            for cell in row:
                here = f"{where}: row {number}: cell {cell.coordinate}"
                if cell.value is None and cell.coordinate in uncomputed:
                    formula = f" ({uncomputed[cell.coordinate]})" if uncomputed[cell.coordinate] else ""
                    raise StudioError(
                        f"holds a formula{formula} whose value was never computed (a program wrote the file "
                        "without working it out): open and save it in a spreadsheet, or type the value", here
                    )  # fmt: skip
                texts.append(_markup(cell.value, here) if number == 1 else _styled(cell, here))
            records.append((number, texts))
    finally:
        book.close()
    return _table(where, records, "cells")


_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_RELATIONS = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}"
_PACKAGE = "{http://schemas.openxmlformats.org/package/2006/relationships}"


def _uncomputed(archive, index: int) -> dict[str, str]:
    """The cells of the ``index``-th sheet that hold a formula but no value (``<f>`` without ``<v>``,
    or with an empty one in a cell that is not text), each with its formula: what a program that
    writes formulas without computing them leaves (openpyxl, xlsxwriter), read as empty otherwise."""
    import posixpath
    import xml.etree.ElementTree as ElementTree

    try:
        book = ElementTree.fromstring(archive.read("xl/workbook.xml"))
        relations = ElementTree.fromstring(archive.read("xl/_rels/workbook.xml.rels"))
        sheets = book.findall(f"{_MAIN}sheets/{_MAIN}sheet")
        target = next(r.get("Target", "") for r in relations.iter(f"{_PACKAGE}Relationship") if r.get("Id") == sheets[index].get(f"{_RELATIONS}id"))
        path = target.lstrip("/") if target.startswith("/") else posixpath.normpath(posixpath.join("xl", target))
        found: dict[str, str] = {}
        with archive.open(path) as stream:
            for _, element in ElementTree.iterparse(stream):
                if element.tag == f"{_MAIN}c":
                    formula, value = element.find(f"{_MAIN}f"), element.find(f"{_MAIN}v")
                    text = element.get("t") == "str"  # a formula whose value is text: empty text is a value
                    if formula is not None and (value is None or (not value.text and not text)):
                        found[element.get("r", "")] = f"={formula.text}" if formula.text else ""
                    element.clear()
        return found
    except (KeyError, IndexError, StopIteration, ElementTree.ParseError, OSError, ValueError):
        return {}  # openpyxl read the sheet; whatever this cannot find, it does not refuse


def _styled(cell: Any, where: str) -> str:
    """A data cell's text with the cell's own bold or italic (Ctrl+B on the whole cell, the way most
    people make a cell bold) written as the layouts' markup, as runs typed inside it are; a number or a
    date stays as shown (its style prints nothing). Formatting that cannot print is refused. The header
    row is read plain (headings are often bold: they name columns, they print nothing)."""
    text = _markup(cell.value, where)
    if not isinstance(cell.value, str) or not text.strip():
        return text
    font = cell.font
    _refuse_unprintable(font, text, where)
    mark = ("**" if font.b else "") + ("*" if font.i else "")
    return _marked(text, mark)


def _refuse_unprintable(font: Any, text: str, where: str) -> None:
    for shown, what in ((font.u, "underlined"), (font.strike, "struck through"), (font.vertAlign, "raised or lowered")):
        if shown and shown not in ("none", "baseline"):
            raise StudioError(f"{text!r} is {what}: only bold and italic print from a cell; remove it", where)


def _marked(text: str, mark: str) -> str:
    """``text`` between ``mark`` and its mirror, the spaces round it kept outside."""
    core = text.strip()
    if not (mark and core):
        return text
    lead, trail = text[: len(text) - len(text.lstrip())], text[len(text.rstrip()) :]
    return f"{lead}{mark}{core}{mark[::-1]}{trail}"


def _markup(value: object, where: str) -> str:
    """A cell's text, bold and italic runs typed in the spreadsheet written as the layouts' markup;
    formatting that cannot print (underline, strike-through, raised or lowered text) is refused."""
    from openpyxl.cell.rich_text import CellRichText, TextBlock

    if not isinstance(value, CellRichText):
        return cell_text(value)
    parts = []
    for run in value:
        if not isinstance(run, TextBlock):
            parts.append(str(run))
            continue
        font = run.font
        _refuse_unprintable(font, run.text, where)
        parts.append(_marked(run.text, ("**" if font.b else "") + ("*" if font.i else "")))
    return "".join(parts)


def cell_text(value: object) -> str:
    """A cell's value as the sheet shows it: ``3`` not ``3.0``, a date as ``2024-05-01``, nothing for empty."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float):
        if math.isfinite(value) and value == int(value) and abs(value) < 1e15:
            return str(int(value))
        return f"{value:g}"
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, (datetime.date, datetime.time)):
        return value.isoformat()
    return str(value)


# --- TOML ------------------------------------------------------------------------------------


def read_toml_rows(data: bytes, shown: str) -> Table:
    """Rows written by hand: ``[[rows]]`` tables of ``column = value``; the columns are every key, in
    the order they first appear (the first row's first key is the first column)."""
    try:
        text = data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as error:
        raise StudioError(f"cannot read: not UTF-8 text (byte {error.start})", shown) from None
    found = parse_toml(text, shown).get("rows")
    if not isinstance(found, list) or not found or not all(isinstance(row, dict) for row in found):
        raise StudioError("holds no [[rows]] tables (each one piece: name = \"...\", count = 2...)", shown)
    if len(found) > MAX_ROWS:
        raise StudioError(f"more than {MAX_ROWS:,} rows", shown)
    columns: dict[str, None] = {}
    for row in found:
        columns.update(dict.fromkeys(row))
    records: list[tuple[int, list[str]]] = [(0, list(columns))]
    for number, row in enumerate(found, start=1):
        cells = []
        for column in columns:
            value = row.get(column)
            if isinstance(value, (dict, list)):
                raise StudioError(f"{column}: a cell holds text or a number, not {type(value).__name__}", f"{shown}: rows[{number}]")
            cells.append(cell_text(value))
        records.append((number, cells))
    return _table(shown, records, "cells")
