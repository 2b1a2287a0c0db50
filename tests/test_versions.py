"""``grawlix-print diff``: two versions of a game compared (issue 41), measured on the report's files.

Every expected change comes from the edit the test itself makes (a rules value, a sentence, a
row of a table, a tile of a position), read back by this file's own means (the templates' TOML
and CSV, the position files, ``oracle``): never from the code under test.
"""

from __future__ import annotations

import csv
import json
import math
import os
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pdfplumber
import pytest

from commands import refused, run_here
from conftest import PROJECT, TEMPLATES, set_rule
from oracle import legal_locations
from tileset import TILES

SPREADSHEET = PROJECT / "templates" / "spreadsheet"
OLD_SENTENCE = "The players agree who is the **first player**."
NEW_SENTENCE = "The **first player** is chosen at random."


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1))


def grawlix_1_1(folder: Path) -> Path:
    """The built-in Grawlix, then: hand_size 3, the first player chosen at random, version 1.1."""
    shutil.copytree(TEMPLATES, folder)
    set_rule(folder, "hand_size", 3)
    edit(folder / "leaflet.md", OLD_SENTENCE, NEW_SENTENCE)
    edit(folder / "leaflet.md", 'version = "1.0"', 'version = "1.1"')
    return folder


def diff(*args: str, cwd: Path | None = None):
    return run_here("diff", *args, cwd=cwd)


def report(out: Path) -> dict:
    return json.loads((out / "diff" / "diff.json").read_text())


@pytest.fixture(scope="module")
def hand_of_three(tmp_path_factory) -> tuple[Path, dict]:
    """The done-when: the built-in game against a copy with hand_size 3 and one sentence changed."""
    root = tmp_path_factory.mktemp("hand")
    new = grawlix_1_1(root / "templates")
    result = diff(str(TEMPLATES), str(new), "-o", str(root / "out"), "--games", "4000")
    assert result.returncode == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warned) == len(set(warned)), "a panel the new text overfills is one line, not one per edition"
    return root / "out", report(root / "out")


def test_a_rule_and_a_sentence_changed_lists_exactly_those(hand_of_three):
    _, found = hand_of_three
    assert found["old"]["version"] == "1.0" and found["new"]["version"] == "1.1"
    assert found["rules"] == [{"name": "hand_size", "old": "4", "new": "3"}]
    assert {(f["name"], f["old"], f["new"]) for f in found["facts"]} == {("hand_size", "four", "three"),
                                                                          ("version", "1.0", "1.1")}  # fmt: skip
    said = {(s["old"], s["new"]): s for s in found["sentences"]}
    edited = said[("The players agree who is the first player.", "The first player is chosen at random.")]
    assert edited["edited"] and edited["because"] == [] and edited["heading"] == "Set-Up"
    drafted = [s for s in found["sentences"] if s["because"] == ["hand_size"]]
    assert len(drafted) == 1 and drafted[0]["old"].endswith("holds four tiles.") and drafted[0]["new"].endswith("holds three tiles.")
    assert not drafted[0]["edited"]
    version = [s for s in found["sentences"] if s["because"] == ["version"]]
    assert [(s["old"], s["new"]) for s in version] == [("Version 1.0", "Version 1.1")]
    assert len(found["sentences"]) == 3  # and nothing else: no sentence, diagram or piece that did not change
    assert found["diagrams"] == [] and found["pieces"] == []
    assert {f["path"] for f in found["files"]} == {"rules.toml", "leaflet.md"}
    assert found["rules_changed"] and not found["unchanged"]


def _z_test(x1: int, n1: int, x2: int, n2: int) -> float:
    """The pooled two-proportion z-test's two-sided p-value, written out again here."""
    pooled = (x1 + x2) / (n1 + n2)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2))
    return 1.0 if spread == 0 else math.erfc(abs(x1 / n1 - x2 / n2) / spread / math.sqrt(2))


def test_the_playtest_compares_both_versions_with_the_same_games(hand_of_three):
    _, found = hand_of_three
    playtest = found["playtest"]
    assert playtest["played"] and playtest["games"] == 4000 and playtest["strategies"] == ["greedy", "greedy"]
    assert playtest["old_rules"]["hand_size"] == 4 and playtest["new_rules"]["hand_size"] == 3
    old, new = playtest["old"], playtest["new"]
    rows = {r["figure"]: r for r in playtest["rows"]}
    for seat in range(2):  # each seat's win rate: the difference, its p-value and whether it is significant
        x1, x2 = round(new["seat_win_rate"][seat] * 4000), round(old["seat_win_rate"][seat] * 4000)
        p = _z_test(x1, 4000, x2, 4000)
        shown = rows[f"player {seat + 1} wins"]
        assert shown["significant"] == (p < 0.05)
        assert shown["p"] == ("< 0.001" if p < 0.001 else f"{p:.3f}")
        low, high = (float(v) for v in shown["difference_ci95"].strip("[]").split(","))
        assert low <= 100 * (x1 - x2) / 4000 <= high
    # Smaller hands empty the supply later: with three tiles each, it runs out far less often.
    supply = rows["supply runs out"]
    assert supply["significant"] and supply["difference"].startswith("-")
    # every row shows both versions' figures with their intervals
    assert all(r["old"].count("[") == 1 and r["new"].count("[") == 1 for r in playtest["rows"])


