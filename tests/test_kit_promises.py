"""Promises of the kit's build that a mutant once broke unseen: each test here fails if its check goes.

The stale-file sha256 check, the manifest's version, hidden path parts and steps
kept beside new ones that make the same file (kit/build.py).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from grawlix_print import __version__
from grawlix_print.files import Written, write_text
from grawlix_print.kit.build import Step, build_kit

import kit_standin
from conftest import TEMPLATES
from test_kit import whole_kit


def one_file(out: Path, templates: Path, name: str, text: str) -> list[Written]:
    return [Written(write_text(out / "notes" / name, text), "note", {"text": text})]


def test_a_stale_file_changed_by_hand_is_not_deleted(tmp_path):
    """A file an earlier build made, then edited by its owner, is theirs now: it stays."""
    build_kit([Step("a", one_file, {"name": "a.txt", "text": "a"}),
               Step("b", one_file, {"name": "b.txt", "text": "b"})], tmp_path, TEMPLATES)  # fmt: skip
    (tmp_path / "notes" / "b.txt").write_text("my own notes")
    build_kit([Step("a", one_file, {"name": "a.txt", "text": "a"}),
               Step("b", one_file, {"name": "c.txt", "text": "c"})], tmp_path, TEMPLATES)  # fmt: skip
    assert (tmp_path / "notes" / "b.txt").read_text() == "my own notes"
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [f["path"] for f in manifest["files"]] == ["notes/a.txt", "notes/c.txt"]


def test_an_unchanged_stale_file_is_deleted(tmp_path):
    """The other side of the same check: a stale file still as built goes."""
    build_kit([Step("b", one_file, {"name": "b.txt", "text": "b"})], tmp_path, TEMPLATES)
    build_kit([Step("b", one_file, {"name": "c.txt", "text": "c"})], tmp_path, TEMPLATES)
    assert not (tmp_path / "notes" / "b.txt").exists()


def test_a_manifest_of_another_version_is_not_trusted(tmp_path):
    kit_standin_steps = kit_standin.steps("old", 2)
    build_kit(kit_standin_steps, tmp_path, TEMPLATES)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["version"] == __version__
    manifest["version"] = "0.0.0-other"
    (tmp_path / "manifest.json").write_text(json.dumps(manifest))
    notes: list[str] = []
    outcomes = build_kit(kit_standin_steps, tmp_path, TEMPLATES, on_note=notes.append)
    assert not any(o.reused for o in outcomes)
    assert notes == [f"{tmp_path / 'manifest.json'} ignored (made by another version of grawlix-print): "
                     "every step is built anew"]  # fmt: skip
    assert whole_kit(tmp_path) == {"old"}


def test_a_hidden_path_in_the_manifest_is_never_used(tmp_path):
    """A path with a hidden part (.git/..., notes/.keep) is not ours: the manifest is refused, the file kept."""
    for hidden in (".keep", "notes/.keep", ".staging/x"):
        out = tmp_path / hidden.replace("/", "_")
        build_kit(kit_standin.steps("old", 1), out, TEMPLATES)
        victim = out / hidden
        victim.parent.mkdir(parents=True, exist_ok=True)
        victim.write_text("keep me")
        manifest = json.loads((out / "manifest.json").read_text())
        digest = hashlib.sha256(b"keep me").hexdigest()
        manifest["steps"]["gone"] = {"key": "k", "files": [{"path": hidden, "kind": "x", "params": {}, "sha256": digest}]}
        (out / "manifest.json").write_text(json.dumps(manifest))
        notes: list[str] = []
        outcomes = build_kit(kit_standin.steps("old", 1), out, TEMPLATES, on_note=notes.append)
        assert "ignored" in notes[0] and not any(o.reused for o in outcomes), hidden
        if hidden != ".staging/x":  # the staging folder is the build's own, emptied by every build
            assert victim.read_text() == "keep me", hidden


def test_a_kept_step_that_shares_a_file_with_the_new_build_is_dropped(tmp_path):
    """An earlier step not in this build is kept only if none of its files is one this build makes."""
    build_kit([Step("old", one_file, {"name": "shared.txt", "text": "old"}),
               Step("other", one_file, {"name": "other.txt", "text": "other"})], tmp_path, TEMPLATES)  # fmt: skip
    build_kit([Step("new", one_file, {"name": "shared.txt", "text": "new"})], tmp_path, TEMPLATES)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert sorted(manifest["steps"]) == ["new", "other"]  # "other" kept whole, "old" not
    paths = [f["path"] for f in manifest["files"]]
    assert sorted(paths) == ["notes/other.txt", "notes/shared.txt"] and len(paths) == len(set(paths))
    assert (tmp_path / "notes" / "shared.txt").read_text() == "new"
    assert whole_kit(tmp_path) == {"new", "other"}
