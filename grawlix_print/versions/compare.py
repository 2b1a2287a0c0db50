"""Two versions of a game compared: every change a player or the designer would want listed.

``compare`` reads nothing itself: it takes two versions as read (``sides``)
and finds what differs in each part: the rules' values, the facts the
rulebook states, its sentences, its diagrams, the pieces, and the template
files. The playtest is apart (``playtest``): it plays games, this only reads.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from ..errors import StudioError
from ..rulebook.stated import Stated
from .diagrams import DiagramChange, diagram_changes, diagrams
from .pieces import KindChange, kind_changes
from .sides import Side, same_game
from .text import SentenceChange, sentence_changes, sentences
from .values import ValueChange, changed, rules_values

VERSION_FACT = "version"
"""The fact that names the version: it changes with every edition, and says nothing of the rules."""
MOST_TEMPLATE_FILES = 20_000
PLAIN = ("", "capital")
"""The filters that leave a fact's words as they are (``capital`` only raises the first letter)."""


@dataclass(frozen=True)
class FileChange:
    """A file of the templates folder that was added, removed or changed."""

    path: str
    status: str  # "added", "removed", "changed"


@dataclass(frozen=True)
class Changes:
    """Everything that differs between two versions of one game (none: the same game)."""

    old: Side
    new: Side
    rules: tuple[ValueChange, ...]
    facts: tuple[ValueChange, ...]
    sentences: tuple[SentenceChange, ...]
    diagrams: tuple[DiagramChange, ...]
    kinds: tuple[KindChange, ...]
    files: tuple[FileChange, ...]

    @property
    def empty(self) -> bool:
        return not (self.rules or self.facts or self.sentences or self.diagrams or self.kinds or self.files)

    @property
    def rules_changed(self) -> bool:
        """Whether anything a player reads or plays with changed: what must raise the version. A new
        version number alone (and the sentence that prints it) is no change of the rules."""
        facts = [f for f in self.facts if f.name != VERSION_FACT]
        text = [s for s in self.sentences if s.because != (VERSION_FACT,)]
        return bool(self.rules or facts or text or self.diagrams or self.kinds)

    def summary(self) -> str:
        """The changes counted in a few words: ``hand_size, 2 sentences and 1 diagram``."""
        from ..facts.wording import join_words

        parts = [", ".join(change.name for change in self.rules)] if self.rules else []
        facts = [f for f in self.facts if f.name != VERSION_FACT]
        text = [s for s in self.sentences if s.because != (VERSION_FACT,)]
        for count, word in ((len(text), "sentence"), (len(facts), "fact"), (len(self.diagrams), "diagram"),
                            (sum(len(k.pieces) or 1 for k in self.kinds), "piece")):  # fmt: skip
            if count:
                parts.append(f"{count} {word}{'s' if count != 1 else ''}")
        return join_words(parts) if parts else "nothing"


def compare(old: Side, new: Side) -> Changes:
    """What the new version changed from the old (both of one game: else one line)."""
    same_game(old, new)
    rules = changed(rules_values(old.game), rules_values(new.game))
    facts = fact_changes(old.stated, new.stated)
    forms = fact_forms(old.stated, new.stated)
    said = sentence_changes(sentences(old.rulebook, old.web, _web_source(old)),
                            sentences(new.rulebook, new.web, _web_source(new)), forms, (old.folder, new.folder))  # fmt: skip
    pictures = diagram_changes(diagrams(old.rulebook, old.web), diagrams(new.rulebook, new.web))
    kinds = kind_changes(old.kinds, new.kinds)
    files = file_changes(old.folder, new.folder)
    return Changes(old, new, tuple(rules), tuple(facts), tuple(said), tuple(pictures), tuple(kinds), tuple(files))


def _web_source(side: Side) -> str:
    from ..games.base import WEB_FILE

    return str(side.folder / WEB_FILE)


def _first_words(stated: tuple[Stated, ...]) -> tuple[dict[str, str], dict[str, str]]:
    """Each fact the text states, once, as it is first stated plainly (without a filter, where it is
    ever stated so): its words, and where."""
    chosen: dict[str, Stated] = {}
    for fact in stated:
        current = chosen.get(fact.name)
        if current is None or (current.filter not in PLAIN and fact.filter in PLAIN):
            chosen[fact.name] = fact
    return {n: f.words for n, f in chosen.items()}, {n: f.where for n, f in chosen.items()}


def fact_changes(old: tuple[Stated, ...], new: tuple[Stated, ...]) -> list[ValueChange]:
    """The facts stated differently (or stated by one version only), in the new text's order."""
    was, _ = _first_words(old)
    now, where = _first_words(new)
    return changed(was, now, where)


def fact_forms(old: tuple[Stated, ...], new: tuple[Stated, ...]) -> dict[str, tuple[str, str]]:
    """Every form in which both versions state a fact differently (``tiles`` in words, ``tiles|digits``
    in figures), each with its old and new words: what may explain a sentence's change."""
    def forms(stated: tuple[Stated, ...]) -> dict[str, str]:
        found: dict[str, str] = {}
        for fact in stated:
            found.setdefault(f"{fact.name}|{fact.filter}" if fact.filter else fact.name, fact.words)
        return found

    was, now = forms(old), forms(new)
    return {name: (was[name], now[name]) for name in now if name in was and was[name] != now[name]}


def file_changes(old: Path, new: Path) -> list[FileChange]:
    """The template files added, removed or changed (by their bytes), by path."""
    before, after = _digests(old), _digests(new)
    found = [FileChange(path, "added" if path not in before else "changed")
             for path in sorted(after) if before.get(path) != after[path]]  # fmt: skip
    found += [FileChange(path, "removed") for path in sorted(before) if path not in after]
    return sorted(found, key=lambda f: f.path)


def folder_digest(folder: Path) -> str:
    """One hash of every file of a templates folder, names and bytes: a version's identity."""
    return hashlib.sha256(repr(sorted(_digests(folder).items())).encode()).hexdigest()


def _digests(folder: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    for root, dirs, names in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in names:
            path = Path(root) / name
            if name.startswith(".") or not path.is_file():
                continue
            if len(found) >= MOST_TEMPLATE_FILES:
                raise StudioError(f"more than {MOST_TEMPLATE_FILES:,} files: no templates folder holds so many", str(folder))
            try:
                found[path.relative_to(folder).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as error:
                raise StudioError(f"cannot read: {error.strerror or error}", str(path)) from None
    return found