def test_the_report_shows_the_changes_on_paper_and_on_screen(hand_of_three):
    out, _ = hand_of_three
    with pdfplumber.open(out / "diff" / "diff.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
        assert all(page.width == pytest.approx(595.28, abs=0.1) for page in pdf.pages)  # A4
    flat = " ".join(text.split())
    assert "The first player is chosen at random." in flat
    assert "hand_size 4 3" in flat and "supply runs out" in flat

    class Marks(HTMLParser):
        def __init__(self):
            super().__init__()
            self.open: str | None = None
            self.found: dict[str, list[str]] = {"del": [], "ins": []}

        def handle_starttag(self, tag, attrs):
            self.open = tag if tag in self.found else self.open

        def handle_endtag(self, tag):
            self.open = None if tag == self.open else self.open

        def handle_data(self, data):
            if self.open:
                self.found[self.open].append(data)

    marks = Marks()
    marks.feed((out / "diff" / "diff.html").read_text())
    deleted, inserted = ({m.strip() for m in marks.found[tag]} for tag in ("del", "ins"))
    assert {"four", "1.0"} <= deleted and {"three", "1.1"} <= inserted
    assert "agree" in " ".join(deleted) and "chosen" in " ".join(inserted) and "random" in " ".join(inserted)


def test_the_same_versions_give_the_same_bytes(tmp_path):
    new = grawlix_1_1(tmp_path / "templates")
    made = []
    for n in range(2):  # a cold cache, then the same cache: the same three files
        out = tmp_path / f"out{n}"
        result = run_here("diff", str(TEMPLATES), str(new), "-o", str(out), "--games", "500", "-q",
                          env={"GRAWLIX_PRINT_CACHE": str(tmp_path / "cache")})  # fmt: skip
        assert result.returncode == 0, result.stderr
        made.append({name: (out / "diff" / name).read_bytes() for name in ("diff.json", "diff.html", "diff.pdf")})
    assert made[0] == made[1]


def test_unchanged_versions_give_an_empty_report(tmp_path):
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    result = diff(str(TEMPLATES), str(copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.splitlines()[0].endswith(": no changes")
    found = report(tmp_path / "out")
    assert found["unchanged"] and not found["rules_changed"]
    assert all(found[part] == [] for part in ("rules", "facts", "sentences", "diagrams", "pieces", "files"))
    assert "playtest" not in found  # nothing to play: the same rules


@pytest.mark.parametrize("version, words", [("1.0", "was not raised"), ("0.9", "older than the old version's 1.0")])
def test_a_version_not_raised_is_refused_and_nothing_written(tmp_path, version, words):
    new = grawlix_1_1(tmp_path / "templates")
    edit(new / "leaflet.md", 'version = "1.1"', f'version = "{version}"')
    line = refused(diff(str(TEMPLATES), str(new), "-o", str(tmp_path / "out")), words, "leaflet.md")
    if version == "1.0":
        assert 'set version = "1.1"' in line and "hand_size" in line
    assert not (tmp_path / "out").exists()


def test_only_a_new_version_number_is_no_change_of_the_rules(tmp_path):
    copy = tmp_path / "templates"
    shutil.copytree(TEMPLATES, copy)
    edit(copy / "leaflet.md", 'version = "1.0"', 'version = "1.0.1"')
    result = diff(str(TEMPLATES), str(copy), "-o", str(tmp_path / "out"), "--games", "0")
    assert result.returncode == 0, result.stderr
    found = report(tmp_path / "out")
    assert not found["rules_changed"] and [s["because"] for s in found["sentences"]] == [["version"]]


def test_bad_input_is_one_line_and_writes_nothing(tmp_path):
    out = tmp_path / "out"
    permutations = PROJECT / "templates" / "permutations"
    refused(diff(str(TEMPLATES), str(permutations), "-o", str(out)), "a grawlix game and the new one a permutations game")
    (tmp_path / "empty").mkdir()
    refused(diff(str(TEMPLATES), str(tmp_path / "empty"), "-o", str(out)), "no components.toml", "the new version")
    refused(diff(str(tmp_path / "nowhere"), str(TEMPLATES), "-o", str(out)), "no such templates folder", "the old version")
    broken = grawlix_1_1(tmp_path / "broken")
    edit(broken / "leaflet.md", "{hand_size} tiles", "{hand_sizes} tiles")
    refused(diff(str(TEMPLATES), str(broken), "-o", str(out)), "broken/leaflet.md:", "hand_sizes",
            "the new version", "does not build")  # fmt: skip
    refused(diff(str(broken), str(TEMPLATES), "-o", str(out)), "the old version", "does not build")
    bad_version = grawlix_1_1(tmp_path / "bad-version")
    edit(bad_version / "leaflet.md", 'version = "1.1"', 'version = "1.1 beta"')
    refused(diff(str(TEMPLATES), str(bad_version), "-o", str(out)), "version must be whole numbers between dots")
    assert not out.exists()


# --- git revisions ----------------------------------------------------------------------------------


def git(folder: Path, *args: str) -> str:
    env = {**os.environ, "GIT_AUTHOR_NAME": "d", "GIT_AUTHOR_EMAIL": "d@x", "GIT_COMMITTER_NAME": "d",
           "GIT_COMMITTER_EMAIL": "d@x", "GIT_CONFIG_GLOBAL": "/dev/null"}  # fmt: skip
    return subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True, text=True, env=env).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_one_folder_at_two_revisions(tmp_path):
    project = tmp_path / "game"
    shutil.copytree(TEMPLATES, project / "templates")
    git(project, "init", "-q")
    git(project, "add", ".")
    git(project, "commit", "-q", "-m", "1.0")
    git(project, "tag", "v1.0")
    shutil.rmtree(project / "templates")
    grawlix_1_1(project / "templates")
    git(project, "commit", "-q", "-am", "1.1")
    set_rule(project / "templates", "hand_size", 2)  # in the work tree only, not committed
    edit(project / "templates" / "leaflet.md", 'version = "1.1"', 'version = "1.2"')
    before = {p: p.read_bytes() for p in (project / "templates").rglob("*") if p.is_file()}
    status = git(project, "status", "--porcelain")

    result = diff("--rev", "v1.0..HEAD", "templates", "-o", str(tmp_path / "out"), "--games", "0", cwd=project)
    assert result.returncode == 0, result.stderr
    found = report(tmp_path / "out")
    assert found["old"] == {"version": "1.0", "templates": "v1.0:templates"}
    assert found["new"] == {"version": "1.1", "templates": "HEAD:templates"}
    assert found["rules"] == [{"name": "hand_size", "old": "4", "new": "3"}]

    result = diff("--rev", "HEAD", "-o", str(tmp_path / "out2"), "--games", "0", cwd=project)  # ./templates as it is now
    assert result.returncode == 0, result.stderr
    assert report(tmp_path / "out2")["rules"] == [{"name": "hand_size", "old": "3", "new": "2"}]
    # the work tree and the index are as they were
    assert {p: p.read_bytes() for p in (project / "templates").rglob("*") if p.is_file()} == before
    assert git(project, "status", "--porcelain") == status

    refused(diff("--rev", "v9.9..HEAD", "-o", str(tmp_path / "out3"), cwd=project), "no revision 'v9.9'")
    refused(diff("--rev", "v1.0..HEAD", str(tmp_path), "-o", str(tmp_path / "out3")), "needs a git repository")
    assert not (tmp_path / "out3").exists()


# --- diagrams ---------------------------------------------------------------------------------------


def _tiles(position: Path) -> dict[tuple[int, int], str]:
    """A position file's tiles by (row, column), read here with the TOML reader alone."""
    import tomllib

    grid = tomllib.loads(position.read_text())["grid"]
    return {(r, c): token for r, line in enumerate(grid.strip().splitlines())
            for c, token in enumerate(line.split()) if token != "."}  # fmt: skip


def test_a_tile_taken_from_an_example_changes_its_diagram(tmp_path):
    new = grawlix_1_1(tmp_path / "templates")
    position = new / "positions" / "example-2.toml"
    before = _tiles(position)
    edit(position, "O%\n", ".\n")  # the orange % at the end of the first row
    after = _tiles(position)
    (gone,) = set(before) - set(after)
    result = diff(str(TEMPLATES), str(new), "-o", str(tmp_path / "out"), "--games", "0")
    assert result.returncode == 0, result.stderr
    (changed,) = report(tmp_path / "out")["diagrams"]
    assert changed["diagram"] == "example: example-2"
    assert f"[{gone[0]}, {gone[1]}]: orange percent sign taken away" in changed["changes"]
    by_token = {t.token: t for t in TILES}
    counts = [len(legal_locations({at: by_token[token] for at, token in tiles.items()}, 6, 6)) for tiles in (before, after)]
    assert f"dotted squares: {counts[0]} -> {counts[1]}" in " ".join(changed["changes"])


# --- a game of tables and a plug-in ---------------------------------------------------------------


def test_a_data_game_that_lost_a_row_and_changed_a_cost(tmp_path):
    new = tmp_path / "templates"
    shutil.copytree(SPREADSHEET, new)
    with (SPREADSHEET / "cards.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    kept = [row for row in rows if row["name"] != "Rain Clouds"]
    for row in kept:
        if row["name"] == "Moon Cakes":
            row["cost"] = "4"
    with (new / "cards.csv").open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(kept)
    edit(new / "leaflet.md", 'version = "0.1"', 'version = "0.2"')
    result = diff(str(SPREADSHEET), str(new), "-o", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    found = report(tmp_path / "out")
    (cards,) = [k for k in found["pieces"] if k["kind"] == "cards"]
    counted = [sum(int(r["count"] or 1) for r in table) for table in (rows, kept)]
    assert cards["count"] == counted and cards["designs"] == [len(rows), len(kept)]
    removed = [p for p in cards["pieces"] if p["new"] is None]
    changed = [p for p in cards["pieces"] if p["old"] and p["new"]]
    assert [p["old"].split(" (")[0] for p in removed] == ["Rain Clouds"]
    assert [p["new"].split(" (")[0] for p in changed] == ["Moon Cakes"]
    assert "its face" in changed[0]["changes"] and "4 coins" in changed[0]["new"] and "3 coins" in changed[0]["old"]
    assert not any(p["old"] is None for p in cards["pieces"])  # nothing added
    assert ("cards.count", "nineteen", "eighteen") in {(f["name"], f["old"], f["new"]) for f in found["facts"]}
    assert found["playtest"] == {"played": False, "why": "no playtest: spreadsheet cannot be playtested yet: it offers no players "
                                 "(a Playtester, see grawlix_print/playtest/protocol.py)"}  # fmt: skip


def test_a_plug_in_game_with_fewer_stones(tmp_path):
    """examples/sowing-stones, installed as pip would: its rules live in components.toml's [rules]."""
    from plugins import registered

    package = PROJECT / "examples" / "sowing-stones"
    old = package / "sowing_stones" / "templates"
    new = tmp_path / "templates"
    shutil.copytree(old, new)
    edit(new / "components.toml", "stones = 4", "stones = 3")
    edit(new / "leaflet.md", 'version = "0.1"', 'version = "0.2"')
    # with three stones a pit, the fourth pit reaches the store: the claim about the third is gone
    edit(new / "leaflet.md", "{check sowing the third pit first gives a second turn}Sowing the third pit", "Sowing the fourth pit")
    edit(new / "leaflet.md", "[position: 3]", "[position: 4]")
    with registered(package, tmp_path / "metadata"):
        result = diff(str(old), str(new), "-o", str(tmp_path / "out"), "--games", "2000")
    assert result.returncode == 0, result.stderr
    found = report(tmp_path / "out")
    assert found["rules"] == [{"name": "stones", "old": "4", "new": "3"}]
    facts = {f["name"]: (f["old"], f["new"]) for f in found["facts"]}
    assert facts["stones"] == ("four", "three") and facts["total"] == ("forty-eight", "thirty-six")  # 2 x 6 pits
    shown = {d["diagram"]: d for d in found["diagrams"]}  # every board holds fewer stones; the third pit's is gone
    assert shown["position: position"]["changes"] == ["its picture (its words for a reader who cannot see it are the same)"]
    assert shown["position: position-3"]["new"] is None and shown["position: position-4"]["old"] is None
    (stones,) = [k for k in found["pieces"] if k["kind"] == "stones"] or [None]
    assert stones is None or stones["count"] == [48, 36]
    assert found["playtest"]["played"] and found["playtest"]["strategies"] == ["greedy", "greedy"]


def test_the_guides_python_sample_runs(tmp_path, monkeypatch):
    """docs/rule-changes.md's sample, on the guide's own worked example (Grawlix 1.1)."""
    import re

    page = (PROJECT / "docs" / "rule-changes.md").read_text()
    (sample,) = re.findall(r"```python\n(.*?)```", page, re.DOTALL)
    shutil.copytree(TEMPLATES, tmp_path / "v1.0" / "templates")
    grawlix_1_1(tmp_path / "v1.1" / "templates")
    monkeypatch.chdir(tmp_path)
    space: dict = {}
    exec(sample, space)
    assert space["report"]["rules"] == [{"name": "hand_size", "old": "4", "new": "3"}]
    assert space["report"]["playtest"]["games"] == 2000
