"""The two versions compared: each a game bound to a templates folder, read whole before anything is compared.

A version is a folder (a designer's copy of last year's templates) or a folder
as a git revision had it: ``git archive`` writes that revision's copy into a
temporary folder, never touching the work tree. Each version is read as a
build reads it (components, pieces, the rulebook and the web edition's own
text), so a version that would not build is refused here, in one line naming
which version and why, before a report is made.
"""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import Problems, StudioError, gathered

if TYPE_CHECKING:
    from ..games.base import Game
    from ..pieces.kinds import PieceKind
    from ..rulebook import Block, RulebookText
    from ..rulebook.stated import Stated

GIT_SECONDS = 60
"""How long one git command may take: a templates folder is small, a hung one is refused."""
MOST_ARCHIVE_BYTES = 256 << 20
"""A revision's templates folder larger than this is no templates folder."""


@dataclass(frozen=True)
class Side:
    """One version as it was read: its ``role`` (``old`` or ``new``), where it came from as the
    report names it (``shown``), its game, pieces, rulebook and the facts its text states.

    ``rulebook`` is None for a game with no rules to print (``no_rules`` says why), the same in
    both versions: a rulebook that one version can read and the other cannot is a version that
    does not build.
    """

    role: str
    shown: str
    game: Game
    kinds: tuple[PieceKind, ...]
    rulebook: RulebookText | None
    web: tuple[Block, ...]
    stated: tuple[Stated, ...]
    no_rules: str = ""

    @property
    def version(self) -> str:
        return self.rulebook.meta.version if self.rulebook is not None else self.game.front_matter.version

    @property
    def folder(self) -> Path:
        return self.game.templates


def read_side(folder: Path, role: str, shown: str | None = None) -> Side:
    """The version in ``folder``, read and checked; every fault one line naming the version."""
    from ..games import game as find_game

    shown = shown or str(folder)
    try:
        game = find_game(templates=folder)
    except StudioError as error:
        raise _not_built(error, role, shown) from None
    return side_of(game, role, shown)


def side_of(game: Game, role: str, shown: str) -> Side:
    """``game`` (bound to a version's templates) read and checked, as a build reads it."""
    from ..rulebook.stated import listening

    try:
        game.check()
        kinds = game.piece_kinds()
    except StudioError as error:
        raise _not_built(error, role, shown) from None
    rulebook: RulebookText | None = None
    web: tuple[Block, ...] = ()
    no_rules = ""
    with listening() as heard:
        try:
            rulebook = game.rulebook()
        except Problems as several:
            raise _not_built(several, role, shown) from None
        except StudioError as error:
            no_rules = str(error)  # a game with no rules to print, unless the other version has some
        try:
            if rulebook is not None:
                gathered(rulebook.problems)
                web = game.web_sections(rulebook)
        except StudioError as error:
            raise _not_built(error, role, shown) from None
    return Side(role, shown, game, kinds, rulebook, web, tuple(heard), no_rules)


def _not_built(error: StudioError, role: str, shown: str) -> StudioError:
    """A version's fault as one line: which version, and its first problem (the build lists them all)."""
    more = len(error.problems) - 1 if isinstance(error, Problems) else 0
    first = error.problems[0] if isinstance(error, Problems) else error
    also = f"; {more} more problem{'s' if more != 1 else ''}: its leaflet's build lists them all" if more else ""
    return StudioError(f"{first.what} (the {role} version, {shown}, does not build{also})", first.where)


def same_game(old: Side, new: Side) -> None:
    """Refuse two versions of different games, or where one version has rules to read and the other not."""
    if old.game.name != new.game.name:
        raise StudioError(
            f"the old version is a {old.game.name} game and the new one a {new.game.name} game: "
            f"diff compares two versions of one game ({old.shown}, {new.shown})"
        )
    for side, other in ((old, new), (new, old)):
        if side.rulebook is None and other.rulebook is not None:
            raise StudioError(f"{side.no_rules} (the {side.role} version, {side.shown}, does not build)")


# --- git revisions ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Revisions:
    """``--rev A..B``: the old revision and the new one (None: the folder as it is now)."""

    old: str
    new: str | None

    @classmethod
    def parse(cls, text: str) -> Revisions:
        """``A..B``, ``A..`` or ``A`` (both of these: A against the work tree)."""
        old, dots, new = text.strip().partition("..")
        if not old.strip() or new.startswith("."):
            raise StudioError(f"--rev {text!r}: give the revisions as OLD..NEW (v1.0..v1.1), OLD.. or OLD")
        return cls(old.strip(), new.strip() or None)


def _git(folder: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    """A git command in ``folder``; no git, or a git that hangs, is one line."""
    git = shutil.which("git")
    if git is None:
        raise StudioError("--rev needs git, and git is not installed")
    try:
        return subprocess.run([git, "-C", str(folder), *args], capture_output=True, timeout=GIT_SECONDS,
                              text=not binary, env={**os.environ, "GIT_TERMINAL_PROMPT": "0"})  # fmt: skip
    except subprocess.TimeoutExpired:
        raise StudioError(f"git {args[0]} took more than {GIT_SECONDS} s", str(folder)) from None
    except OSError as error:
        raise StudioError(f"cannot run git: {error.strerror or error}", str(folder)) from None


def _first_line(data: str | bytes) -> str:
    text = data.decode(errors="replace") if isinstance(data, bytes) else data
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    return lines[0].removeprefix("fatal: ") if lines else "git said nothing"


def checkout(folder: Path, revision: str, into: Path) -> Path:
    """``folder`` as ``revision`` had it, written into ``into`` (a new folder, somewhere temporary);
    the work tree and the index are never touched."""
    if not folder.is_dir():
        raise StudioError("no such folder" if not folder.exists() else "not a folder", str(folder))
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top.returncode != 0:
        raise StudioError(f"--rev needs a git repository, and this folder is in none ({_first_line(top.stderr)})",
                          str(folder))  # fmt: skip
    prefix = _git(folder, "rev-parse", "--show-prefix").stdout.strip().rstrip("/")
    found = _git(folder, "rev-parse", "--verify", "--quiet", "--end-of-options", f"{revision}^{{commit}}")
    if found.returncode != 0:
        raise StudioError(f"--rev: no revision {revision!r} in the repository at {top.stdout.strip()}")
    commit = found.stdout.strip()
    tree = f"{commit}:{prefix}" if prefix else f"{commit}^{{tree}}"
    archive = _git(Path(top.stdout.strip()), "archive", "--format=tar", tree, binary=True)  # paths from the top
    if archive.returncode != 0:
        raise StudioError(f"--rev: the folder {prefix or '.'} did not exist at {revision}", str(folder))
    if len(archive.stdout) > MOST_ARCHIVE_BYTES:
        raise StudioError(f"--rev: the folder at {revision} holds more than {MOST_ARCHIVE_BYTES >> 20} MiB: "
                          "no templates folder is so large", str(folder))  # fmt: skip
    into.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")  # no links out of the folder, no absolute paths
    return into
