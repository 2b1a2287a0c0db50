"""``grawlix-print new NAME [FOLDER]``: a new game, ready to build and make one's own.

Without ``--data`` it writes a plug-in package (``scaffold/``): ``pyproject.toml``
with the game's entry point, a ``Game`` subclass, a small rules engine with two
players, its pieces (a board and tokens in two colours), templates (a title, the
rules' numbers, a short rulebook with an engine-checked figure) and a test that
runs the contract suite (``grawlix_print.testing``). ``pip install -e FOLDER``
then ``grawlix-print all --game NAME`` builds its kit.

With ``--data`` it writes the spreadsheet game's example (a deck of cards with two layouts
and a back, a set of coin tokens, a short rulebook) under the new game's
name, and a ``grawlix.toml`` that lists every setting, as ``init`` does: the
designer replaces the example's rows, layouts and words with their own.
"""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import click

from ..errors import StudioError
from .app import main
from .init import TEMPLATES_FOLDER, build_hint, starter_files, write_new
from .settings import SETTINGS_FILE

DATA_GAME = "spreadsheet"
"""The game a ``--data`` project is: its templates are its tables, layouts and rules."""
_TITLE_LINE = re.compile(r'^title = ".*"$', re.MULTILINE)


@main.command(short_help="A new game: a plug-in package, or --data: tables and layouts.")
@click.argument("name")
@click.argument("folder", required=False, type=click.Path(path_type=Path))
@click.option("--data", is_flag=True, help="A game made of tables (CSV, XLSX or TOML) and layouts, with no code.")
@click.option("--force", is_flag=True, help="Overwrite files that are already there.")
def new(name: str, folder: Path | None, data: bool, force: bool) -> None:
    """Write a new game called NAME into FOLDER (default: NAME in lower case, spaces as hyphens).

    Without --data: a Python package (pyproject.toml, the game's code, its templates and a test
    of the contract); `pip install -e FOLDER`, then `grawlix-print all --game NAME` builds its kit.

    With --data: FOLDER/templates/ holds a working example to make your own (components.toml,
    cards.csv and coins.toml, layouts/, art/, icons/ and leaflet.md) and FOLDER/grawlix.toml lists
    every setting; `grawlix-print all --templates FOLDER/templates` builds its kit. Nothing is written
    if a file is in the way, unless --force.
    """
    from ..games import game_class
    from ..pieces.schema import game_title

    title = game_title({"title": name}, "NAME").strip()
    unset = unset_characters(title)
    if unset is not None:
        raise StudioError(f"{unset}: write the title another way", "NAME")
    folder = folder if folder is not None else Path(_folder_name(title))
    if not data:
        _new_plugin(title, folder, force)
        return
    files = starter_files(folder, game_class(DATA_GAME))
    components = folder / TEMPLATES_FOLDER / "components.toml"
    files[components] = named(files[components].decode("utf-8"), title).encode("utf-8")
    write_new(folder, files, force)
    click.echo(f"wrote {folder / TEMPLATES_FOLDER}/ ({len(files) - 1} files) and {folder / SETTINGS_FILE}: {title}, "
               "an example of cards and coins to make your own")  # fmt: skip
    click.echo(f"next: edit the tables and layouts, then  {build_hint(folder)}")


def named(components: str, title: str) -> str:
    """The example's ``components.toml`` as the new game's: its title, and its opening comment naming
    the new game instead of the example's (``# Night Market: an example of a game made of tables``
    is ``# My Deck: a game made of tables``)."""
    found = _TITLE_LINE.search(components)
    if found is None:
        return components
    shipped = json.loads(found.group(0).split("=", 1)[1])
    text = components.replace(f"# {shipped}: an example of ", f"# {title}: ", 1)
    return _TITLE_LINE.sub(lambda _: f"title = {json.dumps(title, ensure_ascii=False)}", text, count=1)


def _folder_name(title: str) -> str:
    """``Night Market`` -> ``night-market``: a folder name any shell takes without quotes."""
    slug = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return slug or "new-game"


SCAFFOLD = Path(__file__).resolve().parent / "scaffold"
"""The plug-in package ``new`` writes, as templates (``${name}``, ``${title}``...)."""


