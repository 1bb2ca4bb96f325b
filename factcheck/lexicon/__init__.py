"""The bilingual lexicon (``terms.toml``, ``metrics.toml``): loaded once, compiled
into one matcher per group of terms."""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from ..regex_cache import compile_pattern, pattern_cache


@dataclass(frozen=True)
class TermHit:
    key: str  # the canonical name the spelling belongs to
    start: int
    end: int
    text: str


# texts whose scan each matcher keeps: one section's sentences and passages (they repeat within a
# section), bounded so that a long-lived server holds a few MB at most
_SCANS_KEPT = 256


class TermMatcher:
    """Finds the spellings of a {canonical: [spellings]} table in text, longest first.

    A spelling that begins or ends with an ASCII letter or digit only matches as a
    whole word there; Python's ``\\b`` cannot be used, since it does not fire
    between 汉字 and Latin letters (both count as word characters).
    """

    def __init__(self, table: dict[str, list[str]], keys_are_spellings: bool = False) -> None:
        self._key_of: dict[str, str] = {}
        for key, spellings in table.items():
            for spelling in {key, *spellings} if keys_are_spellings else set(spellings):
                self._key_of.setdefault(_fold(spelling), key)
        # One trie-shaped pattern per table: re tries alternatives one by one, and a
        # flat alternation of hundreds of spellings made this the pipeline's hot spot.
        pattern = _trie_pattern(self._key_of)
        self._regex = compile_pattern(pattern, re.IGNORECASE) if pattern else None
        # The checks ask each matcher about the same sentence or passage again and again
        # (two scans in three repeat one); the scan is the run's largest cost.
        self._scanned = lru_cache(maxsize=_SCANS_KEPT)(self._scan)

    def find(self, text: str) -> list[TermHit]:
        return list(self._scanned(text))

    def _scan(self, text: str) -> tuple[TermHit, ...]:
        if self._regex is None:
            return ()
        hits = []
        for m in self._regex.finditer(text):
            key = self._key_of.get(_fold(m.group(0)))
            if key is None:  # a spelling matched through the flexible separator
                key = self._resolve(m.group(0))
            hits.append(TermHit(key, m.start(), m.end(), m.group(0)))
        return tuple(hits)

    def _resolve(self, matched: str) -> str:
        want = re.sub(r"[\s_-]", "", matched.casefold())
        for spelling, key in self._key_of.items():
            if re.sub(r"[\s_-]", "", spelling) == want:
                return key
        return matched

    def says(self, text: str, key: str) -> bool:
        """Whether a spelling of ``key`` stands in ``text``."""
        return any(h.key == key for h in self.find(text))

    def __contains__(self, text: str) -> bool:
        return bool(self._regex and self._regex.search(text))


# "_" is no part of a word here: latency_p99 names p99, fp8_ds_mla names FP8
_WORDISH = r"[A-Za-z0-9]"


def _ascii_word(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()


def _trie_pattern(spellings: dict[str, str]) -> str:
    """A regex equivalent to the alternation of ``spellings`` (longest match first
    along each branch), where a spelling that begins or ends with an ASCII word
    character only matches at a word edge, and a space matches space, _ or -."""
    trie: dict = {}
    for spelling in spellings:
        node = trie
        for ch in spelling:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict, last: str) -> str:
        alts = [(r"[\s_-]?" if ch == " " else re.escape(ch)) + emit(child, ch)
                for ch, child in sorted(node.items()) if ch]
        end = None
        if "" in node:
            end = rf"(?!{_WORDISH})" if _ascii_word(last) else ""
        if end is None:
            return alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        if not alts:
            return end
        return "(?:" + "|".join(alts + [end]) + ")"

    roots = [(rf"(?<!{_WORDISH})" if _ascii_word(ch) else "") + (r"[\s_-]?" if ch == " " else re.escape(ch))
             + emit(child, ch) for ch, child in sorted(trie.items()) if ch]
    return "|".join(roots)


def _fold(text: str) -> str:
    """Case and separators folded: "end-to-end", "End to end" and "end_to_end" are one
    spelling (and one trie path, so a longer term after it is still reached)."""
    return re.sub(r"[\s_-]+", " ", text.casefold())


