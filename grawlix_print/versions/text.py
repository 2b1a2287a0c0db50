"""What the rulebook says, sentence by sentence, and which sentences two versions say differently.

The text compared is the text players read: each version's rulebook as built,
every placeholder filled with that version's facts and every condition
decided, cut into sentences and lined up (``align``). A changed sentence is then told apart by
why it changed: its words follow from facts that changed (``four tiles``
became ``three tiles`` because ``hand_size`` did), or the designer edited it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from pathlib import Path

from ..drawing.text import Break, Inline, Span, plain
from ..rulebook import Block, Heading, ListItem, Paragraph, RulebookText
from .align import aligned

ALIKE = 0.5
"""How alike (``SequenceMatcher.ratio``) an old and a new sentence must be to count as one sentence
changed; less alike, they are one removed and one added."""
WORDS = re.compile(r"\s+|\d+(?:[.,]\d+)*|\w+(?:['’-]\w+)*|[^\w\s]")
"""A number (``1.0``, ``10,000``), a word (with its apostrophes and hyphens), a space, or a mark of
punctuation: what a change of words is made of (on paper, ``sheet.emphasised``; on screen, ``html``)."""
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"'’”)]?\s+(?=[\"'‘“(]?[A-Z0-9])")
"""Where a sentence ends: after . ! or ? (and a closing quote or bracket), before a capital or figure."""


@dataclass(frozen=True)
class Sentence:
    """One sentence as a reader finds it: its words, the heading it stands under (or its section's
    name), the file and line of the paragraph it is part of, and its words as styled text (bold,
    glyphs: what a sheet sets)."""

    text: str
    heading: str
    source: str
    line: int
    runs: Inline = field(default=(), compare=False, repr=False)
    printed: bool = True
    """Whether the printed rulebook says it (False: the web edition's own text, ``web.md``)."""

    @property
    def where(self) -> str:
        """``leaflet.md:146``; a sentence the game wrote itself (a web gallery's, line 0) names its file alone."""
        return f"{self.source}:{self.line}" if self.line > 0 else self.source


@dataclass(frozen=True)
class SentenceChange:
    """A sentence changed (``old`` and ``new``), removed (``new`` None) or added (``old`` None).

    ``because`` names the facts whose change explains it (``hand_size``), ``edited`` whether the
    designer changed the words themselves (its paragraph in the template is not what it was).
    """

    old: Sentence | None
    new: Sentence | None
    because: tuple[str, ...] = ()
    edited: bool = True

    @property
    def heading(self) -> str:
        return (self.new or self.old).heading  # type: ignore[union-attr]

    @property
    def printed(self) -> bool:
        """Whether the printed rulebook says it (not only the web edition)."""
        return (self.new or self.old).printed  # type: ignore[union-attr]


def sentences(rulebook: RulebookText | None, web: Sequence[Block] = (), web_source: str = "") -> list[Sentence]:
    """The rulebook's sentences in reading order (headings are one each), then the web edition's own."""
    found: list[Sentence] = []
    if rulebook is not None:
        for section in rulebook.sections:
            found += _of_blocks(section.blocks, f"{section.name}", rulebook.source, True)
    found += _of_blocks(web, "web edition", web_source, False)
    return found


def _of_blocks(blocks: Iterable[Block], section: str, source: str, printed: bool) -> list[Sentence]:
    found: list[Sentence] = []
    heading = above = section
    for block in blocks:
        if isinstance(block, Heading):
            words = " ".join(plain(block.text, " ").split())
            if block.level < 3:
                above = heading = words
            else:  # a sub-heading's words are found under its section's: "Set-Up, Notes"
                heading = f"{above}, {words}"
            found.append(Sentence(words, heading, source, block.line, block.text, printed))
        elif isinstance(block, (Paragraph, ListItem)):
            found += [Sentence(" ".join(plain(runs, " ").split()), heading, source, block.line, runs, printed)
                      for runs in split_sentences(block.text)]  # fmt: skip
    return found


def split_sentences(text: Inline) -> list[Inline]:
    """A paragraph's sentences, each its own styled text (a line break counts as a space)."""
    flat = plain(text, " ")
    cuts = [(m.start(), m.end()) for m in _SENTENCE_END.finditer(flat)]
    bounds = [(start, end) for start, end in zip([0] + [e for _, e in cuts], [s for s, _ in cuts] + [len(flat)])]
    return [runs for start, end in bounds if (runs := _between(text, start, end)) and plain(runs).strip()]


def _between(text: Inline, start: int, end: int) -> Inline:
    """The pieces of ``text`` from character ``start`` to ``end`` of its plain words, spaces at the ends dropped."""
    found: list[Span] = []
    at = 0
    for piece in text:
        words = piece.text if isinstance(piece, Span) else " "
        low, high = max(start, at), min(end, at + len(words))
        if low < high:
            part = words[low - at:high - at]
            found.append(replace(piece, text=part) if isinstance(piece, Span) else Span(part))
        at += len(words)
    if found:
        found[0] = replace(found[0], text=found[0].text.lstrip())
        found[-1] = replace(found[-1], text=found[-1].text.rstrip())
    return tuple(f for f in found if f.text)


def sentence_changes(old: Sequence[Sentence], new: Sequence[Sentence], facts: Mapping[str, tuple[str, str]],
                     folders: tuple[Path, Path]) -> list[SentenceChange]:  # fmt: skip
    """Every sentence the new version says differently, in reading order; ``facts`` maps each fact
    that changed to its old and new words, to tell why a sentence changed; ``folders`` are the two
    templates folders, where each sentence's paragraph is looked up."""
    templates = _Templates(*folders)
    return [_why(a, b, facts, templates) for a, b in aligned(old, new, lambda s: s.text, ALIKE, in_place=True)
            if a is None or b is None or a.text != b.text]  # fmt: skip


def _why(old: Sentence | None, new: Sentence | None, facts: Mapping[str, tuple[str, str]],
         templates: _Templates) -> SentenceChange:  # fmt: skip
    """Why a sentence changed: the facts that explain it, else whether its template was edited (a
    sentence whose paragraph the other version's template holds as it is was not edited: an
    ``{if}`` decided otherwise, or a fact worded anew)."""
    if old is not None and new is not None:
        because = explained(old.text, new.text, facts)
        if because:
            return SentenceChange(old, new, because, edited=False)
        return SentenceChange(old, new, (), edited=templates.paragraph(old) != templates.paragraph(new))
    shown = new if new is not None else old
    assert shown is not None
    kept = templates.paragraph(shown) in templates.paragraphs(templates.other(shown))
    return SentenceChange(old, new, (), edited=not kept)


def word_changes(old: str, new: str, most: int = 3) -> list[str]:
    """Where two texts' words differ, in words: ``“3” -> “4”``, ``“Rain Clouds ...” taken out``, at most
    ``most`` places (then how many more)."""
    a, b = WORDS.findall(old), WORDS.findall(new)
    found = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        gone, came = "".join(a[i1:i2]).strip(), "".join(b[j1:j2]).strip()
        if tag == "equal" or not (gone or came):
            continue
        found.append(f"\u201c{gone}\u201d taken out" if not came else f"\u201c{came}\u201d put in" if not gone
                     else f"\u201c{gone}\u201d -> \u201c{came}\u201d")  # fmt: skip
    return found[:most] + ([f"and {len(found) - most} more"] if len(found) > most else [])


def explained(old: str, new: str, facts: Mapping[str, tuple[str, str]]) -> tuple[str, ...]:
    """The facts whose new words, put in place of their old ones in ``old``, make ``new`` (none if
    no such change of facts makes it). A sentence's first letter may be a capital either way."""
    used: list[str] = []
    text = old
    for name, (was, now) in sorted(facts.items(), key=lambda f: -len(f[1][0])):
        if not was or was == now:
            continue
        pattern = re.compile(rf"(?<!\w){re.escape(was)}(?!\w)", re.IGNORECASE if len(was) > 1 else 0)
        replaced = pattern.sub(lambda m: _cased(now, m.group(0)), text)
        if replaced != text:
            text = replaced
            used.append(name)
    return tuple(used) if used and text == new else ()


def _cased(words: str, like: str) -> str:
    """``words`` with a capital first letter if ``like`` has one (a fact at a sentence's start)."""
    if like[:1].isupper() and words[:1].islower():
        return words[:1].upper() + words[1:]
    return words


# --- the templates' own paragraphs ----------------------------------------------------------------


class _Templates:
    """The two versions' template files, read once each: where a sentence's paragraph is found."""

    def __init__(self, old: Path, new: Path) -> None:
        self.folders = (old, new)
        self._read: dict[str, str] = {}

    def text(self, path: str) -> str:
        if path not in self._read:
            try:
                self._read[path] = Path(path).read_text(encoding="utf-8").replace("\r\n", "\n") if path else ""
            except (OSError, UnicodeDecodeError):
                self._read[path] = ""
        return self._read[path]

    def other(self, sentence: Sentence) -> str:
        """The other version's file of the same name as the one ``sentence`` was read from."""
        source = Path(sentence.source)
        for mine, theirs in (self.folders, self.folders[::-1]):
            if source.is_relative_to(mine):
                return str(theirs / source.relative_to(mine))
        return ""

    def paragraph(self, sentence: Sentence) -> str:
        """The template's paragraph a sentence was made from (its lines from the block's first to the
        next blank one), its spacing made plain: equal in two versions when the designer left it alone."""
        taken = []
        for line in self.text(sentence.source).split("\n")[sentence.line - 1:]:
            if not line.strip() or line.startswith(":::"):
                break
            taken.append(line)
        return " ".join(" ".join(taken).split())

    def paragraphs(self, path: str) -> set[str]:
        parts = re.split(r"\n\s*\n|\n:::[^\n]*\n", self.text(path))
        return {" ".join(part.split()) for part in parts if part.strip()}
