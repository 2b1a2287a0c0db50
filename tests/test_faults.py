"""File-system faults as a user meets them: each is one line naming the path, and no file is half-written.

Tests run as root here, where a read-only permission stops nothing: the
read-only folder is a real read-only bind mount, made in a private mount
namespace (``unshare -m``) that vanishes with the child process.
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from grawlix_print.cli import main

import kit_standin

ENV = {**os.environ, "PYTHONPATH": str(Path(kit_standin.__file__).resolve().parent.parent)}


def sheets(out: Path):
    """The plain sheets (tiles-a4.pdf, stickers-a4.pdf): the faults are the same for any marking."""
    return CliRunner().invoke(main, ["sheets", "--out", str(out), "--markings", "none"])


def one_line(result) -> str:
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.splitlines()
    return line


def test_a_full_disk(tmp_path, monkeypatch):
    folder = tmp_path / "sheets"  # where `sheets` writes in its --out folder
    folder.mkdir()
    (folder / "tiles-a4.pdf").write_bytes(b"the old sheet")
    real = Path.write_bytes

    def full(self, data):
        if self.name.startswith(".tiles-a4.pdf"):
            real(self, data[: len(data) // 2])  # half of it fits
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    line = one_line(sheets(tmp_path))
    assert line == f"error: {folder / 'tiles-a4.pdf'}: cannot write: no space left on the device"
    assert sorted(p.name for p in folder.iterdir()) == ["tiles-a4.pdf"]
    assert (folder / "tiles-a4.pdf").read_bytes() == b"the old sheet"


def test_a_folder_where_a_file_should_be(tmp_path):
    folder = tmp_path / "sheets"
    (folder / "tiles-a4.pdf").mkdir(parents=True)
    line = one_line(sheets(tmp_path))
    assert line == f"error: {folder / 'tiles-a4.pdf'}: cannot write: is a folder, not a file"
    assert [p.name for p in folder.iterdir()] == ["tiles-a4.pdf"]


def test_a_file_where_the_output_folder_should_be(tmp_path):
    (tmp_path / "file").write_text("")
    line = one_line(sheets(tmp_path / "file" / "out"))
    where = tmp_path / "file" / "out"  # the --out folder, held for the build before anything is made
    assert line == f"error: {where}: cannot write: a file is in the way where a folder should be"


OUT_COMMANDS = sorted(  # the program's own (kit_standin adds a helper to the group)
    n for n, c in main.commands.items()
    if c.callback.__module__.startswith("grawlix_print.") and any(p.name == "out" for p in c.params)
)  # fmt: skip


@pytest.mark.parametrize("command", [c for c in OUT_COMMANDS if c != "watch"])  # watch: it goes on
def test_a_file_given_as_the_output_folder(tmp_path, command):
    """`-o FILE`, a regular file: one line naming it (or the sub-folder it blocks), status 1."""
    out = tmp_path / "out"
    out.write_text("a file")
    extra = {"stl": ["--style", "flat"], "web": ["--no-previews"]}.get(command, [])
    line = one_line(CliRunner().invoke(main, [command, "-o", str(out), *extra]))
    assert re.fullmatch(f"error: {re.escape(str(out))}(/[a-z0-9]+)?: cannot write: "
                        "a file is in the way where a folder should be", line), line  # fmt: skip
    assert [p.name for p in tmp_path.iterdir()] == ["out"] and out.read_text() == "a file"


def test_a_name_too_long(tmp_path):
    out = tmp_path / ("n" * 300)
    line = one_line(sheets(out))
    assert line == f"error: {out}: cannot write: file name too long"


def test_an_oserror_no_layer_worded_names_its_file(tmp_path, monkeypatch):
    """The CLI's last line of defence: any OSError left is one line naming its file."""
    import grawlix_print.products.sheets.build as sheets_build

    def broken(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", "/some/font.ttf")

    monkeypatch.setattr(sheets_build, "build_sheets", broken)
    assert one_line(sheets(tmp_path)) == "error: /some/font.ttf: Permission denied"


def test_a_read_only_folder(tmp_path):
    """`sheets` and the kit's build into a real read-only mount: one line each, nothing changed."""
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-m", "true"]).returncode:
        pytest.skip("no private mount namespace here (unshare -m)")
    kit = tmp_path / "kit"
    subprocess.run([sys.executable, kit_standin.__file__, str(kit), "old"], env=ENV, check=True,
                   capture_output=True)  # fmt: skip
    before = {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()}
    script = (
        f'mount --bind "{tmp_path}" "{tmp_path}" && mount -o remount,ro,bind "{tmp_path}" || exit 99\n'
        f'"{sys.executable}" -m grawlix_print sheets --out "{tmp_path}"; echo "status $?" >&2\n'
        f'"{sys.executable}" "{kit_standin.__file__}" "{kit}" new; echo "status $?" >&2\n'
    )
    process = subprocess.run(["unshare", "-m", "sh", "-c", script], env=ENV, capture_output=True, text=True)
    if process.returncode == 99:
        pytest.skip("cannot mount here")
    assert process.stderr.splitlines() == [
        f"error: {tmp_path}: cannot write: read-only file system",
        "status 1",
        f"error: {kit}: cannot write: read-only file system",
        "status 1",
    ]
    assert {p: p.read_bytes() for p in tmp_path.rglob("*") if p.is_file()} == before


# --- attack cases: every fault one line naming file and key, whatever odd thing stands there --------


def run(*args: str, cwd: Path | None = None, env: dict | None = None) -> subprocess.CompletedProcess:
    """The command as a user runs it: a process of its own, stderr as a terminal would show it."""
    return subprocess.run([sys.executable, "-m", "grawlix_print", *args], capture_output=True, text=True,
                          cwd=cwd, env={**ENV, **(env or {})}, timeout=120)  # fmt: skip


def refused(result, *parts: str) -> str:
    """One line on stderr, status 1, no traceback; it contains each of ``parts``."""
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and all(part in line for part in parts), line
    return line


@pytest.fixture
def project(tmp_path, templates_copy):
    """A project as `init` lays it out: templates/ and grawlix.toml beside it (here: none yet)."""
    return tmp_path


def odd(path: Path, kind: str) -> None:
    """Put something other than a settings file under ``path``'s name."""
    if kind == "folder":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)
    elif kind == "symlink loop":
        path.symlink_to(path.name)
    elif kind == "broken link":
        path.symlink_to("nowhere.toml")


