"""`grawlix-print all`: the whole kit, its manifest, re-use, reproducibility and safe failure.

The kit is built for real (about ten seconds a build), a few times per session. The two cold
builds the reproducibility test compares run side by side, each a process of its own (the
machine's second core does the second, of the paper products on A4: the 3D set's bytes are
compared across processes in tests/test_solid_kinds.py); the rebuilds that follow run in this process.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pypdfium2
import pytest
from grawlix_print.games import game
from grawlix_print.kit.index import index_html
from grawlix_print.products import product_names

from commands import run_here
from conftest import HAS_3D, PROJECT, SKIPPED_3D, TEMPLATES

PAPER = ",".join(name for name in product_names() if name not in ("3d", "errata"))  # errata: with a previous version
"""Every product but the 3D set: the second cold build's (on A4)."""
STEPS = 15 if HAS_3D else 14
"""The kit's steps: the products' fourteen (thirteen without the 3d extra) and the kit's index."""


def start(*args: str, cwd: Path = PROJECT, env: dict | None = None) -> subprocess.Popen:
    """The installed command, started: ``.communicate()`` waits for it."""
    return subprocess.Popen(
        [sys.executable, "-m", "grawlix_print", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(PROJECT), **(env or {})},
    )


def finish(process: subprocess.Popen) -> subprocess.CompletedProcess:
    stdout, stderr = process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def grawlix(*args: str, cwd: Path = PROJECT, env: dict | None = None) -> subprocess.CompletedProcess:
    return finish(start(*args, cwd=cwd, env=env))


def here(*args: str) -> subprocess.CompletedProcess:
    """The command in this process, answered as ``grawlix`` answers: for the rebuilds of the kit, where
    what is built, kept and said is tested (the cold builds, the refusals and the plug-in's load are
    processes of their own)."""
    return run_here(*args, cwd=PROJECT)


def files_under(folder: Path) -> dict[str, str]:
    """Every file below ``folder`` (relative path -> sha256), read straight from disk."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def cold_builds(tmp_path_factory) -> tuple[Path, subprocess.CompletedProcess, subprocess.CompletedProcess]:
    """Two cold builds at once: one from a private copy of the templates (the kit the tests read and
    edit), one from the project's own (``root / "again"``, for the reproducibility test)."""
    root = tmp_path_factory.mktemp("kit")
    shutil.copytree(TEMPLATES, root / "templates")
    again = start("all", "--quiet", "--only", PAPER, "--paper", "a4", "--out", str(root / "again"),
                  "--templates", str(TEMPLATES))  # fmt: skip
    first = start("all", "--quiet", "--out", str(root / "out"), "--templates", str(root / "templates"))
    return root, finish(first), finish(again)


@pytest.fixture(scope="module")
def kit(cold_builds) -> Path:
    """A cold build from a private copy of the templates."""
    root, result, _ = cold_builds
    assert result.returncode == 0, result.stderr
    assert result.stdout == ""  # --quiet; a paper-only install notes the 3D tiles it leaves out
    assert result.stderr == ("" if HAS_3D else f"note: {SKIPPED_3D}\n")
    return root


def test_manifest_lists_every_file_with_kind_params_and_sha256(kit):
    out = kit / "out"
    manifest = json.loads((out / "manifest.json").read_text())
    on_disk = files_under(out)
    del on_disk["manifest.json"]
    listed = {entry["path"]: entry for entry in manifest["files"]}
    assert set(listed) == set(on_disk)
    for path, entry in listed.items():
        assert entry["sha256"] == on_disk[path]
        assert entry["kind"]
        assert isinstance(entry["params"], dict)


def test_every_product_and_edition_is_there(kit):
    names = set(files_under(kit / "out"))
    for paper in ("a4", "letter"):
        assert f"leaflet/leaflet-{paper}.pdf" in names
        assert f"leaflet/leaflet-reading-{paper}.pdf" in names
        for suffix in ("", "-letters", "-shapes"):
            assert f"sheets/tiles-{paper}{suffix}.pdf" in names
            assert f"sheets/stickers-{paper}{suffix}.pdf" in names
    assert {"web/rules.md", "web/rules.html", "web/diagrams/example-2.svg"} <= names