class UniversalMatcher:
    """"所有 GPU", "任何部署", "every batch size": a quantifier and, within a few
    words and no punctuation, what it ranges over; "几乎全部" and "almost all" do not count."""

    def __init__(self, quantifiers: list[str], nouns: list[str], dampers: list[str], phrases: list[str]) -> None:
        self._quantifiers = TermMatcher({"q": quantifiers})
        self._nouns = TermMatcher({"n": nouns})
        self._dampers = TermMatcher({"d": dampers})
        self._phrases = TermMatcher({"universal": phrases})

    def find(self, text: str) -> list[TermHit]:
        hits = list(self._phrases.find(text))
        nouns = self._nouns.find(text)
        dampers = self._dampers.find(text)
        for q in self._quantifiers.find(text):
            if any(0 <= q.start - d.end <= 2 for d in dampers):
                continue
            for n in nouns:
                if n.start < q.end:
                    continue
                gap = text[q.end : n.start]
                if _GAP_STOP.search(gap) or len(gap) > 14 or len(gap.split()) > 3:
                    break
                if _ENUMERATED.search(gap):  # "all 15 measured batch sizes" is the measured set itself
                    break
                if _LISTED_AFTER.match(text, n.end):  # "across concurrency 16 to 128": the set, listed after its noun
                    break
                if q.text.casefold() == "across" and gap.strip().casefold() not in _ACROSS_GAP:
                    break  # "across Qwen3.5 model sizes": a named family's members, the measured set
                hits.append(TermHit("universal", q.start, n.end, text[q.start : n.end]))
                break
        return sorted(hits, key=lambda h: h.start)


_ACROSS_GAP = frozenset({"", "different", "various", "multiple", "many", "all", "all the", "every", "diverse"})
_LISTED_AFTER = compile_pattern(r"\s*(?:of\s+|from\s+|=\s*|\(|（)?\d")
_GAP_STOP = compile_pattern(r"[，,。；;：:！？!?、()（）|]")
# a count of the set ("all 15 measured batch sizes", "所有 8 张卡"), not a figure inside a qualifier ("any 80GB-class")
# or one unit ("全部在单卡上完成", "all on a single GPU": where the runs were, not every card)
_ENUMERATED = compile_pattern(r"(?<![A-Za-z0-9_.])\d+(?![A-Za-z0-9_.%-])|measured|tested|benchmarked|listed|above|测试|实测|评测|参评|参测|列出|上述|这些"
                              r"|单|一张|一块|一台|\b(?:both|two|three|four|several|the|these|those|its|their|one|single)\b",
                              re.IGNORECASE)


@dataclass(frozen=True)
class Metric:
    id: str
    terms: tuple[str, ...]
    units: tuple[str, ...]


@dataclass(frozen=True)
class Lexicon:
    hardware: TermMatcher
    platform: TermMatcher
    platform_family: dict[str, str]  # platform key -> os | backend
    hardware_arch: dict[str, str]  # hardware key -> its architecture's key (the arch maps to itself)
    hardware_shapes: tuple[re.Pattern[str], ...]  # model-name shapes of hardware the list lacks; group "core" is the key
    precision: TermMatcher
    scope: TermMatcher
    universal: UniversalMatcher
    negation: TermMatcher
    simultaneity: TermMatcher
    gain: TermMatcher
    anaphora: TermMatcher
    voice: TermMatcher  # first_party | attributed
    draft_voice: TermMatcher  # person | own_news
    upper_bound: TermMatcher
    statistic: TermMatcher
    approx: TermMatcher
    direction: TermMatcher
    proposal: TermMatcher
    shipped: TermMatcher
    parity: TermMatcher
    unconditional: TermMatcher
    no_gain: TermMatcher
    conditioned: TermMatcher
    no_change: TermMatcher
    accuracy: TermMatcher
    status: TermMatcher
    modality: TermMatcher  # single_only | comparative | plan | pending | advice | names
    events: TermMatcher
    artifacts: TermMatcher
    licenses: TermMatcher
    license_words: TermMatcher
    license_none: TermMatcher
    license_sole: TermMatcher  # "only", "仅": one license and no other, next to its name
    license_plain: TermMatcher  # plain: "standard" next to its name | terms: "no additional terms" | added: "附加条款"
    reply_cue: TermMatcher  # speaker | speech: "维护者在关闭时确认"
    superlative: TermMatcher  # lowest | highest | baseline
    metrics: TermMatcher
    axes: TermMatcher  # "stage.prefill" | "stage.decode" | "measure.throughput" | "measure.latency" | ignore
    metric_units: dict[str, str]  # canonical unit -> metric id
    metric_qualifiers: dict[str, str]  # a unit's qualifier ("prefill" of "125k prefill tokens/s") -> metric id
    metric_aspect: dict[str, str]  # metric id -> what it measures (e2e, denoise, kernel ...)
    metric_names: dict[str, str]  # metric id or aspect -> words for messages
    model_families: frozenset[str]  # first letters of model names ("qwen" of "Qwen2.5-7B")
    gloss: TermMatcher  # Chinese technical words -> the English word a source writes ("工具" -> "tool")
    text_measures: TermMatcher  # what a count of text counts: token | character | word


def _read(name: str) -> dict:
    return tomllib.loads(resources.files(__package__).joinpath(name).read_text(encoding="utf-8"))


