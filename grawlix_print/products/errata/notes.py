"""``errata.toml``: what the designer says of each change, in words for players.

Without the file the errata sheet quotes each changed sentence as the new
rulebook has it. With it, each ``[[changes]]`` table puts a sentence of the
designer's in place of every change it is ``about``:

```toml
intro = "Version 1.1 makes games quicker and settles who starts."   # optional, under the title

[[changes]]
about = "hand_size"         # a rules value, a fact, a diagram (example-2), a piece (words of its
                            # name), or words of a changed sentence
text = "Each player now drafts three tiles, not four: games are a little quicker."
```

An ``about`` that names no change between the two versions is refused, naming
the file and the table, so notes written for another edition are never printed
under this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...errors import StudioError
from ...files import read_toml
from ...pieces.schema import known_keys, tables, text, where
from ...versions.compare import VERSION_FACT, Changes

NOTES_FILE = "errata.toml"


@dataclass(frozen=True)
class Note:
    """The designer's sentence for the changes ``about`` names; ``key`` is its table, for messages."""

    about: str
    text: str
    key: str


@dataclass(frozen=True)
class Notes:
    intro: str
    notes: tuple[Note, ...]


def read_notes(templates: Path) -> Notes:
    """The templates' ``errata.toml``, checked; none at all if there is no such file."""
    path = templates / NOTES_FILE
    if not path.exists():
        return Notes("", ())
    data = read_toml(path)
    source = str(path)
    known_keys(data, ("intro", "changes"), source)
    intro = text(data, "intro", source, "") if "intro" in data else ""
    found = []
    for k, entry in enumerate(tables(data, "changes", source, 0) if "changes" in data else []):
        key = f"changes[{k + 1}]"
        known_keys(entry, ("about", "text"), source, key)
        found.append(Note(text(entry, "about", source, key).strip(), text(entry, "text", source, key).strip(), key))
    return Notes(intro, tuple(found))


def covered(note: Note, changes: Changes) -> list[object]:
    """The changes ``note`` is about: rules values and facts by name, a diagram by its name, a piece
    by words of its description, a kind by its name, a sentence by its words or the facts behind it."""
    wanted = note.about.casefold()
    found: list[object] = [c for c in (*changes.rules, *changes.facts) if c.name.casefold() == wanted]
    found += [d for d in changes.diagrams if wanted in (d.key.casefold(), d.key.split(": ", 1)[-1].casefold())]
    for kind in changes.kinds:
        if kind.name.casefold() == wanted:
            found += [kind, *kind.pieces]
        else:
            found += [p for p in kind.pieces if wanted in p.name.casefold()]
    for sentence in changes.sentences:
        words = " ".join(s.text for s in (sentence.old, sentence.new) if s is not None).casefold()
        if wanted in words or wanted in (b.casefold() for b in sentence.because):
            found.append(sentence)
    return found


def check_notes(notes: Notes, changes: Changes, source: str) -> None:
    """Refuse a note about no change, naming its table and what the changes are."""
    for note in notes.notes:
        if not covered(note, changes):
            names = [c.name for c in changes.rules] + [f.name for f in changes.facts if f.name != VERSION_FACT]
            names += [d.key.split(": ", 1)[-1] for d in changes.diagrams] + [k.name for k in changes.kinds]
            listed = ", ".join(dict.fromkeys(names)) or "only sentences"
            raise StudioError(
                f"about {note.about!r} names no change from version {changes.old.version} to "
                f"{changes.new.version} (the changes are about: {listed}; or give words of a changed sentence)",
                where(source, f"{note.key}.about"),
            )