@pytest.mark.needs_3d
def test_the_kit_holds_the_3d_set(kit):
    names = set(files_under(kit / "out"))
    assert "3d/grawlix-raised-plate.stl" in names
    assert "3d/grawlix-flat-plate-1.stl" in names  # the 36 blanks over three 180 mm plates
    assert "3d/grawlix-3d-printing.txt" in names
    # per colour one-nozzle and two-filament, and the full set one file a plate (3 on 180 mm)
    assert len([n for n in names if n.startswith("3d/grawlix-raised-") and n.endswith(".3mf")]) == 15
    assert len([n for n in names if n.startswith("3d/grawlix-raised-") and n.endswith(".stl")]) == 7


def test_the_index_lists_every_file_with_what_it_is_and_how_to_print_it(kit):
    """index.html at the kit's root: every file but the previews it shows, every link and
    picture in it a file of the kit, and the printing advice the issue asks for."""
    import re
    from html import unescape

    out = kit / "out"
    page = (out / "index.html").read_text()
    links = {unescape(h) for h in re.findall(r'<a href="([^"#]+)"', page)}
    images = {unescape(s) for s in re.findall(r'<img src="([^"]+)"', page)}
    names = set(files_under(out)) - {"manifest.json", "index.html"}
    assert links == {n for n in names if not n.startswith("previews/")}
    assert images and images <= {n for n in names if n.startswith("previews/") or n.endswith(".png")}  # an image shows itself
    assert all((out / target).is_file() for target in links | images)
    text = " ".join(re.sub(r"<[^>]+>", " ", unescape(page)).split())
    for advice in ("flipping on the short edge", "flipping on the long edge", "250–300 g/m²",
                   "Full-sheet sticker paper", "actual size (100 %"):  # fmt: skip
        assert advice in text, advice
    assert ("Open it in a slicer" in text) == HAS_3D  # the 3D notes' advice, where they are in the kit
    assert "prefers-color-scheme: dark" in page and '<html lang="en">' in page


class IndexParts(HTMLParser):
    """The kit index's top-level parts in order: its sections and folded lists, each with its links
    and the files it lists (``article``), and whether it is open."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[dict] = []
        self.depth = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in ("section", "details") and self.depth == 0:
            self.parts.append({"tag": tag, "id": attrs.get("id"), "open": "open" in attrs, "links": [], "files": 0})
        if tag in ("section", "details"):
            self.depth += 1
        elif self.depth and tag == "a":
            self.parts[-1]["links"].append(attrs["href"])
        elif self.depth and tag == "article":
            self.parts[-1]["files"] += 1

    def handle_endtag(self, tag):
        if tag in ("section", "details"):
            self.depth -= 1


def test_the_index_starts_with_the_rules_and_the_sheets_and_folds_the_long_lists(kit):
    """First what most people print, on each paper: the rules' print edition and the card-stock
    sheets in each marking, with a word on choosing; then each product, its long lists folded."""
    out = kit / "out"
    page = (out / "index.html").read_text()
    parser = IndexParts()
    parser.feed(page)
    first, *lists = parser.parts
    assert first["tag"] == "section" and first["id"] == "start"
    names = set(files_under(out))
    wanted = {f"leaflet/leaflet-{paper}.pdf" for paper in ("a4", "letter")}
    wanted |= {n for n in names if re.fullmatch(r"sheets/tiles-(a4|letter)(-letters|-shapes)?\.pdf", n)}
    assert len(wanted) == 8 and set(first["links"]) == wanted and len(first["links"]) == 8
    start = page.split('<section id="start">', 1)[1].split("</section>", 1)[0]
    assert start.index("On A4") < start.index("leaflet-a4.pdf") < start.index("On US Letter") < start.index("leaflet-letter.pdf")
    assert "Plain, letters or shapes?" in start and ">letters</a>" in start and ">shapes</a>" in start
    assert lists and all(part["tag"] == "details" for part in lists)
    for part in lists:
        assert part["open"] == (part["files"] <= 6), part["id"]
    folded = {part["id"] for part in lists if not part["open"]}
    assert {"sheets", "images", "web"} <= folded and "leaflet" not in folded
    listed = sum(part["files"] for part in lists)
    assert listed == len([n for n in names if not n.startswith("previews/")]) - 2  # all but the index and manifest
    # A kit whose sheets come in one marking only (a game of tables without colours): no choice to explain.
    plain = [f for f in json.loads((out / "manifest.json").read_text())["files"]
             if f["params"].get("markings") in (None, "none")]
    one = IndexParts()
    one.feed(index_html("Plain", plain))
    assert set(one.parts[0]["links"]) == {n for n in wanted if "-letters" not in n and "-shapes" not in n}
    assert "Plain, letters or shapes?" not in index_html("Plain", plain)


def test_the_markdown_links_resolve_to_the_kits_own_files(kit):
    """The rules' Get the Game section links the leaflets, sheets and 3D notes from web/."""
    import re

    web = kit / "out" / "web"
    text = (web / "rules.md").read_text()
    relative = [t for t in re.findall(r"\]\(([^)\s]+)\)", text) if not t.startswith(("#", "http", "mailto:"))]
    outside = [t for t in relative if t.startswith("../")]
    assert len(outside) >= 9  # the index, three leaflets and two sheets a paper (and the 3D notes)
    for target in relative:
        assert (web / target).resolve().is_file(), target
    assert "../index.html" in outside
    assert any(t.startswith("../3d/") for t in outside) == HAS_3D  # a paper-only kit has no 3D notes


