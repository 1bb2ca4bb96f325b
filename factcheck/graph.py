"""The check as a LangGraph graph:

    parse → resolve → fetch (Send per URL) → gather → facts (Send per document)
          → facts_done → verify (Send per section) → [llm] → report

Nodes are plain functions over a typed state; I/O goes through the provider in the
run's context. The CPU-bound nodes are coroutines too: they run on the event loop
rather than in LangGraph's thread pool, which only added hand-offs under the GIL. State holds plain JSON-able data (model dumps), so a checkpoint
reloads without custom serialisers and an interrupted run resumes by thread id,
re-running only the branches that had not finished.

State is kept small, since it is checkpointed at every step: the draft's text and the
fetched documents once, then only results and summaries. What is derived from them (the
parsed draft, each document's facts, each sentence's claim) lives in the run's memo
(``RunContext``); branches are handed a section's index and document URLs, not copies.
A resumed run refills the memo from the checkpoint (``RunContext.restore``).
"""
from __future__ import annotations

import operator
from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Callable, Iterable, TypedDict

from .deferred_imports import defer_check_imports

# Before LangGraph's first import: two package __init__s it pulls in and a check never
# uses (LangSmith's REST models, LangGraph's server client) run only if something asks.
defer_check_imports()

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from .draft import parse_draft
from .extract.clauses import split_clauses
from .extract.statement import MAX_ANALYSED, Statement, extract_statement
from .extract.versions import same_version_key
from .checks.unsupported import known_versions, names_version
from .facts import Fact, facts_of
from .facts_cache import ClaimsCache, FactsCache
from .models import Draft, Evidence, Finding, LLMRun, Report, Sentence, SourceDocument, SourceMetadata, Stats, Window
from .settings import Settings
from .sources import FetchResult, SourceProvider
from .sources.urls import normalize_url
from .verify import SectionResult, cited_documents, merge, verify_section

Progress = Callable[[str], None]


