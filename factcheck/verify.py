"""Verify one section: its sentences become claims and meet the facts of the
sources that section cites; the checks decide, and findings are merged so that one
sentence draws at most one finding per category."""
from __future__ import annotations

import re

from pydantic import BaseModel, Field

from .align import is_result, relevance
from .checks import FIGURE_FREE, LICENSE_CHECKS, run_checks
from .checks.context import ClaimContext
from .checks.license import repo_of
from .checks.unsupported import MODEL_NAME, SETTING_VALUE
from .extract.records import Passage, Quantity, UndecidedClaim
from .extract.statement import Statement, extract_statement
from .facts import Fact, facts_of
from .lexicon import load_lexicon
from .models import SEVERITY_RANK, Finding, Section, Sentence, SourceDocument, Voice, Window
from .regex_cache import compile_pattern
from .sources.urls import normalize_url


class SectionResult(BaseModel):
    findings: list[Finding] = Field(default_factory=list)
    undecided: list[UndecidedClaim] = Field(default_factory=list)
    # sentences that look like claims but gave the extractors nothing to hold:
    # the optional LLM claim extraction reads them
    unparsed: list[UndecidedClaim] = Field(default_factory=list)
    claims: int = 0


_CLAIM_CUE = compile_pattern(r"[0-9一二三四五六七八九十两百千万倍]|faster|slower|more|less|better|worse|only|needs?|requires?|supports?|"
                             r"更快|更慢|更多|更少|提升|下降|减少|增加|支持|不支持|需要|不需要|首次|首发", re.IGNORECASE)


def looks_checkable(text: str) -> bool:
    return bool(_CLAIM_CUE.search(text))


# A sentence that gives a cause: a source can confirm or contradict it, the rules cannot.
_CAUSAL = compile_pattern(r"\b(?:because|due to|thanks to|as a result|therefore|so that|leads? to|results? in|caus(?:e|es|ed)"
                          r"|comes? from|owing to)\b|因为|由于|得益于|因此|所以|导致|使得|从而|归功于|源于", re.IGNORECASE)
# "Table 2: decode throughput", "*图 1：端到端延迟*": names what follows, claims nothing.
_CAPTION = compile_pattern(r"^\s*[*_]*\s*(?:table|figure|fig\.|chart|图|表)\s*[0-9一二三四五六七八九十]*\s*[:：.．]", re.IGNORECASE)


def is_claim(sentence: Sentence) -> bool:
    """Headings and captions name what follows; they are not claims to hand the LLM."""
    return sentence.block != "heading" and not _CAPTION.match(sentence.text)


def figure_free_assertion(st: Statement) -> bool:
    """No figure, but a scope or a cause: the classes the rules cannot decide, judged by the
    LLM against the passages the alignment ranks for them (status, platform and hardware
    sentences are ``checkable`` and reach it when the checks find nothing)."""
    return not st.quantities and bool(st.of("scope") or _CAUSAL.search(st.text))


def checkable(st: Statement) -> bool:
    """A sentence a source could confirm or contradict."""
    return bool(st.quantities or st.licenses or st.versions or any(d.date for d in st.dates)
                or any(m.kind in {"status", "no_change", "simultaneity", "universal", "parallelism", "event", "shipped",
                                 "same", "unconditional", "hardware", "platform", "precision"}
                       for m in st.mentions)
                or len(MODEL_NAME.findall(st.text)) >= 2  # a list of models a source can confirm
                or SETTING_VALUE.search(st.text) is not None)  # "--router-mode kv": a value the source sets


def _project_documents(text: str, licensed: list[SourceDocument]) -> list[SourceDocument]:
    """The repositories and model cards (cited anywhere in the draft) whose repository the sentence names
    by its own name ("sd-scripts" for kohya-ss/sd-scripts)."""
    folded = text.casefold()
    out = []
    for doc in licensed:
        name = (repo_of(doc) or "").rsplit("/", 1)[-1]
        if doc.kind in ("repository", "model_card") and len(name) >= 3 and re.search(
                rf"(?<![\w.-]){re.escape(name)}(?![\w-])", folded):
            out.append(doc)
    return out


def paragraphs(sentences: list[Sentence]) -> dict[int, list[int]]:
    """Sentence index -> the indices of the sentences of its paragraph."""
    groups: list[list[Sentence]] = []
    for s in sentences:
        prev = groups[-1][-1] if groups else None
        if (prev and prev.block == s.block == "paragraph" and prev.section == s.section
                and s.span.line - prev.span.end_line <= 1):
            groups[-1].append(s)
        else:
            groups.append([s])
    return {s.index: [t.index for t in g] for g in groups for s in g}


