"""grawlix-print as an installed tool: the built-in game, `init`, help and completion, the Python API.

(The wheel itself is built and installed into a fresh environment by .ci/run,
which runs the commands from an empty folder; these tests stay in-process.)
"""

from __future__ import annotations

import errno
import json
import os
import pstats
import re
import subprocess
import sys
from pathlib import Path

import click
import pypdf
import pytest
from click.testing import CliRunner

from grawlix_print.cli import main
from grawlix_print.cli.app import COMMANDS as APP_COMMANDS
from grawlix_print.cli.settings import load_settings
from grawlix_print.games import builtin_templates, game

from conftest import PROJECT, TEMPLATES

# The commands of the program (a test module may register a helper command of its own).
COMMANDS = {"all", "check", "facts", "games", "images", "init", "leaflet", "playtest", "sheets", "stl", "watch", "web"}
TEMPLATE_FILES = sorted(p.relative_to(TEMPLATES) for p in TEMPLATES.rglob("*") if p.is_file())


def run(*args: str):
    return CliRunner().invoke(main, list(args))


# --- the built-in game ---------------------------------------------------------------------


def test_lookup_chosen_then_local_then_built_in(tmp_path, monkeypatch, templates_copy):
    here = tmp_path / "here"
    (here / "templates").mkdir(parents=True)  # a templates/ without components.toml is not one
    (here / "templates" / "page.html").write_text("<p>not a game</p>")
    monkeypatch.chdir(here)
    assert game(templates=templates_copy).templates == templates_copy
    assert game().templates == builtin_templates()
    (here / "templates" / "components.toml").write_text('game = "grawlix"\n')
    assert game().templates == Path("templates")


def test_the_built_in_games_templates_are_at_the_top_of_the_repository(monkeypatch):
    """One copy of each built-in game's templates, ``templates/NAME`` where a designer looks (the wheel
    carries them inside the package: .ci/run checks it); from the repository's top, the commands use them."""
    assert builtin_templates() == PROJECT / "templates" / "grawlix" == TEMPLATES
    assert builtin_templates("permutations") == PROJECT / "templates" / "permutations"
    assert not list((PROJECT / "grawlix_print").rglob("components.toml"))
    monkeypatch.chdir(PROJECT)
    result = run("check", "templates/grawlix/positions/example-1.toml")
    assert result.exit_code == 0 and "7 legal locations" in result.stdout, result.stderr


def test_check_works_from_an_empty_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("check")
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("legal locations") == 3
    assert list(tmp_path.iterdir()) == []


# --- init --------------------------------------------------------------------------------


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


def test_init_writes_the_built_in_game_and_a_settings_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = run("init")
    assert result.exit_code == 0, result.stderr
    written = tree(tmp_path)
    assert sorted(written) == sorted(
        ["grawlix.toml", *(f"templates/{p.as_posix()}" for p in TEMPLATE_FILES)]
    )
    for name in TEMPLATE_FILES:
        assert written[f"templates/{name.as_posix()}"] == (TEMPLATES / name).read_bytes()


