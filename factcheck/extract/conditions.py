"""Conditions a number was measured under: hardware, precision, parallelism, scope."""
from __future__ import annotations

import re

from ..lexicon import load_lexicon
from ..regex_cache import compile_pattern
from .numerals import ENGLISH_NUMBERS, chinese_to_number
from .records import Mention

# TP8, TP=8, TP 8, DP2, EP16, PP2, DCP1, "TP4/DCP1"; Ulysses 8; tensor parallel 8
_PARALLEL = compile_pattern(
    r"(?<![A-Za-z0-9])(TP|DP|EP|PP|CP|DCP|SP)\s?=?\s?(\d{1,3})(?![0-9])"
    r"|(?<![A-Za-z])Ulysses\s?(\d{1,3})"
    r"|tensor[- ]parallel(?:ism)?(?: size)?\s?(?:of\s)?(\d{1,3})",
    re.IGNORECASE,
)
# Launch flags: --tensor-parallel-size 4, -tp 4, tp_size=4, --ulysses-degree 2, --cfg-parallel-size 2
_FLAGS = compile_pattern(
    r"(?:--|-)(?P<kind>tensor-parallel-size|tp-size|tp|ulysses-degree|ulysses-size|cfg-parallel-size|"
    r"data-parallel-size|dp-size|dp|pipeline-parallel-size|pp-size|pp|expert-parallel-size|ep-size|ring-degree|"
    r"sp-size|context-parallel-size|cp-size)[ =](?P<n>\d{1,3})"
    r"|(?P<kw>tp_size|tensor_parallel_size|dp_size|pp_size|ulysses_degree)\s?=\s?(?P<kn>\d{1,3})",
    re.IGNORECASE,
)
_FLAG_KIND = {"tensor-parallel-size": "TP", "tp-size": "TP", "tp": "TP", "tp_size": "TP", "tensor_parallel_size": "TP",
              "ulysses-degree": "Ulysses", "ulysses-size": "Ulysses", "ulysses_degree": "Ulysses",
              "cfg-parallel-size": "CFG", "data-parallel-size": "DP", "dp-size": "DP", "dp": "DP", "dp_size": "DP",
              "pipeline-parallel-size": "PP", "pp-size": "PP", "pp": "PP", "pp_size": "PP",
              "expert-parallel-size": "EP", "ep-size": "EP", "ring-degree": "Ring", "sp-size": "SP",
              "context-parallel-size": "CP", "cp-size": "CP"}
# Named schemes that are not tensor parallelism
_SCHEMES = compile_pattern(r"(?<![A-Za-z])(HSDP|FSDP|CFG[- ]parallel(?:ism)?|Ulysses|ring attention|sequence parallel(?:ism)?)",
                           re.IGNORECASE)
# One model copy per GPU: the opposite of tensor parallelism across the GPUs.
_REPLICAS = compile_pattern(
    r"replicas?\s+per\s+GPU|one\s+(?:\w+\s+){0,2}replica\s+per\s+GPU|multi-replica|\d{1,9}\s+replicas|data[- ]parallel"
    r"|一卡一个[^，,。；;]{0,12}副本|多副本|每卡一个[^，,。；;]{0,12}副本|数据并行",
    re.IGNORECASE,
)

# How many devices a figure was measured on: "8x RTX 4090", "4 GPUs", "two H100 GPUs",
# "四卡", "8 张卡", "2 张 RTX 4090", "单卡", "双卡". A count before "x" needs a device name
# after it ("8x faster" is a ratio).
_COUNT = r"(?P<n>\d{1,3}|one|two|three|four|six|eight|sixteen|single|dual)"
_DEVICES = compile_pattern(
    _COUNT + r"\s?[x×]\s?(?=(?:NVIDIA\s|AMD\s)?(?:RTX|GTX|[A-Z]{1,3}\d{2,4}|MI\d|Tesla|Ascend|TPU|Gaudi|GPU))"
    r"|" + _COUNT.replace("P<n>", "P<m>") + r"[ -](?:[\w-]+\s){0,2}?(?:GPUs?|cards?|accelerators?|NPUs?)\b"
    r"|(?<![A-Za-z0-9.])(?P<zh>[\d一二两三四五六七八九十]{1,3}|单|双)\s?(?:(?:张|块)\s?(?:卡|GPU|显卡|(?=(?:RTX|[A-Z]{1,3}\d{2,4})))"
    r"|卡|GPU|显卡)",
    re.IGNORECASE)
_WORD_COUNTS = {"single": 1, "dual": 2, "单": 1, "双": 2}
_COUNT_LIST = compile_pattern(r"[\d一二两三四五六七八九十]\s*(?:[、,，/]|and|or|和|或)\s*$")