@dataclass
class RunContext:
    """What nodes need that is not state: the source provider and the settings."""

    provider: SourceProvider
    settings: Settings
    progress: Progress | None = None
    llm_review: Callable[..., Any] | None = field(default=None)
    facts_cache: FactsCache | None = None  # the facts of documents met in earlier runs
    claims_cache: ClaimsCache | None = None  # the claims of this draft's sentences in its earlier runs
    # Per-run memo of parsed documents and their facts, so the verify branches of a
    # long draft do not each re-validate them; a resumed run simply recomputes.
    _documents: dict[str, SourceDocument] = field(default_factory=dict)
    _facts: dict[str, list[Fact]] = field(default_factory=dict)
    _versions: dict[str, set[str]] = field(default_factory=dict)
    _told: dict[int, Statement] = field(default_factory=dict)
    _by_section: dict[int, list[Sentence]] | None = None
    _told_figures: dict[int, list] = field(default_factory=dict)
    _carried: dict[int, set[str]] = field(default_factory=dict)
    _carried_count: Counter | None = None
    _cited: dict[str, str] = field(default_factory=dict)  # a fetched URL (normalized) -> its document's URL
    _urls_by_section: dict[int, list[str]] | None = None
    _draft: Draft | None = None

    def say(self, message: str) -> None:
        if self.progress:
            self.progress(message)

    def keep(self, result: dict | FetchResult) -> None:
        """Remember a fetched document, so later steps can take it by its URL."""
        data = result.document if isinstance(result, FetchResult) else result.get("document")
        if data is None:
            return
        doc = data if isinstance(data, SourceDocument) else SourceDocument.model_validate(data)
        self._documents.setdefault(doc.url, doc)
        url = result.url if isinstance(result, FetchResult) else result.get("url")
        if url:
            self._cited.setdefault(normalize_url(url), doc.url)

    def document(self, url: str) -> SourceDocument:
        """A fetched document by its URL. Branches are handed URLs, not documents: a
        document is checkpointed once, in ``fetched``, rather than again in every
        branch's payload (each section's verify branch used to carry its sources)."""
        try:
            return self._documents[url]
        except KeyError:
            raise RuntimeError(f"document {url} was neither fetched in this run nor restored "
                               "from its checkpoint") from None

    def parse(self, text: str, name: str) -> Draft:
        self._draft = parse_draft(text, name, repos=self.settings.repos)
        return self._draft

    @property
    def draft(self) -> Draft:
        if self._draft is None:
            raise RuntimeError("the draft was neither parsed in this run nor restored from its checkpoint")
        return self._draft

    def restore(self, values: dict, fetch_results: Iterable[dict]) -> None:
        """Refill the memo of a run resumed from its checkpoint: the draft from its text,
        the documents from the state and from fetch branches that finished before the
        interruption (``fetch_results``)."""
        if values.get("text") is not None:
            self.parse(values["text"], values["name"])
        for result in [*values.get("fetched", []), *fetch_results]:
            self.keep(result)

    def claim(self, text: str, window: Window | None) -> Statement:
        """The statement of a draft sentence (``_claim``), from the claims cache if it holds it."""
        if self.claims_cache is not None:
            return self.claims_cache.statement(text, window, _claim)
        return _claim(text, window)

    def told(self, sentence: Sentence, window: Window | None) -> Statement:
        """The statement of a sentence as the other sections read it (what was said before,
        the versions named elsewhere): read once per run, not again by every section's branch.
        A section's own claims still come from ``claim``, one object per use."""
        if sentence.index not in self._told:
            self._told[sentence.index] = self.claim(sentence.text, window)
        return self._told[sentence.index]

    def sentences_of(self, section: int) -> list[Sentence]:
        """A section's sentences, grouped once per run (every branch used to scan the whole draft for its own)."""
        if self._by_section is None:
            self._by_section = {}
            for s in self.draft.sentences:
                self._by_section.setdefault(s.section, []).append(s)
        return self._by_section.get(section, [])

    def told_figures(self, section: int, window: Window | None) -> list:
        """The figures a section's sentences give (not denied), as the other sections read them: once per run."""
        if section not in self._told_figures:
            self._told_figures[section] = [qa.q for s in self.sentences_of(section)
                                           for qa in self.told(s, window).quantities if not qa.negated]
        return self._told_figures[section]

    def urls_by_section(self) -> dict[int, list[str]]:
        """Each section's cited documents, by their URLs, in citation order (the fetched ones only): once per run.
        Branches are handed their own section's; the others' are read here, not carried in every branch's payload
        (which made the payloads grow with the square of the draft's sections)."""
        if self._urls_by_section is None:
            self._urls_by_section = {}
            for section in self.draft.sections:
                wanted: list[str] = []
                for c in section.citations:
                    url = self._cited.get(normalize_url(c.url))
                    if url is not None and url not in wanted:
                        wanted.append(url)
                self._urls_by_section[section.index] = wanted
        return self._urls_by_section

    def carried_versions(self, section: int, window: Window | None) -> set[str]:
        """The versions a section names that its own sources carry (``same_version_key``): once per run, whichever
        other section's branch asks."""
        if section not in self._carried:
            known = set().union(*(self.versions_of(u) for u in self.urls_by_section().get(section, [])))
            self._carried[section] = {key for s in self.sentences_of(section) for v in self.told(s, window).versions
                                      if names_version(known, key := same_version_key(v.version))}
        return self._carried[section]

    def carried_elsewhere(self, section: int, window: Window | None) -> set[str]:
        """The versions the other sections name and their sources carry (an opening summary names the release its
        first section then cites; a version no section named is the section's own sources' to carry): each
        section's set is read once per run and counted, so a branch takes away its own section's instead of joining
        every other's."""
        if self._carried_count is None:
            self._carried_count = Counter(v for s in self.draft.sections for v in self.carried_versions(s.index, window))
        own = self.carried_versions(section, window)
        return {v for v, n in self._carried_count.items() if n > (v in own)}

    def versions_of(self, url: str) -> set[str]:
        """The versions a fetched document mentions (``known_versions``): read once per run, not
        again by every later section's branch."""
        if url not in self._versions:
            self._versions[url] = known_versions([self.document(url)])
        return self._versions[url]

    def facts_for(self, doc: SourceDocument, window: Window | None) -> list[Fact]:
        if doc.url not in self._facts:
            self._facts[doc.url] = (self.facts_cache.facts_of(doc, window) if self.facts_cache is not None
                                    else facts_of(doc, window))
        return self._facts[doc.url]


class State(TypedDict, total=False):
    text: str
    name: str
    urls: list[str]
    fetched: Annotated[list[dict], operator.add]
    facts: Annotated[list[dict], operator.add]  # per document: counts only
    sections: Annotated[list[dict], operator.add]
    llm: dict
    report: dict


async def parse(state: State, runtime: Runtime[RunContext]) -> dict:
    draft = runtime.context.parse(state["text"], state["name"])
    runtime.context.say(f"parsed {len(draft.sentences)} sentences in {len(draft.sections)} sections")
    return {}


def resolve(state: State, runtime: Runtime[RunContext]) -> dict:
    seen: dict[str, str] = {}
    for citation in runtime.context.draft.citations():
        seen.setdefault(normalize_url(citation.url), citation.url)
    return {"urls": list(seen.values())}


def route_fetch(state: State) -> list[Send] | str:
    return [Send("fetch", {"url": url}) for url in state["urls"]] or "gather"


