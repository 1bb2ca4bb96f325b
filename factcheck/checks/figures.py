"""Labels of figures: the words a number stands among, in a claim and in a source passage.

"GSM8K accuracy stayed at 0.667" and the PR's "GSM8K … **0.953**, matching the Triton MoE
baseline" put a number on the same thing: the words around the two numbers are nearly the
same. When the claim's number is nowhere in the cited sources and such a source figure is,
the source speaks to the same thing and differs. Only the words near each number count (its
own stretch of the sentence, cut at sentence and table-cell breaks), so a passage that shares
the sentence's names but numbers something else is no witness.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..align import Hit, base_values, compatible, decimals, dimension, distinctive, same_value
from ..extract.statement import QuantityAt
from ..facts import Fact
from ..regex_cache import compile_pattern
from ..lexicon import load_lexicon
from .polarity import gist, glossed

_BEFORE, _AFTER = 48, 28  # characters of context on each side of a number
_BREAK = compile_pattern(r"[。；;！？!?|\n]|\.\s")
_NUMBERISH = compile_pattern(r"(?<![A-Za-z])[\d.,]+(?![A-Za-z])")  # not the digits of a name ("H20", "GSM8K")
# a name among the label's words: capitals or digits inside a word ("MLP", "LSTM", "H20", "FlashInfer")
_NAME = compile_pattern(r"(?<![\w-])(?=[\w-]*[A-Z0-9])(?=[\w-]*[A-Za-z])[A-Za-z0-9][\w-]*[A-Z0-9][\w-]*|(?<![\w-])[A-Z][a-z]+[A-Z]\w*")
_MAX_APART = 10.0  # a tenth or ten times the source's figure: another quantity, not the same one mis-told
# the words of comparison and approximation say nothing about what is measured
_FILLER = frozenset({"about", "approximately", "around", "roughly", "nearly", "almost", "over", "under", "up",
                     "than", "more", "less", "only", "just", "least", "most", "which", "while", "also", "still",
                     "reports", "reported", "shows", "gives", "says", "measured", "reaches", "achieves",
                     "约为", "大约", "左右", "最高", "最多", "至少", "达到", "超过", "只有", "仅为", "约有"})
_MIN_SHARED = 2
# what a bare count counts: the word after it ("78 SMs", "12 个钩子", "16 coding-agent CLIs")
_NOUN = compile_pattern(r"\s*(?:[-+]|个|款|种|条|张|位|项|次|套|家)?\s*([A-Za-z][\w-]*|[\u4e00-\u9fff]{1,2})")
# a figure in an enumeration: "1、2、4、8 张", "290、529、775、1060 tokens/s", "3, 5 and 8"
_LISTED = compile_pattern(r"\d[\d.,]*\s*(?:、|,|，|and|和|与)\s*[-+]?\d[\d.,]*\s*(?:、|,|，|and|和|与)\s*[-+]?\d")
_LIMIT = compile_pattern(r"\s*(?:[≤≥<>]|<=|>=)")  # a bound written as a comparison: a threshold
_MIN_APART = 0.05  # a figure within 5 % of the source's is a rounding question, not another figure


@lru_cache(maxsize=16384)  # a source figure's label is asked once per claim figure of its section
def label(text: str, start: int, end: int, head: str = "") -> frozenset[str]:
    """The words around text[start:end], within its own stretch of the sentence or cell;
    ``head``: words that name the stretch from outside (a table row's first cell)."""
    stretch = _stretch(text, start, end, head)
    return frozenset(w for w in gist(_NUMBERISH.sub(" ", stretch)) if w not in _FILLER) | glossed(stretch)


def _names(text: str, start: int, end: int, head: str = "") -> frozenset[str]:
    """The names among a label's words ("MLP", "LSTM", "H20")."""
    return frozenset(n.casefold().replace("-", "") for n in _NAME.findall(_stretch(text, start, end, head)))


def _stretch(text: str, start: int, end: int, head: str) -> str:
    left = text[max(0, start - _BEFORE):start]
    right = text[end:end + _AFTER]
    if start > _BEFORE and " " in left:  # not a word cut in half by the window
        left = left[left.index(" "):]
    if end + _AFTER < len(text) and " " in right.strip():
        right = right[:right.rstrip().rindex(" ")]
    breaks = list(_BREAK.finditer(left))
    if breaks:
        left = left[breaks[-1].end():]
    cut = _BREAK.search(right)
    if cut:
        right = right[:cut.start()]
    return f"{head} {left} {right}"


def _row_head(fact: Fact) -> str:
    return fact.statement.text.split("|", 1)[0] if fact.kind == "row" else ""


def _noun(text: str, end: int) -> str | None:
    """What a bare count counts, one form for singular and plural ("78 SM" and "105 SMs")."""
    m = _NOUN.match(text, end)
    if not m:
        return None
    noun = m.group(1).casefold()
    if not noun.isascii():  # "个张量" counts tensors: the English word, to meet an English source's "919-tensor"
        hit = next((h for h in load_lexicon().gloss.find(text[m.start(1):m.start(1) + 6]) if h.start == 0), None)
        return hit.key if hit else noun
    return _one_form(noun)


# or the name it is the value of, right before it: "block_t of 8", "block_t（16）", "rank=4"
_KEY = compile_pattern(r"([A-Za-z][\w.-]*[A-Za-z0-9_]|[\u4e00-\u9fff]{2})\s*(?:of|is|=|:|：|[均都也皆]?(?:为|是)|（|\()?\s*$")


def _key(text: str, start: int) -> str | None:
    m = _KEY.search(text, max(0, start - 32), start)
    if not m:
        return None
    key = m.group(1).casefold()
    if not key.isascii():  # "序列长度均为 8192": the English word a source's "Sequence Length: 4096" keys it by
        window = text[max(0, m.start(1) - 4):m.end(1)]  # the term may begin before the two characters
        hit = next((h for h in load_lexicon().gloss.find(window) if h.end == len(window)), None)
        return hit.key if hit else key
    return key


def _one_form(word: str | None) -> str | None:
    """One form for a word's singular and plural ("SMs" and "SM", "Parameters" and "parameter")."""
    return word[:-1] if word and word.isascii() and len(word) > 2 and word.endswith("s") and not word.endswith("ss") else word


def _counts_alike(noun: str | None, key: str | None, their_noun: str | None, their_key: str | None,
                  row: bool) -> bool:
    """Two bare counts of one thing: the same word after them, the same name before them, or (in a table) the
    word after the claim's naming the column of the row's ("about 250M parameters" against "Parameters: 200M")."""
    if noun is not None and their_noun == noun or key is not None and their_key == key:
        return True
    if not row:
        return False
    crossed = (noun if noun is not None and _one_form(their_key) == noun else
               their_noun if their_noun is not None and _one_form(key) == their_noun else None)
    # a word that names a thing ("parameters", "指标"), not one that joins ("6 to 8" against "max_tokens to 8")
    return crossed is not None and (not crossed.isascii() or len(crossed) >= 4)


def _sentence_words(text: str, at: int) -> frozenset[str]:
    """The words of the sentence of ``text`` that holds offset ``at``."""
    start = max((m.end() for m in _BREAK.finditer(text, 0, at)), default=0)
    end = m.start() if (m := _BREAK.search(text, at)) else len(text)
    return gist(_NUMBERISH.sub(" ", text[start:end]))


def _cover(own: frozenset[str], theirs: frozenset[str]) -> int:
    """The label words two figures share, enough of both labels; across languages (a
    Chinese sentence on an English passage) counted in the Latin words alone."""
    latin = frozenset(w for w in own if w.isascii())
    if len(latin) >= 2 and len(latin) < len(own) / 2 and all(w.isascii() for w in theirs):
        own = latin
    shared = own & theirs
    return len(shared) if len(shared) >= _MIN_SHARED and len(shared) >= 0.5 * min(len(own), len(theirs)) else 0


def _listed(text: str, start: int, end: int) -> bool:
    """Whether the figure stands in an enumeration of three or more: which of the source's
    figures each member answers is a reading of order, not of words."""
    return any(m.start() <= start < m.end() or m.start() < end <= m.end()
               for m in _LISTED.finditer(text, max(0, start - 40), min(len(text), end + 40)))


def _anchored(fact: Fact, claim: list[QuantityAt], qa: QuantityAt, own: frozenset[str]) -> bool:
    """A table row speaks of the claim's figure (``own``: its label) only when its first cell
    shares a word with that label or it holds another of the claim's figures: every row of a
    table has the same column headers."""
    if fact.kind != "row":
        return True
    if gist(_NUMBERISH.sub(" ", _row_head(fact))) & own:
        return True
    return any(o is not qa and any(_holds(o, f) for f in fact.statement.quantities) for o in claim)


def _kin(a: QuantityAt, b: QuantityAt) -> bool:
    """Figures of one kind: compatible units, or both bare and both whole or both not
    ("12 hooks" and "0.953" are not); no year on the source's side."""
    if a.q.unit or b.q.unit:
        return bool(a.q.unit and b.q.unit and compatible(a.q.unit, b.q.unit, bare_ok=False))
    if 1900 <= b.q.high <= 2100 and b.q.high == int(b.q.high):
        return False
    return (a.q.high == int(a.q.high)) == (b.q.high == int(b.q.high))


def _holds(claim: QuantityAt, other: QuantityAt) -> bool:
    """The source figure is the claim's: the same value, or an end of a source range."""
    q = other.q
    ends = [q] if not q.is_range else [q.model_copy(update={"low": e, "high": e}) for e in (q.low, q.high)]
    return any(same_value(claim.q, e) for e in ends)


def _beside_others(facts: list[Fact], i: int, qa: QuantityAt, claim: list[QuantityAt]) -> bool:
    """Whether the sentences before a passage (three, of the same document part) give
    another of the claim's figures: "训练 225k 步" beside "512 张昇腾 910B … batch size 8096" retells the
    paragraph whose last sentence is "This stage runs for a total of 225k steps."."""
    others = [o for o in claim if o is not qa and not o.negated and o.q.high > 0 and distinctive(o.q)]
    near = [f for f in facts[max(0, i - 3):i] if f.url == facts[i].url and f.where == facts[i].where]
    return any(abs(x.q.high - o.q.high) < 1e-9 and x.q.unit == o.q.unit for f in near for x in f.statement.quantities
               for o in others)


def labelled_elsewhere(text: str, qa: QuantityAt, facts: list[Fact], claim: list[QuantityAt]) -> Hit | None:
    """The source figure that the same words number, when the claim's figure is not it:
    the one sharing most label words with the claim's figure (at least two, and half the
    smaller label). None when the claim's value stands in the sources among any of the
    same words: the writer may have named it differently."""
    own = label(text, qa.q.start, qa.q.end)
    if len(own) < _MIN_SHARED or _listed(text, qa.q.start, qa.q.end):
        return None
    own_names = _names(text, qa.q.start, qa.q.end)
    counted = not qa.q.unit and qa.q.high == int(qa.q.high)  # a bare whole number counts something
    noun = _noun(text, qa.q.end) if counted else None
    key = _key(text, qa.q.start) if counted else None
    best: tuple[int, Hit] | None = None
    for i, fact in enumerate(facts):
        if fact.kind == "title":
            continue
        st = fact.statement
        for other in st.quantities:
            if other.negated:
                continue
            held = _holds(qa, other)  # a bare cell under "decode tok/s agg" holds "529.3 tok/s"
            if not held and not _kin(qa, other):
                continue
            theirs = label(st.text, other.q.start, other.q.end, _row_head(fact))
            shared = own & theirs
            if held:
                # the claim's value among the same words, or in a sentence of the passage that holds two of them
                # beyond the label's reach ("For the 4096px task, hybrid parallel still benefits …, 1.9x lower")
                if shared or _cover(own, _sentence_words(st.text, other.q.start)) or _beside_others(facts, i, qa, claim):
                    return None
                continue
            covered = _cover(own, theirs)
            if other.q.is_range or other.q.high <= 0 or not covered:
                continue
            if other.q.bound and other.q.bound != qa.q.bound and _LIMIT.match(other.q.raw):
                continue  # "goodput SLA TTFT≤2000ms ∧ ITL≤25ms": a limit, not what was measured ("up to 3.39x" was)
            if counted and not _counts_alike(noun, key, _noun(st.text, other.q.end), _key(st.text, other.q.start),
                                             fact.kind == "row"):
                continue  # a bare count counts what the word after it names, or is the value of the name before it
            if not _anchored(fact, claim, qa, own):
                continue
            ours, theirs_value = base_values(qa.q)[1], base_values(other.q)[1]  # 3.73 s against 25 ms
            big, small = max(ours, theirs_value), min(ours, theirs_value)
            if big > _MAX_APART * small or ((big - small) / big < _MIN_APART and not _past_rounding(qa, other)):
                continue
            if _settings_differ(text, st.text):
                continue  # "B=64 时 fp16 为 2.24x" beside "up to 3.39x (B=8, bf16)": another setting's figure
            their_names = _names(st.text, other.q.start, other.q.end, _row_head(fact))
            passage = st.text.casefold().replace("-", "")
            if their_names - own_names and any(n in passage for n in own_names - their_names):
                # "the MLP variant with 20 virtual tokens" beside "the LSTM variant with 50 virtual tokens,
                # complementing the MLP experiment": the passage tells the two apart, this figure is the other's
                continue
            if best is None or covered > best[0]:
                # the claim's other figure, told in another clause ("另加 20GB …，合计约 40GB"): the passage
                # numbers that one, and leaves this figure unread
                # (or in the same clause, set against it: "ran at 153.22 tok/s versus 156.33 tok/s")
                own_other = any(o is not qa and _holds(o, other) and (
                    o.clause != qa.clause and _cover(label(text, o.q.start, o.q.end), theirs) >= covered
                    or set_against(text, o, qa) and _cover(label(text, o.q.start, o.q.end), theirs) > 0) for o in claim)
                best = (covered, None if own_other else Hit(fact, other))
    return best[1] if best else None


_VERSUS = compile_pattern(r"\b(?:versus|vs\.?|against|compared (?:with|to))\b|对比|相比|相较|对")


def set_against(text: str, a: QuantityAt, b: QuantityAt) -> bool:
    """Two figures of a sentence set against each other: "153.22 tok/s versus 156.33 tok/s", "0.45 对 0.44"."""
    first, second = (a, b) if a.q.start < b.q.start else (b, a)
    between = text[first.q.end:second.q.start]
    return len(between) <= 16 and _VERSUS.search(between) is not None


def _past_rounding(claim: QuantityAt, other: QuantityAt) -> bool:
    """Two figures written to the same decimal place that differ by more than two units in it
    ("13.963" against the source's "13.863"): no rounding makes one the other, however close."""
    places = decimals(claim.q.raw)
    if claim.q.approx or places == 0 or places != decimals(other.q.raw) or claim.q.unit != other.q.unit:
        return False
    return abs(claim.q.high - other.q.high) > 2 * 10 ** -places + 1e-9


_SETTING = compile_pattern(r"(?<![A-Za-z0-9_])([A-Za-z][A-Za-z_]{0,15})\s?[=＝]\s?(\d+(?:\.\d+)?)(?![\d.])")


def _settings(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _SETTING.finditer(text):
        out.setdefault(m.group(1).casefold(), set()).add(m.group(2))
    return out


def _settings_differ(claim: str, passage: str) -> bool:
    """Whether the claim and a source passage set one named setting to different values
    ("B=64" and "B=8"): their figures are of two measurements."""
    mine, theirs = _settings(claim), _settings(passage)
    return any(not (mine[k] & theirs[k]) for k in mine.keys() & theirs.keys())


def bigger_is_more(unit: str) -> bool:
    """Whether a larger figure says more (a rate, a share, a count), not less (a time)."""
    return dimension(unit) != "time"


def written_bare(qa: QuantityAt, facts: list[Fact]) -> bool:
    """The source writes the number without its unit, in a list that names the unit once ("ragged EP64 at
    260k tok/s …, and structured custom VJPs at 389k / 24.1%"): a distinctive number (three digits, or a k/M
    suffix) standing bare before a separator."""
    m = re.search(r"\d[\d,]*(?:\.\d+)?(?:\s?[kKM](?![A-Za-z]))?", qa.q.raw)
    if not m or (len(re.sub(r"\D", "", m.group(0))) < 3 and not m.group(0)[-1:].isalpha()):
        return False
    bare = compile_pattern(r"(?<![\w.,])" + _grouped(m.group(0)) + r"(?=\s*(?:[/|,;)]|$))", re.MULTILINE)
    return any(bare.search(f.quote) for f in facts)


def _grouped(number: str) -> str:
    """A pattern for a number as sources group its thousands: "47,392", "47 392", "47392"."""
    whole, dot, rest = number.replace(",", "").partition(".")
    if not whole.isdigit() or len(whole) <= 3:
        return re.escape(number)
    head, groups = whole[: len(whole) % 3 or 3], [whole[i:i + 3] for i in range(len(whole) % 3 or 3, len(whole), 3)]
    return re.escape(head) + "".join(r"[,\u00a0\u202f ]?" + g for g in groups) + re.escape(dot + rest)