def verify_section(section: Section, sentences: list[Sentence], window: Window | None,
                   docs: list[SourceDocument], facts: list[Fact],
                   statements: dict[int, Statement] | None = None,
                   categories: list[str] | None = None, hand_off: bool = True,
                   voice: Voice | None = None, licensed: list[SourceDocument] | None = None,
                   told_before: list[Quantity] | None = None,
                   versions_before: set[str] | None = None) -> SectionResult:
    """Check the section's ``sentences`` against the facts of the documents it cites.

    ``statements``: the claims already extracted from those sentences (by the
    graph's claims node), by sentence index; any missing one is extracted here.
    ``voice``: who speaks in the draft (a project's own news, or a digest).
    ``licensed``: the draft's cited documents that carry license metadata, wherever cited.
    ``told_before``: the figures of earlier sections that cite sources (checked there).
    ``versions_before``: the versions the other sections named and their sources carry (``same_version_key``).
    ``hand_off``: collect what the rules leave undecided for the LLM second opinion
    (skipped when no model is configured: ranking passages for it is not free).
    """
    statements = dict(statements or {})
    voice = voice or Voice()
    for s in sentences:
        if s.index not in statements:
            statements[s.index] = extract_statement(s.text, window, claim=True)
    para = paragraphs(sentences)
    memo: dict = {}  # what the section's claims share (their facts' ratios)
    result = SectionResult()
    first_claim: Sentence | None = None
    previous: Statement | None = None
    for sentence in sentences:
        st = statements[sentence.index]
        told, previous = previous, st
        said_of = characterised(st, told, window) if docs and sentence.index - 1 in para[sentence.index] else None
        if said_of is not None:
            # what the previous sentence's figures measure, said here: only the metric checks apply
            result.claims += 1
            ctx = ClaimContext(sentence=sentence, claim=said_of, section=section, docs=docs, facts=facts,
                               window=window, paragraph=[said_of], section_memo=memo)
            wanted = [c for c in _CHARACTERISED if categories is None or c in categories]
            found = run_checks(ctx, wanted)
            result.findings.extend(found)
            if not found and hand_off and is_claim(sentence):
                result.undecided.append(_undecided(ctx, "it says what the previous sentence's figures measure; "
                                                        "the rules found nothing to compare it with"))
            continue
        if not checkable(st):
            if not (docs and is_claim(sentence)):
                continue
            # a sentence with no figure can still say the opposite of its source's own words
            ctx = ClaimContext(sentence=sentence, claim=st, section=section, docs=docs, facts=facts,
                               window=window, paragraph=[statements[j] for j in para[sentence.index]],
                               earlier=[statements[s.index] for s in sentences if s.index < sentence.index],
                               section_memo=memo, voice=voice)
            found = run_checks(ctx, categories, FIGURE_FREE)
            if found:
                result.claims += 1
                result.findings.extend(found)
            elif hand_off:
                if figure_free_assertion(st):  # judged directly: there are no figures to extract
                    result.undecided.append(_undecided(ctx, "a claim without figures (its scope or a cause) "
                                                            "that the rules cannot compare"))
                elif looks_checkable(sentence.text):
                    result.unparsed.append(_undecided(ctx, "the rules found no number, date, license or "
                                                           "status in it to compare"))
            continue
        result.claims += 1
        if not docs:
            if st.licenses and (own := _project_documents(st.text, licensed or [])):
                # "sd-scripts 的大部分脚本采用 MIT" under a heading that cites nothing: the project's own
                # README, cited elsewhere in the draft, speaks to its license
                ctx = ClaimContext(sentence=sentence, claim=st, section=section, docs=own,
                                   facts=[f for d in own for f in facts_of(d, window)], window=window,
                                   section_memo={}, voice=voice, licensed=licensed or [])
                result.findings.extend(run_checks(ctx, categories, LICENSE_CHECKS))
            if first_claim is None or first_claim.block == "heading":
                first_claim = sentence if first_claim is None or sentence.block != "heading" else first_claim
            continue
        ctx = ClaimContext(sentence=sentence, claim=st, section=section, docs=docs, facts=facts,
                           window=window, paragraph=[statements[j] for j in para[sentence.index]],
                           earlier=[statements[s.index] for s in sentences if s.index < sentence.index],
                           section_memo=memo, voice=voice, licensed=licensed or [], told_before=told_before or [],
                           versions_before=versions_before or set())
        found = run_checks(ctx, categories)
        result.findings.extend(found)
        if not found and hand_off and is_claim(sentence):
            result.undecided.append(_undecided(ctx, "the rules found no figure or statement in the sources "
                                                    "to compare it with"))
    if not section.citations and first_claim is not None:  # cited but unavailable is reported per citation
        span = first_claim.span
        result.findings.append(Finding(
            line=span.line, column=span.column, end_line=span.end_line, end_column=span.end_column,
            sentence=first_claim.text, category="unsupported", severity="info",
            message=(f"could not check: no source is cited for this part of the draft "
                     f"({result.claims} checkable sentence{'s' if result.claims != 1 else ''}); "
                     "add a 来源：/Sources: line below it"),
            check="section-uncited"))
    result.findings = merge(result.findings)
    return result


