"""``grawlix-print games``: the games installed, each with what it offers."""

from __future__ import annotations

import click

from .app import main


@main.command(short_help="List the games: their products and own commands.")
def games() -> None:
    """List the installed games (built in, or added by other packages as plug-ins).

    Each line names a game (what --game takes), says what it is, and lists
    what `grawlix-print all` builds for it, the commands only it answers and
    the strategies its players can be given (playtest --strategy). A plug-in
    of any kind (a game, a product, an imposition, a layout element, a shape)
    that does not load is named on stderr, one line each.
    """
    from ..errors import StudioError
    from ..games import game_class, game_names
    from ..products import products
    from ..registry import failures

    failed = []
    for name in game_names():
        try:
            kind = game_class(name)
            made = [p.name for p in products() if p.offers(kind())]
        except StudioError as error:
            failed.append(str(error))
            continue
        own = f"; its own commands: {', '.join(kind.command_names())}" if kind.commands() else ""
        click.echo(f"{name}: {kind.summary}\n    products: {', '.join(made)}{own}{_strategies(kind)}")
    for reason in dict.fromkeys([*failed, *failures()]):  # a game that does not load, named once
        click.echo(f"error: {reason}", err=True)


def _strategies(kind: type) -> str:
    """A line ``strategies: random, greedy`` for a game that can be playtested, else nothing."""
    from ..errors import StudioError

    try:
        names = kind().playtester().strategies
    except StudioError:  # no players: it cannot be playtested
        return ""
    return f"\n    strategies: {', '.join(names)}"