def test_a_preview_for_every_pdf_page_and_every_plate(kit):
    out = kit / "out"
    previews = {p.name for p in (out / "previews").iterdir()}
    expected = set()
    for pdf in out.rglob("*.pdf"):
        pages = len(pypdfium2.PdfDocument(str(pdf)))
        expected |= {f"{pdf.stem}-{page}.png" for page in range(1, pages + 1)}
    expected |= {f"{plate.stem}.png" for plate in (out / "3d").glob("*plate*.stl")}
    expected |= {f"{plate.stem}.png" for plate in (out / "3d").glob("*.3mf")}
    assert previews == expected


@pytest.mark.needs_3d
def test_plate_preview_shows_the_glyphs_in_the_accent_colour(kit):
    import numpy as np
    from PIL import Image

    def shares(name: str) -> tuple[float, float]:
        pixels = np.asarray(Image.open(kit / "out" / "previews" / name).convert("RGB")).astype(int)
        r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
        reddish = (r > 120) & (g < 80) & (b < 80)
        greyish = (abs(r - g) < 8) & (abs(g - b) < 8) & (r > 60) & (r < 230)
        return reddish.mean(), greyish.mean()

    red, grey = shares("grawlix-raised-plate.png")
    assert red > 0.03 and grey > 0.10  # raised glyphs on grey bodies
    red, grey = shares("grawlix-flat-plate-1.png")
    assert red == 0 and grey > 0.10


def test_unchanged_second_run_reuses_everything(kit):
    out = kit / "out"
    before = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    result = here("all", "--out", str(out), "--templates", str(kit / "templates"))
    assert result.returncode == 0, result.stderr
    assert f"0 built, {STEPS} unchanged" in result.stdout
    after = {p: p.stat().st_mtime_ns for p in out.rglob("*") if p.is_file()}
    changed = [p.name for p in before if before[p] != after.get(p)]
    assert changed in ([], ["manifest.json"])
    assert set(after) == set(before)


def _without_links_beyond(text: str, held: set[str]) -> str:
    """The web edition's text without the list items that link to a file of the kit outside ``held``."""
    text = re.sub(r'<li><a href="\.\./([^"]+)">.*?</li>', lambda m: m[0] if m[1] in held else "", text)
    item = re.compile(r"- \[[^\]]*\]\(\.\./([^)]+)\)")
    return "\n".join(line for line in text.splitlines() if not ((m := item.match(line)) and m[1] not in held))