async def fetch(payload: dict, runtime: Runtime[RunContext]) -> dict:
    result = await runtime.context.provider.get(payload["url"])
    if result.status == "ok":
        runtime.context.say(f"source read: {payload['url']}")
    else:
        runtime.context.say(f"source {result.status.replace('_', ' ')}: {payload['url']} ({result.detail})")
    runtime.context.keep(result)
    return {"fetched": [result.model_dump(mode="json")]}


def gather(state: State) -> dict:
    return {}


def route_facts(state: State) -> list[Send] | str:
    sends = [Send("facts", {"url": r["document"]["url"]})
             for r in state.get("fetched", []) if r["status"] == "ok" and r.get("document")]
    return sends or "facts_done"


async def facts(payload: dict, runtime: Runtime[RunContext]) -> dict:
    doc = runtime.context.document(payload["url"])
    found = runtime.context.facts_for(doc, runtime.context.draft.window)
    # The facts stay in the run's memo, where verify takes them; the checkpoint keeps a
    # summary, since every step's checkpoint would otherwise re-store every passage, and a
    # resumed run recomputes them from the documents it holds.
    return {"facts": [{"url": doc.url, "passages": len(found),
                       "quantities": sum(len(f.statement.quantities) for f in found),
                       "cut": sum(1 for f in found if len(f.quote) > MAX_ANALYSED)}]}


def facts_done(state: State) -> dict:
    return {}


def _claim(text: str, window: Window | None) -> Statement:
    try:
        return extract_statement(text, window, claim=True)
    except Exception:  # noqa: BLE001 - the sentence stays, with nothing the rules can hold
        return Statement(text=text, clauses=split_clauses(text))


def route_verify(state: State, runtime: Runtime[RunContext]) -> list[Send] | str:
    documents = {normalize_url(r["url"]): r["document"]["url"] for r in state.get("fetched", [])
                 if r.get("document")}
    # a license is the repository's, whichever section cites its LICENSE: every branch gets the
    # few documents that carry license metadata (LICENSE files, repositories, model cards)
    licensed = [url for url in dict.fromkeys(documents.values())
                if url is not None and runtime.context.document(url).licenses()]
    # Each branch gets its own section and document URLs only (the documents themselves stay in `fetched`): handing
    # every branch the whole draft made the cost grow with the square of the draft's length.
    by_section = runtime.context.urls_by_section()
    sends = [Send("verify", {"section": section.index, "documents": by_section[section.index], "licensed": licensed})
             for section in runtime.context.draft.sections]
    return sends or "after_verify"


async def verify(payload: dict, runtime: Runtime[RunContext]) -> dict:
    draft = runtime.context.draft
    [section] = [s for s in draft.sections if s.index == payload["section"]]
    sentences = runtime.context.sentences_of(section.index)
    window = draft.window
    docs = [runtime.context.document(url) for url in payload["documents"]]
    documents = {normalize_url(u): d for d in docs for u in [d.url, *d.aliases]}
    cited = cited_documents(section, documents)
    facts = [f for d in cited for f in runtime.context.facts_for(d, window)]
    statements = {s.index: runtime.context.claim(s.text, window) for s in sentences}
    settings = runtime.context.settings
    licensed = [runtime.context.document(url) for url in payload.get("licensed", [])]
    # what earlier sections that cite sources already said: a recap ("小结") restates it, and it was checked there
    told_before = [q for s in draft.sections if s.citations and s.index < section.index
                   for q in runtime.context.told_figures(s.index, window)]
    # and the versions the other sections named that their own sources carry (an opening summary names the release its
    # first section then cites)
    versions_before = runtime.context.carried_elsewhere(section.index, window)
    result = verify_section(section, sentences, window, cited, facts, statements, settings.categories,
                            hand_off=settings.llm.enabled and runtime.context.llm_review is not None,
                            voice=draft.voice, licensed=licensed, told_before=told_before,
                            versions_before=versions_before)
    # "sourced": its claims met a source; only those count as checked in the report
    return {"sections": [{"index": section.index, "sourced": bool(cited), **result.model_dump(mode="json")}]}


def after_verify(state: State) -> dict:
    return {}


def route_llm(state: State, runtime: Runtime[RunContext]) -> str:
    return "llm" if runtime.context.llm_review is not None and runtime.context.settings.llm.enabled else "report"


async def llm(state: State, runtime: Runtime[RunContext]) -> dict:
    outcome = await runtime.context.llm_review(state, runtime.context)
    return {"llm": outcome}


