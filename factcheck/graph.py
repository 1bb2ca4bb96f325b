"""The check as a LangGraph graph:

    parse → resolve → fetch (Send per URL) → gather → facts (Send per document)
          → claims → verify (Send per section) → [llm] → report

Nodes are plain functions over a typed state; I/O goes through the provider in the
run's context. The CPU-bound nodes are coroutines too: they run on the event loop
rather than in LangGraph's thread pool, which only added hand-offs under the GIL. State holds plain JSON-able data (model dumps), so a checkpoint
reloads without custom serialisers and an interrupted run resumes by thread id,
re-running only the branches that had not finished.
"""
from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Annotated, Any, Callable, TypedDict

from langgraph.graph import END, START, StateGraph
from langgraph.runtime import Runtime
from langgraph.types import Send

from .draft import parse_draft
from .extract.clauses import split_clauses
from .extract.statement import Statement, extract_statement
from .facts import Fact, facts_of
from .models import Draft, Evidence, Finding, LLMRun, Report, Section, Sentence, SourceDocument, Stats, Window
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
    # Per-run memo of parsed documents and their facts, so the verify branches of a
    # long draft do not each re-validate them; a resumed run simply recomputes.
    _documents: dict[str, SourceDocument] = field(default_factory=dict)
    _facts: dict[str, list[Fact]] = field(default_factory=dict)

    def say(self, message: str) -> None:
        if self.progress:
            self.progress(message)

    def document(self, data: dict) -> SourceDocument:
        key = data["url"]
        if key not in self._documents:
            self._documents[key] = SourceDocument.model_validate(data)
        return self._documents[key]

    def facts_for(self, doc: SourceDocument, window: Window | None) -> list[Fact]:
        if doc.url not in self._facts:
            self._facts[doc.url] = facts_of(doc, window)
        return self._facts[doc.url]


class State(TypedDict, total=False):
    text: str
    name: str
    draft: dict
    urls: list[str]
    fetched: Annotated[list[dict], operator.add]
    facts: Annotated[list[dict], operator.add]
    claims: dict[str, dict]
    sections: Annotated[list[dict], operator.add]
    llm: dict
    report: dict


async def parse(state: State, runtime: Runtime[RunContext]) -> dict:
    draft = parse_draft(state["text"], state["name"], repos=runtime.context.settings.repos)
    runtime.context.say(f"parsed {len(draft.sentences)} sentences in {len(draft.sections)} sections")
    return {"draft": draft.model_dump(mode="json")}


def resolve(state: State) -> dict:
    seen: dict[str, str] = {}
    for section in state["draft"]["sections"]:
        for citation in section["citations"]:
            seen.setdefault(normalize_url(citation["url"]), citation["url"])
    return {"urls": list(seen.values())}


def route_fetch(state: State) -> list[Send] | str:
    return [Send("fetch", {"url": url}) for url in state["urls"]] or "gather"


async def fetch(payload: dict, runtime: Runtime[RunContext]) -> dict:
    result = await runtime.context.provider.get(payload["url"])
    runtime.context.say(f"{result.status}: {payload['url']}")
    return {"fetched": [result.model_dump(mode="json")]}


def gather(state: State) -> dict:
    return {}


def route_facts(state: State) -> list[Send] | str:
    window = state["draft"].get("window")
    sends = [Send("facts", {"document": r["document"], "window": window})
             for r in state.get("fetched", []) if r["status"] == "ok" and r.get("document")]
    return sends or "claims"


async def facts(payload: dict, runtime: Runtime[RunContext]) -> dict:
    doc = runtime.context.document(payload["document"])
    window = Window.model_validate(payload["window"]) if payload["window"] else None
    found = runtime.context.facts_for(doc, window)
    # The facts stay in the run's memo, where verify takes them; the checkpoint keeps a
    # summary, since every step's checkpoint would otherwise re-store every passage, and a
    # resumed run recomputes them from the documents it holds.
    return {"facts": [{"url": doc.url, "passages": len(found),
                       "quantities": sum(len(f.statement.quantities) for f in found)}]}


async def claims(state: State) -> dict:
    draft = Draft.model_validate(state["draft"])
    return {"claims": {str(s.index): _claim(s.text, draft.window).model_dump(mode="json") for s in draft.sentences}}


def _claim(text: str, window: Window | None) -> Statement:
    try:
        return extract_statement(text, window, claim=True)
    except Exception:  # noqa: BLE001 - the sentence stays, with nothing the rules can hold
        return Statement(text=text, clauses=split_clauses(text))


