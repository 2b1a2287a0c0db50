"""The README and the documentation site (mkdocs.yml, docs/): the README stays short and its
commands are the ones CI runs, its links lead to pages that are there, and the site builds with
every warning an error and every link leading somewhere."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import click
import pytest

from conftest import PROJECT

README = PROJECT / "README.md"
DOCS = PROJECT / "docs"
CI = PROJECT / ".ci" / "run"

TEST_COMMAND = 'pip install ".[3d,test]" && python -m pytest'
SITE_COMMAND = 'pip install ".[docs]" && mkdocs build --strict'


def load_hooks():
    """docs/hooks/site.py, the site's own hooks (a file MkDocs loads by path, not a module)."""
    spec = importlib.util.spec_from_file_location("site_hooks", DOCS / "hooks" / "site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def heading_anchors(page: Path) -> set[str]:
    """The anchors of a page's headings as Python-Markdown's toc makes them (written independently
    of it: NFKD to ASCII, drop what is not a word character, space or hyphen, runs to one hyphen)."""
    anchors = set()
    fence = False
    for line in page.read_text().splitlines():
        fence ^= line.startswith("```")
        heading = None if fence else re.match(r"#{1,6} (.*)", line)
        if heading:
            text = unicodedata.normalize("NFKD", heading.group(1)).encode("ascii", "ignore").decode()
            text = re.sub(r"[^\w\s-]", "", text).strip().lower()
            anchors.add(re.sub(r"[-\s]+", "-", text))
    return anchors


def test_readme_is_short_and_its_commands_are_the_ones_ci_runs():
    text = README.read_text()
    assert len(text.splitlines()) <= 200
    ci = CI.read_text()
    for command in (TEST_COMMAND, SITE_COMMAND):
        assert f"```sh\n{command}\n```" in text, command
        assert command in ci, command
    assert 'pip install ".[3d]" && grawlix-print all' in text


def test_readme_names_the_three_jobs_as_headings():
    """What a newcomer looks for first, each a heading of its own near the top."""
    headings = re.findall(r"^## (.*)$", README.read_text(), re.MULTILINE)
    assert headings[:4] == ["Set up", "Print a paper set", "Change the rules and regenerate", "Bring your own game"]


def test_readme_links_lead_to_files_and_headings_that_are_there():
    links = re.findall(r"\]\(([^)]+)\)", README.read_text())
    local = [link for link in links if not re.match(r"[a-z]+:", link)]
    assert len(local) > 20
    for link in local:
        path, _, anchor = link.partition("#")
        target = PROJECT / path
        assert target.is_file(), link
        if anchor:
            assert anchor in heading_anchors(target), link


def test_readme_links_every_page_of_the_site():
    """The README is the way in: each page of docs/ is one link away from it."""
    linked = {Path(link.partition("#")[0]) for link in re.findall(r"\]\((docs/[^)]+\.md[^)]*)\)", README.read_text())}
    pages = {page.relative_to(PROJECT) for page in DOCS.glob("*.md")} - {Path("docs/index.md")}
    assert pages <= linked, sorted(pages - linked)


def test_table_pipes_are_unescaped_only_inside_code_in_tables():
    hooks = load_hooks()
    text = "| `--paper a4\\|letter` | a \\| b |\n`x\\|y` outside a table"
    assert hooks.unescape_table_pipes(text) == "| `--paper a4|letter` | a \\| b |\n`x\\|y` outside a table"


def test_link_check_finds_missing_files_and_anchors(tmp_path):
    hooks = load_hooks()
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "index.html").write_text('<h1 id="options">Options</h1><a href="#options">here</a>'
                                                 '<a href="#gone">gone</a> <a href="/kit/#options">from the top</a>')
    (tmp_path / "index.html").write_text('<a href="kit/">kit</a> <a href="kit/#options">options</a>'
                                         ' <a href="kit/#nope">nope</a> <img src="shot.png">'
                                         ' <a href="https://example.org/x">out</a> <a href="/missing/">top</a>')
    assert sorted(hooks.broken_links(tmp_path)) == [
        "index.html: /missing/: no such file in the site",
        "index.html: kit/#nope: no anchor #nope there",
        "index.html: shot.png: no such file in the site",
        "kit/index.html: #gone: no anchor #gone there",
    ]


@pytest.fixture(scope="module")
def built_site(tmp_path_factory):
    """The site built as the README says, into a folder of its own."""
    pytest.importorskip("mkdocs", reason='the site needs the docs extra: pip install ".[docs]"')
    pytest.importorskip("material", reason='the site needs the docs extra: pip install ".[docs]"')
    site = tmp_path_factory.mktemp("site")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)], cwd=PROJECT,
                          capture_output=True, text=True, timeout=120, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    return site, done