@pytest.mark.parametrize("name", ["grawlix.toml", "pyproject.toml"])
@pytest.mark.parametrize("kind", ["folder", "fifo", "symlink loop", "broken link"])
@pytest.mark.parametrize("inside", [False, True], ids=["beside", "inside"])
def test_a_settings_file_that_is_no_file_is_refused_not_skipped(project, name, kind, inside):
    """A folder, a FIFO (never waited on), a link loop or a broken link named grawlix.toml: one line."""
    path = (project / "templates" if inside else project) / name
    odd(path, kind)
    result = run("check", "--templates", str(project / "templates"))
    refused(result, f"error: {path}: cannot read")
    assert result.stdout == ""


def test_a_settings_file_in_the_current_folder_that_is_a_folder(tmp_path):
    """With the built-in game, settings come from the current folder: a folder there is refused too."""
    (tmp_path / "grawlix.toml").mkdir()
    refused(run("check", cwd=tmp_path), "grawlix.toml: cannot read: is a folder, not a file")


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"], ids=["LF", "CRLF", "CR"])
def test_a_settings_file_with_a_byte_order_mark_and_any_line_ending_is_read(project, ending):
    text = ending.join(["[check]", "json = true", ""])
    (project / "grawlix.toml").write_bytes("\ufeff".encode() + text.encode())
    result = run("check", "--templates", str(project / "templates"))
    assert result.returncode == 0 and result.stdout.startswith("{"), result.stderr


@pytest.mark.parametrize("name", ["leaflet.md", "rules.toml", "components.toml", "positions/example-2.toml"])
def test_a_byte_order_mark_at_the_start_of_any_template_is_accepted(templates_copy, tmp_path, name):
    path = templates_copy / name
    path.write_bytes("\ufeff".encode() + path.read_bytes().replace(b"\n", b"\r\n"))
    result = run("leaflet", "--templates", str(templates_copy), "-o", str(tmp_path / "out"))
    assert result.returncode == 0 and result.stderr == "", result.stderr


