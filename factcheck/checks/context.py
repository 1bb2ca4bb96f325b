"""What every check sees: one claim, its paragraph, and the facts of the sources
its section cites (and only those)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from ..align import Ratio, matches, ratios, relevance, words
from ..lexicon import load_lexicon
from ..extract.statement import Statement
from ..facts import Fact
from ..models import Category, Evidence, Finding, Section, Sentence, Severity, SourceDocument, Voice, Window
from ..regex_cache import compile_pattern


# a thread named by its number: "#24404"
THREAD_REF = compile_pattern(r"(?<![/\d&])#(\d{1,7})\b")  # also "OpenHands/OpenHands-CLI#211"
_DIGIT = compile_pattern(r"\d")
# a document called by what it is ("the paper itself", "该论文", "the blog post"), and the addresses such
# a document has when its citation could not be read
KIND_WORDS = {"paper": compile_pattern(r"\b(?:the|this|that) (?:paper|preprint|arXiv paper)\b|论文", re.IGNORECASE),
              "blog": compile_pattern(r"\b(?:the|this|that) (?:blog post|blog|post|write-up)\b|博客|博文", re.IGNORECASE),
              "model_card": compile_pattern(r"\b(?:the|this|that) model card\b|模型卡", re.IGNORECASE)}
_KIND_URLS = {"paper": compile_pattern(r"arxiv\.org|openreview\.net|aclanthology\.org|\.pdf$", re.IGNORECASE),
              "blog": compile_pattern(r"/blog|blog\.|medium\.com|/posts?/", re.IGNORECASE),
              "model_card": compile_pattern(r"huggingface\.co/(?!datasets/|spaces/|blog/)[\w.-]+/[\w.-]+/?$", re.IGNORECASE)}


def _bare_url(url: str) -> str:
    return url.casefold().rstrip("/").removeprefix("https://").removeprefix("http://").removeprefix("www.")


@lru_cache(maxsize=4096)  # a pure function of the text, asked by several rules per sentence
def _points_back(text: str) -> bool:
    """"The change has already been merged", "该 PR 已合入", "It ships in …": the
    sentence's subject is what the sentence before it named; so is "该帖" anywhere in it."""
    head = text.lstrip("*_ ")[:24]
    hits = load_lexicon().modality.find(text)
    return (any(h.key == "carry" and h.start <= 2 for h in load_lexicon().modality.find(head))
            or any(h.key == "thread_back" for h in hits))


def number_in_url(url: str) -> int | None:
    m = re.search(r"/(?:pull|issues)/(\d+)", url)
    return int(m.group(1)) if m else None


def thread_number(doc: SourceDocument) -> int | None:
    """A pull request's or issue's number: its record's, else its address's."""
    return doc.number if doc.number is not None else number_in_url(doc.url)