def test_init_settings_file_lists_every_option_with_its_default(tmp_path):
    """Uncommented, the starter grawlix.toml is accepted and means the defaults the documentation states."""
    assert run("init", str(tmp_path)).exit_code == 0
    text = (tmp_path / "grawlix.toml").read_text()
    (tmp_path / "grawlix.toml").write_text(re.sub(r"(?m)^# ([a-z-]+ = )", r"\1", text))
    settings = load_settings(tmp_path / "templates")
    assert settings.for_command("sheets") == {
        "paper": "a4", "tile_size": pytest.approx(25.4), "bleed": pytest.approx(2.0),
        "backs": True, "arrangement": "duplex", "markings": "letters",  # its colours look alike
        "sticker_size": pytest.approx(22.5), "back_design": "light", "frame": False,
    }  # fmt: skip
    assert settings.for_command("stl") == {
        "style": "both", "body_size": pytest.approx(28.0), "body_height": pytest.approx(9.8),
        "relief": pytest.approx(4.8), "layer_height": pytest.approx(0.2),
        "first_layer_height": pytest.approx(0.2), "elephant_foot": pytest.approx(0.4),
        "fit": pytest.approx(0.0), "bed": (180.0, 180.0), "markings": "none", "full_set": False,
        "colour_change": "m600",
    }  # fmt: skip
    assert settings.for_command("all") == {
        "only": ("leaflet", "sheets", "boxes", "web", "images", "print-on-demand", "3d"), "paper": "all",
        "quiet": False, "previous": None,  # none: no errata sheet, so none in only
    }  # fmt: skip
    assert settings.for_command("errata") == {"paper": "a4", "previous": None}
    assert settings.for_command("boxes") == {
        "paper": "a4", "stock_thickness": pytest.approx(0.4), "clearance": pytest.approx(1.0),
        "piece_thickness": pytest.approx(0.4), "bleed": pytest.approx(3.0),  # as thick as the stock
    }  # fmt: skip
    assert settings.for_command("leaflet") == {"paper": "a4"}
    assert settings.for_command("check") == {"json": False}
    assert settings.for_command("facts") == {"as_json": False}  # the key is the flag: json
    # Every option a command takes, bar where to read and write and those for card games' pieces, is in
    # the file; the game once, at the top.
    assert settings.game == "grawlix"
    ctx = click.Context(main)
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        # init and new write settings files; score and guide are Permutations' and the spreadsheet game's own
        if command is not None and name not in ("init", "new", "games", "score", "guide"):
            options = {p.name for p in command.params if isinstance(p, click.Option) and not p.hidden}
            assert options - {"templates", "out", "help", "game", "card_size", "rev"} == set(settings.for_command(name)), name
    assert "[score]" not in text and "[guide]" not in text


