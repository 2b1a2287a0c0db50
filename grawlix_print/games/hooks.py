"""What each of a ``Game``'s hooks returns, checked where a plug-in's subclass answers it.

A plug-in's ``piece_kinds`` that gives a list, or a ``title`` that gives None,
used to fail far away, in a product's code, as an internal ``TypeError``
naming no file of the plug-in's. ``Game.__init_subclass__`` wraps each hook a
subclass defines (``checked``): its answer is taken as a newcomer means it (a
list where a tuple is asked for) or refused in one line naming the game, the
hook, what it gave, what it takes, and the line the plug-in defines it on.

The types are imported when a hook answers, not when a game is: an answer of
the right type has loaded its module already.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from importlib import import_module
from typing import Any

from ..errors import StudioError
from ..plugin_faults import debugging, defined_at, shown


def _kind(takes: str) -> Any:
    """The class (or union of classes) named ``module:Name`` (or ``str``) an answer must be an instance of."""
    if ":" not in takes:
        return {"str": str}[takes]
    module, name = takes.split(":")
    return getattr(import_module(module), name)


HOOKS: dict[str, tuple[str, str, bool]] = {
    "title": ("str", "words (a str)", False),
    "rulebook": ("grawlix_print.rulebook.document:RulebookText", "a RulebookText (rulebook(self, facts))", False),
    "presentation": ("grawlix_print.games.presentation:Presentation", "a Presentation (plain_presentation())", False),
    "piece_kinds": ("grawlix_print.pieces.kinds:PieceKind", "a tuple of PieceKind", True),
    "piece_files": ("str", "a tuple of file patterns (str)", True),
    "kind_files": ("str", "a tuple of file patterns (str)", True),
    "rulebook_files": ("str", "a tuple of file patterns (str)", True),
    "web_sections": ("grawlix_print.rulebook.document:Block", "a tuple of blocks (Heading, Paragraph...)", True),
    "playtester": ("grawlix_print.playtest.protocol:Playtester", "a Playtester (an EnginePlaytester)", False),
    "rules_file": ("grawlix_print.games.rules_file:RulesFile", "a RulesFile", False),
    "commands": ("click:Command", "a tuple of click commands", True),
}
"""The hooks checked: the type each answers (``module:Name``), in words, and whether a tuple of them."""


def answer(game: str, hook: str, function: Callable[..., Any], value: Any) -> Any:
    """``value``, what ``function`` (the plug-in's ``hook``) answered, as the hook's callers take it
    (a list or a generator of what a tuple holds: the tuple); else one line saying what it gave."""
    takes, words, many = HOOKS[hook]
    kind = _kind(takes)
    if not many:
        if isinstance(value, kind):
            return value
        gave = f"{type(value).__name__} {shown(value, 60)}"
    else:
        if isinstance(value, (list, tuple)) or inspect.isgenerator(value):
            found = tuple(value)
            wrong = [item for item in found if not isinstance(item, kind)]
            if not wrong:
                return found
            gave = f"a {type(wrong[0]).__name__} among them ({shown(wrong[0], 60)})"
        else:
            gave = f"{type(value).__name__} {shown(value, 60)}"
    where = defined_at(function)
    message = f"{hook}() gave {gave}, not {words}" + (f" (defined at {where})" if where else "")
    if debugging():
        raise TypeError(f"game {game}: {message}")
    raise StudioError(message, f"game {game}")


def checked(cls: type) -> None:
    """Each hook ``cls`` itself defines, wrapped so that its answer is checked (``answer``)."""
    for hook in HOOKS:
        found = cls.__dict__.get(hook)
        if found is None or getattr(found, "__isabstractmethod__", False):
            continue
        if isinstance(found, property) and found.fget is not None:
            setattr(cls, hook, property(_wrapped(hook, found.fget), found.fset, found.fdel, found.__doc__))
        elif isinstance(found, classmethod):
            setattr(cls, hook, classmethod(_wrapped(hook, found.__func__)))
        elif inspect.isfunction(found):
            setattr(cls, hook, _wrapped(hook, found))


def _wrapped(hook: str, function: Callable[..., Any]) -> Callable[..., Any]:
    if getattr(function, "_checked_hook", False):
        return function

    @functools.wraps(function)
    def answered(self_or_cls: Any, *args: Any, **kwargs: Any) -> Any:
        value = function(self_or_cls, *args, **kwargs)
        return answer(getattr(self_or_cls, "name", "?"), hook, function, value)

    answered._checked_hook = True  # type: ignore[attr-defined]
    return answered