def _names(rows: list[dict]) -> dict[str, str]:
    """Message words per metric id, and per aspect the words of its first metric."""
    names: dict[str, str] = {}
    for row in rows:
        names[row["id"]] = row.get("name", row["id"])
        names.setdefault(row.get("aspect", row["id"]), row.get("name", row["id"]))
    return names


def _flat(name: str, terms: list[str]) -> TermMatcher:
    return TermMatcher({name: terms}, keys_are_spellings=False)


@lru_cache(maxsize=1)
def load_lexicon() -> Lexicon:
    # The matchers' compiled code is kept between runs (compiling them was a fixed
    # cost of every run); what they match is the same either way.
    with pattern_cache("lexicon"):
        return _build_lexicon()


def _build_lexicon() -> Lexicon:
    t = _read("terms.toml")
    m = _read("metrics.toml")
    metric_table = {row["id"]: row["terms"] for row in m["metric"]}
    metric_units = {u: row["id"] for row in m["metric"] for u in row.get("units", [])}
    return Lexicon(
        hardware=TermMatcher(t["hardware"]),
        platform=TermMatcher(t["platform"]),
        platform_family={key: family for family, keys in t["platform_family"].items() for key in keys},
        hardware_arch={**{arch: arch for arch in t["hardware_arch"]},
                       **{key: arch for arch, keys in t["hardware_arch"].items() for key in keys}},
        hardware_shapes=tuple(compile_pattern(p) for p in t["hardware_shapes"]["patterns"]),
        precision=TermMatcher(t["precision"]),
        scope=TermMatcher(t["scope"]),
        universal=UniversalMatcher(t["universal"]["quantifiers"], t["universal"]["nouns"], t["universal"]["dampers"],
                                   t["universal"]["phrases"]),
        # "not only … but also" adds to what it says: matched (longest first) so that its "not" is no cue
        negation=TermMatcher({"negation": t["negation"]["zh"] + t["negation"]["en"], "additive": t["negation"]["additive"]}),
        simultaneity=_flat("simultaneity", t["simultaneity"]["terms"]),
        gain=_flat("gain", t["gain"]["terms"]),
        anaphora=_flat("anaphora", t["anaphora"]["terms"]),
        voice=TermMatcher(t["voice"]),
        draft_voice=TermMatcher(t["draft_voice"]),
        upper_bound=_flat("upper_bound", t["upper_bound"]["terms"]),
        statistic=TermMatcher(t["statistic"]),
        approx=_flat("approx", t["approx"]["terms"]),
        direction=TermMatcher(t["direction"]),
        proposal=_flat("proposal", t["proposal"]["terms"]),
        # "holds": words that contain a shipped word without being one ("出现在"); matched first, then dropped
        shipped=TermMatcher({"shipped": t["proposal"]["shipped"], "holds": t["proposal"]["holds_shipped"]}),
        parity=TermMatcher({"same": t["parity"]["same"], "worse": t["parity"]["worse"], "faster": t["parity"]["faster"]}),
        unconditional=_flat("unconditional", t["unconditional"]["terms"]),
        no_gain=_flat("no_gain", t["no_gain"]["terms"]),
        conditioned=_flat("conditioned", t["unconditional"]["conditioned"]),
        no_change=_flat("no_change", t["no_change"]["terms"]),
        accuracy=_flat("accuracy", t["accuracy"]["terms"]),
        status=TermMatcher(t["status"]),
        modality=TermMatcher(t["modality"]),
        events=TermMatcher(t["events"]),
        artifacts=TermMatcher(t["artifacts"]),
        licenses=TermMatcher(t["licenses"]),
        license_words=_flat("license", t["license_words"]["terms"]),
        license_none=_flat("none", t["license_words"]["none"]),
        license_sole=_flat("sole", t["license_words"]["sole"]),
        license_plain=TermMatcher({k: t["license_words"][w] for k, w in
                                   (("plain", "plain"), ("terms", "plain_terms"), ("added", "added_terms"))}),
        reply_cue=TermMatcher(t["reply_cue"]),
        superlative=TermMatcher(t["superlative"]),
        metrics=TermMatcher(metric_table, keys_are_spellings=False),
        axes=TermMatcher(t["axes"]),
        metric_units=metric_units,
        metric_qualifiers={q: row["id"] for row in m["metric"] for q in row.get("qualifiers", [])},
        metric_aspect={row["id"]: row.get("aspect", row["id"]) for row in m["metric"]},
        metric_names=_names(m["metric"]),
        model_families=frozenset(f.casefold() for f in t["models"]["families"]),
        gloss=TermMatcher(_read("gloss.toml")["gloss"]),
        text_measures=TermMatcher(t["text_measures"]),
    )