def test_site_builds_with_warnings_as_errors(built_site):
    site, done = built_site
    assert done.returncode == 0, done.stderr
    assert "WARNING" not in done.stderr, done.stderr
    assert (site / "index.html").is_file() and (site / "writing-a-game" / "index.html").is_file()


def test_every_page_is_in_the_site(built_site):
    """A page written into docs/ is built and reachable (mkdocs.yml's validation: a page left out
    of the nav is a warning, which --strict refuses)."""
    site, _ = built_site
    for page in DOCS.glob("*.md"):
        built = site / "index.html" if page.stem == "index" else site / page.stem / "index.html"
        assert built.is_file(), page.name


# --- the generated references -----------------------------------------------------------------


def load_reference():
    spec = importlib.util.spec_from_file_location("reference_hooks", DOCS / "hooks" / "reference.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def toy_product(options_class):
    """A product of the tests' own, with the options it is given (the third user of the seam)."""
    from grawlix_print.products.base import Product

    class ToyPoster(Product):
        name = "toy-poster"
        summary = "A poster of the pieces."
        description = "A poster of every piece, to hang on a wall."
        heading = "Posters"
        options = options_class

        def offers(self, game):
            return True

        def jobs(self, game, papers, options, kit=()):
            return []

        def run(self, game, out, params):
            return []

    return ToyPoster()


def section(page: str, heading: str) -> str:
    """The text of one section (``## heading``) of a generated page."""
    return page.split(f"\n## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_an_option_added_to_a_product_appears_on_the_command_and_settings_pages(monkeypatch):
    from dataclasses import dataclass

    from grawlix_print.cli import main
    from grawlix_print.cli.products import command_for
    from grawlix_print.options import LENGTH, setting

    reference = load_reference()

    @dataclass(frozen=True)
    class Before:
        margin: float = setting(5.0, "White paper round the poster.", LENGTH)

    @dataclass(frozen=True)
    class After:
        margin: float = setting(5.0, "White paper round the poster.", LENGTH)
        gloss_level: int = setting(3, "How glossy the poster's finish is, from 0 to 9.", click.IntRange(0, 9))

    pages = {}
    for options in (Before, After):
        monkeypatch.setitem(main.commands, "toy-poster", command_for(toy_product(options)))
        pages[options] = (section(reference.commands_page(), "`grawlix-print toy-poster`"),
                          section(reference.settings_page(), "`[toy-poster]`"))
    before_commands, before_settings = pages[Before]
    after_commands, after_settings = pages[After]
    assert "`--margin LENGTH` | `5mm` | White paper round the poster." in before_commands
    assert "gloss" not in before_commands + before_settings
    assert "| `--gloss-level INTEGER RANGE` | `3` | How glossy the poster's finish is, from 0 to 9." in after_commands
    assert "| `gloss-level` | `INTEGER RANGE` | `3` | How glossy the poster's finish is, from 0 to 9." in after_settings
    assert "A poster of every piece, to hang on a wall." in after_commands


def test_an_option_added_to_a_command_appears_on_the_command_and_settings_pages(monkeypatch):
    from grawlix_print.cli import main

    reference = load_reference()

    @click.command("toy-count", help="Count the pieces.")
    @click.option("--by-colour", is_flag=True, help="One count per colour.")
    def toy_count(by_colour):
        pass

    monkeypatch.setitem(main.commands, "toy-count", toy_count)
    assert "| `--by-colour` |  | One count per colour. |" in section(reference.commands_page(), "`grawlix-print toy-count`")
    assert "| `by-colour` | true or false |  | One count per colour. |" in section(reference.settings_page(), "`[toy-count]`")
    toy_count.params.append(click.Option(["--at-least"], type=int, default=1, show_default=True, help="Leave out rarer pieces."))
    assert "| `--at-least INTEGER` | `1` | Leave out rarer pieces. |" in section(reference.commands_page(), "`grawlix-print toy-count`")
    assert "| `at-least` | `INTEGER` | `1` | Leave out rarer pieces. |" in section(reference.settings_page(), "`[toy-count]`")


def test_the_command_page_lists_every_command_and_option_there_is():
    """Every command ``--help`` lists (the built-in games' own too), with every option it shows."""
    from grawlix_print.cli import main

    page = load_reference().commands_page()
    top = click.Context(main, info_name="grawlix-print")
    for name in main.list_commands(top):
        command = main.get_command(top, name)
        text = section(page, f"`grawlix-print {name}`")
        ctx = click.Context(command, info_name=name, parent=top)
        for param in command.get_params(ctx):
            record = param.get_help_record(ctx)
            if record is not None:
                assert f"| `{record[0]}` |" in text, (name, record[0])


def test_the_layout_element_page_is_the_element_classes_own_declarations(monkeypatch, tmp_path):
    """The page lists what each type's class declares, the keys the layout parser takes: a key
    added to a class is taken in a layout and on the page at once."""
    from grawlix_print.errors import StudioError
    from grawlix_print.games.spreadsheet.elements import COMMON_KEYS, ELEMENTS
    from grawlix_print.games.spreadsheet.layouts import read_layout

    def rows(text: str) -> tuple[str, ...]:
        return tuple(re.findall(r"^\| `([a-z_]+)` \|", text, re.MULTILINE))

    reference = load_reference()
    page = reference.layout_elements_page()
    assert rows(page.split("\n## ", 1)[0]) == tuple(COMMON_KEYS)
    assert re.findall(r"^## `([a-z]+)`$", page, re.MULTILINE) == list(ELEMENTS.built_in)
    for name in ELEMENTS.built_in:
        kind = ELEMENTS.load(name)
        assert rows(section(page, f"`{name}`")) == tuple(kind.keys), name
        assert kind.summary[1:] in section(page, f"`{name}`")
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "dot.toml").write_text('[[elements]]\ntype = "circle"\nfill = "red"\nglow = 2\n')
    with pytest.raises(StudioError, match="glow"):
        read_layout(tmp_path, "dot", "k", (20.0, 20.0))
    circle = type(ELEMENTS.load("circle"))
    monkeypatch.setattr(circle, "keys", {**circle.keys, "glow": "a soft light round it"})
    assert read_layout(tmp_path, "dot", "k", (20.0, 20.0)).elements[0].type == "circle"
    assert "| `glow` | a soft light round it |" in section(reference.layout_elements_page(), "`circle`")


def test_the_built_site_has_the_generated_references(built_site):
    site, done = built_site
    assert done.returncode == 0, done.stderr
    commands = (site / "reference" / "commands" / "index.html").read_text()
    assert 'id="grawlix-print-sheets"' in commands and "--tile-size" in commands
    assert "stock-thickness" in (site / "reference" / "settings" / "index.html").read_text()
    assert "min_size" in (site / "reference" / "layout-elements" / "index.html").read_text()


OPTION_TABLES = {"3d-printing.md": "stl", "boxes.md": "boxes", "images.md": "images", "kit.md": "all",
                 "leaflet.md": "leaflet", "print-on-demand.md": "on-demand", "sheets.md": "sheets"}
"""The guide's pages whose tables of options are written by hand, and the command each is about."""
WHERE_NOT_HOW = {"out", "game", "templates", "help"}  # every command's; the reference lists them


@pytest.mark.parametrize("page", sorted(OPTION_TABLES))
def test_a_pages_option_table_names_the_commands_options_and_no_others(page):
    """The guide's own tables say more than --help (why, when, file names); their first column is
    held to the command: a renamed, removed or new option shows up here."""
    from grawlix_print.cli import main

    top = click.Context(main, info_name="grawlix-print")
    command = main.get_command(top, OPTION_TABLES[page])
    flags = {flag for p in command.params for flag in (*p.opts, *p.secondary_opts)}
    rows = [line.split("|")[1] for line in (DOCS / page).read_text().splitlines() if line.startswith("| `-")]
    named = {flag for row in rows for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", row)}
    assert rows and named <= flags, sorted(named - flags)
    wanted = {p.opts[-1] for p in command.params
              if isinstance(p, click.Option) and not p.hidden and p.name not in WHERE_NOT_HOW}
    assert wanted <= named, sorted(wanted - named)


def test_a_broken_link_stops_the_build_even_when_it_is_quiet(tmp_path):
    """``mkdocs build --strict -q`` (the quiet build a hook may run) hides warnings from --strict's
    count; the link check stops it itself."""
    pytest.importorskip("mkdocs", reason='the site needs the docs extra: pip install ".[docs]"')
    pytest.importorskip("material", reason='the site needs the docs extra: pip install ".[docs]"')
    shutil.copytree(DOCS, tmp_path / "docs")
    shutil.copy(PROJECT / "mkdocs.yml", tmp_path)
    with (tmp_path / "docs" / "licence.md").open("a") as page:
        page.write('\n<a href="../nowhere/">a page that is not there</a>\n')
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(tmp_path / "site")],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(PROJECT)})
    assert done.returncode != 0
    assert "1 broken links in the site (the first: licence/index.html: ../nowhere/: no such file" in done.stderr