def test_a_toml_error_in_the_front_matter_names_the_files_own_line(templates_copy, tmp_path):
    path = templates_copy / "leaflet.md"
    lines = path.read_text().splitlines(keepends=True)
    number = next(i for i, line in enumerate(lines) if line.startswith("version")) + 1
    lines[number - 1] = "version = 1.0.0\n"  # not TOML: a bare dotted number
    path.write_text("".join(lines))
    line = refused(run("leaflet", "--templates", str(templates_copy), "-o", str(tmp_path / "out")))
    assert line.startswith(f"error: {path}: malformed TOML") and f"(at line {number}, column" in line


# Checks that span two options, or a range a product checks, with the value from grawlix.toml: the
# error names the file and the key (the product words it with flags, as typed on the command line).
CROSS_CHECKS = [
    ("sheets", "[sheets]\nsticker-size = 40\n", ["[sheets] sticker-size 40 mm is larger than", "(--tile-size)"]),
    ("all", "[sheets]\nsticker-size = 40\n", ["[sheets] sticker-size 40 mm", "([sheets] tile-size)"]),
    ("sheets", "[sheets]\ntile-size = 20\nsticker-size = 21\n", ["[sheets] sticker-size 21 mm", "([sheets] tile-size)"]),
    ("sheets", "[sheets]\nbleed = 10\n", ["[sheets] bleed 10 mm is more than a quarter"]),
    ("sheets", "[sheets]\nbacks = false\narrangement = 'gutter-fold'\n",
     ["[sheets] arrangement gutter-fold arranges backs", "([sheets] backs is off)"]),
    ("sheets", "tile-size = 500\n", ["tile-size 500 mm", "does not fit on A4"]),
    ("stl", "[stl]\nfit = 40\n", ["--body-size 28 mm less [stl] fit 40 mm"]),
    ("all", "[stl]\nfit = 40\n", ["[stl] body-size 28 mm less [stl] fit 40 mm"]),
    ("stl", "[stl]\nlayer-height = 2.0\n", ["[stl] layer-height must be more than 0 and at most 1 mm"]),
    ("all", "[stl]\nlayer-height = 2.0\n", ["[stl] layer-height must be more than 0 and at most 1 mm"]),
    ("stl", "[stl]\nfirst-layer-height = 0.6\nbody-height = 0.5\n", ["[stl] first-layer-height 0.6 mm is larger"]),
    ("stl", "[stl]\nelephant-foot = 3\n", ["[stl] elephant-foot 3 mm is more than"]),
    ("stl", "[stl]\nbed = [20, 20]\n", ["[stl] bed"]),
]  # fmt: skip


@pytest.mark.parametrize("command, text, parts", CROSS_CHECKS)
def test_a_check_across_options_names_the_settings_file_and_key(project, tmp_path, command, text, parts):
    settings = project / "grawlix.toml"
    settings.write_text(text)
    args = [command, "--templates", str(project / "templates"), "-o", str(tmp_path / "out")]
    if command == "all":
        args += ["--only", "sheets" if "[sheets]" in text else "3d", "--quiet"]
    refused(run(*args), f"error: {settings}: ", *parts)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


# The same for Permutations' cards and for playtest, whose checks span a size and the paper, or the
# number of games and the search budget.
OTHER_CROSS_CHECKS = [
    ("sheets", "[sheets]\ncard-size = '300x400'\n", ["[sheets] card-size 300 x 400 mm", "does not fit on A4"]),
    ("sheets", "[sheets]\nbleed = 20\n", ["[sheets] bleed 20 mm is more than a quarter of the 63.5 mm card"]),
    ("playtest", "[playtest]\ngames = 10000000\nstrategy = ['search']\nbudget = 100000000\n",
     ["[playtest] games 10,000,000 of search", "a smaller [playtest] budget"]),
]  # fmt: skip


@pytest.mark.parametrize("command, text, parts", OTHER_CROSS_CHECKS)
def test_a_card_or_playtest_check_names_the_settings_file_and_key(tmp_path, command, text, parts):
    settings = tmp_path / "grawlix.toml"
    settings.write_text('game = "permutations"\n' + text)
    refused(run(command, "-o", str(tmp_path / "out"), cwd=tmp_path), f"error: {settings.name}: ", *parts)
    assert not (tmp_path / "out").exists()