def test_init_for_a_card_game_lists_only_what_that_game_takes(tmp_path):
    """No [stl], [check] or [facts] for Permutations, no tile options, and the cards' own bleed."""
    assert run("init", "--game", "permutations", str(tmp_path)).exit_code == 0
    text = (tmp_path / "grawlix.toml").read_text()
    tables = re.findall(r"(?m)^\[([a-z]+)\]$", text)
    assert {"all", "images", "leaflet", "playtest", "score", "sheets", "watch", "web"} <= set(tables)
    assert not {"stl", "check", "facts"} & set(tables)
    (tmp_path / "grawlix.toml").write_text(re.sub(r"(?m)^# ([a-z-]+ = )", r"\1", text))
    settings = load_settings(tmp_path / "templates")
    assert settings.for_command("sheets") == {
        "paper": "a4", "bleed": pytest.approx(3.0), "backs": True, "arrangement": "duplex",
        "markings": "letters", "card_size": (pytest.approx(63.5), pytest.approx(88.9)), "back_design": "circles",
    }  # fmt: skip
    assert settings.for_command("all")["only"] == ("leaflet", "sheets", "boxes", "web", "images", "print-on-demand")
    result = run("sheets", "--templates", str(tmp_path / "templates"), "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output  # every uncommented default is one the cards take


def test_init_refuses_to_overwrite_and_writes_nothing(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "templates" / "leaflet.md").write_text("my own words")
    before = tree(tmp_path)
    result = run("init", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == (
        f"error: {tmp_path / 'templates' / 'leaflet.md'}: already exists; nothing written "
        "(--force overwrites)\n"
    )
    assert tree(tmp_path) == before
    assert run("init", str(tmp_path), "--force").exit_code == 0
    assert (tmp_path / "templates" / "leaflet.md").read_bytes() == (TEMPLATES / "leaflet.md").read_bytes()


def test_init_that_runs_out_of_disk_takes_back_what_it_wrote(tmp_path, monkeypatch):
    """The disk fills at the third file: the files and folders this run made go, what was there stays,
    and once there is room the same command works without --force."""
    (tmp_path / "notes.txt").write_text("mine")
    real, written = Path.write_bytes, []

    def full(self, data):
        if len(written) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        written.append(self)
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    result = run("init", "--game", "permutations", str(tmp_path / "game"))
    assert result.exit_code == 1 and result.stderr.endswith("cannot write: no space left on the device\n")
    assert len(written) == 2 and tree(tmp_path) == {"notes.txt": b"mine"}
    assert [p.name for p in tmp_path.iterdir()] == ["notes.txt"]  # no empty folder left either
    monkeypatch.undo()
    assert run("init", "--game", "permutations", str(tmp_path / "game")).exit_code == 0


def test_init_into_a_file_is_one_line(tmp_path):
    (tmp_path / "game").write_text("")
    result = run("init", str(tmp_path / "game"))
    assert result.exit_code == 1
    assert result.stderr == f"error: {tmp_path / 'game'}: exists and is not a folder\n"
    assert (tmp_path / "game").read_text() == ""


def test_a_variant_from_init_a_rule_change_and_letter_paper(tmp_path, monkeypatch):
    """The issue's own walk-through: init, limit 7, paper = "letter" inside templates/, leaflet."""
    monkeypatch.chdir(tmp_path)
    assert run("init", "game").exit_code == 0
    rules = Path("game/templates/rules.toml")
    text = rules.read_text()
    rules.write_text(text.replace("max_rows = 6", "max_rows = 7").replace("max_columns = 6", "max_columns = 7"))
    Path("game/templates/grawlix.toml").write_text('paper = "letter"\n')
    result = run("leaflet", "--templates", "game/templates", "-o", "out")
    assert result.exit_code == 0, result.stderr
    assert "game/grawlix.toml is not read" in result.stderr  # init's own file, beside: inside wins
    assert sorted(p.name for p in Path("out/leaflet").iterdir()) == [
        "leaflet-letter.pdf",
        "leaflet-press-letter.pdf",
        "leaflet-reading-letter.pdf",
    ]
    reader = pypdf.PdfReader("out/leaflet/leaflet-letter.pdf")
    assert [round(float(v)) for v in reader.pages[0].mediabox[2:]] == [792, 612]  # 11 x 8.5 in
    words = " ".join(page.extract_text() for page in reader.pages)
    assert "seven rows and seven columns" in " ".join(words.split())


# --- sheets without bleed ------------------------------------------------------------------


def test_bleed_zero_means_no_bleed(tmp_path):
    result = run("sheets", "--bleed", "0", "--no-backs", "-o", str(tmp_path))
    assert result.exit_code == 0, result.stderr
    reader = pypdf.PdfReader(tmp_path / "sheets" / "tiles-a4-letters-no-backs.pdf")
    page = reader.pages[0]
    assert [float(v) for v in page.bleedbox] == [float(v) for v in page.trimbox]
    words = " ".join(page.extract_text().split())
    assert "no bleed" in words and "0 mm past" not in words


# --- help and completion -------------------------------------------------------------------

WORDS_IN_CAPITALS = {"PDF", "STL", "3MF", "STEP", "PNG", "SVG", "HTML", "README", "TOML", "JSON", "CMYK", "US", "A4", "3D"}


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_names_only_real_arguments(name):
    """Capitalised words in a command's help are its arguments (click's convention), no others."""
    command = main.get_command(click.Context(main), name)
    assert command is not None, name
    arguments = {p.name.upper() for p in command.params if isinstance(p, click.Argument)}
    words = set(re.findall(r"\b[A-Z][A-Z0-9]+\b", command.help or ""))
    assert words - WORDS_IN_CAPITALS <= arguments, name


def test_command_list_is_not_cut_off():
    result = CliRunner().invoke(main, ["--help"], terminal_width=80)
    listed = [line for line in result.stdout.split("Commands:")[1].splitlines() if line.strip()]
    assert len(listed) == len(main.list_commands(click.Context(main)))
    cut = [line for line in listed if line.rstrip().endswith("...")]
    assert not [line for line in cut if line.split()[0] in COMMANDS]


def test_shell_completion_as_the_set_up_page_says():
    page = (PROJECT / "docs" / "setup.md").read_text()
    assert 'eval "$(_GRAWLIX_PRINT_COMPLETE=bash_source grawlix-print)"' in page
    script = CliRunner().invoke(main, env={"_GRAWLIX_PRINT_COMPLETE": "bash_source"}, prog_name="grawlix-print")
    assert "complete -o nosort -F _grawlix_print_completion grawlix-print" in script.stdout
    env = {"_GRAWLIX_PRINT_COMPLETE": "bash_complete", "COMP_WORDS": "grawlix-print al", "COMP_CWORD": "1"}
    words = CliRunner().invoke(main, env=env, prog_name="grawlix-print")
    assert words.stdout.split() == ["plain,all"]


# --- the Python API ------------------------------------------------------------------------


def python_code(code: str, cwd: Path = PROJECT, **env: str) -> subprocess.CompletedProcess:
    """``code`` run by a fresh interpreter on this checkout (what it loads is its own), in ``cwd``."""
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=cwd, check=False,
                          env={**os.environ, "PYTHONPATH": str(PROJECT), **env})  # fmt: skip


def test_import_loads_nothing_heavy_and_exposes_the_api():
    code = (
        "import sys, grawlix_print as gp\n"
        "from grawlix_print.games import grawlix\n"
        "heavy = {'reportlab', 'cadquery', 'OCP', 'PIL', 'numpy', 'pypdfium2', 'fontTools', 'click'}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
        "grid = grawlix.Grid(grawlix.load_rules())\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    done = python_code(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["[]", "[]"]  # neither the import nor the rules core


def test_the_commands_load_no_back_end_to_build_their_options():
    """The options take their choices and defaults from the products' own constants, yet
    loading the commands loads no PDF, font or CAD library: those come with the work."""
    code = (
        "import sys, grawlix_print.cli\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'reportlab', 'fontTools', 'cadquery', 'OCP', 'numpy', 'matplotlib'}))\n"
    )
    done = python_code(code)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_version_is_the_installed_distributions():
    """``--version`` says the package's own version without reading metadata: the one pip installed."""
    from importlib.metadata import version

    import grawlix_print

    if version("grawlix-print") != grawlix_print.__version__:  # an editable install's metadata, made before a bump
        pytest.skip(f"the installed metadata says {version('grawlix-print')}, older than the package's"
                    f" {grawlix_print.__version__}: pip install -e . again")  # fmt: skip
    result = CliRunner().invoke(main, ["--version"], prog_name="grawlix-print")
    assert result.exit_code == 0 and result.stdout == f"grawlix-print, version {version('grawlix-print')}\n"


def _console_script(tmp_path: Path, *args: str, before: str = "") -> subprocess.CompletedProcess:
    """``grawlix-print ARGS`` as the console script runs it (``cli.run``), after ``before`` (code that
    leaves something for the end: an exit handler, a thread), in ``tmp_path``."""
    code = (f"import atexit, sys, threading, time\nfrom pathlib import Path\nout = Path({str(tmp_path)!r})\n{before}\n"
            f"sys.argv = ['grawlix-print', *{list(args)!r}]\nfrom grawlix_print.cli import run\nrun()\n")  # fmt: skip
    return python_code(code, cwd=tmp_path)


@pytest.mark.parametrize("args, status", [
    (("playtest", "--games", "3", "--json", "-q"), 0),
    (("playtest", "--game", "nosuch"), 1),
    (("playtest", "--no-such-option"), 2),
])  # fmt: skip
def test_the_console_script_ends_with_the_commands_status_its_output_whole_and_its_exit_handlers_run(
        tmp_path, args, status):  # fmt: skip
    """``run`` ends the process without freeing every module one by one; whatever a command leaves for
    the end still happens: exit handlers run, the output reaches the pipe whole, the status is the command's."""
    done = _console_script(tmp_path, *args, before="atexit.register(lambda: (out / 'handler').write_text('ran'))")
    assert done.returncode == status, done.stderr
    assert (tmp_path / "handler").read_text() == "ran"
    if status == 0:
        assert json.loads(done.stdout)["games"] == 3 and done.stderr == ""
    else:
        assert done.stdout == "" and len(done.stderr.splitlines()) >= 1 and "Traceback" not in done.stderr


def test_the_console_script_waits_for_a_thread_still_running(tmp_path):
    """A thread a plug-in left running at the end is waited for, as Python waits for it."""
    late = "def late():\n    time.sleep(0.3)\n    (out / 'thread').write_text('done')\nthreading.Thread(target=late).start()"
    done = _console_script(tmp_path, "--version", before=late)
    assert done.returncode == 0 and done.stdout.startswith("grawlix-print, version"), done.stderr
    assert (tmp_path / "thread").read_text() == "done"


def test_a_profiled_command_still_writes_its_profile(tmp_path):
    """cProfile writes its figures after the command returns: under it the tool ends as Python does."""
    done = subprocess.run([sys.executable, "-m", "cProfile", "-o", str(tmp_path / "profile"), "-m", "grawlix_print",
                           "--version"], capture_output=True, text=True, cwd=tmp_path, check=False,
                          env={**os.environ, "PYTHONPATH": str(PROJECT)})  # fmt: skip
    assert done.returncode == 0 and ", version " in done.stdout, done.stderr
    assert pstats.Stats(str(tmp_path / "profile")).total_calls > 0


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_numpy_under_the_commands_starts_no_blas_threads_unless_asked(tmp_path):
    """Workers are processes, one a core: numpy's BLAS starting a thread a core in each of them would
    only oversubscribe the cores (and slow every start). A user's own setting is kept."""
    code = "import os, grawlix_print.cli, numpy\nprint(len(os.listdir('/proc/self/task')))"
    environment = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    alone = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path,
                           env={**environment, "PYTHONPATH": str(PROJECT)}, check=True)  # fmt: skip
    assert alone.stdout.strip() == "1"
    asked = python_code(code, cwd=tmp_path, OPENBLAS_NUM_THREADS="2")
    assert asked.returncode == 0 and asked.stdout.strip() == "2", asked.stderr


def test_a_command_loads_its_own_module_alone(tmp_path):
    """A playtest's start-up is most of a small run's time: ``playtest`` loads no other command, no
    product, no Markdown parser, no font outlines or rules typesetting, no process pool for one worker, reads no
    package's metadata (its game is built in) and no numpy for one game, yet writes its whole report."""
    code = (
        "import atexit, sys\n"
        f"sys.argv = ['grawlix-print', 'playtest', '--games', '1', '--workers', '1', '-q', '-o', {str(tmp_path)!r}]\n"
        "def report():\n"
        "    unwanted = ('grawlix_print.products', 'grawlix_print.cli.kit', 'grawlix_print.cli.products', 'grawlix_print.cli.init',\n"
        "                'grawlix_print.cli.watch', 'markdown_it', 'importlib.metadata', 'fontTools', 'concurrent.futures.process',\n"
        "                'grawlix_print.drawing.pdf.typeset', 'numpy')\n"
        "    print(sorted({u for u in unwanted for m in sys.modules if m == u or m.startswith(u + '.')}))\n"
        "atexit.register(report)  # the console script ends with the exit handlers\n"
        "from grawlix_print.cli import run\n"
        "run()\n"
    )
    done = python_code(code, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
    written = sorted(p.name for p in (tmp_path / "playtest").iterdir())
    assert written == ["playtest-wins.png", "playtest.json", "playtest.pdf"]
    assert json.loads((tmp_path / "playtest" / "playtest.json").read_text())["games"] == 1


def _loaded(tmp_path: Path, args: list[str], wanted: tuple[str, ...]) -> list[str]:
    """Which of the ``wanted`` packages and modules the console script has loaded by its end."""
    code = (
        "import atexit, sys\n"
        f"sys.argv = ['grawlix-print', *{args!r}]\n"
        f"def report():\n    print(sorted({{u for u in {wanted!r} for m in sys.modules if m == u or m.startswith(u + '.')}}))\n"
        "atexit.register(report)\n"
        "from grawlix_print.cli import run\n"
        "run()\n"
    )
    done = python_code(code, tmp_path)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1].replace("'", '"'))


