"""A Babel extraction method for factcheck's sources (``babel.cfg``).

Findings' messages are written as f-strings where they are made (the checks
build them from the figures they compare), so the ordinary gettext extractor
sees none of them. This one reads the syntax tree and turns each message
f-string into a msgid whose placeholders are the expressions' source text:
``f"The source gives {fq.raw}"`` becomes ``"The source gives {fq.raw}"``.
The catalog matches rendered English against these templates at output time
(``catalog.Translator.text``), so the checks need no gettext calls of their own.

Also extracted: the progress lines of a run (``say(f"…")``, ``progress(f"…")``),
and plain ``gettext``/``_``/``N_``/``ngettext`` calls with literal
arguments (the output formats' own words).
"""
from __future__ import annotations

import ast
from typing import IO, Any, Iterator

GETTEXT = {"gettext", "_", "N_"}
NGETTEXT = {"ngettext"}
# where a finding's human text is passed: ctx.finding(category, severity, MESSAGE, ...) / Finding(message=...)
FINDING_CALLS = {"finding", "Finding"}
TEXT_KEYWORDS = {"message", "suggestion"}
# progress lines a run writes on stderr (RunContext.say, a Progress callback)
PROGRESS_CALLS = {"say", "progress"}

Extracted = tuple[int, str, "str | tuple[str, str]", list[str]]


def template(node: ast.expr) -> list[str]:
    """The msgid(s) an expression can render: an f-string's text with ``{expr}``
    placeholders, a literal string, or both arms of ``a if c else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value] if node.value.strip() else []
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                parts.append("{" + ast.unparse(value.value) + "}")
        return ["".join(parts)]
    if isinstance(node, ast.IfExp):
        return template(node.body) + template(node.orelse)
    return []


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _notes_target(func: ast.expr) -> bool:
    """``notes.append(...)`` or ``something.notes.append(...)``."""
    return (isinstance(func, ast.Attribute) and func.attr == "append"
            and _name(func.value) == "notes")


def messages(tree: ast.AST) -> Iterator[tuple[int, str, "str | tuple[str, str]"]]:
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = _name(node.func)
            if name in GETTEXT and node.args:
                for text in template(node.args[0]):
                    yield node.lineno, name, text
            elif name in NGETTEXT and len(node.args) >= 2:
                one, many = template(node.args[0]), template(node.args[1])
                if one and many:
                    yield node.lineno, name, (one[0], many[0])
            elif name in FINDING_CALLS:
                if name == "finding" and len(node.args) >= 3:
                    for text in template(node.args[2]):
                        yield node.lineno, name, text
                for kw in node.keywords:
                    if kw.arg in TEXT_KEYWORDS:
                        for text in template(kw.value):
                            yield node.lineno, f"{name}.{kw.arg}", text
            elif name in PROGRESS_CALLS and node.args:
                for text in template(node.args[0]):
                    yield node.lineno, "progress", text
            elif _notes_target(node.func) and node.args:
                for text in template(node.args[0]):
                    yield node.lineno, "notes", text
        elif isinstance(node, ast.AugAssign) and _name(node.target) == "notes" and isinstance(node.value, ast.ListComp):
            for text in template(node.value.elt):
                yield node.lineno, "notes", text


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]) -> Iterator[Extracted]:
    """Babel's extraction-method signature (``[factcheck.i18n.extract:extract: …]`` in babel.cfg)."""
    source = fileobj.read().decode(options.get("encoding", "utf-8"))
    for lineno, funcname, message in messages(ast.parse(source)):
        # Babel looks a named function up in its keyword table; our own finds go unnamed
        yield lineno, funcname if funcname in GETTEXT | NGETTEXT else None, message, []
