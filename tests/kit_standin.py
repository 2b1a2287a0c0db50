"""Small stand-in steps for the kit machinery, and a runner for building with them in a child process.

    python tests/kit_standin.py OUT TEXT [COUNT] [--wait-for FILE]

builds two steps of COUNT small files each (text TEXT) into OUT, the way
``grawlix-print all`` does, with the CLI's error handling; ``--wait-for``
makes the first step wait until FILE exists (to hold a build mid-way).
"""

from __future__ import annotations

import sys

if __name__ == "__main__":
    print("started", flush=True)  # before any of our imports: Ctrl-C from here on must be one line

from grawlix_print.cli.app import main as cli_group  # first: it holds Ctrl-C while loading

import time
from pathlib import Path

import click

from grawlix_print.files import Written, write_text  # loaded by the CLI already

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "grawlix"


def notes_step(out: Path, templates: Path, text: str, count: int = 1, folder: str = "notes",
               wait_for: str = "") -> list[Written]:  # fmt: skip
    """``count`` files ``folder/i.txt`` holding ``text i``."""
    while wait_for and not Path(wait_for).exists():
        time.sleep(0.01)
    return [
        Written(write_text(out / folder / f"{i}.txt", f"{text} {i}\n"), "note", {"text": text})
        for i in range(count)
    ]


def steps(text: str, count: int = 1, wait_for: str = ""):
    from grawlix_print.kit.build import Step  # as the real command does: loaded once it runs

    return [
        Step("first", notes_step, {"text": text, "count": count, "wait_for": wait_for}),
        Step("second", notes_step, {"text": text.upper(), "count": count, "folder": "more"}),
    ]


@cli_group.command("standin")
@click.argument("out", type=click.Path(path_type=Path))
@click.argument("text")
@click.argument("count", type=int, default=1)
@click.option("--wait-for", default="")
def standin(out: Path, text: str, count: int, wait_for: str) -> None:
    """Build the stand-in kit (a test helper, registered only in this process)."""
    from grawlix_print.kit.build import build_kit

    build_kit(steps(text, count, wait_for), out, TEMPLATES,
              on_note=lambda note: click.echo(f"note: {note}", err=True))  # fmt: skip


if __name__ == "__main__":
    cli_group(["standin", *sys.argv[1:]], prog_name="kit_standin")
