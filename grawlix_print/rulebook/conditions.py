"""Stage one of reading a rulebook: ``{if}``/``{else}``/``{end}`` choose wording, ``{check}`` claims are tested.

The game's ``TextFacts`` decide each condition; a claim it finds false stops
the build. What is left is plain Markdown with placeholders, each line with
its line in the source file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import Consequence, StudioError
from .facts import TextFacts
from .stated import FAILS, HOLDS, tell

DIRECTIVE = re.compile(r"(?<!\\)\{(?:(if|check)\s+([^{}]*)|(else|end))\}")


@dataclass
class _Branch:
    line: int
    active: bool
    outer_active: bool
    in_else: bool = False


def expand_conditions(
    body: str, first_line: int, facts: TextFacts, source: str, problems: list[StudioError] | None = None
) -> list[tuple[str, int]]:
    """The body with conditional text chosen and claims checked, as (line, source line) pairs.

    A directive alone on its line takes the whole line with it. With ``problems``, a
    false claim or a condition that cannot be decided is added to it and reading goes
    on (an undecided ``{if}`` takes its ``{else}``); without, it is raised.
    """

    def judged(decide: Callable[[], bool], where: str) -> bool:
        try:
            return decide()
        except StudioError as error:
            if problems is None:
                raise
            if not isinstance(error, Consequence):
                problems.append(error)
            return False

    pieces: list[tuple[str, int]] = []
    stack: list[_Branch] = []
    cursor = 0

    def line_of(index: int) -> int:
        return first_line + body.count("\n", 0, index)

    def active() -> bool:
        return all(b.active for b in stack)

    for match in DIRECTIVE.finditer(body):
        start, end = match.start(), match.end()
        line_start = body.rfind("\n", 0, start) + 1
        line_end = body.find("\n", end)
        line_end = len(body) if line_end < 0 else line_end
        alone = not body[line_start:start].strip() and not body[end:line_end].strip()
        if alone:
            start, end = line_start, min(line_end + 1, len(body))
        if active() and start > cursor:
            pieces.append((body[cursor:start], line_of(cursor)))
        cursor = max(cursor, end)
        line = line_of(match.start())
        keyword, argument = match.group(1) or match.group(3), (match.group(2) or "").strip()
        if keyword == "if":
            outer = active()
            where = f"{source}:{line}"
            holds = judged(lambda: facts.condition(argument, where)[0], where) if outer else False
            if outer:
                tell(f"if {argument}", HOLDS if holds else FAILS, where)
            stack.append(_Branch(line, holds, outer))
        elif keyword == "else":
            if not stack or stack[-1].in_else:
                raise StudioError("{else} without a matching {if}", f"{source}:{line}")
            branch = stack[-1]
            branch.in_else, branch.active = True, branch.outer_active and not branch.active
        elif keyword == "end":
            if not stack:
                raise StudioError("{end} without a matching {if}", f"{source}:{line}")
            stack.pop()
        elif active():
            where = f"{source}:{line}"
            judged(lambda: _checked(facts, argument, where), where)
    if stack:
        raise StudioError("{if} without a matching {end}", f"{source}:{stack[-1].line}")
    if cursor < len(body):
        pieces.append((body[cursor:], line_of(cursor)))

    lines: list[tuple[str, int]] = []
    current, current_line = "", None
    for text, line in pieces:
        parts = text.split("\n")
        for k, part in enumerate(parts):
            if current_line is None:
                current_line = line + k
            current += part
            if k < len(parts) - 1:
                lines.append((current, current_line))
                current, current_line = "", None
    if current or current_line is not None:
        lines.append((current, current_line or first_line))
    return lines


def _checked(facts: TextFacts, claim: str, where: str) -> bool:
    facts.check(claim, where)  # raises when the claim is false
    return True
