"""Two versions' lists lined up: what stayed, what was replaced by what, what went and what came.

``difflib`` finds the runs that are equal; in a run replaced by another, each
old item is paired with the new item most like it (in order, at least
``alike`` by ``SequenceMatcher.ratio`` of their keys), so a sentence or a card
that changed a word reads as changed, not as one removed and one added.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from difflib import SequenceMatcher
from typing import TypeVar

T = TypeVar("T")


def aligned(old: Sequence[T], new: Sequence[T], key: Callable[[T], str], alike: float,
            in_place: bool = False) -> list[tuple[T | None, T | None]]:  # fmt: skip
    """Every item of both lists once, in order: (old, new) pairs, (old, None) for an item that went,
    (None, new) for one that came. With ``in_place``, a run replaced by as many new items is paired
    item by item however unlike they are (a sentence rewritten where it stood is that sentence
    changed); a card removed and another added are two cards, not one changed."""
    matcher = SequenceMatcher(None, [key(item) for item in old], [key(item) for item in new], autojunk=False)
    pairs: list[tuple[T | None, T | None]] = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal" or (in_place and i2 - i1 == j2 - j1):
            pairs += list(zip(old[i1:i2], new[j1:j2]))
        else:
            replaced: list[tuple[T | None, T | None]] = _paired(old[i1:i2], new[j1:j2], key, alike)
            pairs += replaced
    return pairs


def _paired(old: Sequence[T], new: Sequence[T], key: Callable[[T], str], alike: float) -> list[tuple[T | None, T | None]]:
    """A run of old items replaced by a run of new ones, paired as alike as they go."""
    pairs: list[tuple[T | None, T | None]] = []
    start = 0
    for a in old:
        scores = [(SequenceMatcher(None, key(a), key(b), autojunk=False).ratio(), k) for k, b in enumerate(new[start:], start)]
        best, at = max(scores, key=lambda s: (s[0], -s[1]), default=(0.0, -1))
        if best < alike:
            pairs.append((a, None))
            continue
        pairs += [(None, b) for b in new[start:at]]
        pairs.append((a, new[at]))
        start = at + 1
    pairs += [(None, b) for b in new[start:]]
    return pairs
