"""Text whose language is chosen where it is shown, not where it is made.

The web server decides why a request is refused deep in the code (the database
layer, the draft intake), long before it knows whom it answers; the answer goes
to a reviewer who reads Chinese or to a CMS that wants English. So a refusal
carries a ``Message``: an English template from the catalogs (``{name}``
placeholders, marked with ``N_`` for extraction) and its values, rendered in a
language at the last moment. ``str()`` is the English.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .catalog import Translator


@dataclass(frozen=True)
class Message:
    template: str
    # values that are themselves Messages are rendered in the same language; any
    # other value (a user name, a host, a number) is put in as it is
    values: dict[str, Any] = field(default_factory=dict)

    def render(self, tr: Translator | None = None) -> str:
        # ``text`` rather than ``gettext``: a template with no values may be English
        # stored earlier ("incomplete: 2 of 24 cited sources …"), which only the
        # catalog's templates recognise
        text = tr.text(self.template) if tr else self.template
        if not self.values:
            return text
        return text.format(**{k: v.render(tr) if isinstance(v, Message) else v for k, v in self.values.items()})

    def __str__(self) -> str:
        return self.render()
