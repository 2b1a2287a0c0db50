"""A plug-in broken in each way a half-written game is: one line naming the game and the plug-in's own
file and line, exit status 1, no traceback; ``--debug`` (or GRAWLIX_PRINT_DEBUG=1) shows the traceback.

Each case is the package ``new`` writes, with one line of it changed, registered as pip would install
it (tests/plugins.py) and run in a process of its own.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from grawlix_print.cli.init import write_all_or_none
from grawlix_print.cli.new import plugin_files
from plugins import environment, write_metadata

# (case, file, the text to replace, its replacement, the command, the line the error names: a pattern of the
# changed file's line)
CASES = [
    ("syntax", "__init__.py", "class {cls}(Game):", "class {cls}(Game)", ("games",), "class {cls}(Game)"),
    ("import", "__init__.py", "from . import pieces", "from . import pieces, missing_module", ("check",), "missing_module"),
    ("exit", "__init__.py", "HERE = Path(__file__)", "import sys; sys.exit(3); HERE = Path(__file__)", ("check",), "sys.exit(3)"),
    ("ctrl-c", "__init__.py", "HERE = Path(__file__)", "raise KeyboardInterrupt; HERE = Path(__file__)", ("check",), "KeyboardInterrupt"),
    ("summary", "__init__.py", "    summary = ", "    _summary = ", ("check",), None),
    ("abstract", "__init__.py", "    def rulebook(self):", "    def rule_book(self):", ("check",), None),
    ("constructor", "__init__.py", "    @cached_property\n    def components", "    def __init__(self, templates=None):\n        raise ValueError('not yet')\n\n    @cached_property\n    def components", ("leaflet",), "raise ValueError"),
    ("figure", "__init__.py", "        rules = self.engine\n        state = rules.after", "        rules = self.engine\n        1 / 0\n        state = rules.after", ("leaflet",), "1 / 0"),
    ("placeholder", "__init__.py", '"line": rules.line,', '"line": rules.line / 2,', ("leaflet",), None),
    ("face", "pieces.py", "    the_board = board(rules)", "    the_board = board(rules)\n    import dataclasses; the_board = dataclasses.replace(the_board, columns='3')", ("sheets",), None),
    # a hook's answer of the wrong type: the line the plug-in defines the hook on
    ("kinds-one", "__init__.py", "return pieces.kinds(self.engine)", "return pieces.kinds(self.engine)[0]", ("sheets",), "def piece_kinds"),
    ("title-none", "__init__.py", 'return str(self.components["title"])', "return None", ("leaflet",), "def title"),
    ("playtester-dict", "__init__.py", "        return EnginePlaytester(", "        return dict()\n        return EnginePlaytester(", ("playtest",), "def playtester"),
    ("items-number", "__init__.py", '"tokens": pieces.tokens_each(rules)}}', '"tokens": pieces.tokens_each(rules), "x": __import__("grawlix_print.plugin").plugin.Items((1, 2))}}', ("leaflet",), "plugin.Items((1, 2))"),
]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    """Each case's package, registered: {case: (package folder, metadata folder, name, package)}."""
    made = {}
    for number, (case, file, old, new, *_rest) in enumerate(CASES):
        title = f"Broken Game {chr(65 + number)}"
        root = tmp_path_factory.mktemp(f"broken-{case}")
        files = plugin_files(title, root / "game")
        write_all_or_none(files)
        name = write_metadata(root / "game", root / "metadata")
        package = name.replace("-", "_")
        cls = "".join(part.capitalize() for part in package.split("_"))
        path = root / "game" / package / file
        text = path.read_text()
        assert old.format(cls=cls) in text, (case, old)
        path.write_text(text.replace(old.format(cls=cls), new.format(cls=cls), 1))
        made[case] = (root / "game", root / "metadata", name, package, cls)
    return made


def run(made, *arguments: str, env: dict | None = None) -> subprocess.CompletedProcess:
    folder, metadata, name, *_ = made
    return subprocess.run([sys.executable, "-m", "grawlix_print", *arguments], cwd=folder, capture_output=True,
                          text=True, env={**environment(folder, metadata), **(env or {})}, timeout=300)  # fmt: skip


@pytest.mark.parametrize("case", [c[0] for c in CASES])
def test_a_broken_plugin_is_one_line(broken, case, tmp_path):
    _, file, _, new, command, line_text = next(c for c in CASES if c[0] == case)
    folder, metadata, name, package, cls = broken[case]
    arguments = [*command] if command == ("games",) else [*command, "--game", name]
    if command[0] in ("leaflet", "sheets"):
        arguments += ["-o", str(tmp_path / "out")]
    result = run(broken[case], *arguments)
    if command == ("games",):  # the games that load are listed; the one that does not is named, in one line
        assert "grawlix:" in result.stdout and "permutations:" in result.stdout
        lines = [line for line in result.stderr.splitlines() + result.stdout.splitlines() if name in line]
        assert len(lines) == 1, result.stdout + result.stderr
        message = lines[0]
    else:
        assert result.returncode == 1, result.stdout + result.stderr
        assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
        message = result.stderr
    assert f"game {name}" in message, message
    if line_text is not None:  # the plug-in's own file and the number of the changed line
        source = (folder / package / file).read_text().splitlines()
        number = next(k for k, text in enumerate(source, 1) if line_text.format(cls=cls) in text)
        assert re.search(rf"{package}/{re.escape(file)}:{number}\b", message), (number, message)
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.pdf"))


@pytest.mark.parametrize("how", ["--debug", "GRAWLIX_PRINT_DEBUG"])
def test_debug_shows_the_traceback(broken, how, tmp_path):
    folder, metadata, name, *_ = broken["figure"]
    arguments = ["leaflet", "--game", name, "-o", str(tmp_path / "out")]
    if how == "--debug":
        result = run(broken["figure"], "--debug", *arguments)
    else:
        result = run(broken["figure"], *arguments, env={"GRAWLIX_PRINT_DEBUG": "1"})
    assert result.returncode != 0 and "Traceback" in result.stderr and "ZeroDivisionError" in result.stderr