def test_a_typed_flag_keeps_its_name_beside_a_recorded_key(project, tmp_path):
    (project / "grawlix.toml").write_text("[sheets]\ntile-size = 20\n")
    line = refused(run("sheets", "--templates", str(project / "templates"), "--sticker-size", "30",
                       "-o", str(tmp_path / "out")))  # fmt: skip
    assert line.startswith(f"error: {project / 'grawlix.toml'}: --sticker-size 30 mm") and "([sheets] tile-size)" in line


def test_without_settings_errors_name_the_flags(tmp_path):
    line = refused(run("sheets", "--sticker-size", "40", "-o", str(tmp_path / "out"), cwd=tmp_path))
    assert line.startswith("error: --sticker-size 40 mm is larger than") and "(--tile-size)" in line


@pytest.mark.parametrize(
    "value", ["garbage", "1e9", "-1", "1.5", "99999999999999999999", "1" * 5000, "١٢٣"],
    ids=["garbage", "exponent", "negative", "fraction", "past 9999", "5000 digits", "arabic digits"],
)
def test_an_unusable_source_date_epoch_is_one_line(tmp_path, value):
    result = run("leaflet", "-o", str(tmp_path / "out"), env={"SOURCE_DATE_EPOCH": value})
    refused(result, "error: SOURCE_DATE_EPOCH: ", "whole number of seconds since 1970")
    assert not (tmp_path / "out").exists()


def test_a_usable_source_date_epoch_dates_the_pdfs(tmp_path):
    import pypdf

    assert run("leaflet", "-o", str(tmp_path), env={"SOURCE_DATE_EPOCH": "1700000000"}).returncode == 0
    info = pypdf.PdfReader(tmp_path / "leaflet" / "leaflet-a4.pdf").metadata
    assert info["/CreationDate"].startswith("D:20231114")


@pytest.mark.parametrize("where", ["a file", "a fifo entry", "no home"])
def test_a_cache_that_cannot_be_used_only_costs_time(tmp_path, where):
    """`facts` with GRAWLIX_PRINT_CACHE a file, an entry that is a FIFO, or no home at all: it answers."""
    env = {"GRAWLIX_PRINT_CACHE": str(tmp_path / "cache")}
    if where == "a file":
        (tmp_path / "cache").write_text("not a folder")
    elif where == "a fifo entry":
        run("facts", env=env, cwd=tmp_path)
        (entry,) = (tmp_path / "cache").iterdir()
        entry.unlink()
        os.mkfifo(entry)
    else:
        env = {"GRAWLIX_PRINT_CACHE": "", "XDG_CACHE_HOME": "", "HOME": ""}
    result = run("facts", "--json", env=env, cwd=tmp_path)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    assert json.loads(result.stdout)["max_tiles"] == 34
    if where == "no home":  # no folder made here (".cache", "~") for a home that is not there
        assert list(tmp_path.iterdir()) == []


