"""The language of an answer, page or JSON: ``?lang=zh|en`` on the request, else
the signed-in user's choice, else the browser's ``Accept-Language``, else English;
and the words the templates need in it."""
from __future__ import annotations

from typing import Any

from starlette.requests import Request

from ..i18n import LANGS, Lang, translator
from ..i18n.message import Message
from ..models import SourceMetadata
from ..output.rules import RULES
from ..output.summary import metadata_text, severity_word
from .db import User


def accepted_lang(header: str | None) -> Lang:
    """The first of zh/en the browser prefers (``zh-CN,zh;q=0.9,en;q=0.8`` -> zh)."""
    ranked = []
    for n, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        ranked.append((-q, n, tag.strip().lower()))
    for _, _, tag in sorted(ranked):
        primary = tag.split("-")[0]
        if primary in LANGS:
            return primary  # type: ignore[return-value]
    return "en"


def page_lang(user: User | None, accept_language: str | None, asked: str | None = None) -> Lang:
    """``asked`` is the request's own ``?lang=`` (a link or a CMS asking for one language)."""
    if asked in LANGS:
        return asked  # type: ignore[return-value]
    return user.lang if user and user.lang in LANGS else accepted_lang(accept_language)  # type: ignore[return-value]


def request_lang(request: Request, user: User | None) -> Lang:
    return page_lang(user, request.headers.get("accept-language"), request.query_params.get("lang"))


def page_words(lang: Lang) -> dict[str, Any]:
    """Template context: ``_`` for the pages' own words, ``tr`` for findings' messages."""
    tr = translator(lang)
    return {
        "lang": lang,
        "_": tr.gettext,
        "tr": tr,
        # a refusal's Message, or English the code stored earlier (a run note), in this language
        "say": lambda text: text.render(tr) if isinstance(text, Message) else tr.text(text or ""),
        "severity_word": lambda severity: severity_word(severity, tr),
        # a category keeps its contract id on the page; this says what it means, in the reader's words
        "category_title": lambda category: tr.gettext(RULES[category].short) if category in RULES else category,
        "metadata_text": lambda meta: metadata_text(SourceMetadata.model_validate(meta), tr),
    }