def test_sheets_of_a_game_of_tables_load_what_the_sheets_draw_alone(tmp_path):
    """A fresh ``sheets`` is a designer's loop: the settings file ``new --data`` writes (a table for
    every command, each empty) loads no other command's module; the sheets need no rulebook (its
    Markdown parser), no font outlines (fontTools: reportlab's own reading of a font says which
    characters it has), no other product (their commands' options neither), no boards' tiling over
    pages (it has no board) and no process pool; and the sheets and previews are made."""
    made = subprocess.run([sys.executable, "-m", "grawlix_print", "new", "Toy Deck", str(tmp_path / "toy"), "--data"],
                          capture_output=True, text=True, cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(PROJECT)})  # fmt: skip
    assert made.returncode == 0, made.stderr
    assert (tmp_path / "toy" / "grawlix.toml").read_text().count("\n[") > 10
    unwanted = ("grawlix_print.cli.diff", "grawlix_print.cli.init", "grawlix_print.cli.kit", "grawlix_print.cli.watch",
                "grawlix_print.cli.playtest", "grawlix_print.playtest", "grawlix_print.rulebook", "markdown_it",
                "fontTools", "grawlix_print.products.solid", "grawlix_print.products.boxes", "grawlix_print.products.web",
                "grawlix_print.products.images", "grawlix_print.products.ondemand", "grawlix_print.products.errata",
                "grawlix_print.products.leaflet.product", "grawlix_print.products.sheets.tiled", "multiprocessing")  # fmt: skip
    out = tmp_path / "out"
    assert _loaded(tmp_path, ["sheets", "--templates", str(tmp_path / "toy" / "templates"), "-o", str(out)], unwanted) == []
    sheets = sorted(p.name for p in (out / "sheets").iterdir())
    assert sheets and all(name.endswith(".pdf") for name in sheets)
    assert {p.name.rsplit("-", 1)[0] + ".pdf" for p in (out / "previews").iterdir()} == set(sheets)


