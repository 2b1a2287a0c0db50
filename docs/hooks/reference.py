"""The site's reference pages, generated from the code on every build (mkdocs.yml's ``hooks``).

Three pages that must not drift from what the program accepts, so none is written by hand:

* ``reference/commands.md``: every command of the studio, its products and the built-in games, from
  the click commands themselves (the commands load lazily: ``main.every_command()`` loads them all);
* ``reference/settings.md``: every key ``grawlix.toml`` takes, per table, from the options the
  settings loader accepts (``cli.settings.recordable``: a product's are its options dataclass's);
* ``reference/layout-elements.md``: each type of layout element, its keys and what each means, from
  the element classes' own declarations (``games/spreadsheet/elements.py``: ``summary``, ``keys``,
  ``example``), the same the layout parser refuses other keys by.

Only the built-in games and products are listed: a plug-in installed where the site is built
does not change the site.
"""

from __future__ import annotations

import html
import inspect
import logging
import re
import click

log = logging.getLogger("mkdocs.hooks.reference")  # under "mkdocs": --strict counts its warnings

PAGES = {
    "reference/commands.md": "commands_page",
    "reference/settings.md": "settings_page",
    "reference/layout-elements.md": "layout_elements_page",
}
GENERATED = "<!-- Generated from the code on every build of the site (docs/hooks/reference.py): do not edit. -->"
_DEFAULT = re.compile(r"\s*\[(?P<extra>[^\[\]]*(?:\[[^\[\]]*\][^\[\]]*)*)\]\s*$")


def cell(text: str) -> str:
    """Plain text (a help text) safe in a Markdown table cell: no markup, no HTML, one line."""
    text = html.escape(" ".join(text.split()), quote=False)
    return re.sub(r"([\\`*_\[\]|])", r"\\\1", text)


def code(text: str) -> str:
    return f"`{text}`" if "`" not in text else f"`` {text} ``"


def paragraphs(text: str) -> str:
    """A command's help as Markdown paragraphs (click's ``\\b`` keeps a paragraph's lines apart)."""
    out = []
    for block in re.split(r"\n\s*\n", inspect.cleandoc(text or "")):
        lines = [line for line in block.splitlines() if line.strip() != "\b"]
        if lines:
            joiner = "<br>\n" if block.lstrip().startswith("\b") else " "
            out.append(joiner.join(cell(line) for line in lines))
    return "\n\n".join(out)


def help_parts(param: click.Parameter, ctx: click.Context) -> tuple[str, str, str] | None:
    """An option's flags, meaning and default as ``--help`` words them (None: hidden)."""
    record = param.get_help_record(ctx)
    if record is None:
        return None
    flags, meaning = record
    default = ""
    extra = _DEFAULT.search(meaning)
    if extra:
        parts = [part.strip() for part in extra.group("extra").split(";")]
        found = [part.removeprefix("default:").strip() for part in parts if part.startswith("default:")]
        if found:
            default = found[0].strip("()")
            kept = [part for part in parts if not part.startswith("default:")]
            meaning = meaning[: extra.start()] + (f" [{'; '.join(kept)}]" if kept else "")
    return flags, meaning, default


def command_section(name: str, command: click.Command, parent: click.Context, note: str = "") -> str:
    ctx = click.Context(command, info_name=name, parent=parent)
    rows = []
    for param in command.get_params(ctx):
        parts = help_parts(param, ctx)
        if parts is not None:
            flags, meaning, default = parts
            rows.append(f"| {code(flags)} | {code(default) if default else ''} | {cell(meaning)} |")
    arguments = [p for p in command.params if isinstance(p, click.Argument)]
    lines = [f"## `grawlix-print {name}`", ""]
    if note:
        lines += [f"*{note}*", ""]
    lines += [paragraphs(command.help or command.short_help or ""), "", "```text", command.get_usage(ctx), "```", ""]
    if arguments:
        lines += ["Arguments: " + ", ".join(code(a.human_readable_name) for a in arguments) + ".", ""]
    lines += ["| option | default | meaning |", "| --- | --- | --- |", *rows, ""]
    return "\n".join(lines)


def built_in_commands() -> tuple[dict[str, click.Command], dict[str, tuple[click.Command, str]]]:
    """The studio's and built-in products' commands, and the built-in games' own (with their game)."""
    from grawlix_print.cli import main
    from grawlix_print.cli.own import own_command
    from grawlix_print.games import BUILT_IN_GAMES, game_class
    from grawlix_print.products import BUILT_IN_PRODUCTS, products

    plug_ins = {p.command_name() for p in products() if p.name not in BUILT_IN_PRODUCTS}
    commands = {n: c for n, c in main.every_command().items() if n not in plug_ins}
    own: dict[str, tuple[click.Command, str]] = {}
    for game in BUILT_IN_GAMES:
        for name in game_class(game).command_names():
            found = own_command(name)
            if found is not None and name not in own:
                own[name] = (found, game)
    return commands, own