def _device_count(m: re.Match[str]) -> int | None:
    raw = (m.group("n") or m.group("m") or m.group("zh")).lower()
    if raw in _WORD_COUNTS:
        return _WORD_COUNTS[raw]
    if raw.isdigit():
        return int(raw)
    if raw in ENGLISH_NUMBERS:
        return int(ENGLISH_NUMBERS[raw])
    value = chinese_to_number(raw)
    return int(value) if value else None


# "a whole AutoEP training step", "整个推理流程": the scope of a whole run, by pattern
_WHOLE = compile_pattern(r"(?<![A-Za-z])(?:whole|entire|full)\s+(?:[\w-]+\s+){0,3}(?:step|request|pipeline|run|iteration|generation)s?"
                         r"(?![A-Za-z])|整个[^，,。；;]{0,8}?(?:请求|训练步|推理流程|流程|生成过程)", re.IGNORECASE)


# makers that share one device noun: "Intel and AMD GPUs" names Intel GPUs as well as AMD GPUs
_MAKER = r"Intel|AMD|NVIDIA|Apple|Qualcomm|Huawei|英特尔|英伟达|华为"
_SHARED_NOUN = compile_pattern(rf"(?<![A-Za-z])(?P<first>{_MAKER})\s*(?:,|/|&|\band\b|\bor\b|和|与|或|、)\s*"
                               rf"(?:{_MAKER})\s*(?P<noun>GPUs?|NPUs?|CPUs?|显卡)", re.IGNORECASE)


def _shared_noun_mentions(text: str) -> list[Mention]:
    """The first maker of "Intel and AMD GPUs" with the noun they share, as the lexicon names it."""
    lexicon = load_lexicon()
    found = []
    for m in _SHARED_NOUN.finditer(text):
        first, noun = m.group("first"), m.group("noun")
        phrase = f"{first} {noun}" if first.isascii() or noun.isascii() else first + noun
        for kind, matcher in (("hardware", lexicon.hardware), ("platform", lexicon.platform)):
            found.extend(Mention(kind=kind, key=h.key, start=m.start("first"), end=m.end("first"), text=phrase)
                         for h in matcher.find(phrase) if h.start == 0 and h.end == len(phrase))
    return found


def find_conditions(text: str) -> list[Mention]:
    lexicon = load_lexicon()
    found: list[Mention] = []
    for kind, matcher in (("hardware", lexicon.hardware), ("platform", lexicon.platform), ("precision", lexicon.precision), ("scope", lexicon.scope)):
        found.extend(Mention(kind=kind, key=h.key, start=h.start, end=h.end, text=h.text) for h in matcher.find(text))
    taken = [(m.start, m.end) for m in found if m.kind == "hardware"]
    for shape in lexicon.hardware_shapes:
        for h in shape.finditer(text):
            if any(s < h.end() and h.start() < e for s, e in taken):
                continue
            taken.append((h.start(), h.end()))
            key = re.sub(r"\s+", " ", h.group("core"))
            key = key.upper() if " " not in key else key  # "3a4000" is the 3A4000
            found.append(Mention(kind="hardware", key=key, start=h.start(), end=h.end(), text=h.group(0)))
    for m in _PARALLEL.finditer(text):
        if m.group(1):
            key = f"{m.group(1).upper()}{m.group(2)}"
        elif m.group(3):
            key = f"Ulysses{m.group(3)}"
        else:
            key = f"TP{m.group(4)}"
        found.append(Mention(kind="parallelism", key=key, start=m.start(), end=m.end(), text=m.group(0)))
    for m in _WHOLE.finditer(text):
        found.append(Mention(kind="scope", key="request", start=m.start(), end=m.end(), text=m.group(0)))
    for m in _FLAGS.finditer(text):
        kind = _FLAG_KIND[(m.group("kind") or m.group("kw")).lower()]
        n = m.group("n") or m.group("kn")
        found.append(Mention(kind="parallelism", key=f"{kind}{n}", start=m.start(), end=m.end(), text=m.group(0)))
    for m in _SCHEMES.finditer(text):
        key = re.sub(r"[- ]parallel(?:ism)?$", "", m.group(1), flags=re.IGNORECASE).upper().replace(" ", "_")
        found.append(Mention(kind="parallelism", key=key, start=m.start(), end=m.end(), text=m.group(0)))
    for m in _DEVICES.finditer(text):
        count = _device_count(m)
        # "1、2、4、8 张 RTX 4090" gives four counts, to four figures: none of them is the condition
        if count and not _COUNT_LIST.search(text, 0, m.start()) and (
                m.group("zh") is None or m.start() == 0 or text[m.start() - 1] != "第"):
            found.append(Mention(kind="devices", key=str(count), start=m.start(), end=m.end(), text=m.group(0)))
    for m in _REPLICAS.finditer(text):
        found.append(Mention(kind="parallelism", key="replicas", start=m.start(), end=m.end(), text=m.group(0)))
    found.extend(_shared_noun_mentions(text))
    return found