async def report(state: State, runtime: Runtime[RunContext]) -> dict:
    draft = runtime.context.draft
    sections = sorted(state.get("sections", []), key=lambda s: s["index"])
    results = [SectionResult.model_validate(s) for s in sections]
    findings = [f for r in results for f in r.findings]
    llm_part = state.get("llm") or {}
    findings.extend(Finding.model_validate(f) for f in llm_part.get("findings", []))
    findings.extend(unresolved_findings(draft, [FetchResult.model_validate(r) for r in state.get("fetched", [])]))
    fetched = [FetchResult.model_validate(r) for r in state.get("fetched", [])]
    stats = Stats(
        sentences=len(draft.sentences),
        # a claim counts as checked only when its section had a source to meet
        claims=sum(r.claims for r, raw in zip(results, sections) if raw.get("sourced", True)),
        sources=sum(1 for r in fetched if r.status == "ok"),
        unresolved=sum(1 for r in fetched if r.status != "ok"),
        llm_calls=llm_part.get("calls", 0),
        requests=sum(r.requests for r in fetched),
        cached_requests=sum(r.cached_requests for r in fetched),
        undecided=sum(len(r.undecided) for r in results),
    )
    for key in ("llm_cached_calls", "prompt_tokens", "completion_tokens"):
        if key in llm_part:
            setattr(stats, key, llm_part[key])
    notes = list(llm_part.get("notes", []))
    notes.extend(cut_notes(draft, state.get("facts", [])))
    if not runtime.context.settings.llm.enabled:
        notes.append("LLM second opinion skipped: no model configured (deterministic checks only).")
    run = LLMRun.model_validate(llm_part["run"]) if llm_part.get("run") else None
    if run and run.structured_output:
        notes.append(f"LLM {run.model} answered in {run.structured_output} mode ({run.structured_output_from}).")
    out = Report(draft=state["name"], findings=merge(findings), stats=stats, notes=notes, llm=run)
    return {"report": out.model_dump(mode="json")}


def cut_notes(draft: Draft, facts_summary: list[dict]) -> list[str]:
    """Where the extractors saw only the first MAX_ANALYSED characters of a sentence or passage."""
    notes = [f"line {s.span.line}: a sentence of {len(s.text)} characters; only its first {MAX_ANALYSED} "
             "were analysed" for s in draft.sentences if len(s.text) > MAX_ANALYSED]
    notes += [f"source {f['url']}: {f['cut']} passage(s) longer than {MAX_ANALYSED} characters; only the first "
              f"{MAX_ANALYSED} of each were analysed" for f in facts_summary if f.get("cut")]
    return notes


def unresolved_findings(draft: Draft, fetched: list[FetchResult]) -> list[Finding]:
    """A citation that cannot be resolved is an ``unsupported`` finding of severity
    info, on the line that cites it; a source that could not be checked likewise."""
    failed = {normalize_url(r.url): r for r in fetched if r.status != "ok"}
    out: list[Finding] = []
    seen: set[tuple[int, str]] = set()
    lines = draft.text.splitlines()
    for citation in draft.citations():
        r = failed.get(normalize_url(citation.url))
        if r is None or (citation.span.line, r.url) in seen:
            continue
        seen.add((citation.span.line, r.url))
        line_text = lines[citation.span.line - 1].strip() if citation.span.line <= len(lines) else citation.url
        message = ("could not check: source not available" if r.status == "not_found"
                   else f"could not check: {r.detail or r.status}")
        out.append(Finding(line=citation.span.line, column=citation.span.column, end_line=citation.span.end_line,
                           end_column=citation.span.end_column, sentence=line_text, category="unsupported",
                           severity="info", message=f"{message} ({r.url})",
                           evidence=[Evidence(url=r.url, metadata=SourceMetadata(
                               field="fetch", value=r.detail or r.status))], check="citation-unresolved"))
    return out


def build_graph(checkpointer: Any = None):
    g = StateGraph(State, context_schema=RunContext)
    g.add_node("parse", parse)
    g.add_node("resolve", resolve)
    g.add_node("fetch", fetch)
    g.add_node("gather", gather, defer=True)
    g.add_node("facts", facts)
    g.add_node("facts_done", facts_done, defer=True)  # waits for every facts branch
    g.add_node("verify", verify)
    g.add_node("after_verify", after_verify, defer=True)
    g.add_node("llm", llm)
    g.add_node("report", report)
    g.add_edge(START, "parse")
    g.add_edge("parse", "resolve")
    g.add_conditional_edges("resolve", route_fetch, ["fetch", "gather"])
    g.add_edge("fetch", "gather")
    g.add_conditional_edges("gather", route_facts, ["facts", "facts_done"])
    g.add_edge("facts", "facts_done")
    g.add_conditional_edges("facts_done", route_verify, ["verify", "after_verify"])
    g.add_edge("verify", "after_verify")
    g.add_conditional_edges("after_verify", route_llm, ["llm", "report"])
    g.add_edge("llm", "report")
    g.add_edge("report", END)
    return g.compile(checkpointer=checkpointer)
