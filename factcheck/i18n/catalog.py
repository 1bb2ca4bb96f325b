"""Message catalogs: gettext ``.po`` files under ``factcheck/locale``, read with
Babel and compiled in memory, one ``Translator`` per language.

Findings are made with English messages (the checks write f-strings). The
catalog's msgids for those are the f-strings' templates (``extract.py``), so a
rendered English message is translated by matching it against the templates,
taking the values out, translating any value that is itself a catalog entry
("was merged", "the weights"), and putting them into the translated template.
A message no template matches stays in English rather than being lost.
"""
from __future__ import annotations

import functools
import gettext
import io
import re
from dataclasses import dataclass
from importlib.resources import files
from typing import Literal

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from ..regex_cache import compile_pattern, pattern_cache

Lang = Literal["zh", "en"]
LANGS: tuple[Lang, ...] = ("zh", "en")
DOMAIN = "factcheck"
PLACEHOLDER = compile_pattern(r"\{([^{}]+)\}")
# nested values ("the {artifact}" inside "a license for {what}") are translated this deep
MAX_DEPTH = 3


def N_(message: str) -> str:
    """Marks a string for extraction only (the gettext convention); translated where shown."""
    return message


def po_path(lang: Lang):
    return files("factcheck").joinpath("locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


@dataclass(frozen=True)
class Template:
    msgid: str
    msgstr: str
    pattern: re.Pattern[str]
    names: tuple[str, ...]  # group index -> placeholder name
    literal: int  # characters of fixed text: the parse that recognises most of a message wins
    # the fixed text before the first value and after the last: a message that lacks either cannot
    # match, and most messages are told from most templates by that alone (no regex run)
    head: str = ""
    tail: str = ""


def compile_template(msgid: str, msgstr: str) -> Template:
    parts: list[str] = []
    names: list[str] = []
    seen: dict[str, int] = {}
    pos = 0
    for m in PLACEHOLDER.finditer(msgid):
        parts.append(re.escape(msgid[pos:m.start()]))
        name = m.group(1)
        if name in seen:  # the same value written twice must be the same text twice
            parts.append(f"(?P=g{seen[name]})")
        else:
            seen[name] = len(names)
            parts.append(f"(?P<g{len(names)}>.*?)")  # may be empty: " (measured on …)" or ""
            names.append(name)
        pos = m.end()
    parts.append(re.escape(msgid[pos:]))
    literal = len(PLACEHOLDER.sub("", msgid))
    first = PLACEHOLDER.search(msgid)
    head, tail = (msgid[:first.start()], msgid[pos:]) if first else (msgid, "")
    return Template(msgid, msgstr, compile_pattern("".join(parts), re.DOTALL), tuple(names), literal, head, tail)


# parses of message values a translator keeps (a few hundred bytes each)
_PARSES_KEPT = 4096


class Translator:
    """One language's catalog: ``gettext``/``ngettext`` for the words the outputs
    write themselves, ``text`` for findings' and notes' English sentences."""

    def __init__(self, lang: Lang, po_bytes: bytes) -> None:
        self.lang = lang
        catalog = read_po(io.BytesIO(po_bytes), locale=lang, domain=DOMAIN)
        mo = io.BytesIO()
        write_mo(mo, catalog)
        mo.seek(0)
        self._gnu = gettext.GNUTranslations(mo)
        plain: dict[str, str] = {}
        templates: list[Template] = []
        for message in catalog:
            if not message.id or isinstance(message.id, tuple) or not message.string:
                continue
            plain[message.id] = message.string
            if PLACEHOLDER.search(message.id):
                templates.append(compile_template(message.id, message.string))
        self._plain = plain
        self._templates = templates
        # the values a message is parsed into recur (a URL, a figure, a fragment): each is parsed once, and a
        # long-lived process (the web server, a worker) keeps a bounded number of them
        self._parsed = functools.lru_cache(maxsize=_PARSES_KEPT)(self._parse)

    def gettext(self, message: str) -> str:
        return self._gnu.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._gnu.ngettext(singular, plural, n)

    def text(self, english: str) -> str:
        """An English message made by the code, in this language (unchanged when the
        catalog has no entry for it)."""
        return self._best(english, 0)[1]

    def _best(self, english: str, depth: int) -> tuple[int, str]:
        """(how much of ``english`` the catalog recognised, its translation).

        Several templates can match one message ("The source gives {said}; {what}." and
        "The source gives {said}, not {x}." both match "… gives a; b, not c."), so the
        parse kept is the one that recognises the most fixed text, counting what the
        values themselves match ("b, not c" may be a fragment of its own)."""
        if english in self._plain:
            return len(english), self._plain[english]
        if depth >= MAX_DEPTH or not english:
            return 0, english
        return self._parsed(english, depth)

    def _parse(self, english: str, depth: int) -> tuple[int, str]:
        best = (0, english)
        for template in self._templates:
            if not (english.startswith(template.head) and english.endswith(template.tail)):
                continue
            m = template.pattern.fullmatch(english)
            if m is None:
                continue
            score = template.literal
            values: dict[str, str] = {}
            for i, name in enumerate(template.names):
                found, said = self._best(m.group(f"g{i}"), depth + 1)
                score += found
                values[name] = said
            if score > best[0]:
                best = (score, PLACEHOLDER.sub(lambda p: values.get(p.group(1), p.group(0)), template.msgstr))
        return best

    def knows(self, english: str) -> bool:
        """Whether ``text`` would translate this message (for tests and reports)."""
        return english in self._plain or any(t.pattern.fullmatch(english) for t in self._templates)


@functools.cache
def translator(lang: Lang) -> Translator:
    """The catalog of ``lang``, read once per process (catalogs do not change while it runs)."""
    # its templates' compiled code is kept in the cache directory, if one is set (regex_cache)
    with pattern_cache(f"messages-{lang}"):
        return Translator(lang, po_path(lang).read_bytes())
