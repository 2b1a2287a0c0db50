"""The kit machinery on small stand-in steps: staging, re-use, interruption, atomic files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grawlix_print.errors import GrawlixError
from grawlix_print.files import Written, atomic_path, write_text
from grawlix_print.kit.build import Step, build_kit

from conftest import TEMPLATES

CALLS: list[str] = []


def note_step(out: Path, templates: Path, text: str) -> list[Written]:
    CALLS.append(text)
    path = write_text(out / "notes" / f"{text}.txt", text)
    return [Written(path, "note", {"text": text})]


def failing_step(out: Path, templates: Path, error: str) -> list[Written]:
    write_text(out / "notes" / "half.txt", "written before the failure")
    if error == "interrupt":
        raise KeyboardInterrupt
    raise GrawlixError("this step fails", "somewhere.toml")


def test_atomic_path_keeps_the_old_file_when_interrupted(tmp_path):
    target = tmp_path / "file.pdf"
    target.write_bytes(b"good")
    with pytest.raises(KeyboardInterrupt):
        with atomic_path(target) as temporary:
            temporary.write_bytes(b"half")
            raise KeyboardInterrupt
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["file.pdf"]


def test_steps_are_reused_until_their_options_change(tmp_path):
    CALLS.clear()
    steps = [Step("a", note_step, {"text": "a"}), Step("b", note_step, {"text": "b"})]
    first = build_kit(steps, tmp_path, TEMPLATES)
    assert [o.reused for o in first] == [False, False] and CALLS == ["a", "b"]
    second = build_kit(steps, tmp_path, TEMPLATES)
    assert [o.reused for o in second] == [True, True] and CALLS == ["a", "b"]
    changed = [steps[0], Step("b", note_step, {"text": "c"})]
    third = build_kit(changed, tmp_path, TEMPLATES)
    assert [o.reused for o in third] == [True, False] and CALLS == ["a", "b", "c"]
    # b.txt belonged to the old step b only: it is gone, and the manifest says so.
    assert sorted(p.name for p in (tmp_path / "notes").iterdir()) == ["a.txt", "c.txt"]
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert [f["path"] for f in manifest["files"]] == ["notes/a.txt", "notes/c.txt"]


def test_a_file_changed_by_hand_is_rebuilt(tmp_path):
    CALLS.clear()
    steps = [Step("a", note_step, {"text": "a"})]
    build_kit(steps, tmp_path, TEMPLATES)
    (tmp_path / "notes" / "a.txt").write_text("edited")
    (outcome,) = build_kit(steps, tmp_path, TEMPLATES)
    assert not outcome.reused and (tmp_path / "notes" / "a.txt").read_text() == "a"


@pytest.mark.parametrize("error", ["grawlix", "interrupt"])
def test_failure_or_interrupt_leaves_everything_as_it_was(tmp_path, error):
    build_kit([Step("a", note_step, {"text": "a"})], tmp_path, TEMPLATES)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    steps = [Step("a", note_step, {"text": "new"}), Step("x", failing_step, {"error": error})]
    with pytest.raises(KeyboardInterrupt if error == "interrupt" else GrawlixError):
        build_kit(steps, tmp_path, TEMPLATES)
    after = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    assert after == before
    assert not (tmp_path / ".staging").exists()