def test_two_cold_builds_are_byte_identical(kit, cold_builds):
    """Every file of the second build (the paper products on A4) is the first's, byte for byte, but
    for the folder the Tabletop Simulator saved objects name (where their pictures are). The kit's
    index and manifest list what each build chose. (The kit as built: no test before this one
    changes it.)"""
    root, _, result = cold_builds
    assert result.returncode == 0 and result.stdout == "", result.stderr
    second = files_under(root / "again")
    held = set(second)
    second.pop("manifest.json"), second.pop("index.html")
    first = {name: digest for name, digest in files_under(kit / "out").items() if name in second}
    assert first.keys() == second.keys() and len(second) > 150
    assert {name.split("/")[0] for name in second} == {"leaflet", "sheets", "boxes", "web", "images",
                                                        "print-on-demand", "previews"}  # fmt: skip
    for name in ("web/rules.md", "web/rules.html"):  # each lists the files of its own kit
        texts = [_without_links_beyond((out / name).read_text(), held) for out in (kit / "out", root / "again")]
        assert texts[0] == texts[1] and "leaflet-a4.pdf" in texts[0]
        first.pop(name), second.pop(name)
    saved = [name for name in first if name.startswith("images/tts/") and name.endswith(".json")]
    assert saved
    for name in saved:
        texts = [(out / name).read_text().replace((out / "images" / "tts").resolve().as_uri(), "TTS")
                 for out in (kit / "out", root / "again")]  # fmt: skip
        assert texts[0] == texts[1] and "TTS/" in texts[0]
        first.pop(name), second.pop(name)
    assert first == second


def test_a_failing_step_leaves_the_previous_outputs_untouched(kit):
    """Break an example position: the leaflet step fails, the 3D step may well succeed."""
    out, templates = kit / "out", kit / "templates"
    before = files_under(out)
    position = templates / "positions" / "example-2.toml"
    original = position.read_text()
    position.write_text(original.replace("B@ V& .  .  .  O%", "B@ V& .  .  .  O@"))
    try:
        result = here("all", "--quiet", "--out", str(out), "--templates", str(templates))
    finally:
        position.write_text(original)
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    if not HAS_3D:  # a paper-only install first notes the 3D tiles it leaves out
        assert lines.pop(0) == f"note: {SKIPPED_3D}"
    assert len(lines) == 1 and "example-2.toml" in lines[0] and "Traceback" not in result.stderr
    assert files_under(out) == before
    leftovers = [p for p in out.rglob("*") if p.name.startswith(".") or p.suffix == ".part"]
    assert leftovers == []


def test_editing_the_leaflet_text_rebuilds_only_the_leaflet(kit):
    out, templates = kit / "out", kit / "templates"
    before = files_under(out)
    text = templates / "leaflet.md"
    original = text.read_text()
    text.write_text(original.replace("make the coffee", "brew the coffee", 1))
    try:
        result = here("all", "--out", str(out), "--templates", str(templates))
        assert result.returncode == 0, result.stderr
        assert f"3 built, {STEPS - 3} unchanged" in result.stdout  # the two leaflet steps and the web editions
        # (the index lists the same files with the same options: it stands)
        after = files_under(out)
        changed = {p for p in after if after[p] != before.get(p)}
        assert changed and all(
            p.startswith(("leaflet/", "previews/leaflet-", "web/")) or p == "manifest.json" for p in changed
        )
        # Put the text back: the next build restores the earlier bytes exactly.
        text.write_text(original)
        assert here("all", "--quiet", "--out", str(out), "--templates", str(templates)).returncode == 0
        assert files_under(out) == before
    finally:
        text.write_text(original)


def recorded_steps(kit: Path, only: list[str]) -> dict[str, dict]:
    """The parameters of the kit's steps for ``only`` under a grawlix.toml with [sheets] and [stl] tables."""
    from grawlix_print.cli.settings import load_settings
    from grawlix_print.kit.plan import kit_steps

    (kit / "grawlix.toml").write_text(
        'paper = "letter"\n[sheets]\ntile-size = "1in"\nbleed = "3mm"\n[stl]\nlayer-height = 0.12\n'
    )
    try:
        settings = load_settings(kit / "templates")
    finally:
        (kit / "grawlix.toml").unlink()
    options = {"sheets": settings.for_command("sheets"), "3d": settings.for_command("stl")}
    return {step.name: step.params["params"] for step in kit_steps(game(), only, options=options)}


def test_recorded_options_reach_the_kit(kit, tmp_path):
    """[sheets] and [stl] tables in grawlix.toml change the steps' options (and so their keys)."""
    from click.testing import CliRunner

    from grawlix_print.cli import main

    sheets = recorded_steps(kit, ["sheets"])["sheets-a4-none"]
    assert (sheets["tile_size"], sheets["bleed"]) == (pytest.approx(25.4), pytest.approx(3.0))
    assert (sheets["paper"], sheets["markings"]) == ("a4", "none")  # the paper of each step is the kit's
    (kit / "grawlix.toml").write_text("[all]\nspeed = 3\n")
    try:
        result = CliRunner().invoke(main, ["all", "--out", str(tmp_path), "--templates", str(kit / "templates")])
        assert result.exit_code == 1
        assert "unknown setting 'speed' in [all]" in result.stderr and "grawlix.toml" in result.stderr
        assert list(tmp_path.iterdir()) == []
    finally:
        (kit / "grawlix.toml").unlink()