def test_a_playtest_asked_for_json_draws_no_report(tmp_path):
    """--json is the figures alone: printed, and written as playtest.json; no plot is drawn, so
    neither the PDF library nor Pillow nor the report's drawing is loaded."""
    drawing = ("reportlab", "PIL", "pypdfium2", "grawlix_print.drawing.chart", "grawlix_print.playtest.pdf",
               "grawlix_print.playtest.plots", "numpy")  # fmt: skip
    assert _loaded(tmp_path, ["playtest", "--games", "1", "--workers", "1", "--json", "-q", "-o", str(tmp_path)],
                   drawing) == []
    assert sorted(p.name for p in (tmp_path / "playtest").iterdir()) == ["playtest.json"]
    assert json.loads((tmp_path / "playtest" / "playtest.json").read_text())["games"] == 1


def test_the_version_and_the_help_load_no_game_product_or_drawing(tmp_path):
    """--version is the interpreter and click; --help lists every command without importing one:
    no command's module, no product, no game, no registry, no package's metadata read."""
    heavy = ("numpy", "reportlab", "PIL", "pypdfium2", "grawlix_print.drawing.pdf", "grawlix_print.kit",
             "grawlix_print.games.grawlix.engine", "grawlix_print.games.permutations.engine",
             "grawlix_print.playtest.runner", "grawlix_print.products", "grawlix_print.games")  # fmt: skip
    assert _loaded(tmp_path, ["--version"], heavy) == []
    modules = tuple(f"grawlix_print.cli.{module}" for module, _ in APP_COMMANDS.values())
    assert _loaded(tmp_path, ["--help"], (*heavy, *modules, "grawlix_print.registry", "importlib.metadata")) == []


