"""``grawlix-print web``: the Markdown and HTML editions of the rules, from the leaflet's text.

Everything is read and checked first (the same placeholders, claims and
errors as the leaflet), then written, each file atomically: a false claim
leaves the previous editions in place.
"""

from __future__ import annotations

from pathlib import Path

from ...errors import StudioError, gathered
from ...files import Written, write_text
from ...games.base import Game
from ...rulebook import Diagram
from .diagrams import diagram_file, diagram_svg
from .edition import KitLink, web_edition
from .html import html_edition
from .markdown import markdown_edition

MARKDOWN = "rules.md"
HTML = "rules.html"


def build_web(game: Game, out: Path, links: tuple[KitLink, ...] = ()) -> list[Written]:
    """Write ``rules.md`` with ``diagrams/*.svg`` beside it, and the one-file ``rules.html``.

    ``links`` are the kit's own files that ``[kit files]`` lists (the kit knows
    their names: ``kit.links``); none for rules that stand alone.
    """
    game.check()
    text = game.rulebook()
    problems = list(text.problems)
    try:
        sections = game.web_sections(text)
    except StudioError as error:
        problems.append(error)
    gathered(problems)  # every problem of both files at once, before anything is written
    edition = web_edition(text, sections, links)
    diagrams = {diagram_file(b): b for b in edition.blocks if isinstance(b, Diagram)}
    files = {
        MARKDOWN: ("web-markdown", markdown_edition(edition)),
        **{name: ("web-diagram", diagram_svg(block, standalone=True) + "\n") for name, block in diagrams.items()},
        HTML: ("web-html", html_edition(edition, game.presentation().typography, game.presentation().running_glyphs)),
    }
    written = []
    for name, (kind, content) in files.items():
        path = out / name
        write_text(path, content)
        written.append(Written(path, kind, {"templates": str(game.templates)}))
    return written