def route_verify(state: State) -> list[Send] | str:
    draft = state["draft"]
    documents = {normalize_url(r["url"]): r["document"] for r in state.get("fetched", []) if r.get("document")}
    sends = []
    for section in draft["sections"]:
        wanted: list[dict] = []
        for c in section["citations"]:
            doc = documents.get(normalize_url(c["url"]))
            if doc is not None and doc not in wanted:
                wanted.append(doc)
        sentences = [s for s in draft["sentences"] if s["section"] == section["index"]]
        # Each branch gets its own section only: handing every branch the whole
        # draft made the cost grow with the square of the draft's length.
        sends.append(Send("verify", {
            "section": section,
            "sentences": sentences,
            "window": draft.get("window"),
            "documents": wanted,
            "claims": {str(s["index"]): state["claims"][str(s["index"])] for s in sentences},
        }))
    return sends or "after_verify"


async def verify(payload: dict, runtime: Runtime[RunContext]) -> dict:
    section = Section.model_validate(payload["section"])
    sentences = [Sentence.model_validate(s) for s in payload["sentences"]]
    window = Window.model_validate(payload["window"]) if payload["window"] else None
    docs = [runtime.context.document(d) for d in payload["documents"]]
    documents = {normalize_url(u): d for d in docs for u in [d.url, *d.aliases]}
    cited = cited_documents(section, documents)
    facts = [f for d in cited for f in runtime.context.facts_for(d, window)]
    statements = {int(k): Statement.model_validate(v) for k, v in payload["claims"].items()}
    settings = runtime.context.settings
    result = verify_section(section, sentences, window, cited, facts, statements, settings.categories,
                            hand_off=settings.llm.enabled and runtime.context.llm_review is not None)
    return {"sections": [{"index": section.index, **result.model_dump(mode="json")}]}


def after_verify(state: State) -> dict:
    return {}


def route_llm(state: State, runtime: Runtime[RunContext]) -> str:
    return "llm" if runtime.context.llm_review is not None and runtime.context.settings.llm.enabled else "report"


async def llm(state: State, runtime: Runtime[RunContext]) -> dict:
    outcome = await runtime.context.llm_review(state, runtime.context)
    return {"llm": outcome}


async def report(state: State, runtime: Runtime[RunContext]) -> dict:
    draft = Draft.model_validate(state["draft"])
    results = [SectionResult.model_validate(s) for s in sorted(state.get("sections", []), key=lambda s: s["index"])]
    findings = [f for r in results for f in r.findings]
    llm_part = state.get("llm") or {}
    findings.extend(Finding.model_validate(f) for f in llm_part.get("findings", []))
    findings.extend(unresolved_findings(draft, [FetchResult.model_validate(r) for r in state.get("fetched", [])]))
    fetched = [FetchResult.model_validate(r) for r in state.get("fetched", [])]
    stats = Stats(
        sentences=len(draft.sentences),
        claims=sum(r.claims for r in results),
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
    if not runtime.context.settings.llm.enabled:
        notes.append("LLM second opinion skipped: no model configured (deterministic checks only).")
    run = LLMRun.model_validate(llm_part["run"]) if llm_part.get("run") else None
    if run and run.structured_output:
        notes.append(f"LLM {run.model} answered in {run.structured_output} mode ({run.structured_output_from}).")
    out = Report(draft=state["name"], findings=merge(findings), stats=stats, notes=notes, llm=run)
    return {"report": out.model_dump(mode="json")}


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
                           evidence=[Evidence(url=r.url, quote=r.detail or r.status)], check="citation-unresolved"))
    return out


def build_graph(checkpointer: Any = None):
    g = StateGraph(State, context_schema=RunContext)
    g.add_node("parse", parse)
    g.add_node("resolve", resolve)
    g.add_node("fetch", fetch)
    g.add_node("gather", gather, defer=True)
    g.add_node("facts", facts)
    g.add_node("claims", claims, defer=True)  # waits for every facts branch
    g.add_node("verify", verify)
    g.add_node("after_verify", after_verify, defer=True)
    g.add_node("llm", llm)
    g.add_node("report", report)
    g.add_edge(START, "parse")
    g.add_edge("parse", "resolve")
    g.add_conditional_edges("resolve", route_fetch, ["fetch", "gather"])
    g.add_edge("fetch", "gather")
    g.add_conditional_edges("gather", route_facts, ["facts", "claims"])
    g.add_edge("facts", "claims")
    g.add_conditional_edges("claims", route_verify, ["verify", "after_verify"])
    g.add_edge("verify", "after_verify")
    g.add_conditional_edges("after_verify", route_llm, ["llm", "report"])
    g.add_edge("llm", "report")
    g.add_edge("report", END)
    return g.compile(checkpointer=checkpointer)
