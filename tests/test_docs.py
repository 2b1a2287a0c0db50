"""The README and the documentation site (mkdocs.yml, docs/): the README stays short and its
commands are the ones CI runs, its links lead to pages that are there, and the site builds with
every warning an error and every link leading somewhere."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path

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
