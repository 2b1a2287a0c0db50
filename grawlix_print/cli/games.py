"""``grawlix-print games``: the games installed, each with what it offers."""

from __future__ import annotations

import click

from .app import main


@main.command(short_help="List the games: their products and own commands.")
def games() -> None:
    """List the installed games (built in, or added by other packages as plug-ins).

    Each line names a game (what --game takes), says what it is, and lists
    what `grawlix-print all` builds for it and the commands only it answers.
    """
    from ..games import game_class, game_names

    for name in game_names():
        kind = game_class(name)
        own = f"; its own commands: {', '.join(kind.commands)}" if kind.commands else ""
        click.echo(f"{name}: {kind.summary}\n    products: {', '.join(kind.products)}{own}")