def commands_page() -> str:
    """Every command with its usage, its help and a table of its options, as ``--help`` has them."""
    from grawlix_print.cli import main

    commands, own = built_in_commands()
    top = click.Context(main, info_name="grawlix-print")
    parts = [GENERATED, "# Commands", "",
             "Every command of `grawlix-print`, as `grawlix-print COMMAND --help` shows it. An option not given "
             "may be recorded in `grawlix.toml` (see the [settings reference](settings.md)); the command line wins.",
             "", "| command | what it does |", "| --- | --- |"]
    every = {**{n: (c, "") for n, c in commands.items()}, **own}
    for name, (command, game) in sorted(every.items()):
        what = command.get_short_help_str(limit=200) + (f" ({game} only)" if game else "")
        parts.append(f"| [{code(name)}](#grawlix-print-{name}) | {cell(what)} |")
    parts.append("")
    for name, (command, game) in sorted(every.items()):
        parts.append(command_section(name, command, top, f"A command of {game} only." if game else ""))
    return "\n".join(parts)


def settings_page() -> str:
    """Every key of every table of ``grawlix.toml``, with its value and default."""
    from grawlix_print.cli.settings import GAME_KEY, NO_SETTINGS_COMMANDS, SETTINGS_FILE, recordable

    studio, own = built_in_commands()
    commands = {**studio, **{n: c for n, (c, _) in own.items()}}
    readers = {n: c for n, c in sorted(commands.items()) if n not in NO_SETTINGS_COMMANDS}
    keys: dict[str, list[str]] = {}
    sections = []
    for name, command in readers.items():
        ctx = click.Context(command, info_name=name)
        rows = []
        for key, option in recordable(command).items():
            parts = help_parts(option, ctx)
            if parts is None:
                continue
            flags, meaning, default = parts
            value = "true or false" if option.is_flag else code(flags.split(option.opts[-1], 1)[-1].strip())
            rows.append(f"| {code(key)} | {value} | "
                        f"{code(default) if default else ''} | {cell(meaning)} |")
            keys.setdefault(key, []).append(name)
        if rows:
            sections += [f"## `[{name}]`", "", f"The options of [`grawlix-print {name}`](commands.md#grawlix-print-{name}).",
                         "", "| key | value | default | meaning |", "| --- | --- | --- | --- |", *rows, ""]
    shared = [f"| {code(key)} | {', '.join(code(n) for n in names)} |" for key, names in sorted(keys.items()) if len(names) > 1]
    head = [GENERATED, f"# `{SETTINGS_FILE}`", "",
            f"Every key `{SETTINGS_FILE}` takes, table by table: each is the option of that name (`tile-size` or "
            "`tile_size`), checked by the same code as the command line. A key before the first table applies to "
            "every command that has such an option; a table's key wins over it, and a flag typed on the command "
            f"line over both. `{GAME_KEY} = \"NAME\"` at the top names the game the settings are for. Where the file "
            "is found and how errors name it: [Recorded settings](../settings.md).", "",
            "Keys that several commands take, and so may stand at the top level for all of them:", "",
            "| key | commands |", "| --- | --- |", *shared, ""]
    return "\n".join(head + sections)


def layout_elements_page() -> str:
    """Each built-in type of layout element: what it draws, its keys and what they mean, an example."""
    from grawlix_print.games.spreadsheet.elements import COMMON_KEYS, ELEMENTS

    parts = [GENERATED, "# Layout elements", "",
             "The `[[elements]]` of a layout (`layouts/NAME.toml` in a [game made of tables](../tables.md)), each "
             "drawn in order in its box. These are the keys each type takes, as its class declares them; any other "
             "key is refused in one line naming the file and the element (counted from 1). A package can add a "
             "type of its own: [Writing a layout element](../writing-a-layout-element.md).", "",
             "Every element takes these keys, whatever its type:", "", "| key | meaning |", "| --- | --- |",
             *(f"| {code(key)} | {meaning} |" for key, meaning in COMMON_KEYS.items()), ""]
    for name in ELEMENTS.built_in:
        kind = ELEMENTS.load(name)
        parts += [f"## `{name}`", "", f"{kind.summary[0].upper()}{kind.summary[1:]}.", ""]
        if kind.example:
            lines = [f"{key} = {toml_value(value)}" for key, value in kind.example.items()]
            parts += ["```toml", "[[elements]]", f'type = "{name}"', *lines, "```", ""]
        parts += ["| key | meaning |", "| --- | --- |", *(f"| {code(key)} | {meaning} |" for key, meaning in kind.keys.items()), ""]
    return "\n".join(parts)


def toml_value(value: object) -> str:
    """A value as a layout file writes it."""
    import json

    return json.dumps(value) if not isinstance(value, bool) else str(value).lower()


def reference_pages() -> dict[str, str]:
    """Each generated page's path under docs/ and its Markdown."""
    return {path: globals()[function]() for path, function in PAGES.items()}


def on_files(files, config):  # noqa: ANN001, ANN201  (MkDocs' Files and config)
    from mkdocs.structure.files import File

    for path, markdown in reference_pages().items():
        files.append(File.generated(config, path, content=markdown))
    return files
