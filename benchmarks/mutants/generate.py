#!/usr/bin/env python3
"""Generate typed mutants from hand-annotated base sentences.

Reads benchmarks/mutants/bases.yaml (base sentences that their cited sources
support, with hand-annotated SLOTS: the spans an operator may touch) and applies
typed operators, each with the finding categories a careful editor would accept
for the mutant. Deterministic: every random choice is seeded by
(seed, base id, kind, slot index), so adding a base never changes another
base's mutants.

    python benchmarks/mutants/generate.py              # writes mutants.jsonl
    python benchmarks/mutants/generate.py --check      # validate bases only
    python benchmarks/mutants/generate.py --stats      # counts per kind / language

Nothing here is edited by hand after generation: change an operator or a slot
and regenerate.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import re
import sys
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SEED = 20261202

KINDS = [
    "figure",            # a figure changed beyond rounding
    "range-top",         # a range reported as its top
    "hedge-drop",        # a hedge dropped
    "condition-swap",    # hardware / precision / parallelism / model / workload swapped
    "quantifier-widen",  # a quantifier widened
    "metric-rename",     # kernel -> end-to-end, prefill -> decode, per-GPU -> per-user, ...
    "license-swap",      # a license swapped, or moved between code and weights
    "date-shift",        # a date shifted, or 'this week' put on an old item
    "status-raise",      # experimental -> stable, beta -> GA, open -> merged, ...
    "negation-flip",     # 未合并 -> 已合并, not yet -> now, ...
    "platform-add",      # a platform added to a list
]

OVER = ["overstatement"]
PER_SLOT = 2   # figure (one up, one down), date (earlier, later), condition and platform: two replacements

# --------------------------------------------------------------------------- helpers

NUM = r"\d+(?:,\d{3})*(?:\.\d+)?"


def _num(s: str) -> float:
    return float(s.replace(",", ""))


def _fmt_like(value: float, like: str) -> str:
    """Format value with the decimals and thousands separators of `like`."""
    decimals = len(like.split(".")[1]) if "." in like else 0
    out = f"{value:,.{decimals}f}" if "," in like else f"{value:.{decimals}f}"
    return out


def _mentions(hay: str, needle: str) -> bool:
    """Whether `needle` (a pool item) is mentioned in `hay`, loosely (case, spaces, dashes)."""
    norm = lambda s: re.sub(r"[\s\-_]", "", s.lower())
    return norm(needle) in norm(hay)


def _pick(rng: random.Random, pool: list[str], avoid: list[str]) -> str | None:
    cands = [p for p in pool if not any(_mentions(a, p) for a in avoid)]
    return rng.choice(cands) if cands else None


# --------------------------------------------------------------------------- pools

HARDWARE = ["H100", "H200", "B200", "GB200", "A100", "MI300X", "MI355X", "L40S", "RTX 4090",
            "RTX 5090", "Ascend 910B", "L4", "A10G", "Gaudi 3", "RTX 3090", "Jetson Orin"]
ARCH = ["SM80", "SM89", "SM90", "SM100", "SM103", "SM120"]
ARCH_NAMES = ["Ampere", "Hopper", "Blackwell", "Ada Lovelace", "CDNA3"]
PRECISION = ["FP8", "FP4", "MXFP8", "NVFP4", "MXFP4", "BF16", "FP16", "INT8", "INT4", "W4A16", "W8A8", "FP32"]
MODELS = ["Llama-3.1-70B", "Qwen3-235B-A22B", "DeepSeek-R1", "Mixtral-8x22B", "Gemma-3-27B",
          "gpt-oss-120b", "Llama-4-Scout", "Mistral-Small-3.1", "Phi-4", "Qwen2.5-7B"]
WORKLOAD_EN = ["ShareGPT prompts", "random 1K-in/1K-out requests", "batch size 1", "a 128K-token context"]
WORKLOAD_ZH = ["ShareGPT 数据集", "随机 1K 输入、1K 输出请求", "batch size 1", "128K 长上下文"]
PAR_PREFIX = ["TP", "DP", "EP", "PP"]
PLATFORMS = ["Windows", "macOS", "Linux", "AMD ROCm", "Apple Silicon", "Intel Arc", "Android", "iOS",
             "WSL2", "Ascend NPU"]

# metric renames: (pattern, replacement, accepted categories); the first that matches the slot wins
MC = ["metric-conflation"]
MCO = ["metric-conflation", "overstatement"]
METRIC_RULES: list[tuple[str, str, list[str]]] = [
    # kernel / operator -> end-to-end
    (r"\bkernel-level\b", "end-to-end", MCO),
    (r"\bkernels?\b", "end-to-end", MCO),
    (r"\boperator\b", "end-to-end", MCO),
    (r"\bper[- ]layer\b", "end-to-end", MCO),
    (r"\bGEMM\b", "end-to-end", MCO),
    (r"\bdenois(?:e|ing)\b", "end-to-end", MCO),
    (r"算子", "端到端", MCO),
    (r"内核", "端到端", MCO),
    (r"单层", "端到端", MCO),
    (r"每层", "端到端", MCO),
    (r"去噪", "端到端", MCO),
    # end-to-end -> kernel / denoise (a different record)
    (r"\bend-to-end\b", "kernel", MC),
    (r"\bE2E\b", "kernel", MC),
    (r"端到端", "内核", MC),
    # TTFT -> end-to-end latency
    (r"\btime to first token\b", "end-to-end latency", MC),
    (r"\bTTFT\b", "end-to-end latency", MC),
    (r"首 ?token ?(?:延迟|时延)", "端到端延迟", MC),
    (r"\bTPOT\b", "TTFT", MC),
    # per-GPU -> per-user
    (r"tokens?/s/GPU", "tokens/s/user", MC),
    (r"tok/s/gpu", "tok/s/user", MC),
    (r"\bper[- ]GPU\b", "per-user", MC),
    (r"每 ?(?:卡|GPU|张卡)", "每用户", MC),
    (r"单卡", "单用户", MC),
    (r"tokens?/s/user", "tokens/s/GPU", MC),
    (r"tok/s/user", "tok/s/gpu", MC),
    (r"\bper[- ]user\b", "per-GPU", MC),
    (r"每用户", "每卡", MC),
    # output -> total tokens
    (r"\boutput tokens?\b", "total tokens", MC),
    (r"\bgenerated tokens?\b", "total tokens", MC),
    (r"\btotal tokens?\b", "output tokens", MC),
    (r"输出 ?token", "总 token", MC),
    (r"生成 ?token", "总 token", MC),
    (r"总 ?token", "输出 token", MC),
    # prefill <-> decode
    (r"\bprefill\b", "decode", MC),
    (r"\bdecode\b", "prefill", MC),
    (r"\bdecoding\b", "prefill", MC),
    (r"预填充", "解码", MC),
    # throughput <-> latency, peak <-> average, memory records
    (r"\bthroughput\b", "latency", MC),
    (r"\blatency\b", "throughput", MC),
    (r"吞吐", "延迟", MC),
    (r"延迟", "吞吐", MC),
    (r"时延", "吞吐", MC),
    (r"\bpeak\b", "average", MC),
    (r"峰值", "平均", MC),
    (r"\bVRAM\b", "system RAM", MC),
    (r"显存", "内存", MC),
    (r"\bbytes/token\b", "bytes/record", MC),
    (r"\baccuracy\b", "speed", MC),
    (r"准确率", "速度", MC),
]

# status raises: (pattern, replacement, accepted)
ST_OVER = ["overstatement", "unsupported"]
STATUS_RULES: list[tuple[str, str, list[str]]] = [
    (r"\bexperimental\b", "stable", ST_OVER),
    (r"\bExperimental\b", "Stable", ST_OVER),
    (r"\bprototype\b", "production-ready", ST_OVER),
    (r"\bbeta\b", "GA", ST_OVER),
    (r"\bBeta\b", "GA", ST_OVER),
    (r"\bpreview\b", "generally available", ST_OVER),
    (r"\bPreview\b", "General availability", ST_OVER),
    (r"\balpha\b", "stable", ST_OVER),
    (r"\brelease candidate\b", "final release", ST_OVER),
    (r"\bRC\d*\b", "final release", ST_OVER),
    (r"\brc\d+\b", "final", ST_OVER),
    (r"\bopt-in\b", "on by default", ST_OVER),
    (r"\boff by default\b", "on by default", ST_OVER),
    (r"\bdefault off\b", "default on", ST_OVER),
    (r"\bopen\b", "merged", ST_OVER + ["release-date"]),
    (r"\bdraft\b", "merged", ST_OVER + ["release-date"]),
    (r"\bproposed\b", "merged", ST_OVER + ["release-date"]),
    (r"\bunder review\b", "merged", ST_OVER + ["release-date"]),
    (r"\bplanned\b", "shipped", ST_OVER),
    (r"\bon the roadmap\b", "shipped", ST_OVER),
    (r"\bcommunity-maintained\b", "officially supported", ST_OVER),
    (r"\bcommunity maintained\b", "officially supported", ST_OVER),
    (r"\bworkaround\b", "fix", ST_OVER),
    (r"\bpartial\b", "full", ST_OVER),
    (r"\bdeprecated\b", "recommended", ST_OVER),
    (r"实验性", "稳定", ST_OVER),
    (r"实验", "正式", ST_OVER),
    (r"预览版?", "正式版", ST_OVER),
    (r"测试版", "正式版", ST_OVER),
    (r"候选版", "正式版", ST_OVER),
    (r"nightly 预发布版", "正式版", ST_OVER),
    (r"预发布版?", "正式发布", ST_OVER),
    (r"\bnightly\b", "stable", ST_OVER),
    (r"\bEarly Beta\b", "stable release", ST_OVER),
    (r"初始版本", "正式版本", ST_OVER),
    (r"\bWIP\b", "stable", ST_OVER),
    (r"\binitial version\b", "final version", ST_OVER),
    (r"仍在开发中", "已经可用", ST_OVER),
    (r"开发中", "已完成", ST_OVER),
    (r"\bunder development\b", "available", ST_OVER),
    (r"\bin progress\b", "complete", ST_OVER),
    (r"\bcoming soon\b", "available", ST_OVER),
    (r"\bpre-?release\b", "stable release", ST_OVER),
    (r"\bRC\b", "正式版", ST_OVER),
    (r"显式开启", "默认开启", ST_OVER),
    (r"显式 opt-in", "默认开启", ST_OVER),
    (r"默认关闭", "默认开启", ST_OVER),
    (r"可选", "默认", ST_OVER),
    (r"草案", "已合并", ST_OVER + ["release-date"]),
    (r"待合并", "已合并", ST_OVER + ["release-date"]),
    (r"审阅中", "已合并", ST_OVER + ["release-date"]),
    (r"开放状态", "已合并", ST_OVER + ["release-date"]),
    (r"研究源码", "生产可用的软件包", ST_OVER),
    (r"研究", "生产可用", ST_OVER),
    (r"部分", "全部", ST_OVER),
    (r"计划", "已经", ST_OVER),
    (r"社区维护", "官方支持", ST_OVER),
]

# negation flips: (pattern, replacement); the accepted categories come from the slot
NEGATION_RULES: list[tuple[str, str]] = [
    (r"未合并", "已合并"), (r"尚未合并", "已合并"), (r"没有合并", "已经合并"),
    (r"尚未", "已"), (r"还未", "已"), (r"未见", "可见"), (r"未给出", "给出了"), (r"未", "已"),
    (r"不再", "仍"), (r"不能", "能"), (r"无法", "可以"), (r"不会", "会"), (r"不是", "是"),
    (r"并非", "正是"), (r"不要求", "要求"), (r"不支持", "支持"), (r"不需要", "需要"), (r"不影响", "影响"),
    (r"无需", "需要"), (r"不需要", "需要"), (r"都不支持", "都支持"),
    (r"没有", "有"), (r"不", ""), (r"无", "有"),
    (r"\bnot yet\b", "now"), (r"\bno longer\b", "still"), (r"\bis not\b", "is"), (r"\bisn't\b", "is"),
    (r"\bare not\b", "are"), (r"\baren't\b", "are"), (r"\bwas not\b", "was"), (r"\bwasn't\b", "was"),
    (r"\bwere not\b", "were"), (r"\bdoes not\b", "does"), (r"\bdoesn't\b", "does"),
    (r"\bdo not\b", "do"), (r"\bdon't\b", "do"), (r"\bdid not\b", "did"), (r"\bdidn't\b", "did"),
    (r"\bcannot\b", "can"), (r"\bcan't\b", "can"), (r"\bwon't\b", "will"), (r"\bwill not\b", "will"),
    (r"\bhas not\b", "has"), (r"\bhasn't\b", "has"), (r"\bhave not\b", "have"), (r"\bhaven't\b", "have"),
    (r"\bnever\b", "always"), (r"\bwithout\b", "with"), (r"\bunmerged\b", "merged"),
    (r"\bnon-default\b", "default"), (r"\bunsupported\b", "supported"), (r"\bno\b", "full"),
    (r"\bnot\b", ""),
]

LICENSE_SWAPS: list[tuple[str, str]] = [
    (r"Apache[- ]2\.0|Apache License 2\.0|Apache License, Version 2\.0|Apache 2", "MIT"),
    (r"\bMIT\b", "Apache-2.0"),
    (r"BSD-3-Clause|BSD 3-Clause|BSD", "Apache-2.0"),
    (r"CC[- ]BY[- ]NC[- ]4\.0|CC BY-NC 4\.0|CC-BY-NC|non-commercial|非商业", "Apache-2.0"),
    (r"CC[- ]BY[- ]4\.0", "CC-BY-NC-4.0"),
    (r"GPL-3\.0|AGPL-3\.0|GPL|\bGNU\b", "MIT"),
    (r"(?i).*community license.*|.*社区许可.*|.*Open Model License.*|.*OpenRAIL.*|.*license.*", "Apache-2.0"),
]

ARTIFACT_SWAPS: list[tuple[str, str]] = [
    (r"\bmodel weights\b", "code"), (r"\bweights\b", "code"), (r"\bcheckpoints?\b", "code"),
    (r"\bcode\b", "weights"), (r"\bsource code\b", "model weights"), (r"\brepository\b", "model weights"),
    (r"模型权重", "代码"), (r"权重", "代码"), (r"模型", "代码"), (r"代码仓库", "模型权重"), (r"代码", "权重"),
    (r"源码", "权重"), (r"仓库", "模型权重"),
]

# --------------------------------------------------------------------------- dates

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December"]
MON3 = [m[:3] for m in MONTHS]
DATE_FORMS = [
    # (regex, parse(m, year) -> date, format(date, m) -> str)
    (r"(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})",
     lambda m, y: dt.date(int(m["y"]), int(m["m"]), int(m["d"])),
     lambda d, m: d.isoformat()),
    (r"(?P<y>\d{4})\.(?P<m>\d{2})\.(?P<d>\d{2})",
     lambda m, y: dt.date(int(m["y"]), int(m["m"]), int(m["d"])),
     lambda d, m: f"{d.year}.{d.month:02d}.{d.day:02d}"),
    (r"(?P<y>\d{4})/(?P<m>\d{1,2})/(?P<d>\d{1,2})",
     lambda m, y: dt.date(int(m["y"]), int(m["m"]), int(m["d"])),
     lambda d, m: f"{d.year}/{d.month}/{d.day}"),
    (r"(?P<y>\d{4}) ?年 ?(?P<m>\d{1,2}) ?月 ?(?P<d>\d{1,2}) ?日",
     lambda m, y: dt.date(int(m["y"]), int(m["m"]), int(m["d"])),
     lambda d, m: m[0].replace(m["y"], str(d.year), 1).replace(f"{m['m']} 月", f"{d.month} 月").replace(
         f"{m['m']}月", f"{d.month}月").replace(f"{m['d']} 日", f"{d.day} 日").replace(f"{m['d']}日", f"{d.day}日")),
    (r"(?P<m>\d{1,2})( ?)月( ?)(?P<d>\d{1,2})( ?)日",
     lambda m, y: dt.date(y, int(m["m"]), int(m["d"])),
     lambda d, m: f"{d.month}{m[2]}月{m[3]}{d.day}{m[5]}日"),
    (r"(?P<mn>" + "|".join(MONTHS) + r") (?P<d>\d{1,2})(?:, (?P<y>\d{4}))?",
     lambda m, y: dt.date(int(m["y"]) if m["y"] else y, MONTHS.index(m["mn"]) + 1, int(m["d"])),
     lambda d, m: f"{MONTHS[d.month - 1]} {d.day}" + (f", {d.year}" if m["y"] else "")),
    (r"(?P<mn>" + "|".join(MON3) + r")\.? (?P<d>\d{1,2})(?:, (?P<y>\d{4}))?",
     lambda m, y: dt.date(int(m["y"]) if m["y"] else y, MON3.index(m["mn"]) + 1, int(m["d"])),
     lambda d, m: f"{MON3[d.month - 1]} {d.day}" + (f", {d.year}" if m["y"] else "")),
    (r"(?P<d>\d{1,2}) (?P<mn>" + "|".join(MONTHS) + r")(?: (?P<y>\d{4}))?",
     lambda m, y: dt.date(int(m["y"]) if m["y"] else y, MONTHS.index(m["mn"]) + 1, int(m["d"])),
     lambda d, m: f"{d.day} {MONTHS[d.month - 1]}" + (f" {d.year}" if m["y"] else "")),
    (r"(?P<m>\d{1,2})/(?P<d>\d{1,2})",
     lambda m, y: dt.date(y, int(m["m"]), int(m["d"])),
     lambda d, m: f"{d.month}/{d.day}"),
    (r"(?P<d>\d{1,2}) ?日",   # day of month only ("本月 6 日")
     lambda m, y: dt.date(y, 6, int(m["d"])),
     lambda d, m: m[0].replace(m["d"], str(d.day))),
]


def shift_date(span: str, rng: random.Random, sign: int = 0) -> str | None:
    for rx, parse, fmt in DATE_FORMS:
        m = re.fullmatch(rx, span.strip())
        if not m:
            continue
        try:
            d0 = parse(m, 2026)
        except ValueError:
            return None
        day_only = rx.startswith(r"(?P<d>")
        for _ in range(20):
            k = (sign or rng.choice([-1, 1])) * rng.randint(3, 24)
            d1 = d0 + dt.timedelta(days=k)
            if day_only and d1.month != d0.month:
                continue
            if d1.year != d0.year and not m.groupdict().get("y"):
                continue
            out = fmt(d1, m)
            if out != span.strip():
                return span.replace(span.strip(), out)
        return None
    return None


# --------------------------------------------------------------------------- operators
# Each operator: (base, slot spec, rng, avoid-texts) -> list of (new span, sub-kind, accepted categories)

def _span(spec) -> str:
    return spec if isinstance(spec, str) else spec["span"]


def op_figure(base, spec, rng, avoid):
    span = _span(spec)
    m = re.search(NUM, span)
    if not m:
        return []
    old = _num(m[0])
    out = []
    factors = [0.5, 0.6, 0.7, 1.35, 1.5, 1.8, 2.0, 2.5]
    rng.shuffle(factors)
    for f in factors:
        if old == 0:
            break
        new = _fmt_like(old * f, m[0])
        if "%" in span[m.end():m.end() + 2] and _num(new) > 100:
            continue
        if _num(new) == old or abs(_num(new) - old) / old < 0.2:
            continue
        if any(re.search(r"(?<![\d.])" + re.escape(new) + r"(?![\d])", a) for a in avoid):
            continue
        direction = "up" if f > 1 else "down"
        if any(sub == direction for _, sub, _ in out):
            continue
        out.append((span[:m.start()] + new + span[m.end():], direction,
                    ["overstatement", "unsupported"] + (spec.get("cats", []) if isinstance(spec, dict) else [])))
        if len(out) == PER_SLOT:
            break
    return out


RANGE = re.compile(r"(?:between )?(?P<lo>" + NUM + r")(?P<u1>\s?[%×xX倍]|\s?[a-zA-Z/]+)?\s*"
                   r"(?P<sep>—|–|-|~|～|to|and|至|到)\s*(?P<hi>" + NUM + r")(?P<u2>\s?[%×xX倍]|\s?[a-zA-Z/]+)?")


def op_range(base, spec, rng, avoid):
    span = _span(spec)
    m = RANGE.search(span)
    if not m:
        return []
    unit = m["u2"] or m["u1"] or ""
    top = m["hi"] + unit
    return [(span[:m.start()] + top + span[m.end():], "top", OVER)]


def op_hedge(base, spec, rng, avoid):
    span = _span(spec)
    return [("", "drop", OVER)]


def _cond_pool(slot: str, span: str, lang: str):
    if slot == "hardware":
        if re.fullmatch(r"SM\d+\w*", span.strip()):
            return ARCH
        if span.strip() in ARCH_NAMES:
            return ARCH_NAMES
        return HARDWARE
    return {"precision": PRECISION, "model": MODELS}.get(slot)


def op_condition(slot):
    """Up to PER_SLOT different replacements per slot."""
    def op(base, spec, rng, avoid):
        out = []
        for _ in range(2 * PER_SLOT):
            for new_span, sub, cats in once(base, spec, rng, avoid + [o[0] for o in out]):
                if new_span != _span(spec) and all(new_span != o[0] for o in out):
                    out.append((new_span, sub, cats))
            if len(out) >= PER_SLOT:
                break
        return out[:PER_SLOT]

    def once(base, spec, rng, avoid):
        span = _span(spec)
        cats = ["overstatement", "metric-conflation", "unsupported"]
        if slot in ("hardware", "precision", "model"):
            pool = _cond_pool(slot, span, base["lang"])
            # replace the pool item inside the span if one is there, else the whole span
            inner = None
            for p in sorted(pool, key=len, reverse=True):
                mm = re.search(r"(?<![A-Za-z0-9])" + re.escape(p) + r"(?![A-Za-z0-9])", span, re.I)
                if mm:
                    inner = mm
                    break
            new = _pick(rng, pool, avoid + [span])
            if not new:
                return []
            if inner and slot != "model":
                return [(span[:inner.start()] + new + span[inner.end():], slot, cats)]
            return [(new, slot, cats)]
        if slot == "parallelism":
            m = re.search(r"(TP|DP|EP|PP|CP|SP)(\s*=?\s*)(\d+)", span, re.I)
            if m:
                if rng.random() < 0.5:
                    prefix = rng.choice([p for p in PAR_PREFIX if p.lower() != m[1].lower()])
                    if m[1].islower():
                        prefix = prefix.lower()
                    return [(span[:m.start()] + prefix + m[2] + m[3] + span[m.end():], slot, cats)]
                n = rng.choice([x for x in (1, 2, 4, 8, 16) if x != int(m[3])])
                return [(span[:m.start(3)] + str(n) + span[m.end(3):], slot, cats)]
            m = re.search(r"\d+", span)
            if m:
                n = rng.choice([x for x in (1, 2, 4, 16) if x != int(m[0])])
                return [(span[:m.start()] + str(n) + span[m.end():], slot, cats)]
            return []
        if slot == "workload":
            m = re.search(NUM, span)
            if m:
                old = _num(m[0])
                new = _fmt_like(old * rng.choice([2, 4, 0.25]), m[0])
                if new == m[0] or _num(new) == 0:
                    new = _fmt_like(old * 4, m[0])
                return [(span[:m.start()] + new + span[m.end():], slot, cats)]
            pool = WORKLOAD_ZH if base["lang"] == "zh" else WORKLOAD_EN
            new = _pick(rng, pool, avoid + [span])
            return [(new, slot, cats)] if new else []
        return []
    return op


QUANT_STRIP_EN = r"^(?:the|single|some|several|a few|many|most|one|a|an|two|three|four|five|specific|certain|selected|these|those|its|their)\s+"
QUANT_STRIP_ZH = r"^(?:部分|一些|某些|个别|少数|几个|多数|大部分|这些|那些|该|这个|一张|单张|一个|一款|两个|三个|特定的?|指定的?)"


def op_quantifier(base, spec, rng, avoid):
    """Widen a noun phrase: '指定模板' -> '所有模板', 'some models' -> 'all models'; with a
    hand-annotated class noun, a specific condition becomes its whole class:
    {span: 'RTX 5090', noun: 'GPU'} -> '所有 GPU' / 'all GPUs'."""
    span = _span(spec)
    if isinstance(spec, dict) and spec.get("noun"):
        noun = spec["noun"]
        if base["lang"] == "zh":
            word = rng.choice(["所有", "全部"])
            sep = " " if re.match(r"[A-Za-z0-9]", noun) else ""
            return [(word + sep + noun, "widen-class", OVER)]
        return [("all " + noun, "widen-class", OVER)]
    if base["lang"] == "zh" and re.search(r"[\u4e00-\u9fff]", span + base["text"][:20]):
        rest = re.sub(QUANT_STRIP_ZH, "", span.strip())
        word = rng.choice(["所有", "全部"])
        return [(word + rest, "widen", OVER)]
    rest = re.sub(QUANT_STRIP_EN, "", span.strip(), flags=re.I)
    rest2 = re.sub(QUANT_STRIP_EN, "", rest, flags=re.I)
    word = rng.choice(["all", "every"])
    if word == "every":
        # "every" wants a singular noun: only when the span does not end in a plural -s
        if re.search(r"s\b$", rest2) and not rest2.endswith("ss"):
            word = "all"
    new = f"{word} {rest2}"
    if span[:1].isupper():
        new = new[0].upper() + new[1:]
    return [(new, "widen", OVER)]


def _apply_rules(span: str, rules, flags=0):
    """Apply the rule with the longest match in span (the first such rule on a tie)."""
    best = None
    for rx, rep, *cats in rules:
        m = re.search(rx, span, flags)
        if m and (best is None or len(m[0]) > len(best[0][0])):
            best = (m, rep, cats)
    if best is None:
        return None
    m, rep, cats = best
    new = span[:m.start()] + rep + span[m.end():]
    new = re.sub(r"  +", " ", new)
    return new, m.re.pattern, (cats[0] if cats else None)


def op_metric(base, spec, rng, avoid):
    span = _span(spec)
    r = _apply_rules(span, METRIC_RULES, re.I)
    if not r:
        return []
    new = r[0]
    if span[:1].isupper() and not span.split()[0].isupper() and new[:1].islower():
        new = new[0].upper() + new[1:]
    return [(new, "rename", r[2])]


def op_status(base, spec, rng, avoid):
    r = _apply_rules(_span(spec), STATUS_RULES)
    return [(r[0], "raise", r[2])] if r else []


def op_negation(base, spec, rng, avoid):
    span = _span(spec)
    cats = spec.get("cats") if isinstance(spec, dict) else None
    if not cats:
        raise ValueError(f"{base['id']}: negation slot {span!r} needs 'cats'")
    r = _apply_rules(span, [(a, b) for a, b in NEGATION_RULES])
    if not r:
        return []
    return [(r[0].strip() if span.strip() == span else r[0], "flip", cats)]


def op_license(base, spec, rng, avoid):
    span = _span(spec)
    for rx, rep in LICENSE_SWAPS:
        m = re.search(rx, span)
        if m:
            return [(span[:m.start()] + rep + span[m.end():], "swap", ["license"])]
    return []


def op_artifact(base, spec, rng, avoid):
    span = _span(spec)
    r = _apply_rules(span, ARTIFACT_SWAPS)
    return [(r[0], "move", ["license"])] if r else []


def op_date(base, spec, rng, avoid):
    """Two mutants per date: one earlier, one later (3-24 days)."""
    span = _span(spec)
    cats = (spec.get("cats") if isinstance(spec, dict) else None) or ["release-date"]
    out = []
    for sign, sub in ((-1, "earlier"), (1, "later")):
        new = shift_date(span, rng, sign)
        if new:
            out.append((new, sub, cats))
    return out[:PER_SLOT]


def op_this_week(base, spec, rng, avoid):
    span = _span(spec)
    zh = base["lang"] == "zh"
    if isinstance(spec, dict) and spec.get("replace"):
        return [("本周" if zh else "this week", "this-week", ["release-date"])]
    if zh:
        return [("本周" + span, "this-week", ["release-date"])]
    return [(span + " this week", "this-week", ["release-date"])]


def op_platform(base, spec, rng, avoid):
    """Up to PER_SLOT mutants, each adding a different platform."""
    out = []
    for _ in range(PER_SLOT):
        got = _platform_once(base, spec, rng, avoid + [o[0] for o in out])
        out.extend(got)
    return out


# platforms that an added one would not really widen (Ubuntu already is Linux)
PLATFORM_IMPLIES = {"ubuntu": ["Linux", "WSL2"], "debian": ["Linux", "WSL2"], "centos": ["Linux"],
                    "apple silicon": ["macOS", "iOS"], "mac": ["Apple Silicon"]}


def _platform_once(base, spec, rng, avoid):
    span = _span(spec)
    implied = [p for k, ps in PLATFORM_IMPLIES.items() if k in span.lower() for p in ps]
    new = _pick(rng, PLATFORMS, avoid + [span, base["text"]] + implied)
    if not new:
        return []
    if base["lang"] == "zh" and re.search(r"[\u4e00-\u9fff]", base["text"]):
        joiner = "、" if re.search(r"[、，,]", span) else " 和 "
        return [(span + joiner + new, "add", ["overstatement", "unsupported"])]
    if " and " in span:
        head, tail = span.rsplit(" and ", 1)
        if head.endswith(","):
            return [(f"{head} {tail}, and {new}", "add", ["overstatement", "unsupported"])]
        return [(f"{head}, {tail} and {new}", "add", ["overstatement", "unsupported"])]
    if ", " in span:
        return [(f"{span} and {new}", "add", ["overstatement", "unsupported"])]
    return [(f"{span} and {new}", "add", ["overstatement", "unsupported"])]


# slot name -> (kind, operator, how many mutants per slot at most)
SLOTS = {
    "figure": ("figure", op_figure),
    "range": ("range-top", op_range),
    "hedge": ("hedge-drop", op_hedge),
    "hardware": ("condition-swap", op_condition("hardware")),
    "precision": ("condition-swap", op_condition("precision")),
    "parallelism": ("condition-swap", op_condition("parallelism")),
    "model": ("condition-swap", op_condition("model")),
    "workload": ("condition-swap", op_condition("workload")),
    "quantifier": ("quantifier-widen", op_quantifier),
    "metric": ("metric-rename", op_metric),
    "license": ("license-swap", op_license),
    "artifact": ("license-swap", op_artifact),
    "date": ("date-shift", op_date),
    "this_week": ("date-shift", op_this_week),
    "status": ("status-raise", op_status),
    "negation": ("negation-flip", op_negation),
    "platforms": ("platform-add", op_platform),
}

# --------------------------------------------------------------------------- sources


def load_docs(folder: Path) -> list[dict]:
    docs = []
    for f in sorted(folder.rglob("*.json")):
        try:
            d = json.loads(f.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            continue
        if isinstance(d, dict) and "url" in d:
            docs.append(d)
    return docs


def _norm_url(u: str) -> str:
    return re.sub(r"/+$", "", re.sub(r"^https?://(www\.)?", "", u.strip())).lower()


def cited_texts(base: dict, root: Path = ROOT) -> list[str]:
    docs = load_docs(root / base["sources"])
    want = {_norm_url(u) for u in base["cite"]}
    out = []
    for d in docs:
        urls = {_norm_url(d["url"])} | {_norm_url(a) for a in d.get("aliases", []) or []}
        if urls & want:
            out.append(" ".join([d.get("title") or "", d.get("text") or ""] +
                                [c.get("text", "") for c in d.get("comments", []) or []]))
    return out


# --------------------------------------------------------------------------- driver


def load_bases(path: Path | None = None) -> list[dict]:
    import yaml
    paths = [path] if path else sorted(HERE.glob("bases*.yaml"))
    bases = []
    for p in paths:
        for b in yaml.safe_load(p.read_text(encoding="utf-8")) or []:
            b["_file"] = p.name
            bases.append(b)
    return bases


def validate(bases: list[dict], root: Path = ROOT) -> list[str]:
    problems = []
    ids = Counter(b["id"] for b in bases)
    for i, n in ids.items():
        if n > 1:
            problems.append(f"duplicate id {i}")
    for b in bases:
        for key in ("id", "lang", "text", "cite", "sources"):
            if key not in b:
                problems.append(f"{b.get('id')}: missing {key}")
        if b.get("lang") not in ("zh", "en"):
            problems.append(f"{b['id']}: lang must be zh or en")
        if not (root / b["sources"]).is_dir():
            problems.append(f"{b['id']}: no folder {b['sources']}")
        elif not cited_texts(b, root):
            problems.append(f"{b['id']}: no source document in {b['sources']} answers {b['cite']}")
        for slot, specs in (b.get("slots") or {}).items():
            if slot not in SLOTS:
                problems.append(f"{b['id']}: unknown slot {slot}")
                continue
            for spec in specs:
                if _span(spec) not in b["text"]:
                    problems.append(f"{b['id']}: {slot} span {_span(spec)!r} not in the sentence")
    return problems


def mutate(base: dict, seed: int = SEED, root: Path = ROOT) -> list[dict]:
    avoid = cited_texts(base, root)
    text = base["text"]
    out, seen = [], {text}
    for slot, specs in (base.get("slots") or {}).items():
        kind, op = SLOTS[slot]
        for i, spec in enumerate(specs):
            span = _span(spec)
            rng = random.Random(f"{seed}:{base['id']}:{slot}:{i}:{span}")
            for j, (new_span, sub, cats) in enumerate(op(base, spec, rng, avoid)):
                nth = spec.get("nth", 0) if isinstance(spec, dict) else 0
                pos = -1
                for _ in range(nth + 1):
                    pos = text.find(span, pos + 1)
                new = text[:pos] + new_span + text[pos + len(span):]
                new = re.sub(r"(?<=\S)  +", " ", new)
                new = re.sub(r" ([，。；、])", r"\1", new)
                if new in seen:
                    continue
                seen.add(new)
                out.append({
                    "id": f"{base['id']}~{slot}{i}" + (f".{j}" if j else ""),
                    "base": base["id"],
                    "lang": base["lang"],
                    "kind": kind,
                    "sub": f"{slot}:{sub}",
                    "text": new,
                    "from": span,
                    "to": new_span,
                    "expected": sorted(set(cats)),
                })
    return out


def generate(bases: list[dict] | None = None, seed: int = SEED) -> list[dict]:
    bases = bases if bases is not None else load_bases()
    muts = []
    for b in bases:
        muts.extend(mutate(b, seed))
    return muts


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=SEED)
    ap.add_argument("--check", action="store_true", help="validate the bases and stop")
    ap.add_argument("--stats", action="store_true", help="print counts per kind and language")
    ap.add_argument("-o", "--output", default=str(HERE / "mutants.jsonl"))
    args = ap.parse_args(argv)
    bases = load_bases()
    problems = validate(bases)
    for p in problems:
        print("base problem:", p, file=sys.stderr)
    if args.check:
        return 1 if problems else 0
    muts = generate(bases, args.seed)
    if args.stats:
        by_lang = Counter(b["lang"] for b in bases)
        print(f"bases {len(bases)} ({dict(by_lang)}), mutants {len(muts)}")
        kinds = Counter((m["kind"], m["lang"]) for m in muts)
        for k in KINDS:
            print(f"  {k:18s} zh {kinds[(k, 'zh')]:4d}  en {kinds[(k, 'en')]:4d}")
        used = {b['id'] for b in bases if any(m['base'] == b['id'] for m in muts)}
        print(f"bases with at least one mutant: {len(used)}")
    with open(args.output, "w", encoding="utf-8") as fh:
        for m in muts:
            fh.write(json.dumps(m, ensure_ascii=False) + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