def test_the_help_lists_each_command_as_the_command_itself_words_it():
    """--help lists the built-in commands from cli.app.COMMANDS: each one there is a command that
    module makes, with the short help it says at any width, and the list is what click lists
    from the commands themselves, loaded."""
    ctx = click.Context(main)
    for name, (module, words) in APP_COMMANDS.items():
        command = main.get_command(ctx, name)
        assert command is not None and not command.hidden, name
        assert command.callback is not None and command.callback.__module__ == f"grawlix_print.cli.{module}", name
        assert command.get_short_help_str(10) == command.get_short_help_str(500) == words, name
    assert set(APP_COMMANDS) == set(main.list_commands(ctx)) - set(main.commands).difference(APP_COMMANDS)
    listed = CliRunner().invoke(main, ["--help"], terminal_width=80).stdout.split("Commands:\n")[1]
    formatter = click.HelpFormatter(width=80)
    click.Group.format_commands(main, ctx, formatter)  # click's own: every command loaded and asked
    assert listed == formatter.getvalue().split("Commands:\n")[1]


DICE_PLUG_IN = """
import click
from grawlix_print.games.permutations import Permutations
from grawlix_print.products.leaflet.product import Leaflet


@click.command(short_help="Roll the dice of a seat.")
def roll(game):
    click.echo(f"rolled for {game.name}")


class Dice(Permutations):
    name = "dice"

    @classmethod
    def commands(cls):
        return (roll,)


class Poster(Leaflet):
    name = "poster"
    summary = "The rules as one poster."
"""