_CHARACTERISED = ["metric-conflation"]


def characterised(st: Statement, previous: Statement | None, window: Window | None) -> Statement | None:
    """"这是端到端请求延迟的比较" right after a kernel result: a sentence without a result figure that
    opens by pointing back ("这是", "this is") and names a metric or scope says what the
    previous sentence's figures measure. It is read as those figures under its words."""
    if previous is None or any(is_result(qa.q) for qa in st.quantities):
        return None  # a count of its own ("for generating one token") is no figure of a result
    lexicon = load_lexicon()
    opening = st.text.lstrip(" *_>\"“「（(")
    if not any(h.start == 0 for h in lexicon.anaphora.find(opening)):
        return None
    if not (lexicon.metrics.find(st.text) or st.of("scope")):
        return None
    figures = [qa.q.raw for qa in previous.quantities if is_result(qa.q) and not qa.negated]
    if not figures:
        return None
    # its first clause says what they are; a later one may deny the other reading ("不是端到端")
    first = re.split(r"[，,;；:：]|\s(?:but|not)\s", opening, maxsplit=1)[0]
    return extract_statement(f"{' / '.join(figures)} {first}", window, claim=True)


def _writer(doc: SourceDocument, where: str) -> str | None:
    """Who wrote a passage, where the document says: a comment's author, or the document's own for its text.
    What a sentence puts on a person ("X replied that …") can only be read with it."""
    if where.startswith("comment:"):
        i = int(where.partition(":")[2])
        return doc.comments[i].author if i < len(doc.comments) else None
    author = getattr(doc, "author", None)
    return author if where == "text" and isinstance(author, str) and author else None


def _undecided(ctx: ClaimContext, reason: str) -> UndecidedClaim:
    by_doc = sorted(ctx.docs, key=lambda d: -relevance(ctx.claim.text, ctx.claim.quantities, ctx.facts_of(d)))
    passages = []
    for doc in by_doc[:2]:
        ranked = sorted(ctx.facts_of(doc), key=lambda f: -relevance(ctx.claim.text, ctx.claim.quantities, [f]))
        passages.extend(Passage(url=f.url, text=f.quote, where=f.where, author=_writer(doc, f.where)) for f in ranked[:4])
    span = ctx.sentence.span
    return UndecidedClaim(sentence_index=ctx.sentence.index, sentence=ctx.sentence.text, line=span.line,
                          column=span.column, end_line=span.end_line, section_title=ctx.section.title,
                          reason=reason, passages=passages)


def merge(findings: list[Finding]) -> list[Finding]:
    """One finding per sentence and category: the most severe, with the evidence of all."""
    best: dict[tuple[int, int, str], Finding] = {}
    for f in findings:
        key = (f.line, f.column, f.category)
        have = best.get(key)
        if have is None:
            best[key] = f
            continue
        keep, other = (f, have) if SEVERITY_RANK[f.severity] > SEVERITY_RANK[have.severity] else (have, f)
        evidence = keep.evidence + [e for e in other.evidence if e not in keep.evidence]
        best[key] = keep.model_copy(update={"evidence": evidence[:4]})
    return [f.with_id() for f in sorted(best.values(), key=lambda f: (f.line, f.column, f.category))]


def cited_documents(section: Section, documents: dict[str, SourceDocument]) -> list[SourceDocument]:
    """The documents a section's citations resolve to, each once, in citation order."""
    seen: list[SourceDocument] = []
    for c in section.citations:
        doc = documents.get(normalize_url(c.url))
        if doc is not None and doc not in seen:
            seen.append(doc)
    return seen