@pytest.mark.needs_3d
def test_recorded_stl_options_reach_the_3d_step(kit):
    step = recorded_steps(kit, ["3d"])["3d"]
    credits = step.pop("credits")  # the files name them: a change to them rebuilds the 3D set
    assert credits["authors"] == list(game().front_matter.authors)
    assert step["layer_height"] == pytest.approx(0.12) and step["full_set"] is True  # the kit makes the full set


def test_single_commands_write_where_all_does(kit):
    """`leaflet` into the kit's folder replaces the kit's own files: never a second copy."""
    out = kit / "out"
    before = files_under(out)
    result = here("leaflet", "--paper", "letter", "-o", str(out), "--templates", str(kit / "templates"))
    assert result.returncode == 0, result.stderr
    assert files_under(out) == before  # same names, same bytes


@pytest.mark.needs_3d
def test_only_takes_a_products_command_name(kit):
    """`--only stl` names the 3D tiles by the command that makes them: their step (re-used: nothing
    changed) and the kit's index, no other product's."""
    out = kit / "out"
    before = files_under(out)
    result = here("all", "--only", "stl", "-o", str(out), "--templates", str(kit / "templates"))
    assert result.returncode == 0, result.stderr
    assert "0 built, 2 unchanged" in result.stdout
    after = files_under(out)
    assert [p for p in after if after[p] != before.get(p)] in ([], ["manifest.json"]) and set(after) == set(before)


def test_only_rebuilds_the_chosen_products_and_keeps_the_rest(kit):
    """The last test of the kit: it leaves the Letter leaflet built from an edited text."""
    out, templates = kit / "out", kit / "templates"
    before = files_under(out)
    listed = {f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]}
    text = templates / "leaflet.md"
    original = text.read_text()
    text.write_text(original.replace("make the coffee", "brew the coffee", 1))
    try:
        result = here("all", "--only", "leaflet", "--paper", "letter", "-o", str(out), "--templates", str(templates))
    finally:
        text.write_text(original)
    assert result.returncode == 0, result.stderr
    assert "1 built, 1 unchanged" in result.stdout  # the Letter leaflet; the index stands
    after = files_under(out)
    changed = {p for p in after if after[p] != before.get(p)} - {"manifest.json"}
    assert changed and all("letter" in p and ("leaflet/" in p or "previews/leaflet-" in p) for p in changed)
    assert set(after) == set(before)  # the other products' files are all still there...
    manifest = json.loads((out / "manifest.json").read_text())
    assert {f["path"] for f in manifest["files"]} == listed  # ...and still in the manifest


def test_unknown_product_is_one_line_and_writes_nothing(tmp_path):
    result = grawlix("all", "--only", "leaflet,poster", "-o", str(tmp_path / "out"))
    assert result.returncode == 1
    assert result.stderr == "error: --only 'poster' is not one of leaflet, errata, sheets, boxes, web, images, print-on-demand, 3d\n"
    assert not (tmp_path / "out").exists()


def test_a_paper_build_never_imports_cadquery(tmp_path):
    """`all --only leaflet,sheets --paper a4`: the A4 paper products only, and no 3D stack loaded."""
    code = (
        "import atexit, sys\n"
        f"sys.argv = ['grawlix-print', 'all', '-q', '--only', 'leaflet,sheets', '--paper', 'a4', '-o', {str(tmp_path)!r}]\n"
        "def report():\n"
        "    print('cadquery' in sys.modules, 'OCP' in sys.modules)\n"
        "atexit.register(report)  # the console script ends with the exit handlers\n"
        "from grawlix_print.cli import run\n"
        "run()\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": str(PROJECT)})  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "False False"
    folders = sorted(p.name for p in tmp_path.iterdir())
    assert folders == ["index.html", "leaflet", "manifest.json", "previews", "sheets"]
    pdfs = sorted(p.name for p in tmp_path.rglob("*.pdf"))
    assert pdfs == sorted(
        ["leaflet-a4.pdf", "leaflet-press-a4.pdf", "leaflet-reading-a4.pdf"]
        + [f"{kind}-a4{m}.pdf" for kind in ("tiles", "stickers") for m in ("", "-letters", "-shapes")]
    )


