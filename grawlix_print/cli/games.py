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

    failed, notes = [], []
    for name in game_names():
        try:
            kind = game_class(name)
            made = [p.name for p in products() if p.offers(kind())]
        except StudioError as error:
            failed.append(str(error))
            continue
        own = f"; its own commands: {', '.join(kind.command_names())}" if kind.commands() else ""
        strategies, told = _playtest(name, kind)
        click.echo(f"{name}: {kind.summary}\n    products: {', '.join(made)}{own}{strategies}")
        if told is not None:
            notes.append(told)
    for told in notes:
        click.echo(f"note: {told}", err=True)
    for reason in dict.fromkeys([*failed, *failures()]):  # a game that does not load, named once
        click.echo(f"error: {reason}", err=True)


def _playtest(name: str, kind: type) -> tuple[str, str | None]:
    """A line ``strategies: random, greedy`` for a game that can be playtested (else nothing), and the
    note when its compiled engine is not used (``playtest.compiled``)."""
    from ..errors import StudioError
    from ..playtest.compiled import note

    try:
        playtester = kind().playtester()
    except StudioError:  # no players: it cannot be playtested
        return "", None
    players = min(playtester.player_counts)
    told = note(name, playtester, [(strategy,) * players for strategy in playtester.strategies])
    return f"\n    strategies: {', '.join(playtester.strategies)}", told
