"""Conditions a number was measured under: hardware, precision, parallelism, scope."""
from __future__ import annotations

import re

from ..lexicon import load_lexicon
from .records import Mention

# TP8, TP=8, TP 8, DP2, EP16, PP2, DCP1, "TP4/DCP1"; Ulysses 8; tensor parallel 8
_PARALLEL = re.compile(
    r"(?<![A-Za-z0-9])(TP|DP|EP|PP|CP|DCP|SP)\s?=?\s?(\d{1,3})(?![0-9])"
    r"|(?<![A-Za-z])Ulysses\s?(\d{1,3})"
    r"|tensor[- ]parallel(?:ism)?(?: size)?\s?(?:of\s)?(\d{1,3})",
    re.IGNORECASE,
)
# One model copy per GPU: the opposite of tensor parallelism across the GPUs.
_REPLICAS = re.compile(
    r"replicas?\s+per\s+GPU|one\s+(?:\w+\s+){0,2}replica\s+per\s+GPU|multi-replica|\d+\s+replicas|data[- ]parallel"
    r"|一卡一个[^，,。；;]{0,12}副本|多副本|每卡一个[^，,。；;]{0,12}副本|数据并行",
    re.IGNORECASE,
)


def find_conditions(text: str) -> list[Mention]:
    lexicon = load_lexicon()
    found: list[Mention] = []
    for kind, matcher in (("hardware", lexicon.hardware), ("precision", lexicon.precision), ("scope", lexicon.scope)):
        found.extend(Mention(kind=kind, key=h.key, start=h.start, end=h.end, text=h.text) for h in matcher.find(text))
    for m in _PARALLEL.finditer(text):
        if m.group(1):
            key = f"{m.group(1).upper()}{m.group(2)}"
        elif m.group(3):
            key = f"Ulysses{m.group(3)}"
        else:
            key = f"TP{m.group(4)}"
        found.append(Mention(kind="parallelism", key=key, start=m.start(), end=m.end(), text=m.group(0)))
    for m in _REPLICAS.finditer(text):
        found.append(Mention(kind="parallelism", key="replicas", start=m.start(), end=m.end(), text=m.group(0)))
    return found
