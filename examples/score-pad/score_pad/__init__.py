"""A score pad for any game: a column for each player, a row for each round and the total, two pads
to a sheet, as a grawlix-print product.

Installed, every game has it: ``grawlix-print score-pad --players 4 --rounds 8``
writes ``score-pad/score-pad-<paper>.pdf``; ``grawlix-print all`` builds it
with the rest of the kit, its index describes it, and ``[score-pad]`` in
``grawlix.toml`` records its options.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from grawlix_print.drawing.document import MM, Document
from grawlix_print.drawing.pdf.canvas import Metadata
from grawlix_print.errors import StudioError
from grawlix_print.files import Written, write_bytes
from grawlix_print.options import WholeNumber, setting
from grawlix_print.papers import paper_size
from grawlix_print.drawing.surface import lines
from grawlix_print.plugin import BLACK, CAPRASIMO, QUICKSAND, QUICKSAND_BOLD, Game, Pen, hex_ink, rectangle
from grawlix_print.products import Entry, Job, Planned, Product
from grawlix_print.products.base import ACTUAL_SIZE, PREVIEWS

MARGIN_MM = 10.0
"""Inside what every home printer prints (they leave 4-6.35 mm blank)."""
HEAD_MM = 16.0
"""The pad's title above its grid."""
FIRST_MM = 14.0
"""The first column's width: the rounds' numbers and the total's word."""
SHADE = hex_ink("#eeeae0")
MOST_PLAYERS = 12
MOST_ROUNDS = 30


@dataclass(frozen=True)
class ScorePadOptions:
    players: int | None = setting(None, "Columns: one for each player.", WholeNumber(1, MOST_PLAYERS),
                                  show="the game's most players, else 4")  # fmt: skip
    rounds: int = setting(10, "Rows: one for each round, then the total.", WholeNumber(1, MOST_ROUNDS))


def players_of(game: Game, options: ScorePadOptions) -> int:
    """The columns: as asked, else the most players the game is played by, else four."""
    if options.players is not None:
        return options.players
    try:
        return max(game.playtester().player_counts)
    except StudioError:  # a game that cannot be playtested says nothing of its players
        return 4


def draw_pad(surface, x: float, y: float, width: float, height: float, title: str, players: int, rounds: int) -> None:
    """One pad in the box from (x, y) (millimetres, y up): the title, a header row for the players'
    names, a row for each round and the total, the rounds' numbers in the first column."""
    grid_top = y + height - HEAD_MM
    surface.text(x + width / 2, grid_top + 5.0, f"{title}: scores", CAPRASIMO, 6.0, BLACK)
    rows = rounds + 2  # the names, each round, the total
    row = (height - HEAD_MM) / rows
    column = (width - FIRST_MM) / players
    bottom = grid_top - rows * row
    surface.shape(rectangle(x, grid_top - row, width, row), fill=SHADE)  # the names' row
    surface.shape(rectangle(x, bottom, width, row), fill=SHADE)  # the total's row
    thin = Pen(BLACK, 0.25)
    across = [((x, grid_top - k * row), (x + width, grid_top - k * row)) for k in range(1, rows)]
    down = [((x + FIRST_MM + k * column, bottom), (x + FIRST_MM + k * column, grid_top)) for k in range(players)]
    surface.shape(lines(across + down), pen=thin)
    surface.shape(rectangle(x, bottom, width, rows * row), pen=Pen(BLACK, 0.6))
    size = min(4.0, row * 0.55)
    for number in range(1, rounds + 1):
        surface.text(x + FIRST_MM / 2, grid_top - (number + 0.5) * row - size * 0.35, str(number), QUICKSAND, size, BLACK)
    surface.text(x + FIRST_MM / 2, bottom + row / 2 - size * 0.35, "Total", QUICKSAND_BOLD, size, BLACK)


def score_pad_pdf(game: Game, paper: str, players: int, rounds: int) -> bytes:
    """A sheet of ``paper`` with two pads, one above the other, and a cut line between them."""
    size = paper_size(paper)
    document = Document(Metadata(f"{game.title}: score pad", "score pad", (), (), "", ""), cmyk=False, unit=MM)
    half = size.height / 2
    with document.page(size.width, size.height) as surface:
        for bottom in (0.0, half):
            draw_pad(surface, MARGIN_MM, bottom + MARGIN_MM, size.width - 2 * MARGIN_MM, half - 2 * MARGIN_MM,
                     game.title, players, rounds)  # fmt: skip
        surface.shape(lines([((0, half), (4, half)), ((size.width - 4, half), (size.width, half))]), pen=Pen(BLACK, 0.25))
    return document.data()


class ScorePad(Product):
    name = "score-pad"
    summary = "A score pad (PDF): a column for each player, a row for each round, two to a sheet."
    description = """A score pad for the game (PDF), two pads to a sheet.

    Writes score-pad/score-pad-<paper>.pdf: a column for each player
    (--players, by default the most the game is played by), a row for each
    round (--rounds) and the total. Print as many sheets as a game night
    needs and cut them across the middle.
    """
    heading = "Score pads"
    order = 60
    options = ScorePadOptions
    papers = True

    def offers(self, game: Game) -> bool:
        return True  # any game is scored on paper

    def jobs(self, game: Game, papers: Sequence[str], options: ScorePadOptions, kit: Sequence[Planned] = ()) -> list[Job]:
        players = players_of(game, options)
        return [Job(f"score-pad-{paper}", {"paper": paper, "players": players, "rounds": options.rounds}, reads=())
                for paper in papers]  # fmt: skip

    def run(self, game: Game, out: Path, params: dict) -> list[Written]:
        from grawlix_print.products.previews import pdf_previews

        paper, players, rounds = params["paper"], params["players"], params["rounds"]
        path = write_bytes(self.folder(out) / f"score-pad-{paper}.pdf", score_pad_pdf(game, paper, players, rounds))
        written = [Written(path, "score pad", {"paper": paper, "players": players, "rounds": rounds})]
        return written + pdf_previews(path, out / PREVIEWS, width_px=500)

    def planned(self, game: Game, papers: Sequence[str], options: ScorePadOptions) -> list[Planned]:
        return [Planned(f"{self.name}/score-pad-{paper}.pdf", f"Score pad ({paper_size(paper).name})",
                        "print as many as you need and cut each sheet across the middle") for paper in papers]  # fmt: skip

    def describe(self, record: dict) -> Entry | None:
        params = record["params"]
        return Entry(f"A score pad for {params['players']} players and {params['rounds']} rounds, two to a sheet of"
                     f" {paper_size(params['paper']).name}.", f"Plain paper, one-sided. {ACTUAL_SIZE} Cut across the"
                     " middle.")  # fmt: skip