def test_no_home_means_no_cache(monkeypatch):
    """An empty or relative HOME, or none in the password database: no cache, not a folder here."""
    import pwd

    from grawlix_print import cache

    for name in ("GRAWLIX_PRINT_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    for home in ("", "relative/home"):
        monkeypatch.setenv("HOME", home)
        assert cache.cache_folder() is None and cache.read_cached("x") is None
        cache.store("x", b"nowhere")  # no error
    monkeypatch.delenv("HOME")
    monkeypatch.setattr(pwd, "getpwuid", lambda uid: (_ for _ in ()).throw(KeyError(uid)))
    assert cache.cache_folder() is None
    monkeypatch.setenv("XDG_CACHE_HOME", "not/absolute")  # ignored, as the XDG rules say
    assert cache.cache_folder() is None


def test_a_damaged_cache_entry_is_made_again(tmp_path, monkeypatch):
    from grawlix_print import cache

    monkeypatch.setenv("GRAWLIX_PRINT_CACHE", str(tmp_path))
    cache.store("entry", b"the bytes")
    assert cache.read_cached("entry") == b"the bytes"
    path = tmp_path / "entry"
    path.write_bytes(path.read_bytes()[:-1] + b"!")  # one byte changed
    assert cache.read_cached("entry") is None
    path.write_bytes(b"")
    assert cache.read_cached("entry") is None


def test_all_names_product_options_by_the_command_and_points_to_grawlix_toml(tmp_path):
    result = run("all", "--tile-size", "30", "-o", str(tmp_path / "out"))
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert "No such option" in result.stderr and "[sheets] tile-size" in result.stderr
    assert "[stl] body-size" in result.stderr and "grawlix.toml" in result.stderr  # its name since tile-size
    assert not (tmp_path / "out").exists()


def test_all_only_takes_a_products_command_name(tmp_path):
    result = run("all", "--only", "stl", "--quiet", "-o", str(tmp_path / "out"),
                 env={"GRAWLIX_PRINT_SCREENSHOTS": "off"})  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert {p.name for p in (tmp_path / "out").iterdir()} == {"3d", "previews", "manifest.json", "index.html"}  # and the kit's index


@pytest.mark.parametrize("command", ["leaflet", "sheets"])
def test_paper_both_builds_each_paper(tmp_path, command):
    result = run(command, "--paper", "both", "-o", str(tmp_path))
    assert result.returncode == 0, result.stderr
    names = {p.name for p in (tmp_path / command).iterdir()}
    assert any("a4" in name for name in names) and any("letter" in name for name in names)


@pytest.mark.parametrize("folder", ["my game", "a;b", "-dash", "$HOME"])
def test_inits_hint_builds_inside_the_new_project(tmp_path, folder):
    result = run("init", "--", folder, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    hint = result.stdout.splitlines()[-1].split("then", 1)[1].strip()
    fake = tmp_path / "bin"  # grawlix-print as the hint's shell finds it: says where it runs
    fake.mkdir()
    (fake / "grawlix-print").write_text('#!/bin/sh\npwd > "$OUT_FILE"\n')
    (fake / "grawlix-print").chmod(0o755)
    env = {**os.environ, "PATH": f"{fake}:{os.environ['PATH']}", "OUT_FILE": str(tmp_path / "where")}
    subprocess.run(["sh", "-c", hint], cwd=tmp_path, env=env, check=True)
    assert Path((tmp_path / "where").read_text().strip()) == (tmp_path / folder).resolve()


# --- a paper-only install: no CadQuery -----------------------------------------------------------

WITHOUT_CADQUERY = (  # the command as it runs where the 3d extra is not installed
    "import sys\n"
    "for name in ('cadquery', 'OCP', 'stl'):\n"
    "    sys.modules[name] = None  # import fails, as where it is not installed\n"
    "from grawlix_print.cli import main\n"
    "main(sys.argv[1:], prog_name='grawlix-print')\n"
)
SKIPPED = '3D tiles skipped: CadQuery is not installed; pip install "grawlix-print[3d]"'


def paper_only(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", WITHOUT_CADQUERY, *args], capture_output=True, text=True,
                          env={**ENV, "GRAWLIX_PRINT_SCREENSHOTS": "off"}, timeout=300)  # fmt: skip


def test_without_cadquery_all_builds_the_paper_products_and_says_3d_was_skipped(tmp_path):
    result = paper_only("all", "--quiet", "-o", str(tmp_path))
    assert result.returncode == 0 and result.stderr == f"note: {SKIPPED}\n", result.stderr
    built = {p.name for p in tmp_path.iterdir()}
    assert {"leaflet", "sheets", "web", "previews", "manifest.json"} <= built and "3d" not in built


@pytest.mark.parametrize("args", [["stl"], ["all", "--only", "3d"], ["all", "--only", "leaflet,stl"]])
def test_without_cadquery_asking_for_3d_is_the_one_line(tmp_path, args):
    result = paper_only(*args, "-o", str(tmp_path / "out"))
    assert result.returncode == 1 and result.stderr == f"error: {SKIPPED}\n", result.stderr
    assert not (tmp_path / "out").exists()


def test_a_name_with_a_line_break_in_it_still_gives_one_line(tmp_path):
    """The error names the file as it is called; a line break or an escape sequence in that name
    is shown escaped, so the message stays one line and cannot colour or clear the terminal."""
    name = "round\n\x1b[2Jone.toml"
    line = refused(run("score", "--game", "permutations", name, cwd=tmp_path))
    assert line == "error: round\\n\\x1b[2Jone.toml: cannot read: No such file or directory"