def test_the_help_lists_the_plug_ins_commands(tmp_path):
    """A package installing a game with a command of its own and a product: --help lists both, as
    they word themselves, among the built-in commands, and the game's command is there."""
    info = tmp_path / "dicekit-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: dicekit\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[grawlix_print.games]\ndice = dicekit:Dice\n\n"
                                           "[grawlix_print.products]\nposter = dicekit:Poster\n")  # fmt: skip
    (tmp_path / "dicekit.py").write_text(DICE_PLUG_IN)
    env = {**os.environ, "PYTHONPATH": f"{tmp_path}{os.pathsep}{PROJECT}"}
    helped = subprocess.run([sys.executable, "-m", "grawlix_print", "--help"], capture_output=True, text=True, env=env,
                            cwd=tmp_path, check=False)  # fmt: skip
    assert helped.returncode == 0, helped.stderr
    rows = [line.split(None, 1) for line in helped.stdout.split("Commands:\n")[1].splitlines()]
    assert ["roll", "Roll the dice of a seat."] in rows and ["poster", "The rules as one poster."] in rows
    assert [name for name, _ in rows] == sorted({*APP_COMMANDS, "roll", "poster"})
    rolled = subprocess.run([sys.executable, "-m", "grawlix_print", "roll", "--help"], capture_output=True,
                            text=True, env=env, cwd=tmp_path, check=False)  # fmt: skip
    assert rolled.returncode == 0 and "--game" in rolled.stdout, rolled.stderr


def test_a_web_edition_with_cached_figures_loads_no_numpy_and_no_cad(tmp_path):
    """The rules quote playtest figures and link the 3D notes: a build that finds the figures
    cached and names the notes plays no game and builds no solid, so it loads neither's libraries."""
    env = {**os.environ, "PYTHONPATH": str(PROJECT), "GRAWLIX_PRINT_SCREENSHOTS": "off"}
    args = ["web", "--no-previews", "-o", str(tmp_path)]
    first = subprocess.run([sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True,
                           cwd=tmp_path, env=env, check=False)  # fmt: skip  (fills the cache if it must)
    assert first.returncode == 0, first.stderr
    code = (
        "import sys\n"
        "from grawlix_print.cli import main\n"
        f"main({args!r}, standalone_mode=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in {'numpy', 'cadquery', 'OCP'}"
        " or m in ('grawlix_print.playtest.runner', 'grawlix_print.products.solid.build')))\n"
    )
    done = python_code(code, tmp_path, GRAWLIX_PRINT_SCREENSHOTS="off")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "[]"


def test_every_public_name_resolves_and_says_what_it_is():
    import grawlix_print as gp

    wanted = {"Game", "game", "game_names", "build_leaflet", "build_sheets", "build_stl", "build_all", "build_product",
              "playtest_games", "Written", "StudioError"}  # fmt: skip (Grawlix's own: tests/test_public_api.py)
    assert wanted <= set(gp.__all__) and set(gp.__all__) <= set(dir(gp))
    for name in gp.__all__:
        value = getattr(gp, name)
        if callable(value):
            doc = (value.__doc__ or "").strip()
            assert doc and not doc.startswith(f"{name}("), f"{name} has no docstring of its own"
    with pytest.raises(AttributeError):
        gp.no_such_thing  # noqa: B018


PYTHON_PAGE = PROJECT / "docs" / "python.md"


def test_python_page_example_runs_and_prints_what_it_says(tmp_path, monkeypatch, capsys):
    section = PYTHON_PAGE.read_text()
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    output = re.search(r"```text\n(.*?)```", section, re.DOTALL).group(1)
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(PYTHON_PAGE), "exec"), {})  # noqa: S102  the page's own example
    assert capsys.readouterr().out == output
    assert (tmp_path / "print" / "leaflet" / "leaflet-letter.pdf").is_file()


