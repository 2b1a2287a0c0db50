"""Permutations as a designer starts it: `init`'s editable copy of the templates, built whole with `all`
(the one cold Permutations kit of the suite, so a file of its own)."""

from __future__ import annotations

from test_permutations_rulebook import TEMPLATES, edit, reading_text
from test_permutations_rulebook import installed as run


def test_init_gives_editable_templates_that_build(tmp_path):
    result = run("init", "--game", "permutations", str(tmp_path / "game"))
    assert result.returncode == 0, result.stderr
    templates = tmp_path / "game" / "templates"
    for name in ("components.toml", "rules.toml", "leaflet.md", "examples/scoring.toml"):
        assert (templates / name).read_bytes() == (TEMPLATES / name).read_bytes()
    edit(templates / "leaflet.md", "lasts about half an hour", "lasts about forty minutes")
    # Every product on one paper (A4): each paper's files are its own products' tests'.
    result = run("all", "--templates", str(templates), "-o", str(tmp_path / "out"), "--paper", "a4", "--quiet")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "out" / "leaflet" / "leaflet-a4.pdf").is_file()
    assert [p.name for p in (tmp_path / "out").rglob("*.pdf") if "-letter-" in p.name or "-letter." in p.name] == []
    assert (tmp_path / "out" / "web" / "rules.html").is_file()
    products = {p.name for p in (tmp_path / "out").iterdir() if p.is_dir()}
    assert products == {"leaflet", "sheets", "boxes", "web", "images", "print-on-demand", "previews"}  # every product it has
    assert "lasts about forty minutes" in reading_text(tmp_path / "out" / "leaflet" / "leaflet-reading-a4.pdf")[1]