@dataclass
class ClaimContext:
    sentence: Sentence
    claim: Statement
    section: Section
    docs: list[SourceDocument]
    facts: list[Fact]
    window: Window | None = None
    paragraph: list[Statement] = field(default_factory=list)  # the claim's paragraph, itself included
    earlier: list[Statement] = field(default_factory=list)  # the section's sentences before the claim
    # shared by every claim of a section (their facts are the same): derived once, used by many checks
    section_memo: dict = field(default_factory=dict)
    claim_memo: dict = field(default_factory=dict)  # what several checks derive from this one claim
    voice: Voice = field(default_factory=Voice)  # who speaks in the draft
    # the draft's documents that carry license metadata, whichever section cites them
    licensed: list[SourceDocument] = field(default_factory=list)
    # the figures earlier sections that cite sources gave: a recap restates them ("小结")
    told_before: list = field(default_factory=list)
    # the versions those sections named and their own sources carry (``same_version_key``): checked there
    versions_before: set = field(default_factory=set)

    def facts_of(self, doc: SourceDocument) -> list[Fact]:
        return [f for f in self.facts if f.url == doc.url]

    def ratios(self) -> list[Ratio]:
        """The before/after ratios of the section's facts (``align.ratios``), computed once."""
        if "ratios" not in self.section_memo:
            self.section_memo["ratios"] = ratios(self.facts)
        return self.section_memo["ratios"]

    def dated_in_window(self) -> bool:
        """The sentence puts what it tells in this issue's window ("本周", "this week", a day inside it)."""
        if self.window is None:
            return False
        return any(d.relative == "this_week" or (d.date and d.precision == "day" and d.relative is None
                                                 and self.window.contains(d.date)) for d in self.claim.dates)

    def referenced(self) -> list[SourceDocument]:
        """The cited documents the sentence names itself ("#721 与 #728", a link in it),
        or, for a sentence that opens by pointing back ("The change …", "该 PR …"), the
        one document the nearest earlier sentence of its section names."""
        own = self._named_in(self.claim.text)
        if own or not _points_back(self.claim.text):
            return own
        for st in reversed(self.earlier):  # the section's sentences before this one, nearest first
            named = self._named_in(st.text)
            if named:
                return named if len(named) == 1 else []
        return []

    def named_before(self) -> list[SourceDocument]:
        """The cited documents the nearest earlier sentence of the claim's paragraph names: what a sentence
        that names none ("A maintainer replied that …") goes on speaking of ("A user asked on April 2 (#1834) …")."""
        before = []
        for st in self.paragraph:
            if st.text == self.claim.text:
                break
            before.append(st)
        for st in reversed(before):
            named = self._named_in(st.text)
            if named:
                return named
        return []

    def _named_in(self, text: str) -> list[SourceDocument]:
        numbers = {int(n) for n in THREAD_REF.findall(text)}
        out = []
        for doc in self.docs:
            number = thread_number(doc)
            if number in numbers or doc.url in text:
                out.append(doc)
        return out

    def subject_docs(self) -> list[tuple[float, SourceDocument]]:
        """The cited documents ranked for reading their own dates, which date what each one
        is about: named by number or link (10), by its repository (2), by each word of its
        title (1), by each of the claim's figures it gives (3), and by the words it shares
        with the document's passages that hold a digit (0.5 each): figures, dates,
        versions, model and hardware names (B300, Zen4, fp16).

        Unlike ``ranked_docs``, digit-free prose does not count: a source says many things
        around its data, and one more such sentence must not change which document's dates
        a claim is held to (issue 11: one digit-free sentence added to a source made a
        release-date error appear)."""
        named = self.referenced()
        claim_words = words(self.claim.text)
        scored = []
        for d in self.docs:
            facts = self.facts_of(d)
            score = 10.0 if d in named else 0.0
            if d.repo and d.repo.split("/")[-1].lower() in claim_words:
                score += 2
            score += len(claim_words & words(d.title or ""))
            score += 3.0 * sum(1 for qa in self.claim.quantities if matches(qa.q, facts, bare_ok=False))
            data_words: set[str] = set()
            for f in facts:
                if f.kind != "title" and _DIGIT.search(f.quote):
                    data_words |= words(f.quote)
            score += 0.5 * len(claim_words & data_words)
            scored.append((score, d))
        return sorted(scored, key=lambda s: -s[0])

    def names_others(self) -> bool:
        """Whether the sentence names a PR or issue by number ("#24404") that none of
        the cited documents is, or calls its source a paper (a blog, a model card) where only
        an unread citation is one: what it says may be about that one."""
        numbers = {int(n) for n in THREAD_REF.findall(self.claim.text)}
        cited = {thread_number(d) for d in self.docs}
        return bool(numbers - cited) or bool(self.unread_of_kind())

    def unread_of_kind(self) -> list[str]:
        """"论文报告 … 6.70 秒" where the section cites an arXiv paper that could not be read: the cited
        addresses of the kind the sentence calls its source by, when no document of that kind was read."""
        read = {_bare_url(u) for d in self.docs for u in [d.url, *(d.aliases or [])]}
        unread = [c.url for c in self.section.citations if _bare_url(c.url) not in read]
        for kind, pattern in KIND_WORDS.items():
            if pattern.search(self.claim.text) and not any(d.kind == kind for d in self.docs):
                found = [u for u in unread if _KIND_URLS[kind].search(u)]
                if found:
                    return found
        return []

    def ranked_docs(self) -> list[tuple[float, SourceDocument]]:
        """The cited documents, the one the sentence speaks of first: named by number
        ("#721"), named by its repository ("FlashMLA 这个库"), or sharing its figures
        and names."""
        named = self.referenced()
        claim_words = words(self.claim.text)
        scored = []
        for d in self.docs:
            score = relevance(self.claim.text, self.claim.quantities, self.facts_of(d)) + (10 if d in named else 0)
            if d.repo and d.repo.split("/")[-1].lower() in claim_words:
                score += 2
            if d.kind == "model_card" and any((m.key == "weights" and "卡" in m.text) or "card" in m.text.lower()
                                              for m in self.claim.of("artifact")):
                score += 2  # "模型卡标注的是 …" speaks of a model card
            scored.append((score, d))
        return sorted(scored, key=lambda s: -s[0])

    def finding(self, category: Category, severity: Severity, message: str, evidence: list[Fact | Evidence],
                check: str, suggestion: str | None = None) -> Finding:
        quotes = []
        for item in evidence:
            ev = item if isinstance(item, Evidence) else Evidence(url=item.url, quote=item.quote)
            if ev not in quotes:
                quotes.append(ev)
        span = self.sentence.span
        return Finding(line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column,
                       sentence=self.sentence.text, category=category, severity=severity, message=message,
                       evidence=quotes[:3], suggestion=suggestion, check=check)
