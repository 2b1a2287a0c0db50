"""Playtest figures in the rules' text: {playtest.KEY} in both games' leaflets, played only when the text
asks, cached under a key of the rules and the code, the same bytes build after build, and a rules change
played again and quoted anew."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
from conftest import PROJECT, set_rule
from pypdf import PdfReader

from grawlix_print.errors import StudioError
from grawlix_print.facts.wording import in_words
from grawlix_print.games import game
from grawlix_print.products.leaflet.build import build_leaflet
from grawlix_print.playtest import quotable

GAMES = PROJECT / "grawlix_print" / "games"


def copied(tmp_path: Path, name: str) -> Path:
    folder = tmp_path / name / "templates"
    shutil.copytree(PROJECT / "templates" / name, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def reading(out: Path, paper: str = "a4") -> str:
    pages = PdfReader(out / f"leaflet-reading-{paper}.pdf").pages
    return " ".join(" ".join(page.extract_text().split()) for page in pages)


def cached_quotes() -> set[str]:
    return {p.name for p in Path(os.environ["GRAWLIX_PRINT_CACHE"]).glob("playtest-*.json")}


@pytest.fixture
def no_playing(monkeypatch):
    """Fail any test that would play games for a quote (after this fixture is asked for)."""

    def refuse(*args):
        raise AssertionError("played games for a quote")

    monkeypatch.setattr(quotable, "_play", refuse)


def test_the_dummies_page_quotes_how_often_a_dummy_wins_against_random_players(tmp_path):
    permutations = game("permutations")
    build_leaflet(permutations, tmp_path / "a", "a4")
    quotes = permutations.text_facts.quotes
    two, four = quotes.figure("dummy_wins_percent"), quotes.figure("dummy_wins_percent", 4)
    assert isinstance(two, int) and isinstance(four, int) and 50 < four < two <= 100
    figures = quotable.quotable_figures(permutations.playtester(), 10_000, 2026, "random", 2)
    assert figures["dummy_wins_percent"] == two and figures["games"] == 10_000
    text = reading(tmp_path / "a")
    assert f"a dummy wins {two} two-player games in 100, and {four} four-player games" in text
    # Played by the playtest's own runner: the same as the command's figure for those games.
    from grawlix_print.playtest.report import Run, report
    from grawlix_print.playtest.runner import InlineExecutor, Job, Pool, run

    job = Job(permutations.playtester(), 2, ("random", "random"), 10_000, 2026)
    record = report(Run(job, run(job, Pool(InlineExecutor(), 1))))
    assert round(100 * record["dummy_win_rate"]["random"]) == two


def test_the_grawlix_leaflet_quotes_the_typical_game_length(tmp_path):
    grawlix = game("grawlix")
    build_leaflet(grawlix, tmp_path, "a4")
    turns = grawlix.text_facts.quotes.figure("median_turns")
    assert 15 < turns < 36  # a game places at most the 36 tiles
    assert f"Most games last about {in_words(turns)} turns." in reading(tmp_path)


def test_a_second_build_reads_the_cache_and_gives_the_same_bytes(tmp_path, monkeypatch):
    build_leaflet(game("permutations"), tmp_path / "first", "a4")
    monkeypatch.setattr(quotable, "_play", lambda *args: pytest.fail("played again"))
    build_leaflet(game("permutations"), tmp_path / "second", "a4")  # a new Game: no memory but the cache
    for name in ("leaflet-a4.pdf", "leaflet-reading-a4.pdf"):
        assert (tmp_path / "first" / name).read_bytes() == (tmp_path / "second" / name).read_bytes()


def test_a_rules_change_is_played_again_and_quoted_anew(tmp_path):
    """One point a star, not two: dummies, who collect the lowest cards (the stars), win less often."""
    build_leaflet(game("permutations"), tmp_path / "before", "a4")
    before = cached_quotes()
    templates = copied(tmp_path, "permutations")
    edit(templates / "rules.toml", "star_points = 2", "star_points = 1")
    changed = game("permutations", templates)
    build_leaflet(changed, tmp_path / "after", "a4")
    new_entries = cached_quotes() - before
    assert len(new_entries) == 2  # two and four players, each under a key of its own
    designer = game("permutations").text_facts.quotes.figure("dummy_wins_percent")
    assert changed.text_facts.quotes.figure("dummy_wins_percent") < designer
    found = re.search(r"a dummy wins (\d+) two-player games", reading(tmp_path / "after"))
    assert found and int(found.group(1)) == changed.text_facts.quotes.figure("dummy_wins_percent")


def test_the_grawlix_quote_follows_rules_toml(tmp_path):
    """A seven-by-seven grid leaves more room: games last longer, and the leaflet says so."""
    templates = copied(tmp_path, "grawlix")
    set_rule(templates, "max_rows", 7)
    set_rule(templates, "max_columns", 7)
    larger = game("grawlix", templates)
    turns = larger.text_facts.quotes.figure("median_turns")
    assert turns > game("grawlix").text_facts.quotes.figure("median_turns")
    build_leaflet(larger, tmp_path / "out", "a4")
    assert f"Most games last about {in_words(turns)} turns." in reading(tmp_path / "out")


def test_a_text_that_quotes_nothing_plays_nothing(tmp_path, no_playing):
    for name, words in (("permutations", "{playtest.4.dummy_wins_percent|digits}"),
                        ("grawlix", "{playtest.median_turns}")):  # fmt: skip
        templates = copied(tmp_path, name)
        edit(templates / "leaflet.md", words, "many")
        if name == "permutations":
            edit(templates / "leaflet.md", "{playtest.dummy_wins_percent|digits}", "many")
        build_leaflet(game(name, templates), tmp_path / name / "out", "a4")


def test_quotes_list_every_figure_they_give():
    for name, players in (("grawlix", None), ("permutations", None), ("permutations", 4), ("permutations", 5)):
        quotes = game(name).text_facts.quotes
        figures = quotable.quotable_figures(quotes.playtester(), quotes.games, quotes.seed, quotes.strategy, players)
        assert set(quotes.names(players)) == set(figures), (name, players)
    assert "dummy_wins_percent" not in quotes.names(5)  # five players: no dummies
    mean = quotes.figure("mean_points")  # a figure with a decimal comes as its digits
    assert isinstance(mean, str) and float(mean) == quotable.quotable_figures(
        quotes.playtester(), quotes.games, quotes.seed, quotes.strategy)["mean_points"]


def test_an_unknown_quote_is_one_line_naming_the_file_and_line(tmp_path):
    templates = copied(tmp_path, "permutations")
    edit(templates / "leaflet.md", "{playtest.4.dummy_wins_percent|digits}", "{playtest.4.dummy_wins}")
    with pytest.raises(StudioError) as caught:
        build_leaflet(game("permutations", templates), tmp_path / "out", "a4")
    message = str(caught.value)
    assert "leaflet.md:" in message and "unknown placeholder {playtest.4.dummy_wins}" in message
    assert "playtest.dummy_wins_percent" in message and "\n" not in message
    edit(templates / "leaflet.md", "{playtest.4.dummy_wins}", "{playtest.5.dummy_wins_percent}")
    with pytest.raises(StudioError, match="unknown placeholder {playtest.5.dummy_wins_percent}"):
        build_leaflet(game("permutations", templates), tmp_path / "out", "a4")
    edit(templates / "leaflet.md", "{playtest.5.dummy_wins_percent}", "{playtest.7.dummy_wins_percent}")
    with pytest.raises(StudioError, match="played by 2, 3, 4 or 5 players, not 7"):
        build_leaflet(game("permutations", templates), tmp_path / "out", "a4")