def test_python_page_products_and_playtest_run_and_print_what_they_say(tmp_path, monkeypatch, capsys):
    """The page's second example: images and boxes by name, a playtest without files."""
    section = PYTHON_PAGE.read_text()
    code = re.findall(r"```python\n(.*?)```", section, re.DOTALL)[1]
    output = re.findall(r"```text\n(.*?)```", section, re.DOTALL)[1]
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(PYTHON_PAGE), "exec"), {})  # noqa: S102  the page's own example
    assert capsys.readouterr().out == output
    assert len(list((tmp_path / "print" / "images" / "cards").glob("card-*.png"))) == 50


def test_a_playtest_from_python_reports_what_the_command_reports(tmp_path):
    """The same settings and seed: the JSON the command prints is the session's figures."""
    import json

    import grawlix_print as gp

    result = subprocess.run(
        [sys.executable, "-m", "grawlix_print", "playtest", "--game", "permutations", "--games", "300",
         "--players", "4", "--strategy", "greedy", "--seed", "11", "--json", "-q", "-o", str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    figures = gp.playtest_games(gp.game("permutations"), 300, players=4, strategies=["greedy"], seed=11)
    assert json.loads(json.dumps(figures)) == json.loads(result.stdout)
    assert figures["games"] == 300 and figures["strategies"] == ["greedy"] * 4


def test_no_file_is_left_open(tmp_path):
    """Font files are closed once read: an open one is a ResourceWarning, and on Windows a locked file."""
    for args in (["leaflet"], ["sheets", "--game", "permutations"]):
        result = subprocess.run(
            [sys.executable, "-W", "always::ResourceWarning", "-m", "grawlix_print", *args, "-o", str(tmp_path)],
            capture_output=True, text=True, env={**os.environ, "GRAWLIX_PRINT_SCREENSHOTS": "off"}, timeout=300,
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        assert "ResourceWarning" not in result.stderr, result.stderr[:500]


# --- the right folder ----------------------------------------------------------------------


def test_inside_a_templates_folder_the_tool_uses_it_and_writes_beside_it(tmp_path, monkeypatch):
    """Standing in ``my-game/templates/``, the commands build that game (here renamed, so it cannot be
    the built-in one) into ``my-game/output/``, never into the templates, and say so."""
    assert run("init", str(tmp_path / "my-game")).exit_code == 0
    components = tmp_path / "my-game" / "templates" / "components.toml"
    components.write_text(components.read_text().replace('title = "Grawlix"', 'title = "Snarl"'))
    monkeypatch.chdir(tmp_path / "my-game" / "templates")
    result = run("leaflet")
    assert result.exit_code == 0, result.stderr
    assert "this folder is a templates folder" in result.stderr and "writing to ../output" in result.stderr
    pdf = tmp_path / "my-game" / "output" / "leaflet" / "leaflet-a4.pdf"
    assert pypdf.PdfReader(pdf).metadata.title.startswith("Snarl")
    assert not (tmp_path / "my-game" / "templates" / "output").exists()


def test_the_folder_that_holds_the_templates_means_them(tmp_path):
    """``--templates my-game`` (the project, which holds ``templates/``) is taken as ``my-game/templates``."""
    assert run("init", str(tmp_path / "my-game")).exit_code == 0
    result = run("check", "--templates", str(tmp_path / "my-game"))
    assert result.exit_code == 0, result.stderr
    assert f"holds a templates folder: using {tmp_path / 'my-game' / 'templates'}" in result.stderr
    assert result.stdout.count("legal locations") == 3