def test_built_in_products_need_no_metadata_and_no_plug_in_takes_their_names(tmp_path):
    """The built-in products are named in the package, not in its installed metadata: a process
    that sees no grawlix-print distribution at all still has every one of them (a product added
    to the package is there without a reinstall). A plug-in registering a built-in product's name
    is left out with a note, and its code is never imported."""
    site = tmp_path / "site"
    info = site / "impostor-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: impostor\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.products]\nsheets = impostor:Sheets\n")
    (site / "impostor.py").write_text("raise SystemExit('imported')\n")
    code = (
        "import importlib.metadata as m, sys\n"
        "real = m.entry_points\n"  # no distribution of ours: only the impostor's entry points remain
        "m.entry_points = lambda **kw: [p for p in real(**kw) if p.value.startswith('impostor')]\n"
        "from grawlix_print.notes import print_notes\n"
        "print_notes()\n"  # a library's notes are log records: printed as the command line prints them
        "from grawlix_print.products import products\n"
        "print(' '.join(p.name for p in products()))\n"
        "print(type(next(p for p in products() if p.name == 'sheets')).__module__)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": f"{site}{os.pathsep}{PROJECT}"})  # fmt: skip
    assert result.returncode == 0, result.stderr
    names, module = result.stdout.splitlines()
    assert sorted(names.split()) == ["3d", "boxes", "errata", "images", "leaflet", "print-on-demand", "sheets", "web"]
    assert module == "grawlix_print.products.sheets.product"
    assert result.stderr == ("note: the plug-in product sheets (impostor:Sheets) is not loaded:"
                             " a built-in product has that name\n")  # fmt: skip


def test_a_product_plug_in_that_fails_to_load_is_one_line_and_the_rest_is_built(tmp_path):
    """A package registering a product whose import fails (a half-written plug-in): asked for, it is
    one line naming it and its own file and line; listed, it is named; the kit is built without it,
    with a note."""
    site = tmp_path / "site"
    info = site / "posterkit-0.1.dist-info"  # what pip installs: the metadata and its entry point
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: posterkit\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.products]\nposter = posterkit.product:Poster\n")
    (site / "posterkit").mkdir()
    (site / "posterkit" / "__init__.py").write_text("")
    (site / "posterkit" / "product.py").write_text("from posterkit.layout import Poster\n")
    env = {"PYTHONPATH": f"{site}{os.pathsep}{PROJECT}", "GRAWLIX_PRINT_SCREENSHOTS": "off"}
    failed = ("product poster: it does not load: ModuleNotFoundError: No module named 'posterkit.layout' while it"
              f" was imported at {(site / 'posterkit' / 'product.py').resolve()}:1 (GRAWLIX_PRINT_DEBUG=1 or --debug"
              " for the traceback)")  # the one policy of every seam (registry): the plug-in's own file and line

    result = grawlix("all", "--only", "poster", "-o", str(tmp_path / "a"), env=env)
    assert result.returncode == 1 and result.stderr == f"error: {failed}\n" and not (tmp_path / "a").exists()
    listed = grawlix("games", env=env)
    assert f"error: {failed}" in listed.stderr and listed.stdout.startswith("grawlix:")
    result = grawlix("all", "--only", "leaflet,web", "--paper", "a4", "-q", "-o", str(tmp_path / "c"), env=env)
    assert result.returncode == 0 and result.stderr == ""  # named products: no word of the others
    assert (tmp_path / "c" / "leaflet" / "leaflet-a4.pdf").is_file() and (tmp_path / "c" / "web").is_dir()
    noted = subprocess.run(
        [sys.executable, "-c", "from grawlix_print.games import game; from grawlix_print.kit.plan import "
         "installed_products; kept, said = installed_products(game('permutations')); "
         "print([p.name for p in kept]); print(*said, sep='\\n')"],
        capture_output=True, text=True, env={**os.environ, **env},
    )  # fmt: skip
    assert noted.stdout.splitlines() == ["['leaflet', 'errata', 'sheets', 'boxes', 'web', 'images', 'print-on-demand']",
                                         f"{failed}: left out of the kit"]  # (errata: built only with a previous version)