def plugin_files(title: str, folder: Path) -> dict[Path, bytes]:
    """The files of a new plug-in package called ``title`` in ``folder``, by path."""
    from string import Template

    name = _folder_name(title)
    package = importable(re.sub(r"\W", "_", name.replace("-", "_")))
    words = {
        "name": name,
        "title": title.replace("\\", "").replace('"', "'"),
        "title_toml": json.dumps(title, ensure_ascii=False)[1:-1],
        "package": package,
        "distribution": distribution(name),
        "cls": class_name(package),
    }
    layout = {
        "pyproject.toml": "pyproject.toml", "README.md": "README.md", "test_contract.py": "tests/test_contract.py",
        "__init__.py": f"{package}/__init__.py", "engine.py": f"{package}/engine.py", "pieces.py": f"{package}/pieces.py",
        "components.toml": f"{package}/templates/components.toml", "leaflet.md": f"{package}/templates/leaflet.md",
    }  # fmt: skip
    return {
        folder / target: Template((SCAFFOLD / f"{source}.tmpl").read_text("utf-8")).substitute(words).encode("utf-8")
        for source, target in layout.items()
    }


SCAFFOLD_NAMES = frozenset({
    "Credits", "EnginePlaytester", "Facts", "Game", "Picture", "PieceKind", "Presentation", "RulesFile",
    "plain_presentation", "read_toml", "rulebook", "pieces", "Rules", "random_player", "winning_player", "HERE",
    "cached_property", "Path", "annotations", "Board", "Form", "Piece", "PieceColour", "Shape", "disc_face",
    "hex_ink", "plain_back", "StudioError", "dataclass", "random", "pytest", "CHECKS", "run_check",
})  # fmt: skip
"""Every name the scaffold's modules import or define at their top: the game's class must be none of them."""
OWN_PACKAGES = frozenset({"grawlix_print", "tests", "test", "templates"})
"""Import names a new game's package must not take: this project's, and folders every project has."""


def class_name(package: str) -> str:
    """The game's class, from its package's name (``night_market`` is ``NightMarket``); a name the
    scaffold imports (``Rules``), a keyword or a built-in (``None``, ``True``, ``Exception``) gets
    ``Game`` after it, so the class never hides what its module uses."""
    import builtins
    import keyword

    found = "".join(part[:1].upper() + part[1:] for part in package.split("_") if part) or "NewGame"
    if found in SCAFFOLD_NAMES or keyword.iskeyword(found) or keyword.issoftkeyword(found) or hasattr(builtins, found):
        found += "Game"
    return found


def importable(package: str) -> str:
    """``package``, or ``package_game`` when Python already imports that name from elsewhere (the
    standard library's ``random``, an installed ``numpy``, this project), is a keyword, or
    starts with a digit: a game's package must be the one its own folder holds."""
    import importlib.util
    import keyword
    import sys

    package = package if package[:1].isalpha() else f"game_{package}"
    while (package in sys.stdlib_module_names or package.casefold() in OWN_PACKAGES or keyword.iskeyword(package)
           or keyword.issoftkeyword(package) or _found(importlib.util, package)):  # fmt: skip
        package += "_game"
    return package


def _found(util, package: str) -> bool:
    try:
        return util.find_spec(package) is not None
    except (ImportError, ValueError):
        return True  # something by that name is there, if broken: not ours to shadow


def distribution(name: str) -> str:
    """The game's name on PyPI and for pip: ``name``, or ``name-game`` when an installed distribution
    has it already (``pip install -e`` would replace that one: ``grawlix-print`` itself)."""
    from importlib.metadata import PackageNotFoundError, distribution as installed

    while True:
        try:
            installed(name)
        except PackageNotFoundError:
            return name
        name += "-game"


def unset_characters(title: str) -> str | None:
    """The first character of the title that a typeface the products set titles in lacks, named
    with the typeface, or None: Quicksand (regular and bold) and Caprasimo set every game's title."""
    from ..drawing.fonts import CAPRASIMO, QUICKSAND, QUICKSAND_BOLD, missing_character

    for face in (QUICKSAND, QUICKSAND_BOLD, CAPRASIMO):
        character = missing_character(title, face)
        if character is not None:
            return f"the typeface {face.name} has no {character!r} (U+{ord(character):04X}), and the title is printed in it"
    return None


def _new_plugin(title: str, folder: Path, force: bool) -> None:
    from ..games import game_names

    name = _folder_name(title)
    if name in game_names():
        raise StudioError(f"a game called {name!r} is installed already: choose another name", "NAME")
    files = plugin_files(title, folder)
    held = folder / TEMPLATES_FOLDER / "components.toml"
    if held.is_file():
        raise StudioError("this folder holds a game made of tables already: choose another folder", str(held))
    write_new(folder, files, force)
    click.echo(f"wrote {folder}/ ({len(files)} files): {title}, a game of tokens on a board to make your own")
    shown = shlex.quote(str(folder)) if not str(folder).startswith("-") else shlex.quote(f"./{folder}")
    click.echo(f"next:  pip install -e {shown}  then  grawlix-print all --game {name}")
