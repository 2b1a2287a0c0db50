"""The errata sheet, as a product: what changed since the previous version, one page for players.

It needs the previous version's templates folder (``--previous PATH``, or
``previous = "PATH"`` in ``grawlix.toml``, a path from that file's folder);
without one it makes nothing, and says why only when asked for by name. The
kit's index and manifest record both versions of each sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...options import FOLDER, NO_FOLDER, setting
from ...papers import PAPERS, paper_size
from ..base import ACTUAL_SIZE, PREVIEWS, Entry, Job, Planned, Product

if TYPE_CHECKING:
    from ...files import Written
    from ...games.base import Game


@dataclass(frozen=True)
class ErrataOptions:
    previous: str | None = setting(
        None, "The previous version's templates folder (a copy of the rules as players have them): the sheet "
        "lists what changed since (none: no errata sheet). In grawlix.toml, a path from that file's folder.", FOLDER,
        show=NO_FOLDER)  # fmt: skip


class Errata(Product):
    name = "errata"
    summary = "What changed since the previous version, for players (PDF)."
    description = """What changed since the previous version of the rules: one page for players (PDF).

    Writes errata/errata-<paper>.pdf in the --out folder: every sentence of
    the rulebook that changed (as the new rulebook says it, the old one beside
    it), every diagram that changed (drawn from the engine's positions), the
    pieces added, removed or changed, in the game's typefaces. A sentence of
    your own per change goes in errata.toml in the templates folder. Needs
    --previous (or previous in grawlix.toml); refuses a version whose rules
    changed but whose version number (the rulebook's front matter) did not.
    """
    heading = "What changed"
    order = 12
    options = ErrataOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return True  # every game has its rules' text; whether it has a previous version is an option

    def idle(self, game: Game, options: ErrataOptions) -> str | None:
        if options.previous is None:
            return ("the errata sheet needs the previous version: --previous PATH (its templates folder), "
                    'or previous = "PATH" in grawlix.toml')  # fmt: skip
        return None

    def jobs(self, game: Game, papers: Sequence[str], options: ErrataOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        from ...games.templates import checked_folder
        from ...versions.compare import folder_digest

        if options.previous is None:
            return []
        previous = checked_folder(options.previous).resolve()
        key = folder_digest(previous)  # an edit of the previous version rebuilds the sheet too
        return [Job(f"errata-{paper}", {"paper": paper, "previous": str(previous), "previous_key": key})
                for paper in papers]  # fmt: skip

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        from ...versions.compare import folder_digest
        from ..previews import pdf_previews
        from .build import build_errata

        keys = (folder_digest(game.templates), params["previous_key"])
        written = build_errata(game, self.folder(out), params["paper"], Path(params["previous"]), keys)
        return written + [preview for item in written for preview in pdf_previews(item.path, out / PREVIEWS, 700)]

    def planned(self, game: Game, papers: Sequence[str], options: ErrataOptions) -> list[Planned]:
        if options.previous is None:
            return []
        from .build import output_name

        return [Planned(f"{self.name}/{output_name(paper)}", f"What changed since the previous version ({paper_size(paper).name})",
                        f"one page, {ACTUAL_SIZE.lower()}") for paper in papers]  # fmt: skip

    def describe(self, record: dict) -> Entry | None:
        if record["kind"] != "errata":
            return None
        params = record["params"]
        paper = PAPERS[params["paper"]].name if params.get("paper") in PAPERS else ""
        pages = params.get("pages", 1)
        return Entry(
            f"Errata for players with version {params.get('previous_version')} of the rules: what changed in version "
            f"{params.get('version')}, on {'one page' if pages == 1 else f'{pages} pages'} of {paper}.",
            f"Plain paper. {ACTUAL_SIZE} Keep it with the old rulebook.",
        )
