"""Two versions of one game compared: what a rule change changed, for the designer and for players.

``read_side`` reads a version (a templates folder, or one as a git revision
had it: ``checkout``) as a build would, ``compare`` finds every change (rules
values, the rulebook's facts and sentences, diagrams, pieces, files),
``played`` plays both with the same seeds, and ``report``, ``html`` and
``pdf`` write what ``grawlix-print diff`` prints; the errata sheet (the
``errata`` product) is made from the same changes. A version whose rules
changed must have a higher version number (``check_version``). Above the
games, below the products: it reads any game through the registry, and
knows none.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import StudioError
from ..front_matter import version_number

if TYPE_CHECKING:
    from .compare import Changes


def raised(version: str) -> str:
    """The next version after ``version``: its last number one up (``1.0`` -> ``1.1``)."""
    parts = version.split(".")
    return ".".join([*parts[:-1], str(int(parts[-1]) + 1)])


def check_version(changes: Changes) -> None:
    """Refuse, in one line naming the new version's rulebook, a new version whose rules changed but
    whose version number is not higher than the old one's."""
    from ..games.base import RULEBOOK_FILE

    old, new = changes.old.version, changes.new.version
    if not changes.rules_changed or version_number(new) > version_number(old):
        return
    where = str(changes.new.folder / RULEBOOK_FILE)
    if version_number(new) < version_number(old):
        raise StudioError(f"version {new} is older than the old version's {old}: are the old and new versions the "
                          "wrong way round?", where)  # fmt: skip
    raise StudioError(f"version {new} was not raised, but the rules changed from version {old} ({changes.summary()}): "
                      f'set version = "{raised(old)}" in the front matter', where)  # fmt: skip
